/// A pin joint (pivot, `JointRow.Kind.pin`): the anchors coincide and the bodies turn freely about them,
/// against an optional friction torque and within an optional range of relative angle.
enum PinJoint {
  /// A row whose anchors coincide (body A −1 for a world anchor), holding the relative angle B − A at
  /// `referenceAngle` (the zero of its range): it turns freely against a friction
  /// `frictionTorque`, within `range` (relative angles, radians; infinite ends for none).
  static func row(
    bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, referenceAngle: Double,
    frictionTorque: Double, range: ClosedRange<Double>
  ) -> JointRow {
    var row = JointRow(kind: .pin, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.referenceAngle = referenceAngle
    row.frictionTorque = frictionTorque
    row.rangeMinimum = range.lowerBound
    row.rangeMaximum = range.upperBound
    return row
  }

  /// The warm start turns with the friction and range impulses besides the pivot's.
  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(
      linear: j.pointee.linearImpulse,
      torque: j.pointee.angularImpulse + (j.pointee.frictionImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse),
      armA: g.rA)
  }

  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged: JointPass
  ) {
    if j.frictionTorque > 0 {
      let maxT = j.frictionTorque * pass.h
      JointRowMath.angular(
        &A, &B, RowTerms(bias: 0, massScale: 1, impulseScale: 0), &j.frictionImpulse, lower: -maxT, upper: maxT)
    }
    let rel = g.angleB - g.angleA - j.referenceAngle
    if j.rangeMinimum.isFinite {
      JointRowMath.angular(&A, &B, pass.limitTerms(rel - j.rangeMinimum), &j.lowerImpulse, lower: 0)
    }
    if j.rangeMaximum.isFinite {
      // Upper limit: the row acts on −(ω_B − ω_A); swap the roles by negating.
      var tA = A, tB = B
      tA.w = -A.w
      tB.w = -B.w
      JointRowMath.angular(&tA, &tB, pass.limitTerms(j.rangeMaximum - rel), &j.upperImpulse, lower: 0)
      A.w = -tA.w
      B.w = -tB.w
    }
    let t = pass.terms(0, spring: nil)
    JointRowMath.point(
      &A, &B, rA: g.rA, rB: g.rB, C: g.d, t, biasRate: pass.useBias ? pass.rigid.biasRate : 0, &j.linearImpulse)
  }
}
