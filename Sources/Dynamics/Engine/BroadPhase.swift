/// The broad phase: which colliding shapes' swept bounds overlap.
///
/// The proxies are kept sorted by `minX` (an insertion sort, near linear because bodies move little
/// between passes). A single sweep along x costs the number of x-overlaps, which in a pile is every box
/// of the neighbouring columns, however high the pile. So the sweep runs in horizontal bands about two
/// shapes high: each band lists the proxies that reach into it, in x order (filled from the sorted
/// proxies, so no sort per band), and a pair is reported only in the band holding the top of the two
/// boxes' common part, so once. Proxies taller than `maximumBandsPerProxy` bands (a long anchored bar)
/// are tested against every other proxy instead.
///
/// Pairs come out band by band, left to right: a deterministic order that depends only on the proxies'
/// bounds and order.
struct BroadPhase {
  static let maximumBandsPerProxy = 4

  /// One entry per shape that collides with anything, sorted by minX (the sweep order).
  var proxies: [Proxy] = []
  /// Set by a rebuild: the proxies are in body order, not sorted.
  var unsorted = false
  /// Set by a row-only rebuild: the next sort breaks minX ties by shape, as the full sort after a full
  /// rebuild does, so both leave the proxies in the same (total) order.
  var needsTotalOrder = false
  /// The overlapping pairs found by the last `findPairs` (lower body index first).
  var pairs: [ShapePair] = []

  // Scratch, kept between passes.
  var bandStart: [Int32] = []
  var bandEntries: [Proxy] = []
  var tall: [Int32] = []

  /// Sorts the proxies by minX: fully after a rebuild, else by insertion.
  mutating func sort() {
    if unsorted {
      unsorted = false
      needsTotalOrder = false
      proxies.sort { $0.minX < $1.minX || ($0.minX == $1.minX && $0.shape < $1.shape) }
      return
    }
    let total = needsTotalOrder
    needsTotalOrder = false
    proxies.withUnsafeMutableBufferPointer { px in
      for i in 1..<Swift.max(px.count, 1) {
        let key = px[i]
        var j = i - 1
        while j >= 0 && (px[j].minX > key.minX || (total && px[j].minX == key.minX && px[j].shape > key.shape)) {
          px[j + 1] = px[j]
          j -= 1
        }
        px[j + 1] = key
      }
    }
  }

  /// The band layout of this pass: origin, height and count.
  struct Bands {
    var minY: Double
    var height: Double
    var count: Int
    @inline(__always) func index(_ y: Double) -> Int {
      let k = ((y - minY) / height).rounded(.down)
      if !(k > 0) { return 0 }  // NaN too
      return k >= Double(count - 1) ? count - 1 : Int(k)
    }
  }

  /// Bands about two average proxies high over the proxies' vertical span, at most one per proxy.
  func bands() -> Bands {
    var minY = Double.infinity, maxY = -Double.infinity, sum = 0.0
    for p in proxies {
      minY = Swift.min(minY, p.minY); maxY = Swift.max(maxY, p.maxY)
      sum += p.maxY - p.minY
    }
    let span = maxY - minY
    guard span.isFinite, span > 0, sum.isFinite, sum > 0 else { return Bands(minY: 0, height: 1, count: 1) }
    let wanted = 2 * sum / Double(proxies.count)
    let count = Swift.max(1, Swift.min(proxies.count, Int(Swift.min(span / wanted, 1e6))))
    return Bands(minY: minY, height: span / Double(count), count: count)
  }

  /// Finds every overlapping pair whose shapes may collide into `pairs`. With islands asleep, a pair
  /// neither of whose bodies is awake and dynamic is left out (its contact is kept as it was).
  mutating func findPairs(bodies: UnsafeBufferPointer<Body>, anyAsleep: Bool) {
    pairs.removeAll(keepingCapacity: true)
    tall.removeAll(keepingCapacity: true)
    guard !proxies.isEmpty else { return }
    let layout = bands()
    fillBands(layout)
    let filter = PairFilter(bodies: bodies, anyAsleep: anyAsleep)
    for band in 0..<layout.count {
      sweep(band: band, layout, filter)
    }
    for t in tall { sweepTall(Int(t), layout, filter) }
  }

