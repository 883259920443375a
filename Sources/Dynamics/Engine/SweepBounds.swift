/// The broad phase's sweep over compact bounds: each proxy's (minX, maxX, minY, maxY) in one
/// `SIMD4<Float>`, in the proxies' sorted order.
///
/// The sweep visits every proxy that starts before the current one ends in x, and most of those miss in
/// y; with 56-byte proxies and a branch per test that loop was the largest cost of a falling pile. Here
/// it reads 16 bytes a proxy and notes each candidate without a branch. Rounding to the nearest float
/// is monotonic (x ≤ y gives Float(x) ≤ Float(y)), so every overlap of the doubles is an overlap of the
/// floats and the float minX stay sorted: the sweep may stop at the first proxy that starts past the
/// end, and it finds every pair the doubles would. A few more candidates (bounds that only touch once
/// rounded) are harmless: the world tests each pair's own bounds before the narrow phase.
struct SweepBounds {
  private(set) var bounds: [SIMD4<Float>] = []
  /// The candidates `overlaps(of:)` found, as proxy indices.
  private(set) var hits: [Int32] = []

  /// Copies the proxies' bounds, in their order.
  mutating func fill(from proxies: [Proxy]) {
    let n = proxies.count
    if bounds.count != n { bounds = [SIMD4<Float>](repeating: .zero, count: n) }
    if hits.count < n { hits = [Int32](repeating: 0, count: n) }
    proxies.withUnsafeBufferPointer { px in
      bounds.withUnsafeMutableBufferPointer { b in
        for i in 0..<n {
          let p = px[i]
          b[i] = SIMD4(Float(p.minX), Float(p.maxX), Float(p.minY), Float(p.maxY))
        }
      }
    }
  }

  /// Notes in `hits` every later proxy whose bounds overlap proxy `i`'s; returns how many.
  @inline(__always) mutating func overlaps(of i: Int) -> Int {
    bounds.withUnsafeBufferPointer { b in
      hits.withUnsafeMutableBufferPointer { hit in
        let a = b[i]
        var found = 0, j = i + 1
        while j < b.count {
          let c = b[j]
          if c.x > a.y { break }
          // Written every time, kept only when the y ranges overlap: no branch to mispredict. (As the
          // doubles' test, NaN bounds count as overlapping.)
          hit[found] = Int32(truncatingIfNeeded: j)
          found &+= (c.z > a.w || c.w < a.z) ? 0 : 1
          j += 1
        }
        return found
      }
    }
  }
}
