/// One point of a contact, anchored to both bodies at the moment the narrow phase found it.
struct ContactPoint {
  /// Offsets from the bodies' centres, world-oriented, at collision time (Box2D keeps them fixed for the
  /// whole step and tracks the bodies' motion through their delta position and angle).
  var anchorA = Vec2.zero
  var anchorB = Vec2.zero
  /// Separation at collision time, in points (negative = overlap).
  var baseSeparation = 0.0
  var normalImpulse = 0.0
  var tangentImpulse = 0.0
  var maxNormalImpulse = 0.0
  var normalMass = 0.0
  var tangentMass = 0.0
  var id: UInt32 = 0
}

/// A contact between two bodies' shapes, or between a body's shape and a boundary segment (`bodyB` -1).
/// The normal points from A to B.
struct Contact {
  var key: UInt64
  var bodyA: Int32
  var bodyB: Int32
  /// Index in `PhysicsWorld.boundaries`, or -1 for an item pair.
  var boundary: Int32
  var normal = Vec2.zero
  var pointCount: Int32 = 0
  var point0 = ContactPoint()
  var point1 = ContactPoint()
  var friction = 0.0
  var restitution = 0.0
  var softness = Softness.rigid
  /// Overlapping or within the touch tolerance: what the collision delegate calls "in contact".
  var isTouching = false
  /// The contact took an impact impulse this step (its position correction is applied once).
  var impacted = false
  /// Set while matching against the next step's contacts.
  var matched = false
}

/// A collision delegate callback, recorded during the step and delivered after it.
struct ContactEvent {
  var began: Bool
  var bodyA: Int32
  var bodyB: Int32
  var boundary: Int32
  var point: Vec2
}
