/// The part of a body the solver rows read and write, and the only copy of it: Box2D v3's
/// `b2BodyState` (velocity and motion since the collision pass) with the inverse masses the rows
/// need beside it. `PhysicsWorld.bodyStates` holds one per body slot, index for index with
/// `PhysicsWorld.bodies` (the rest of each body: pose, forces, material, masks, sleep — Box2D's
/// `b2BodySim` and `b2Body`), plus one entry for the fixed world, last.
///
/// Eight doubles, 64 bytes: a contact or joint row touches one small record per body instead of a
/// slice of a 300-byte `Body`. Anchored bodies, inert slots and the world entry have inverse masses 0,
/// so a row applies its impulse to both sides without asking which side moves (the world entry's
/// velocity stays zero: it only ever has zero impulses added to it).
struct BodyState {
  /// Velocity in points/s and spin in rad/s (clockwise on screen), Box2D's linear and angular velocity.
  var v: Vec2
  var w: Double
  /// Position and angle change since the last collision pass: contacts use it to update their separation
  /// without re-running the narrow phase (Box2D's `deltaPosition` and `deltaRotation`).
  var deltaPosition: Vec2
  var deltaAngle: Double
  /// 0 for anchored bodies (they collide like walls but never move).
  var invMass: Double
  /// 0 for anchored bodies and when rotation is not allowed.
  var invInertia: Double

  /// At rest, immovable: the world's entry, an inert slot's, and a new body's before its material.
  static let fixed = BodyState(v: .zero, w: 0, deltaPosition: .zero, deltaAngle: 0, invMass: 0, invInertia: 0)

  @inline(__always) var isDynamic: Bool { invMass > 0 }

  /// How far the material point at offset r moved since the collision pass (small-angle rotation).
  @inline(__always) func displacement(of r: Vec2) -> Vec2 {
    let a = deltaAngle
    return deltaPosition + Vec2(-a * r.y - 0.5 * a * a * r.x, a * r.x - 0.5 * a * a * r.y)
  }

  @inline(__always) func velocity(at r: Vec2) -> Vec2 { v + crossSV(w, r) }
}

/// A row's two sides are copies (`var A = …`) worked on in registers, then written back: only the
/// velocity, the one thing a row changes.
extension BodyState {
  /// Side `i` of a contact row: a slot, or the world's entry (the row's `stateA`/`stateB`), no branch.
  @inline(__always) static func load(_ st: UnsafeMutablePointer<BodyState>, _ i: Int32) -> BodyState {
    (st + Int(i)).pointee
  }

  @inline(__always) static func store(_ st: UnsafeMutablePointer<BodyState>, _ i: Int32, _ s: BodyState) {
    let p = st + Int(i)
    p.pointee.v = s.v
    p.pointee.w = s.w
  }

  /// Side `i` of a joint or impact row, whose bodies say -1 for the world.
  @inline(__always) static func load(_ st: UnsafeMutableBufferPointer<BodyState>, body i: Int32) -> BodyState {
    guard i >= 0 else { return .fixed }
    return (st.baseAddress.unsafelyUnwrapped + Int(i)).pointee
  }

  /// Writes a joint or impact row's side back, to a moving body only (the world and immovable bodies
  /// keep their velocity exactly, whatever the row computed for them).
  @inline(__always) static func store(_ st: UnsafeMutableBufferPointer<BodyState>, body i: Int32, _ s: BodyState) {
    guard i >= 0 else { return }
    let p = st.baseAddress.unsafelyUnwrapped + Int(i)
    guard p.pointee.invMass > 0 else { return }
    p.pointee.v = s.v
    p.pointee.w = s.w
  }
}
