import TestSupport
@testable import CollectionLayout

/// Random batch updates for the identity model: valid ones built by UIKit's rules from the sections as
/// they are, and invalid ones of the kinds UIKit refuses (the model is never touched by those).
struct RandomUpdateGenerator {
  var rng: SplitMix
  /// No insert makes the model hold more items than this (the Newtonian layout simulates all of them).
  var maxItems: Int

  mutating func chance(_ percent: Int) -> Bool { rng.int(0..<100) < percent }

  /// `k` distinct values of `range` (fewer if it is smaller), in random order.
  mutating func pick(_ k: Int, of range: Range<Int>) -> [Int] {
    var pool = Array(range)
    var out: [Int] = []
    while out.count < k, !pool.isEmpty { out.append(pool.remove(at: rng.int(0..<pool.count))) }
    return out
  }

  mutating func pick<T>(_ k: Int, of values: [T]) -> [T] { pick(k, of: 0..<values.count).map { values[$0] } }

  /// A valid batch for `counts`; with `single` only one kind of change (as a single update makes).
  mutating func validBatch(_ counts: [Int], single: Bool) -> IdentityBatch {
    var b = IdentityBatch()
    let total = counts.reduce(0, +)
    let kind = rng.int(0..<8)
    // Sections (a single update does one kind at most).
    if single ? kind == 0 : chance(15), counts.count > 1 { b.deletedSections = pick(1, of: 0..<counts.count) }
    if single ? kind == 1 : chance(15), counts.count < 4 { b.insertedSections = [(0, rng.int(0..<4))] }
    if single ? kind == 2 : chance(15), counts.count > 1 {
      let from = pick(1, of: (0..<counts.count).filter { !b.deletedSections.contains($0) })
      if let f = from.first { b.movedSections = [(f, 0)] }
    }
    if single ? kind == 3 : chance(10) {
      let free = (0..<counts.count).filter { s in
        !b.deletedSections.contains(s) && !b.movedSections.contains { $0.from == s }
      }
      b.reloadedSections = pick(1, of: free).map { ($0, rng.int(0..<6)) }
    }
    let newCount = counts.count - b.deletedSections.count + b.insertedSections.count
    // New slots for the inserted and moved sections, distinct.
    let slots = pick(b.insertedSections.count + b.movedSections.count, of: 0..<newCount)
    if slots.count < b.insertedSections.count + b.movedSections.count { return IdentityBatch() }
    for i in b.insertedSections.indices { b.insertedSections[i].section = slots[i] }
    for i in b.movedSections.indices { b.movedSections[i].to = slots[b.insertedSections.count + i] }
    guard let plan = sectionPlan(counts, b) else { return IdentityBatch() }
    addItemChanges(&b, counts, plan: plan, single: single, kind: kind, room: maxItems - total)
    return b
  }

  /// New section → the old section it continues (nil for an inserted one), and which old ones are reloaded.
  private func sectionPlan(_ counts: [Int], _ b: IdentityBatch) -> [Int?]? {
    let newCount = counts.count - b.deletedSections.count + b.insertedSections.count
    var oldForNew = [Int?](repeating: nil, count: newCount)
    var inserted = Set(b.insertedSections.map(\.section))
    for m in b.movedSections {
      oldForNew[m.to] = m.from
      inserted.insert(m.to)
    }
    let gone = Set(b.deletedSections).union(b.movedSections.map(\.from))
    var survivors = (0..<counts.count).filter { !gone.contains($0) }[...]
    for t in 0..<newCount where !inserted.contains(t) {
      guard let s = survivors.popFirst() else { return nil }
      oldForNew[t] = s
    }
    return oldForNew
  }

