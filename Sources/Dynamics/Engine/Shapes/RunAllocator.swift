/// Reuse of runs in an append-only array (a body's shapes, a polygon's vertices): a run given back is
/// handed out again to the next request of exactly its length, so items coming and going reuse the
/// same memory and no live run ever moves. Runs given back wait in `released` until `reclaim()`: the
/// broad phase still holds proxies of released shapes until the world purges them.
struct RunAllocator {
  private var freeRuns: [Int32: [Int32]] = [:]
  private var released: [(first: Int32, count: Int32)] = []

  /// The start of a free run of `count` elements, or nil (the caller appends).
  mutating func take(_ count: Int32) -> Int32? {
    guard count > 0, let first = freeRuns[count]?.popLast() else { return nil }
    return first
  }

  mutating func release(first: Int32, count: Int32) {
    if count > 0 { released.append((first, count)) }
  }

  /// Makes the released runs available (after nothing refers to them any more).
  mutating func reclaim() {
    for r in released { freeRuns[r.count, default: []].append(r.first) }
    released.removeAll()
  }
}
