/// A sliding joint (slider, `JointRow.Kind.sliding`): B translates along A's `localAxis` only, without
/// relative rotation, against an optional friction force and within an optional range.
enum SlidingJoint {
  /// A row whose anchors coincide (body A −1 for a world anchor), holding the relative angle B − A at
  /// `referenceAngle`: B slides along `localAxis` (a unit vector in A's frame, the world's for
  /// a world anchor) against a friction `frictionTorque` (a force), within `range` (points along the axis).
  static func row(
    bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, referenceAngle: Double, localAxis: Vec2,
    frictionTorque: Double, range: ClosedRange<Double>
  ) -> JointRow {
    var row = JointRow(kind: .sliding, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.referenceAngle = referenceAngle
    row.localAxis = localAxis
    row.frictionTorque = frictionTorque
    row.rangeMinimum = range.lowerBound
    row.rangeMaximum = range.upperBound
    return row
  }

  /// The warm start pushes across the axis (the perpendicular row) and along it (friction and range),
  /// through A's lever to B's anchor.
  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    let along = j.pointee.frictionImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse
    let P = j.pointee.linearImpulse + (g.axis.perp * j.pointee.axialImpulse + g.axis * along)
    return JointImpulse(linear: P, torque: j.pointee.angularImpulse, armA: g.d + g.rA)
  }

  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged: JointPass
  ) {
    let armA = g.d + g.rA
    let ta = pass.terms(g.angleB - g.angleA - j.referenceAngle, spring: nil)
    JointRowMath.angular(&A, &B, ta, &j.angularImpulse)
    let translation = g.axis.dot(g.d)
    if j.frictionTorque > 0 {
      let maxF = j.frictionTorque * pass.h
      JointRowMath.axial(
        &A, &B, dir: g.axis, armA: armA, armB: g.rB, RowTerms(bias: 0, massScale: 1, impulseScale: 0),
        &j.frictionImpulse, lower: -maxF, upper: maxF)
    }
    if j.rangeMinimum.isFinite {
      JointRowMath.axial(
        &A, &B, dir: g.axis, armA: armA, armB: g.rB, pass.limitTerms(translation - j.rangeMinimum),
        &j.lowerImpulse, lower: 0)
    }
    if j.rangeMaximum.isFinite {
      JointRowMath.axial(
        &A, &B, dir: -g.axis, armA: armA, armB: g.rB, pass.limitTerms(j.rangeMaximum - translation),
        &j.upperImpulse, lower: 0)
    }
    let perp = g.axis.perp
    let tp = pass.terms(perp.dot(g.d), spring: nil)
    JointRowMath.axial(&A, &B, dir: perp, armA: armA, armB: g.rB, tp, &j.axialImpulse)
  }
}
