/// A point joint (`JointRow.Kind.point`, and `.snap`): the anchors coincide — a 2-D soft spring with a
/// frequency, a rigid pivot without. A snap also pulls the angle softly to zero (UISnapBehavior). A row
/// whose world anchor is being dragged corrects its position with `rowPass` (stiffer).
enum PointJoint {
  @inline(__always) static func warmStartImpulse(_ j: JointRow, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(linear: j.linearImpulse, torque: j.angularImpulse, armA: g.rA)
  }

  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged rowPass: JointPass
  ) {
    let t = rowPass.terms(0, spring: j)
    let rate = rowPass.pointRate(j)
    if j.kind == .snap {
      let ta = pass.terms(JointRowMath.wrapAngle(g.angleB), spring: j)
      JointRowMath.angular(&A, &B, ta, &j.angularImpulse)
    }
    JointRowMath.point(&A, &B, rA: g.rA, rB: g.rB, C: g.d, t, biasRate: rate, rigid: !j.isSpring, &j.linearImpulse)
  }
}