  /// Lists every proxy in each band it reaches into, in x order; tall proxies go to `tall`.
  mutating func fillBands(_ layout: Bands) {
    if bandStart.count < layout.count + 1 { bandStart = [Int32](repeating: 0, count: layout.count + 1) }
    for b in 0...layout.count { bandStart[b] = 0 }
    var entries = 0
    for p in proxies where p.itemMask != 0 {
      let b0 = layout.index(p.minY), b1 = layout.index(p.maxY)
      if b1 - b0 >= BroadPhase.maximumBandsPerProxy { continue }
      for b in b0...b1 { bandStart[b + 1] += 1 }
      entries += b1 - b0 + 1
    }
    for b in 0..<layout.count { bandStart[b + 1] += bandStart[b] }
    if bandEntries.count < entries { bandEntries = [Proxy](repeating: proxies[0], count: entries) }
    var fill = bandStart
    for (k, p) in proxies.enumerated() where p.itemMask != 0 {
      let b0 = layout.index(p.minY), b1 = layout.index(p.maxY)
      if b1 - b0 >= BroadPhase.maximumBandsPerProxy { tall.append(Int32(k)); continue }
      for b in b0...b1 {
        bandEntries[Int(fill[b])] = p
        fill[b] += 1
      }
    }
  }

  /// The x-sweep within one band; a pair is reported by the band holding the top of its overlap.
  mutating func sweep(band: Int, _ layout: Bands, _ filter: PairFilter) {
    let start = Int(bandStart[band]), end = Int(bandStart[band + 1])
    var i = start
    while i < end {
      let pa = bandEntries[i]
      var j = i + 1
      while j < end {
        let pb = bandEntries[j]
        if pb.minX > pa.maxX { break }
        j += 1
        if pb.minY > pa.maxY || pb.maxY < pa.minY { continue }
        if layout.index(Swift.max(pa.minY, pb.minY)) != band { continue }
        if filter.accepts(pa, pb) { pairs.append(ShapePair(pa, pb)) }
      }
      i += 1
    }
  }

  /// A tall proxy against every other proxy (each pair of tall proxies once).
  mutating func sweepTall(_ k: Int, _ layoutBands: Bands, _ filter: PairFilter) {
    let pa = proxies[k]
    for (m, pb) in proxies.enumerated() where m != k && pb.itemMask != 0 {
      if pb.minX > pa.maxX || pb.maxX < pa.minX || pb.minY > pa.maxY || pb.maxY < pa.minY { continue }
      let pbIsTall = layoutBands.index(pb.maxY) - layoutBands.index(pb.minY) >= BroadPhase.maximumBandsPerProxy
      if pbIsTall && m < k { continue }
      if filter.accepts(pa, pb) { pairs.append(ShapePair(pa, pb)) }
    }
  }
}

/// Two shapes whose bounds overlap, the one of the lower body first (so a pair's orientation never
/// depends on the sweep order).
struct ShapePair {
  var a: Int32
  var b: Int32
  @inline(__always) init(_ p: Proxy, _ q: Proxy) {
    if p.body < q.body { a = p.shape; b = q.shape } else { a = q.shape; b = p.shape }
  }
}

/// Which overlapping proxies make a pair: other bodies, a shared collision group, not both fixed, and
/// (with islands asleep) at least one body awake and dynamic.
struct PairFilter {
  let bodies: UnsafeBufferPointer<Body>
  let anyAsleep: Bool

  @inline(__always) func accepts(_ pa: Proxy, _ pb: Proxy) -> Bool {
    if pb.body == pa.body || (pa.itemMask & pb.itemMask) == 0 || (pa.isStatic && pb.isStatic) { return false }
    if anyAsleep && !awakeDynamic(Int(pa.body)) && !awakeDynamic(Int(pb.body)) { return false }
    return true
  }

  @inline(__always) func awakeDynamic(_ i: Int) -> Bool { bodies[i].invMass > 0 && !bodies[i].asleep }
}
