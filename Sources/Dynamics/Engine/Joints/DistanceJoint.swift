/// A distance joint (`JointRow.Kind.distance`): the anchors stay `length` apart, along the line between
/// them — a soft spring when the row has a frequency (unless it takes the exact path, `ExactSpringTerms`), a
/// rod when it has none.
enum DistanceJoint {
  /// A row between two anchors (body A −1 for a world anchor): its parameters are the `length` the
  /// anchors keep, and the spring's frequency (`hertz`, 0 for a rod) and damping ratio (`zeta`).
  static func row(bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2, length: Double, hertz: Double, zeta: Double)
    -> JointRow
  {
    var row = JointRow(kind: .distance, bodyA: bodyA, bodyB: bodyB, localA: localA, localB: localB)
    row.length = length
    row.hertz = hertz
    row.zeta = zeta
    return row
  }

  /// The warm start pushes along the axis with the axial impulse.
  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    JointImpulse(
      linear: j.pointee.linearImpulse + g.axis * j.pointee.axialImpulse, torque: j.pointee.angularImpulse, armA: g.rA)
  }

  /// One pass: the row along the axis, stiffened while its world anchor is dragged (`dragged`).
  @inline(__always) static func solve(
    _ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
    _ g: JointGeometry, _ pass: JointPass, dragged: JointPass
  ) {
    let t = dragged.terms(g.length - j.length, spring: j)
    JointRowMath.axial(&A, &B, dir: g.axis, armA: g.rA, armB: g.rB, t, &j.axialImpulse)
  }
}
