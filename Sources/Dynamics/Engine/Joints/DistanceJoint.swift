/// A distance joint (`JointRow.Kind.distance`): the anchors stay `length` apart, along the line between
/// them — a soft spring when the row has a frequency (unless it takes the exact path, `ExactSpringTerms`), a
/// rod when it has none.
enum DistanceJoint {
  @inline(__always) static func solve(_ j: inout JointRow, _ A: inout BodyState, _ B: inout BodyState,
                                      _ g: PhysicsWorld.JointGeometry, _ pass: PhysicsWorld.JointPass) {
    let t = pass.terms(g.length - j.length, spring: j)
    PhysicsWorld.axial(&A, &B, dir: g.axis, armA: g.rA, armB: g.rB, t, &j.axialImpulse)
  }
}
