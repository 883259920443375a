/// A limit joint (rope, `JointRow.Kind.limit`): the anchors may come closer than `length`, never
/// further. C = length − distance ≥ 0 while slack; the impulse only pulls.
enum LimitJoint {
  @inline(__always) static func solve(_ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
                                      _ g: PhysicsWorld.JointGeometry, _ pass: PhysicsWorld.JointPass) {
    let t = pass.limitTerms(j.length - g.length)
    PhysicsWorld.axial(&A, &B, dir: -g.axis, armA: g.rA, armB: g.rB, t, &j.upperImpulse, lower: 0)
  }
}
