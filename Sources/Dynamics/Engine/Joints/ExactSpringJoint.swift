/// Distance and point springs with exact terms (`ExactSpringTerms`), one pass at a time: the row changes
/// the relative velocity of its anchors by −(s·v + c·C + g·a) (plus the warm-start cancellation), through
/// its own effective mass, so the relative coordinate follows the step map whatever the bodies' masses.
enum ExactSpringJoint {
  /// A body's constant acceleration this step (gravity and forces, what `integrateVelocities` added
  /// over h); zero for the world and immovable bodies.
  @inline(__always) static func freeAcceleration(
    _ b: UnsafeMutableBufferPointer<Body>, _ s: UnsafeMutableBufferPointer<BodyState>,
    _ i: Int32
  ) -> Vec2 {
    guard i >= 0 else { return .zero }
    let invMass = s[Int(i)].invMass
    guard invMass > 0 else { return .zero }
    let body = b[Int(i)]
    return body.acceleration + body.force * invMass
  }

  /// One pass of an exact spring row on A and B; `relative` is B's free acceleration minus A's.
  @inline(__always) static func solve(
    _ j: inout JointRow, _ p: SpringPass, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, relative a: Vec2
  ) {
    // The bias is a velocity: capped as every joint bias is, so a diverged stretch cannot overflow.
    let perUnit = PhysicsWorld.maximumSpeedChange / PhysicsWorld.maximumSpeed
    if j.kind == .distance {
      let bias = PhysicsWorld.capped(
        p.positionRate * (g.length - j.length) + p.accelerationScale * g.axis.dot(a),
        perUnitChange: perUnit)
      ExactSpringJoint.springAxial(&A, &B, dir: g.axis, armA: g.rA, armB: g.rB, p, bias: bias, &j.axialImpulse)
    } else {
      let bias = (g.d * p.positionRate + a * p.accelerationScale).capped(perUnitChange: perUnit)
      ExactSpringJoint.springPoint(&A, &B, rA: g.rA, rB: g.rB, p, bias: bias, &j.linearImpulse)
    }
  }

  /// The 1-D row along `dir`: Δv = −(s·v + bias) − impulseScale·λ·k.
  @inline(__always) static func springAxial(
    _ A: inout BodyState, _ B: inout BodyState, dir: Vec2, armA: Vec2, armB: Vec2,
    _ p: SpringPass, bias: Double, _ acc: inout Double
  ) {
    let cA = armA.cross(dir), cB = armB.cross(dir)
    let k = A.invMass + B.invMass + A.invInertia * cA * cA + B.invInertia * cB * cB
    guard k > 0 else { return }
    let cdot = dir.dot(B.v - A.v) + B.w * cB - A.w * cA
    let impulse = -(p.velocityScale * cdot + bias) / k - p.impulseScale * acc
    acc += impulse
    let P = dir * impulse
    A.v -= P * A.invMass
    A.w -= A.invInertia * cA * impulse
    B.v += P * B.invMass
    B.w += B.invInertia * cB * impulse
  }

  /// The 2-D row at the anchors: Δv = −(s·v + bias) − impulseScale·K·λ, solved with the 2×2 mass K.
  @inline(__always) static func springPoint(
    _ A: inout BodyState, _ B: inout BodyState, rA: Vec2, rB: Vec2,
    _ p: SpringPass, bias: Vec2, _ acc: inout Vec2
  ) {
    let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
    guard let K = PointMass(A, B, rA: rA, rB: rB) else { return }
    let (k11, k12, k22, det) = (K.k11, K.k12, K.k22, K.inverseDeterminant)
    let cdot = B.velocity(at: rB) - A.velocity(at: rA)
    let bx = p.velocityScale * cdot.x + bias.x, by = p.velocityScale * cdot.y + bias.y
    let sx = det * (k22 * bx - k12 * by), sy = det * (k11 * by - k12 * bx)
    let impulse = Vec2(-sx - p.impulseScale * acc.x, -sy - p.impulseScale * acc.y)
    acc += impulse
    A.v -= impulse * mA
    A.w -= iA * rA.cross(impulse)
    B.v += impulse * mB
    B.w += iB * rB.cross(impulse)
  }
}
