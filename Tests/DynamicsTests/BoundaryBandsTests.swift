import Testing
import TestSupport
@testable import Dynamics

/// The boundary bands never hide a segment a shape's bounds reach vertically, keep the segments in
/// order, and the proxy pre-test never turns away a proxy whose bounds reach a segment.
@Suite("Boundary bands")
struct BoundaryBandsTests {
  /// A height at one of many scales, often shared with an earlier one (segments meeting end to end).
  static func height(_ r: inout SplitMix, _ earlier: [Double]) -> Double {
    if !earlier.isEmpty && r.chance(0.3) { return r.pick(earlier) }
    let scale = r.pick([1e-3, 1, 44, 1e4, 1e7, 1e15])
    return r.uniform(-scale, scale)
  }

  static func segments(_ r: inout SplitMix, _ used: inout [Double]) -> [BoundarySegment] {
    (0..<r.int(0..<60)).map { k in
      let y0 = height(&r, used)
      // Mostly floors, some walls and slopes.
      let y1 = r.chance(0.6) ? y0 : height(&r, used)
      used += [y0, y1]
      return BoundarySegment(
        a: Vec2(r.uniform(-100, 100), y0), b: Vec2(r.uniform(-100, 100), y1), owner: 0, identifier: Int32(k),
        stableKey: UInt32(k))
    }
  }

  @Test(arguments: 1...80)
  func everySegmentInReachIsACandidateInOrder(seed: Int) {
    var r = SplitMix(seed: UInt64(seed))
    var used: [Double] = []
    let segments = Self.segments(&r, &used)
    let bands = BoundaryBands(segments)
    for _ in 0..<200 {
      var ys = [Self.height(&r, used), Self.height(&r, used)].sorted()
      if r.chance(0.1) { ys = [.nan, ys[1]] }
      if r.chance(0.05) { ys = [-.infinity, ys[1]] }
      let reached = segments.indices.filter { !(segments[$0].minY > ys[1] || segments[$0].maxY < ys[0]) }
      guard let band = bands.candidates(minY: ys[0], maxY: ys[1]) else { continue }
      let candidates = bands.withMembers { members in band.map { Int(members[$0]) } }
      #expect(candidates == candidates.sorted(), "seed \(seed): candidates out of order: \(candidates)")
      #expect(
        Set(reached).isSubset(of: Set(candidates)),
        "seed \(seed): bounds \(ys) reach \(reached), the band gives \(candidates)")
    }
  }

  @Test(arguments: 1...40)
  func theProxyTestTurnsAwayOnlyProxiesThatReachNoSegment(seed: Int) {
    var r = SplitMix(seed: UInt64(seed))
    var used: [Double] = []
    var shapes = ShapeStore()
    shapes.boundaries = Self.segments(&r, &used)
    for _ in 0..<200 {
      let xs = [r.uniform(-150, 150), r.uniform(-150, 150)].sorted()
      var ys = [Self.height(&r, used), Self.height(&r, used)].sorted()
      if r.chance(0.1) { ys[0] = .nan }
      let p = Proxy(
        minX: xs[0], maxX: xs[1], minY: ys[0], maxY: ys[1], itemMask: 1, shape: 0, body: 0, isStatic: false,
        collidesWithBoundaries: true)
      let reaches = shapes.boundaries.contains {
        !($0.minX > p.maxX || $0.maxX < p.minX || $0.minY > p.maxY || $0.maxY < p.minY)
      }
      #expect(!reaches || shapes.mayReachBoundary(p), "seed \(seed): proxy \(p) reaches a segment, turned away")
    }
  }
}
