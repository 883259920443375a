/// A behavior's hold on the joint it contributed: which store the row is in (solver rows or the
/// closed-form anchor springs), its index there, and the world's joint generation when it was made.
/// Every re-installation of the joints bumps the generation, so a handle kept across one reads as stale
/// and its setters do nothing, instead of writing whatever row now has its index.
struct JointHandle: Equatable {
  enum Store: UInt8 { case row, anchorSpring }
  var store: Store
  var index: Int32
  var generation: UInt32
}

/// The setters behaviors call between steps (DESIGN §7: behaviors go through handles, never the arrays).
extension PhysicsWorld {
  /// Whether `handle` still names the joint it was made for.
  func isCurrent(_ handle: JointHandle) -> Bool {
    guard handle.generation == jointGeneration else { return false }
    switch handle.store {
    case .row: return joints.indices.contains(Int(handle.index))
    case .anchorSpring: return springs.indices.contains(Int(handle.index))
    }
  }

  /// Moves a world anchor the way a dragging pointer does: a spring's anchor jumps there, a rigid row's
  /// travels there over the next advance (`moveAnchor(ofJoint:to:)`).
  mutating func moveAnchor(of handle: JointHandle, to a: Vec2) {
    guard isCurrent(handle) else { return }
    switch handle.store {
    case .row: moveAnchor(ofJoint: Int(handle.index), to: a)
    case .anchorSpring:
      settleSprings()  // the steps already taken were toward the old anchor
      springs[Int(handle.index)].anchor = a
    }
  }

  /// Retargets a world anchor at once (a snap's point).
  mutating func setAnchor(of handle: JointHandle, to a: Vec2) {
    guard isCurrent(handle) else { return }
    switch handle.store {
    case .row: joints[Int(handle.index)].localA = a
    case .anchorSpring:
      settleSprings()  // the steps already taken were toward the old anchor
      springs[Int(handle.index)].anchor = a
    }
  }
}
