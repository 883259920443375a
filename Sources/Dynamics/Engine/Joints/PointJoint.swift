/// A point joint (`JointRow.Kind.point`, and `.snap`): the anchors coincide — a 2-D soft spring with a
/// frequency, a rigid pivot without. A snap also pulls the angle softly to zero (UISnapBehavior). A row
/// whose world anchor is being dragged corrects its position with `rowPass` (stiffer).
enum PointJoint {
  /// A row whose anchors coincide: its parameters are the spring's frequency (`hertz`, 0 for a rigid
  /// pivot) and damping ratio (`zeta`); `length` stays 0.
  static func row(bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, hertz: Double, zeta: Double) -> JointRow {
    var row = JointRow(kind: .point, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.hertz = hertz
    row.zeta = zeta
    return row
  }

  /// UISnapBehavior's row: the body's centre pulled to the world `point` by a spring of `hertz` and
  /// `zeta`, and its angle to zero.
  static func snapRow(body: Int32, point: Vec2, hertz: Double, zeta: Double) -> JointRow {
    var row = JointRow(kind: .snap, bodyA: -1, bodyB: body, localA: point, localB: .zero)
    row.hertz = hertz
    row.zeta = zeta
    return row
  }

  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(linear: j.pointee.linearImpulse, torque: j.pointee.angularImpulse, armA: g.rA)
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
    JointRowMath.point(&A, &B, rA: g.rA, rB: g.rB, C: g.d, t, biasRate: rate, &j.linearImpulse)
  }
}
