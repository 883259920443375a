/// The calls behaviors make on their joints between steps (through `JointHandle`s, never the rows):
/// each goes to the joint store, with the bodies it concerns.
extension PhysicsWorld {
  /// A new joint; it is placed (`SpringPath`) when the batch of changes ends.
  mutating func createJoint(_ row: JointRow) -> JointHandle { joints.create(row, step: stepCount, &bodies) }

  mutating func destroyJoint(_ handle: JointHandle) {
    guard joints.isCurrent(handle) else { return }
    destroyJoint(id: handle.index)
  }

  mutating func destroyJoint(id: Int32) { joints.destroy(id: id, &bodies) }

  /// New parameters for a joint (same bodies): its row starts over from them, warm start included.
  mutating func setJoint(_ handle: JointHandle, to row: JointRow) { joints.set(handle, to: row) }

  /// Whether `handle` still names the joint it was made for.
  func isCurrent(_ handle: JointHandle) -> Bool { joints.isCurrent(handle) }

  /// Retargets a world anchor at once (a snap's point).
  mutating func setAnchor(of handle: JointHandle, to a: Vec2) { joints.setAnchor(of: handle, to: a, &bodies) }

  /// Moves a world anchor the way a dragging pointer does (`JointStore.moveAnchor`).
  mutating func moveAnchor(of handle: JointHandle, to a: Vec2) {
    joints.moveAnchor(of: handle, to: a, step: stepCount, &bodies)
  }

  /// Whether some rigid world anchor the user moved is waiting for the advance or under way.
  var anchorsInMotion: Bool { !(joints.anchorMoves.isEmpty && joints.movingAnchors.isEmpty) }

  /// Starts the advance's anchor moves, spread over its `steps` steps.
  mutating func scheduleAnchorMoves(steps: Int) { joints.scheduleAnchorMoves(steps: steps, step: stepCount) }

  /// Puts every anchor under way where it is going (the animator paused mid-advance).
  mutating func landAnchors() { joints.landAnchors() }

  /// Applies the closed-form springs' pending steps to their bodies: before anything outside the step
  /// reads or writes a body.
  mutating func settleSprings() { joints.settleSprings(&bodies) }

  /// Marks body `i`'s closed-form spring as forced (it got spin).
  mutating func forceSpring(of i: Int32) { joints.forceSpring(of: i, &bodies) }
}
