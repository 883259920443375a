/// A limit joint (rope, `JointRow.Kind.limit`): the anchors may come closer than `length`, never
/// further. C = length − distance ≥ 0 while slack; the impulse only pulls.
enum LimitJoint {
  /// A rope between two anchors: its one parameter is the `length` they may not exceed.
  static func row(bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, length: Double) -> JointRow {
    var row = JointRow(kind: .limit, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.length = length
    return row
  }

  /// The warm start pulls along the axis with the limit's impulse.
  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(
      linear: j.pointee.linearImpulse + g.axis * (-j.pointee.upperImpulse), torque: j.pointee.angularImpulse, armA: g.rA
    )
  }

  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged: JointPass
  ) {
    let t = pass.limitTerms(j.length - g.length)
    JointRowMath.axial(&A, &B, dir: -g.axis, armA: g.rA, armB: g.rB, t, &j.upperImpulse, lower: 0)
  }
}
