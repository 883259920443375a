/// A fixed joint (weld, `JointRow.Kind.fixed`): the anchors coincide and the relative angle stays at
/// `referenceAngle`, the point and angle rows solved as one block.
enum FixedJoint {
  /// A row whose anchors coincide (body A −1 for a world anchor), holding the relative angle B − A at
  /// `referenceAngle`.
  static func row(bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, referenceAngle: Double) -> JointRow {
    var row = JointRow(kind: .fixed, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.referenceAngle = referenceAngle
    return row
  }

  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(linear: j.pointee.linearImpulse, torque: j.pointee.angularImpulse, armA: g.rA)
  }

  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged: JointPass
  ) {
    let t = pass.terms(0, spring: nil)
    let rate = pass.useBias ? pass.rigid.biasRate : 0
    let angleError = g.angleB - g.angleA - j.referenceAngle
    if !weld(
      &A, &B, rA: g.rA, rB: g.rB, C: g.d, angleError: angleError, t, biasRate: rate,
      &j.linearImpulse, &j.angularImpulse)
    {
      // Neither body turns: the angle row is void and the point row alone holds them.
      JointRowMath.point(&A, &B, rA: g.rA, rB: g.rB, C: g.d, t, biasRate: rate, &j.linearImpulse)
    }
  }

  /// A weld's point and angle rows solved together (the 3×3 block of Box2D's weld joint). Solved one
  /// after the other, the two rows fight through the lever arms: between bodies far apart and of very
  /// different masses, one pass leaves most of the error and warm starting feeds it back, growing the
  /// energy a thousandfold in a second. The block solve is an exact projection, which cannot add energy.
  /// Returns false (and does nothing) when the block is singular (neither body can turn).
  @inline(__always) static func weld(
    _ A: inout BodyState, _ B: inout BodyState, rA: Vec2, rB: Vec2, C: Vec2,
    angleError: Double, _ t: RowTerms, biasRate: Double,
    _ linear: inout Vec2, _ angular: inout Double
  ) -> Bool {
    let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
    let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
    let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
    let k13 = -iA * rA.y - iB * rB.y
    let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
    let k23 = iA * rA.x + iB * rB.x
    let k33 = iA + iB
    // Cofactors of the symmetric K; det = first row · cofactors.
    let c11 = k22 * k33 - k23 * k23, c12 = k13 * k23 - k12 * k33, c13 = k12 * k23 - k13 * k22
    let det = k11 * c11 + k12 * c12 + k13 * c13
    guard k33 > 0, det > 1e-12 * k11 * k22 * k33, det.isFinite else { return false }
    let c22 = k11 * k33 - k13 * k13, c23 = k12 * k13 - k11 * k23, c33 = k11 * k22 - k12 * k12
    let cdot = B.velocity(at: rB) - A.velocity(at: rA)
    let cap = t.pivotCap
    let bias = (C * biasRate).capped(perUnitChange: t.pivotScale)
    let bx = cdot.x + bias.x, by = cdot.y + bias.y
    // The angle's correction turns the far anchor at lever × rate: capped to the same speed there.
    let lever = Swift.max(rA.length, rB.length, 1)
    let bz = B.w - A.w + Swift.min(Swift.max(biasRate * angleError, -cap / lever), cap / lever)
    let inv = 1 / det
    let sx = inv * (c11 * bx + c12 * by + c13 * bz)
    let sy = inv * (c12 * bx + c22 * by + c23 * bz)
    let sz = inv * (c13 * bx + c23 * by + c33 * bz)
    let P = Vec2(-t.massScale * sx - t.impulseScale * linear.x, -t.massScale * sy - t.impulseScale * linear.y)
    let L = -t.massScale * sz - t.impulseScale * angular
    linear += P
    angular += L
    A.v -= P * mA
    A.w -= iA * (rA.cross(P) + L)
    B.v += P * mB
    B.w += iB * (rB.cross(P) + L)
    return true
  }

}
