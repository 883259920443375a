import Testing
import TestSupport
@testable import Dynamics

/// The broad phase's float sweep finds every pair the doubles overlap in, at any scale.
@Suite("Float sweep")
struct SweepBoundsTests {
  /// A coordinate at one of many scales, often shared with an earlier one (touching bounds).
  static func coordinate(_ r: inout SplitMix, _ earlier: [Double]) -> Double {
    if !earlier.isEmpty && r.chance(0.3) { return r.pick(earlier) }
    let scale = r.pick([1e-30, 1e-3, 1, 44, 1e4, 1e7, 3e7, 1e12, 1e30, 1e39, 1e300])
    return r.uniform(-scale, scale)
  }

  @Test(arguments: 1...60)
  func theFloatSweepFindsEveryOverlapOfTheDoubles(seed: Int) {
    var r = SplitMix(seed: UInt64(seed))
    var used: [Double] = []
    var proxies: [Proxy] = (0..<r.int(1..<80)).map { k in
      var xs = [Self.coordinate(&r, used), Self.coordinate(&r, used)].sorted()
      var ys = [Self.coordinate(&r, used), Self.coordinate(&r, used)].sorted()
      if r.chance(0.2) { xs[1] = xs[0] }  // zero-width bounds
      if r.chance(0.2) { ys[1] = ys[0] }
      used += xs + ys
      return Proxy(
        minX: xs[0], maxX: xs[1], minY: ys[0], maxY: ys[1], itemMask: 1, shape: Int32(k), body: Int32(k),
        isStatic: false, collidesWithBoundaries: false)
    }
    proxies.sort { $0.minX < $1.minX }
    var sweep = SweepBounds()
    sweep.fill(from: proxies)
    var found = Set<[Int]>()
    var hits = [Int32](repeating: 0, count: proxies.count + 3)
    hits.withUnsafeMutableBufferPointer { hits in
      for i in proxies.indices {
        for h in 0..<sweep.overlaps(of: i, end: SweepBounds.end(of: proxies[i]), into: hits.baseAddress!) {
          #expect(!found.contains([i, Int(hits[h])]), "seed \(seed): proxies \(i) and \(hits[h]) found twice")
          found.insert([i, Int(hits[h])])
        }
      }
    }
    // Nothing else: every candidate overlaps once the bounds are rounded to floats (NaN counts as overlapping).
    for pair in found {
      let a = proxies[pair[0]], b = proxies[pair[1]]
      let floatOverlap =
        Float(b.minX) <= Float(a.maxX) && !(Float(b.minY) > Float(a.maxY) || Float(b.maxY) < Float(a.minY))
      #expect(pair[1] > pair[0] && floatOverlap, "seed \(seed): proxies \(pair) do not overlap: \(a), \(b)")
    }
    for i in proxies.indices {
      for j in (i + 1)..<proxies.count {
        let a = proxies[i], b = proxies[j]
        let overlap = b.minX <= a.maxX && !(b.minY > a.maxY || b.maxY < a.minY)
        #expect(
          !overlap || found.contains([i, j]),
          "seed \(seed): proxies \(i) and \(j) overlap but the sweep missed them: \(a), \(b)")
      }
    }
  }

  /// The block sweep notes exactly what one candidate at a time did: each later proxy up to the first
  /// whose float minX exceeds the end, kept when neither y bound exceeds, in any order of the proxies and
  /// with NaN and infinite bounds (a NaN exceeds nothing and is exceeded by nothing).
  @Test(arguments: 1...40)
  func theBlockSweepNotesWhatOneCandidateAtATimeDid(seed: Int) {
    var r = SplitMix(seed: UInt64(seed))
    let values: [Double] = [.nan, .infinity, -.infinity, 0, 1, -1, 44, 3e38, 1e39]
    func bound() -> Double { r.chance(0.3) ? r.pick(values) : r.uniform(-100, 100) }
    let proxies: [Proxy] = (0..<r.int(1..<40)).map { k in
      Proxy(
        minX: bound(), maxX: bound(), minY: bound(), maxY: bound(), itemMask: 1, shape: Int32(k), body: Int32(k),
        isStatic: false, collidesWithBoundaries: false)
    }
    var sweep = SweepBounds()
    sweep.fill(from: proxies)
    var hits = [Int32](repeating: 0, count: proxies.count + 3)
    for i in proxies.indices {
      let a = proxies[i]
      var expected: [Int] = []
      for j in (i + 1)..<proxies.count {
        let c = proxies[j]
        if Float(c.minX) > Float(a.maxX) { break }
        if !(Float(c.minY) > Float(a.maxY) || -Float(c.maxY) > -Float(a.minY)) { expected.append(j) }
      }
      let found = hits.withUnsafeMutableBufferPointer { hits in
        (0..<sweep.overlaps(of: i, end: SweepBounds.end(of: a), into: hits.baseAddress!)).map { Int(hits[$0]) }
      }
      #expect(found == expected, "seed \(seed): proxy \(i) of \(proxies)")
    }
  }
}
