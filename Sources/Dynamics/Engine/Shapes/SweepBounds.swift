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

  /// Copies the proxies' bounds, in their order.
  mutating func fill(from proxies: [Proxy]) {
    let n = proxies.count
    count = n
    if lanes.count != 3 * n + 4 { lanes = [Float](repeating: 0, count: 3 * n + 4) }
    proxies.withUnsafeBufferPointer { px in
      lanes.withUnsafeMutableBufferPointer { b in
        for i in 0..<n {
          let p = px[i]
          b[i] = Float(p.minX)
          b[n + i] = Float(p.minY)
          b[2 * n + i] = -Float(p.maxY)
        }
      }
    }
  }

  /// The far ends a proxy's candidates are tested against: (maxX, maxY, −minY, 0).
  @inline(__always) static func end(of p: Proxy) -> SIMD4<Float> {
    SIMD4(Float(p.maxX), Float(p.maxY), -Float(p.minY), 0)
  }

  /// Notes in `hit`, in order, every later proxy whose bounds overlap proxy `i`'s (whose `end(of:)` is
  /// `end`); returns how many. `hit` has room for every proxy (a slice of the sweep has its own).
  @inline(__always) func overlaps(of i: Int, end: SIMD4<Float>, into hit: UnsafeMutablePointer<Int32>) -> Int {
    lanes.withUnsafeBufferPointer { b in
      SweepBounds.overlaps(b.baseAddress.unsafelyUnwrapped, count: count, of: i, end: end, into: hit)
    }
  }

  /// `overlaps(of:end:into:)` over the runs at `x`. Out of line: inlined in the sweep's loop over the
  /// proxies, its vectors and pointers no longer fitted in registers, and a block cost 30 instructions.
  @inline(never) private static func overlaps(
    _ x: UnsafePointer<Float>, count n: Int, of i: Int, end: SIMD4<Float>, into hit: UnsafeMutablePointer<Int32>
  ) -> Int {
    let ex = SIMD4(repeating: end.x), ey = SIMD4(repeating: end.y), ez = SIMD4(repeating: end.z)
    let n2 = n &* 2, whole = n &- 4
    var found = 0, j = i &+ 1
    while j < n {
      let p = x + j
      let past = load(p) .> ex
      let miss = past .| (load(p + n) .> ey) .| (load(p + n2) .> ez)
      // From the first lane that starts past the end on (and past the last proxy), no proxy is a
      // candidate: the sorted order says no later one is either.
      var stop = bits(past)
      if j > whole { stop |= ~0 << UInt32(truncatingIfNeeded: n &- j) }
      var hits = (bits(miss) ^ 0xF) & ((stop & (0 &- stop)) &- 1)
      while hits != 0 {
        hit[found] = Int32(truncatingIfNeeded: j &+ hits.trailingZeroBitCount)
        found &+= 1
        hits &= hits &- 1
      }
      if stop != 0 { break }
      j &+= 4
    }
    return found
  }

  /// Which lanes of `mask` are set, lane k in bit k.
  @inline(__always) private static func bits(_ mask: SIMDMask<SIMD4<Int32>>) -> UInt32 {
    hooke_sign_bits(unsafeBitCast(mask, to: SIMD4<Float>.self))
  }

  /// Four floats from `p` on.
  @inline(__always) private static func load(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
  }
}
