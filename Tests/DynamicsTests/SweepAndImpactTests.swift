import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
@testable import Dynamics

/// The broad phase's float sweep finds every pair the doubles overlap in, at any scale; the impact
/// pass's two-point solve is the exact answer the iterations approach.
@Suite("Float sweep and two-point impacts")
struct SweepAndImpactTests {
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
      if r.chance(0.2) { xs[1] = xs[0] }   // zero-width bounds
      if r.chance(0.2) { ys[1] = ys[0] }
      used += xs + ys
      return Proxy(minX: xs[0], maxX: xs[1], minY: ys[0], maxY: ys[1], itemMask: 1, shape: Int32(k), body: Int32(k),
                   isStatic: false, collidesWithBoundaries: false)
    }
    proxies.sort { $0.minX < $1.minX }
    var sweep = SweepBounds()
    sweep.fill(from: proxies)
    var found = Set<[Int]>()
    for i in proxies.indices {
      for h in 0..<sweep.overlaps(of: i) { found.insert([i, Int(sweep.hits[h])]) }
    }
    for i in proxies.indices {
      for j in (i + 1)..<proxies.count {
        let a = proxies[i], b = proxies[j]
        let overlap = b.minX <= a.maxX && !(b.minY > a.maxY || b.maxY < a.minY)
        #expect(!overlap || found.contains([i, j]), "seed \(seed): proxies \(i) and \(j) overlap but the sweep missed them: \(a), \(b)")
      }
    }
  }

  /// Random bodies meeting at two points along one normal, approaching.
  struct TwoPoints {
    var A: BodyState, B: BodyState
    var normal: Vec2
    var points: [ImpactPoint]

    init(seed: UInt64) {
      var r = SplitMix(seed: seed)
      func body(fixed: Bool) -> BodyState {
        BodyState(v: Vec2(r.uniform(-400, 400), r.uniform(-400, 400)), w: r.uniform(-8, 8), deltaPosition: .zero,
                  deltaAngle: 0, invMass: fixed ? 0 : r.uniform(0.05, 3), invInertia: fixed || r.chance(0.15) ? 0 : r.uniform(1e-5, 1e-2))
      }
      A = body(fixed: r.chance(0.3)); B = body(fixed: false)
      let angle = r.uniform(0, 2 * .pi)
      normal = Vec2(cos(angle), sin(angle))
      let e = r.pick([0, 0.3, 0.7, 1])
      let (A, B, n) = (A, B, normal)
      points = (0..<2).map { _ in
        let anchorA = Vec2(r.uniform(-60, 60), r.uniform(-60, 60)), anchorB = Vec2(r.uniform(-60, 60), r.uniform(-60, 60))
        let vn = n.dot(B.velocity(at: anchorB) - A.velocity(at: anchorA))
        let rnA = anchorA.cross(n), rnB = anchorB.cross(n)
        let k = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
        return ImpactPoint(anchorA: anchorA, anchorB: anchorB, target: Swift.max(-e * vn, 0), mass: 1 / k, impulse: 0)
      }
    }

    func normalSpeed(_ k: Int, _ A: BodyState, _ B: BodyState) -> Double {
      normal.dot(B.velocity(at: points[k].anchorB) - A.velocity(at: points[k].anchorA))
    }
  }

  /// Runs `body` with an impact pass whose scratch points hold `points`.
  static func withPass(_ points: [ImpactPoint], _ body: (ImpactPass) -> Void) {
    var storage = points
    storage.withUnsafeMutableBufferPointer { pts in
      var pass = ImpactPass(h: 1.0 / 240)
      pass.scratch.points = pts
      body(pass)
    }
  }

  @Test(arguments: 1...200)
  func twoPointsAreSolvedExactly(seed: Int) {
    let s = TwoPoints(seed: UInt64(seed))
    Self.withPass(s.points) { pass in
      var A = s.A, B = s.B
      guard pass.solveTwoAtOnce(normal: s.normal, &A, &B) else {
        // Refused (nearly parallel rows): nothing may have changed.
        #expect(A.v == s.A.v && A.w == s.A.w && B.v == s.B.v && B.w == s.B.w, "seed \(seed)")
        return
      }
      let scale = 1 + abs(s.normalSpeed(0, s.A, s.B)) + abs(s.normalSpeed(1, s.A, s.B))
      for k in 0..<2 {
        let lambda = pass.scratch.points[k].impulse, gap = s.normalSpeed(k, A, B) - s.points[k].target
        #expect(lambda >= 0, "seed \(seed): point \(k) pulls (λ \(lambda))")
        #expect(gap >= -1e-9 * scale, "seed \(seed): point \(k) still approaches its target: short by \(-gap)")
        #expect(lambda == 0 || abs(gap) <= 1e-9 * scale, "seed \(seed): point \(k) pushes (λ \(lambda)) yet leaves faster than its target by \(gap)")
      }
      // The iterations converge to the same answer.
      var iA = s.A, iB = s.B
      Self.withPass(s.points) { $0.iteratePoints(2, normal: s.normal, &iA, &iB, iterations: 5_000) }
      let dv = (iA.v - A.v).length + (iB.v - B.v).length
      #expect(dv <= 1e-6 * scale, "seed \(seed): exact and iterated velocities differ by \(dv)")
    }
  }
}
