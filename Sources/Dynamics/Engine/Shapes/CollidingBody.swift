/// What the narrow phase reads of a body, copied from its `Body` and `BodyState` by the refresh at the
/// start of each collision pass (which walks every body anyway): its pose and extent (recycling,
/// manifold frames, anchors), what makes a contact's key (serial, first shape), its material, and the
/// boundary groups it is in.
///
/// The pairs come in the broad phase's sweep order and read their bodies at random: from a `Body` (248
/// bytes, these fields on three or four cache lines) every read missed the cache; these records, 80
/// bytes, stay in it for a few thousand bodies.
struct CollidingBody {
  var pose = Pose.fixed
  var extent = 0.0
  var friction = 0.0, elasticity = 0.0
  /// `Body.boundaryCollisionMask`.
  var boundaryMask: UInt64 = 0
  var serial: UInt32 = 0
  var firstShape: Int32 = 0
  /// `BodyState.invMass` and `invInertia`, which its contacts carry to the solver's rows (read here, in
  /// order with the pose, instead of from the states at random when the rows are made).
  var invMass = 0.0, invInertia = 0.0

  /// Its inverse mass is zero: its contacts are stiffer (`ContactStore.staticSoftness`).
  @inline(__always) var isImmovable: Bool { invMass == 0 }

  init() {}

  init(_ body: UnsafePointer<Body>, _ state: UnsafePointer<BodyState>) {
    pose = Pose(position: body.pointee.position, cos: body.pointee.cosAngle, sin: body.pointee.sinAngle)
    extent = body.pointee.extent
    friction = body.pointee.friction
    elasticity = body.pointee.elasticity
    boundaryMask = body.pointee.boundaryCollisionMask
    serial = body.pointee.serial
    firstShape = body.pointee.firstShape
    invMass = state.pointee.invMass
    invInertia = state.pointee.invInertia
  }
}
