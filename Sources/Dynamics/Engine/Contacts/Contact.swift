/// One point of a contact, anchored to both bodies at the moment the narrow phase found it.
/// Its accumulated impulses are the contact's (`Contact.impulses0`, `impulses1`).
struct ContactPoint {
  // What the next pass's warm start reads of the point first: with the contact's key and flags, in the
  // contact's first bytes (`Contact`), so matching reads fewer cache lines of last pass's contacts.
  var id: UInt32 = 0
  /// Offsets from the bodies' centres, world-oriented, at collision time (Box2D keeps them fixed for the
  /// whole step and tracks the bodies' motion through their delta position and angle).
  var anchorA = Vec2.zero
  var anchorB = Vec2.zero
  /// Separation at collision time, in points (negative = overlap).
  var baseSeparation = 0.0
}

/// A contact point's accumulated impulses: the solver keeps them in its rows and blocks between collision
/// passes and stores them back into the contact (`storeImpulses`) for the next pass's warm starting.
struct PointImpulses {
  var normal = 0.0
  var tangent = 0.0
}

/// One point of a contact as the solver sees it: everything that stays fixed between collision passes
/// is precomputed once (lever arms projected on the normal and tangent, effective masses), so a row
/// costs a few multiply-adds. With r the anchor and n the normal:
/// - relative normal velocity = n·(v_B − v_A) + ω_B·rnB − ω_A·rnA, where rn = r × n;
/// - relative tangent velocity (t = (n.y, −n.x)) = t·(v_B − v_A) − ω_B·nrB + ω_A·nrA, since r × t = −n·r;
/// - separation = base + n·(Δp_B − Δp_A) + (Δθ_B·rnB − ½Δθ_B²·nrB) − (Δθ_A·rnA − ½Δθ_A²·nrA), where
///   nr = n·r (the small-angle displacement of `BodyState.displacement(of:)` projected on n).
struct SolverPoint {
  // The normal lever arms first: the impact pass's screen reads them (and the row's normal) alone.
  var rnA = 0.0, rnB = 0.0
  var baseSeparation = 0.0
  var nrA = 0.0, nrB = 0.0
  var normalMass = 0.0
  var tangentMass = 0.0
  var normalImpulse = 0.0
  var tangentImpulse = 0.0

  init() {}

  /// The point's lever arms and base separation, from its anchors and the row's normal `n` (masses and
  /// impulses zero): what `ContactSolver.prepare` starts from and the impact pass's exact test reads.
  @inline(__always) init(anchorA: Vec2, anchorB: Vec2, baseSeparation: Double, normal n: Vec2) {
    self.baseSeparation = baseSeparation
    rnA = anchorA.cross(n)
    rnB = anchorB.cross(n)
    nrA = anchorA.dot(n)
    nrB = anchorB.dot(n)
  }
}

/// The solver's compact copy of a contact (same index as in `PhysicsWorld.contacts`), built once per
/// collision pass.
struct ContactConstraint {
  var bodyA: Int32
  var bodyB: Int32
  /// Indices in `PhysicsWorld.bodyStates`: the body's, or the fixed world's entry (the last) for -1.
  var stateA: Int32
  var stateB: Int32
  var pointCount: Int32
  // In order of use by the impact pass's screen, which reads the sides, the normal and the points'
  // normal lever arms of every row every step: they fill the row's first two cache lines.
  var normal: Vec2
  /// The approach speed above which the impact pass takes a point over (and the relax pass leaves its
  /// approach to it): the restitution threshold for a contact that bounces, infinite for one that does
  /// not (elasticity 0), which the soft rows alone bring to rest, as Box2D's do. The impact pass
  /// resolves a pair at a time; under a heavy body a pair at a time lets it drive light ones through
  /// what they stand on.
  var impactSpeed: Double
  var point0 = SolverPoint()
  var point1 = SolverPoint()
  var friction: Double
  var softness: Softness
  /// The sides' inverse masses when the row was built, for its block (which read them from the states
  /// at random before).
  var invMassA = 0.0, invInertiaA = 0.0, invMassB = 0.0, invInertiaB = 0.0

  /// A row that does nothing (an empty SIMD lane): the world's entry on both sides, no normal, no masses.
  static func empty(world: Int32) -> ContactConstraint {
    ContactConstraint(
      bodyA: -1, bodyB: -1, stateA: world, stateB: world, pointCount: 0, normal: .zero, impactSpeed: .infinity,
      friction: 0, softness: .rigid)
  }
}

/// A contact between two bodies' shapes, or between a body's shape and a boundary segment (`bodyB` -1).
/// The normal points from A to B.
struct Contact {
  var key: UInt64
  var bodyA: Int32
  var bodyB: Int32
  /// Index in `PhysicsWorld.boundaries`, or -1 for an item pair.
  var boundary: Int32
  /// The manifold as last computed, for deriving the next passes' while the pair hardly moves: its
  /// index in `ContactStore.frames` (-1: none). Kept apart from the contact, which a pass writes anew
  /// (and reads last pass's) while a carried-along manifold's frame stays as it was: in the contact,
  /// its 104 bytes were a third of what the narrow phase moved through memory.
  var frameSlot: Int32 = -1
  var normal = Vec2.zero
  var pointCount: Int32 = 0
  // The flags fill the rest of `pointCount`'s eight bytes.
  /// Overlapping or within the touch tolerance: what the collision delegate calls "in contact".
  var isTouching = false
  /// The contact took an impact impulse this step (its position correction is applied once).
  var impacted = false
  /// Which softness its rows take (`ContactSoftnesses`).
  var softness = ContactSoftness.moving
  /// The points' impulses, side by side rather than in their points: the solver stores them at random
  /// places in the list, and in its points they lay on two cache lines of the contact, here on one or
  /// two (22,000 boxes: the list is larger than the cache, and the store waited on every line).
  var impulses0 = PointImpulses()
  var impulses1 = PointImpulses()
  var point0 = ContactPoint()
  var point1 = ContactPoint()
  var friction = 0.0
  var restitution = 0.0
  /// The bodies' inverse masses when the contact was made (the world's: zero), for its solver row: read
  /// in order here, not from the states at random (a third of making the rows was waiting for those).
  var invMassA = 0.0, invInertiaA = 0.0, invMassB = 0.0, invInertiaB = 0.0

  /// Takes the bodies' inverse masses from their states (a contact carried over without the narrow phase).
  mutating func takeMasses(from states: BodyStates) {
    (invMassA, invInertiaA) = (states[Int(bodyA)].invMass, states[Int(bodyA)].invInertia)
    (invMassB, invInertiaB) = bodyB >= 0 ? (states[Int(bodyB)].invMass, states[Int(bodyB)].invInertia) : (0, 0)
  }
}

/// A collision delegate callback, recorded during the step and delivered after it.
struct ContactEvent {
  var began: Bool
  var bodyA: Int32
  var bodyB: Int32
  var boundary: Int32
  var point: Vec2
}
