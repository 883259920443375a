import Testing
#if canImport(Glibc)
  import Glibc
#endif
import TestSupport
@testable import Dynamics

/// The two-point impact in closed form against its definition: every impulse pushes (≥ 0), every point
/// leaves at least at its target speed, a point that is pushed leaves at exactly its target, and the
/// answer is what projected Gauss–Seidel converges to.
@Suite struct TwoPointImpactTests {
  /// A random pair (either side fixed or unable to turn at times) meeting at two points along a random
  /// normal, approaching or not, with random targets.
  struct Case {
    var A: BodyState, B: BodyState
    var p: ImpactPoint, q: ImpactPoint
    var n: Vec2

    init(seed: UInt64) {
      var r = SplitMix(seed: seed)
      func body(canBeFixed: Bool) -> BodyState {
        let fixed = canBeFixed && r.chance(0.3)
        return BodyState(
          v: Vec2(r.uniform(-800, 800), r.uniform(-800, 800)), w: r.uniform(-8, 8),
          deltaPosition: .zero, deltaAngle: 0, invMass: fixed ? 0 : r.uniform(0.1, 3),
          invInertia: fixed || r.chance(0.15) ? 0 : r.uniform(1e-4, 3e-2))
      }
      A = body(canBeFixed: true)
      B = body(canBeFixed: A.invMass > 0)
      let angle = r.uniform(0, 2 * Double.pi)
      n = Vec2(cos(angle), sin(angle))
      func point() -> ImpactPoint {
        ImpactPoint(
          anchorA: Vec2(r.uniform(-40, 40), r.uniform(-40, 40)), anchorB: Vec2(r.uniform(-40, 40), r.uniform(-40, 40)),
          target: r.chance(0.3) ? 0 : r.uniform(0, 400), mass: 0, impulse: 0)
      }
      p = point()
      q = point()
      if r.chance(0.2) {
        q.anchorA = p.anchorA + n * r.uniform(-5, 5)
        q.anchorB = p.anchorB + n * r.uniform(-5, 5)
      }
    }

    /// The normal speed of point `x` after impulses `l1` at p and `l2` at q.
    func speed(_ x: ImpactPoint, _ l1: Double, _ l2: Double) -> Double {
      var a = A, b = B
      a.v -= n * ((l1 + l2) * a.invMass)
      a.w -= a.invInertia * (l1 * p.anchorA.cross(n) + l2 * q.anchorA.cross(n))
      b.v += n * ((l1 + l2) * b.invMass)
      b.w += b.invInertia * (l1 * p.anchorB.cross(n) + l2 * q.anchorB.cross(n))
      return n.dot(b.velocity(at: x.anchorB) - a.velocity(at: x.anchorA))
    }

    /// Projected Gauss–Seidel from zero, run until it stops changing (to rounding).
    func iterated() -> (Double, Double) {
      var l1 = 0.0, l2 = 0.0
      func k(_ x: ImpactPoint) -> Double {
        let rA = x.anchorA.cross(n), rB = x.anchorB.cross(n)
        return A.invMass + B.invMass + A.invInertia * rA * rA + B.invInertia * rB * rB
      }
      let k1 = k(p), k2 = k(q)
      for _ in 0..<100_000 {
        let n1 = max(l1 + (p.target - speed(p, l1, l2)) / k1, 0)
        let n2 = max(l2 + (q.target - speed(q, n1, l2)) / k2, 0)
        let step = abs(n1 - l1) + abs(n2 - l2)
        l1 = n1
        l2 = n2
        if step <= 1e-14 * (l1 + l2 + 1) { break }
      }
      return (l1, l2)
    }
  }

  @Test(arguments: Array(1...300) as [UInt64])
  func closedFormSolvesTheImpact(seed: UInt64) throws {
    let c = Case(seed: seed)
    guard let (l1, l2) = TwoPointImpact.impulses(c.p, c.q, normal: c.n, c.A, c.B) else {
      // Only a nearly singular pair is left to iteration: its two rows nearly the same.
      let rows = [c.p, c.q].map { x in (x.anchorA.cross(c.n), x.anchorB.cross(c.n)) }
      let k11 =
        c.A.invMass + c.B.invMass + c.A.invInertia * rows[0].0 * rows[0].0 + c.B.invInertia * rows[0].1 * rows[0].1
      let k22 =
        c.A.invMass + c.B.invMass + c.A.invInertia * rows[1].0 * rows[1].0 + c.B.invInertia * rows[1].1 * rows[1].1
      let k12 =
        c.A.invMass + c.B.invMass + c.A.invInertia * rows[0].0 * rows[1].0 + c.B.invInertia * rows[0].1 * rows[1].1
      #expect(
        (k11 * k22 - k12 * k12) * TwoPointImpact.maximumCondition < k11 * k22 * (1 + 1e-9),
        "seed \(seed): refused a well-conditioned pair")
      return
    }
    let scale = 1 + abs(c.p.target) + abs(c.q.target) + c.A.v.length + c.B.v.length + 40 * (abs(c.A.w) + abs(c.B.w))
    let tolerance = 1e-9 * scale
    #expect(l1 >= 0 && l2 >= 0, "seed \(seed): pulls (\(l1), \(l2))")
    let s1 = c.speed(c.p, l1, l2), s2 = c.speed(c.q, l1, l2)
    #expect(
      s1 >= c.p.target - tolerance && s2 >= c.q.target - tolerance,
      "seed \(seed): leaves at (\(s1), \(s2)) under targets (\(c.p.target), \(c.q.target))")
    if l1 > 0 {
      #expect(abs(s1 - c.p.target) <= tolerance, "seed \(seed): pushed point 1 leaves at \(s1), not \(c.p.target)")
    }
    if l2 > 0 {
      #expect(abs(s2 - c.q.target) <= tolerance, "seed \(seed): pushed point 2 leaves at \(s2), not \(c.q.target)")
    }
    // The velocities are what Gauss–Seidel converges to (the impulses may differ where K is singular
    // in effect; the velocities it produces may not).
    let (g1, g2) = c.iterated()
    let v1 = c.speed(c.p, g1, g2), v2 = c.speed(c.q, g1, g2)
    #expect(
      abs(v1 - s1) <= 1e-6 * scale && abs(v2 - s2) <= 1e-6 * scale,
      "seed \(seed): Gauss–Seidel leaves at (\(v1), \(v2)), closed form (\(s1), \(s2))")
  }

  /// A box landing flat on the floor bounces straight up without spinning.
  @Test func flatLandingDoesNotTurn() throws {
    let box = BodyState(v: Vec2(0, 300), w: 0, deltaPosition: .zero, deltaAngle: 0, invMass: 1, invInertia: 1.0 / 322)
    let n = Vec2(0, -1)
    let left = ImpactPoint(anchorA: .zero, anchorB: Vec2(-22, 22), target: 150, mass: 0, impulse: 0)
    let right = ImpactPoint(anchorA: .zero, anchorB: Vec2(22, 22), target: 150, mass: 0, impulse: 0)
    let (l1, l2) = try #require(TwoPointImpact.impulses(left, right, normal: n, .fixed, box))
    #expect(abs(l1 - l2) < 1e-9 && abs(l1 + l2 - 450) < 1e-9, "impulses (\(l1), \(l2))")
  }
}
