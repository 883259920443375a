/// The broad phase: which colliding shapes' swept bounds overlap.
///
/// Each proxy holds its shape's swept bounds grown by `fatMargin` (Box2D's fat bounds) and keeps them
/// while the shape's bounds stay inside. A pass where no proxy had to grow again (a pile at rest) keeps
/// the last sweep's pairs; the world tests each pair's own bounds before the narrow phase, so the pairs it
/// collides are exactly those whose swept bounds overlap. Otherwise the proxies are sorted by `minX` (an
/// insertion sort, near linear because bodies move little between passes), and one sweep along x tests
/// each proxy against those that start before it ends. Pairs come out proxy by proxy in that order
/// (`pairStart` marks where each proxy's begin), so the world can collide each proxy's pairs and then its
/// boundaries, a deterministic order.
///
/// Sweeping in horizontal bands (so a box in a tall pile is not swept against every box of the
/// neighbouring columns) was measured on the 1,000-box pile: 1.7 % more instructions than this single
/// sweep, so the single sweep stays until a workload shows the bands' gain.
struct BroadPhase {
  /// How far, in points, a proxy's bounds reach past its shape's swept bounds.
  static let fatMargin = 5.0

  /// One entry per shape that collides with anything, sorted by minX (the sweep order).
  var proxies: [Proxy] = []
  /// Set when many proxies were added at the end: the next sort is a full one.
  var unsorted = false
  /// Set after changes: the next sort breaks minX ties by shape, as a full sort does, so the proxies
  /// end in the same (total) order whatever the history of changes.
  var needsTotalOrder = false
  /// Proxies appended since the last changes were finished.
  var added = 0
  /// The overlapping pairs found by the last `findPairs` (lower body index first): the first
  /// `pairCount` entries of `pairBuffer` (which only grows, so a sweep appends nothing); and per proxy
  /// the index of its first pair (one more entry at the end).
  private(set) var pairBuffer: [ShapePair] = []
  private(set) var pairCount = 0
  var pairStart: [Int32] = []
  var pairs: ArraySlice<ShapePair> { pairBuffer[..<pairCount] }
  /// Whether `pairs` still stand: set by a sweep, cleared by any change of the proxies and by a proxy
  /// that grew again.
  var pairsCurrent = false
  /// Sweeps run so far (a statistic: a pile at rest runs none).
  var sweepCount = 0
  /// Swaps of the sorts not yet taken (`takeSwaps`).
  private var swaps = 0
  /// The proxies' bounds in sweep order, compact, for the sweep's inner loop.
  var sweepBounds = SweepBounds()
  /// Each slice's candidates and pairs (kept so a sweep allocates nothing once grown).
  var sweepScratch = SweepScratch()

  /// Sorts the proxies by minX: fully after many were added, else by insertion.
  mutating func sort() {
    if unsorted {
      unsorted = false
      needsTotalOrder = false
      proxies.sort { $0.minX < $1.minX || ($0.minX == $1.minX && $0.shape < $1.shape) }
      swaps += proxies.count
      return
    }
    let total = needsTotalOrder
    needsTotalOrder = false
    swaps += proxies.withUnsafeMutableBufferPointer { px in
      var swaps = 0
      for i in 1..<Swift.max(px.count, 1) {
        let key = px[i]
        var j = i - 1
        while j >= 0 && (px[j].minX > key.minX || (total && px[j].minX == key.minX && px[j].shape > key.shape)) {
          px[j + 1] = px[j]
          j -= 1
        }
        px[j + 1] = key
        swaps += i - 1 - j
      }
      return swaps
    }
  }

  /// How many times the sorts since the last call swapped two proxies (a full sort counts one per
  /// proxy): how far the pairs, and so the contacts, changed order (`ContactStore.compactFrames`).
  mutating func takeSwaps() -> Int {
    defer { swaps = 0 }
    return swaps
  }

  /// Finds every overlapping pair whose shapes may collide into `pairs`. With islands asleep, a pair
  /// neither of whose bodies is awake and dynamic is left out (its contact is kept as it was). The sweep
  /// runs in slices of proxies on the pool's threads, each slice into its own list; the lists are then
  /// joined in slice order, the order one sweep finds them in.
  mutating func findPairs(
    bodies: UnsafeBufferPointer<Body>, states: UnsafeBufferPointer<BodyState>, anyAsleep: Bool, on workers: WorkerPool
  ) {
    sweepCount += 1
    let n = proxies.count
    if pairStart.count != n + 1 { pairStart = [Int32](repeating: 0, count: n + 1) }
    sweepBounds.fill(from: proxies)
    let filter = PairFilter(bodies: bodies, states: states, anyAsleep: anyAsleep)
    let grain = workers.grain(BroadPhase.proxyGrain)
    let slices = (n + grain - 1) / grain
    var scratch = SweepScratch()
    swap(&scratch, &sweepScratch)
    defer { swap(&scratch, &sweepScratch) }
    scratch.reserve(slices: slices, proxies: n)
    let sweep = sweepBounds
    withMutableBuffers(&scratch.pairs, &scratch.hits, &scratch.pairCounts, &pairStart) { lists, hits, used, counts in
      proxies.withUnsafeBufferPointer { px in
        let (lists, hits, used, counts) = (
          lists.baseAddress!, hits.baseAddress!, used.baseAddress!, counts.baseAddress!
        )
        workers.forEachSlice(of: n, grain: grain) { range in
          let k = range.lowerBound / grain
          used[k] = hits[k].withUnsafeMutableBufferPointer { hit in
            BroadPhase.sweep(range, px, sweep, filter, hits: hit.baseAddress!, into: &lists[k], counts: counts)
          }
        }
      }
    }
    // The counts become starts; the lists, one buffer.
    var total: Int32 = 0
    for i in 0..<n {
      let count = pairStart[i]
      pairStart[i] = total
      total += count
    }
    pairStart[n] = total
    pairCount = Int(total)
    if pairBuffer.count < pairCount {
      pairBuffer.append(
        contentsOf: repeatElement(
          ShapePair(a: 0, b: 0, bodyA: 0, bodyB: 0), count: Swift.max(pairCount - pairBuffer.count, pairBuffer.count)))
    }
    var at = 0
    pairBuffer.withUnsafeMutableBufferPointer { out in
      for k in 0..<slices {
        let count = scratch.pairCounts[k]
        scratch.pairs[k].withUnsafeBufferPointer { list in
          guard count > 0 else { return }
          (out.baseAddress! + at).update(from: list.baseAddress!, count: count)
          at += count
        }
      }
    }
  }

