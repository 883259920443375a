/// The exact impact of a pair touching at two points (a box landing on an edge, on a wall), the
/// common case of the impact pass, solved in closed form instead of by iteration.
///
/// Each point i should leave at its target normal speed tᵢ, pushed by an impulse λᵢ ≥ 0 that only
/// pushes: λᵢ > 0 where the point leaves at exactly tᵢ, λᵢ = 0 where it leaves at least that fast
/// anyway. With vᵢ the points' normal speeds now and K the pair's 2×2 effective-mass matrix (how an
/// impulse at one point changes the normal speed at each), that is the linear complementarity problem
/// Kλ − b ≥ 0, λ ≥ 0, λ·(Kλ − b) = 0 for b = t − v. Its solution is one of four: both points push, the
/// first alone, the second alone, neither; exactly one fits, and this tries them in turn (Box2D v2's
/// block solver does the same for resting contacts). Projected Gauss–Seidel converges to the same
/// answer, geometrically: twelve sweeps of it cost ten times as much and still stopped short of it.
///
/// When K is nearly singular (the two points on one line through the centres of mass seen along the
/// normal, or a body that may not turn with both points at the same lever) λ is ill-determined, and
/// the caller iterates instead.
enum TwoPointImpact {
  /// K's conditioning below which the closed form is not used: det K ≥ k₁₁k₂₂ / this.
  static let maximumCondition = 1000.0

  /// The impulses of the two points, or nil when K is too close to singular.
  static func impulses(
    _ p: ImpactPoint, _ q: ImpactPoint, normal n: Vec2,
    _ A: BodyState, _ B: BodyState
  ) -> (Double, Double)? {
    let rnA1 = p.anchorA.cross(n), rnB1 = p.anchorB.cross(n)
    let rnA2 = q.anchorA.cross(n), rnB2 = q.anchorB.cross(n)
    let m = A.invMass + B.invMass
    let k11 = m + A.invInertia * rnA1 * rnA1 + B.invInertia * rnB1 * rnB1
    let k22 = m + A.invInertia * rnA2 * rnA2 + B.invInertia * rnB2 * rnB2
    let k12 = m + A.invInertia * rnA1 * rnA2 + B.invInertia * rnB1 * rnB2
    let det = k11 * k22 - k12 * k12
    guard k11 > 0, k22 > 0, det * maximumCondition >= k11 * k22 else { return nil }
    let relative = B.v - A.v
    let b1 = p.target - (n.dot(relative) + B.w * rnB1 - A.w * rnA1)
    let b2 = q.target - (n.dot(relative) + B.w * rnB2 - A.w * rnA2)
    // Both push: Kλ = b.
    let both1 = (k22 * b1 - k12 * b2) / det, both2 = (k11 * b2 - k12 * b1) / det
    if both1 >= 0 && both2 >= 0 { return (both1, both2) }
    // One pushes; the other point must then leave at least as fast as its target.
    let first = b1 / k11
    if first >= 0 && k12 * first >= b2 { return (first, 0) }
    let second = b2 / k22
    if second >= 0 && k12 * second >= b1 { return (0, second) }
    if b1 <= 0 && b2 <= 0 { return (0, 0) }
    return nil
  }
}