  private mutating func addItemChanges(
    _ b: inout IdentityBatch, _ counts: [Int], plan: [Int?], single: Bool, kind: Int,
    room: Int
  ) {
    let insertedNew = Set(b.insertedSections.map(\.section))
    let reloadedOld = Set(b.reloadedSections.map(\.section))
    // Old items that may be touched: in surviving, not reloaded sections.
    let live = Set(plan.compactMap { $0 }).subtracting(reloadedOld)
    var oldItems: [IndexPath] = []
    for s in live.sorted() { for i in 0..<counts[s] { oldItems.append(IndexPath(item: i, section: s)) } }
    // New sections that take inserts and moves: continuing, not reloaded.
    let targets = plan.indices.filter { t in
      !insertedNew.contains(t) && plan[t].map { !reloadedOld.contains($0) } ?? false
    }
    func n(_ k: Int) -> Int { single ? (kind == k ? 1 : 0) : rng.int(0..<3) }
    let (deleteCount, moveCount, reloadCount) = (n(4), n(5), n(6))
    let touched = pick(deleteCount + moveCount + reloadCount, of: oldItems)
    b.deletedItems = Array(touched.prefix(deleteCount))
    let moves = Array(touched.dropFirst(deleteCount).prefix(moveCount))
    b.reloadedItems = Array(touched.dropFirst(deleteCount + moves.count))
    let inserts = targets.isEmpty ? 0 : Swift.min(Swift.max(0, room), n(7))
    var into: [Int: [Int]] = [:]  // target section → move indices (≥ 0) and inserts (−1)
    for k in moves.indices where !targets.isEmpty { into[targets[rng.int(0..<targets.count)], default: []].append(k) }
    for _ in 0..<inserts { into[targets[rng.int(0..<targets.count)], default: []].append(-1) }
    for t in into.keys.sorted() {
      guard let s = plan[t] else { continue }
      let removed = (b.deletedItems + moves).filter { $0.section == s }.count
      let arriving = into[t]!
      let size = counts[s] - removed + arriving.count
      for (slot, what) in zip(pick(arriving.count, of: 0..<size), arriving) {
        if what < 0 {
          b.insertedItems.append(IndexPath(item: slot, section: t))
        } else {
          b.movedItems.append((moves[what], IndexPath(item: slot, section: t)))
        }
      }
    }
    // Moves with no target section (every new section inserted or reloaded) become reloads.
    let placed = Set(b.movedItems.map(\.from))
    b.reloadedItems += moves.filter { !placed.contains($0) }
  }

  /// An update the collection view must refuse; the model is left alone, so its counts stay right.
  mutating func invalidUpdate(_ counts: [Int]) -> (String, (CollectionView) throws -> Void) {
    let s = rng.int(0..<Swift.max(1, counts.count))
    let n = counts.isEmpty ? 0 : counts[s]
    switch rng.int(0..<7) {
    case 0:
      return (
        "insert item \(n) in section \(s) without the data source",
        { try $0.insertItems(at: [IndexPath(item: 0, section: s)]) }
      )
    case 1:
      return (
        "delete item \(n + 3) (out of range) in section \(s)",
        { try $0.deleteItems(at: [IndexPath(item: n + 3, section: s)]) }
      )
    case 2:
      return (
        "delete and move item 0 of section \(s)",
        { cv in
          try cv.performBatchUpdates {
            try cv.deleteItems(at: [IndexPath(item: 0, section: s)])
            try cv.moveItem(at: IndexPath(item: 0, section: s), to: IndexPath(item: 0, section: s))
          }
        }
      )
    case 3:
      return ("delete section \(counts.count + 1)", { try $0.deleteSections([counts.count + 1]) })
    case 4:
      return ("insert section 0 without the data source", { try $0.insertSections([0]) })
    case 5 where n > 0:
      let k = rng.int(0..<n)
      return (
        "delete item \(k) of section \(s) without the data source",
        { try $0.deleteItems(at: [IndexPath(item: k, section: s)]) }
      )
    default:
      return (
        "move item to section \(counts.count + 2)",
        { try $0.moveItem(at: IndexPath(item: 0, section: s), to: IndexPath(item: 0, section: counts.count + 2)) }
      )
    }
  }
}