  /// Proxies in a slice of the sweep.
  static let proxyGrain = 256

  /// The pairs of the proxies in `range` (each with the later proxies it overlaps, found through `hit`,
  /// room for every proxy and three more), written to `list` from its start, each proxy's count in
  /// `counts`; returns how many. The pairs are written through one pointer, the list grown only when a
  /// proxy's pairs find it full (that proxy then swept again): the list lent and checked once a proxy
  /// cost a falling pile's sweep as much as its pairs did.
  static func sweep(
    _ range: Range<Int>, _ px: UnsafeBufferPointer<Proxy>, _ sweep: SweepBounds, _ filter: PairFilter,
    hits hit: UnsafeMutablePointer<Int32>, into list: inout [ShapePair], counts: UnsafeMutablePointer<Int32>
  ) -> Int {
    var listed = 0, next = range.lowerBound
    while true {
      let done = list.withUnsafeMutableBufferPointer { out in
        while next < range.upperBound {
          let i = next, pa = px[i], before = listed
          let found = pa.itemMask == 0 ? 0 : sweep.overlaps(of: i, end: SweepBounds.end(of: pa), into: hit)
          for h in 0..<found {
            let pb = px[Int(hit[h])]
            guard filter.accepts(pa, pb) else { continue }
            guard listed < out.count else {
              listed = before
              return false
            }
            out[listed] = ShapePair(pa, pb)
            listed += 1
          }
          counts[i] = Int32(truncatingIfNeeded: listed - before)
          next += 1
        }
        return true
      }
      if done { return listed }
      list.resize(to: Swift.max(2 * list.count, 64), with: ShapePair())
    }
  }

}

/// Two shapes whose bounds overlap, the one of the lower body first (so a pair's orientation never
/// depends on the sweep order), with their bodies.
struct ShapePair {
  var a: Int32
  var b: Int32
  /// The shapes' bodies (`Shape.body`): the narrow phase reads the bodies' records and the shapes at
  /// once, where it read a body's only once its shape, read at random, had come in.
  var bodyA: Int32
  var bodyB: Int32
  init() { (a, b, bodyA, bodyB) = (0, 0, 0, 0) }
  init(a: Int32, b: Int32, bodyA: Int32, bodyB: Int32) {
    self.a = a
    self.b = b
    self.bodyA = bodyA
    self.bodyB = bodyB
  }
  @inline(__always) init(_ p: Proxy, _ q: Proxy) {
    if p.body < q.body {
      (a, b, bodyA, bodyB) = (p.shape, q.shape, p.body, q.body)
    } else {
      (a, b, bodyA, bodyB) = (q.shape, p.shape, q.body, p.body)
    }
  }
}

/// Which overlapping proxies make a pair: other bodies, a shared collision group, not both fixed, and
/// (with islands asleep) at least one body awake and dynamic.
struct PairFilter {
  let bodies: UnsafeBufferPointer<Body>
  let states: UnsafeBufferPointer<BodyState>
  let anyAsleep: Bool

  @inline(__always) func accepts(_ pa: Proxy, _ pb: Proxy) -> Bool {
    if pb.body == pa.body || (pa.itemMask & pb.itemMask) == 0 || (pa.isStatic && pb.isStatic) { return false }
    if anyAsleep && !awakeDynamic(Int(pa.body)) && !awakeDynamic(Int(pb.body)) { return false }
    return true
  }

  @inline(__always) func awakeDynamic(_ i: Int) -> Bool { states[i].invMass > 0 && !bodies[i].asleep }
}

/// What each slice of a sweep writes: its candidates (room for every proxy and three more) and its pairs
/// (the first `pairCounts[k]` entries of `pairs[k]`, which only grows).
struct SweepScratch {
  var hits: [[Int32]] = []
  var pairs: [[ShapePair]] = []
  var pairCounts: [Int] = []

  mutating func reserve(slices: Int, proxies n: Int) {
    while hits.count < slices { hits.append([]) }
    while pairs.count < slices { pairs.append([]) }
    while pairCounts.count < slices { pairCounts.append(0) }
    for k in 0..<slices where hits[k].count < n + 3 { hits[k] = [Int32](repeating: 0, count: n + 3) }
  }
}
