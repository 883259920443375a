/// The broad phase's sweep over compact bounds: each proxy's (minX, minY, −maxY, 0) in one
/// `SIMD4<Float>`, in the proxies' sorted order.
///
/// The sweep visits every proxy that starts before the current one ends in x, and most of those miss in
/// y; with 56-byte proxies and a branch per test that loop was the largest cost of a falling pile. Here
/// it reads 16 bytes a proxy and notes each candidate without a branch. Proxy c overlaps a exactly when
/// no lane of c's (minX, minY, −maxY, 0) exceeds a's (maxX, maxY, −minY, 0) — the x end and both y
/// tests in one vector compare (a's minX ≤ c's minX is the sort order). As the doubles' test, a NaN bound
/// exceeds nothing, so it counts as overlapping. Rounding to the nearest float is monotonic (x ≤ y gives
/// Float(x) ≤ Float(y)) and symmetric (Float(−x) = −Float(x)), so every overlap of the doubles is an
/// overlap of the floats and the float minX stay sorted: the sweep may stop at the first proxy that starts
/// past the end, and it finds every pair the doubles would. A few more candidates (bounds that only touch
/// once rounded) are harmless: the world tests each pair's own bounds before the narrow phase.
struct SweepBounds {
  private(set) var bounds: [SIMD4<Float>] = []

  /// Copies the proxies' bounds, in their order.
  mutating func fill(from proxies: [Proxy]) {
    let n = proxies.count
    if bounds.count != n { bounds = [SIMD4<Float>](repeating: .zero, count: n) }
    proxies.withUnsafeBufferPointer { px in
      bounds.withUnsafeMutableBufferPointer { b in
        for i in 0..<n {
          let p = px[i]
          b[i] = SIMD4(Float(p.minX), Float(p.minY), -Float(p.maxY), 0)
        }
      }
    }
  }

  /// The far ends a proxy's candidates are tested against: (maxX, maxY, −minY, 0).
  @inline(__always) static func end(of p: Proxy) -> SIMD4<Float> {
    SIMD4(Float(p.maxX), Float(p.maxY), -Float(p.minY), 0)
  }

  /// Notes in `hits` every later proxy whose bounds overlap proxy `i`'s (whose `end(of:)` is `end`);
  /// returns how many. `hits` has room for every proxy (a slice of the sweep has its own).
  @inline(__always) func overlaps(of i: Int, end: SIMD4<Float>, into hit: UnsafeMutablePointer<Int32>) -> Int {
    bounds.withUnsafeBufferPointer { b in
      var found = 0, j = i + 1
      while j < b.count {
        let c = b[j]
        if c.x > end.x { break }
        // Written every time, kept only when no lane exceeds: no branch to mispredict.
        hit[found] = Int32(truncatingIfNeeded: j)
        found &+= any(c .> end) ? 0 : 1
        j += 1
      }
      return found
    }
  }
}
