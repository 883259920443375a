import CPrefetch

/// The broad phase's sweep over compact bounds: each proxy's minX, minY and −maxY as floats, in three
/// runs (all the minX, then all the minY, then all the −maxY), in the proxies' sorted order.
///
/// The sweep visits every proxy that starts before the current one ends in x, and most of those miss in
/// y (on a falling pile, 29 candidates a proxy for 2.5 pairs). With 56-byte proxies and a branch per
/// test that loop was the largest cost of a falling pile; one `SIMD4<Float>` a candidate and a vector
/// compare each then took ten instructions a candidate. Here four candidates are tested at once, lane
/// by lane from the three runs, and the lanes' verdicts gathered in one instruction (`hooke_sign_bits`).
///
/// Proxy c overlaps a exactly when none of c's minX, minY, −maxY exceeds a's maxX, maxY, −minY — the x
/// end and both y tests (a's minX ≤ c's minX is the sort order). As the doubles' test, a NaN bound
/// exceeds nothing, so it counts as overlapping. Rounding to the nearest float is monotonic (x ≤ y gives
/// Float(x) ≤ Float(y)) and symmetric (Float(−x) = −Float(x)), so every overlap of the doubles is an
/// overlap of the floats and the float minX stay sorted: the sweep may stop at the first proxy that starts
/// past the end, and it finds every pair the doubles would. A few more candidates (bounds that only touch
/// once rounded) are harmless: the world tests each pair's own bounds before the narrow phase.
struct SweepBounds {
  /// The three runs of `count` floats, and four more: a block read at the last proxies stays inside.
  private(set) var lanes: [Float] = []
  private(set) var count = 0

  /// Copies the proxies' bounds, in their order (a NaN as −∞: see `exceeds`).
  mutating func fill(from proxies: [Proxy]) {
    let n = proxies.count
    count = n
    if lanes.count != 3 * n + 4 { lanes = [Float](repeating: 0, count: 3 * n + 4) }
    proxies.withUnsafeBufferPointer { px in
      lanes.withUnsafeMutableBufferPointer { b in
        for i in 0..<n {
          let p = px[i]
          b[i] = SweepBounds.start(Float(p.minX))
          b[n + i] = SweepBounds.start(Float(p.minY))
          b[2 * n + i] = SweepBounds.start(-Float(p.maxY))
        }
      }
    }
  }

  /// The far ends a proxy's candidates are tested against: (maxX, maxY, −minY, 0), a NaN as +∞.
  @inline(__always) static func end(of p: Proxy) -> SIMD4<Float> {
    let end = SIMD4(Float(p.maxX), Float(p.maxY), -Float(p.minY), 0)
    return end.replacing(with: .infinity, where: end .!= end)
  }

  /// A candidate's bound, a NaN as −∞.
  @inline(__always) private static func start(_ v: Float) -> Float { v.isNaN ? -.infinity : v }

  /// Notes in `hit`, in order, every later proxy whose bounds overlap proxy `i`'s (whose `end(of:)` is
  /// `end`); returns how many. `hit` has room for every proxy and three more (a slice of the sweep has
  /// its own).
  @inline(__always) func overlaps(of i: Int, end: SIMD4<Float>, into hit: UnsafeMutablePointer<Int32>) -> Int {
    withBuffers(lanes, packed) { b, packed in
      SweepBounds.overlaps(
        b.baseAddress.unsafelyUnwrapped, count: count, of: i, end: end, packed: packed.baseAddress.unsafelyUnwrapped,
        into: hit)
    }
  }

  /// For each set of a block's lanes (bit k lane k): entry `set` holds those lanes in order (the rest
  /// 0), entry 16 + `set` how many, so `overlaps` notes a block's candidates with one store.
  private let packed: [SIMD4<Int32>] = (0..<32).map { entry in
    let set = entry & 15
    let lanes = (0..<4).filter { set & (1 << $0) != 0 }
    if entry >= 16 { return SIMD4(repeating: Int32(lanes.count)) }
    return SIMD4((0..<4).map { $0 < lanes.count ? Int32(lanes[$0]) : 0 })
  }

  /// `overlaps(of:end:into:)` over the runs at `x`, with `packed`'s table. Out of line: inlined in the
  /// sweep's loop over the proxies, its vectors and pointers no longer fitted in registers.
  ///
  /// Without a branch but the end's: a block's candidates (on a falling pile, half the blocks hold one)
  /// are stored packed, all four lanes, and the count moves on by how many. Noted lane by lane behind a
  /// test, the mispredicted tests cost a falling pile's sweep more time than the blocks saved.
  @inline(never) private static func overlaps(
    _ x: UnsafePointer<Float>, count n: Int, of i: Int, end: SIMD4<Float>, packed: UnsafePointer<SIMD4<Int32>>,
    into hit: UnsafeMutablePointer<Int32>
  ) -> Int {
    let e = (SIMD4(repeating: end.x), SIMD4(repeating: end.y), SIMD4(repeating: end.z))
    let n2 = n &* 2
    var found = 0, j = i &+ 1
    /// Notes the lanes of `hits` in the block at `j`.
    func note(_ hits: UInt32) {
      let lanes = Int(truncatingIfNeeded: hits)
      UnsafeMutableRawPointer(hit + found).storeBytes(
        of: packed[lanes] &+ SIMD4(repeating: Int32(truncatingIfNeeded: j)), as: SIMD4<Int32>.self)
      found &+= Int(truncatingIfNeeded: packed[16 &+ lanes].x)
    }
    /// Which lanes of the block at `j` miss, and which start past the end.
    func test() -> (missed: UInt32, passed: UInt32) {
      let p = x + j
      let past = exceeds(load(p), e.0)
      return (bits(past .| exceeds(load(p + n), e.1) .| exceeds(load(p + n2), e.2)), bits(past))
    }
    // From the first lane that starts past the end on, no proxy is a candidate: the sorted order says no
    // later one is either.
    while j &+ 4 <= n {
      let (missed, passed) = test()
      note((missed ^ 0xF) & below(passed))
      if passed != 0 { return found }
      j &+= 4
    }
    // The last block, whose lanes past the last proxy are not candidates either.
    if j < n {
      let (missed, passed) = test()
      note((missed ^ 0xF) & below(passed | ~0 << UInt32(truncatingIfNeeded: n &- j)) & 0xF)
    }
    return found
  }

  /// The lanes where `c` exceeds `e`. Neither holds a NaN (`fill`, `end(of:)`: −∞ exceeds nothing and
  /// +∞ is exceeded by nothing, as a NaN), so this is "not at most": one compare on the loaded
  /// candidates, where "greater than" compared a copy of `e` (three copies a block).
  @inline(__always) private static func exceeds(_ c: SIMD4<Float>, _ e: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
    .!(c .<= e)
  }

  /// The lanes below the lowest of `stop`'s (all four when it has none).
  @inline(__always) private static func below(_ stop: UInt32) -> UInt32 { (stop & (0 &- stop)) &- 1 }

  /// Which lanes of `mask` are set, lane k in bit k.
  @inline(__always) private static func bits(_ mask: SIMDMask<SIMD4<Int32>>) -> UInt32 {
    hooke_sign_bits(unsafeBitCast(mask, to: SIMD4<Float>.self))
  }

  /// Four floats from `p` on.
  @inline(__always) private static func load(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
  }
}
