/// One rigid body's pose, forces, material, masks and sleep state, stored by value in
/// `PhysicsWorld.bodies` (a flat array, one stable slot per body): Box2D v3's `b2BodySim` and `b2Body`
/// in one record. What the solver rows read and write (velocity, motion since the collision pass,
/// inverse masses) is not here but in `PhysicsWorld.bodyStates`, at the same index (`BodyState`, Box2D's
/// `b2BodyState`), so the rows walk a compact array and nothing is copied between the two.
/// Positions are the item's centre in points, angles in radians (clockwise on screen). The centre of
/// mass is taken to be the item's centre.
struct Body {
  // Stored in order of use, in 64-byte cache lines (`BodyStore.sims` starts on one): the pose and
  // flags every body loop reads (line 0); the forces and damping the velocity integration reads (line 1,
  // with the key and first shape); material and rest timers (line 2); what
  // only changes need after. The collision pass copies what it reads of a body once per pass into a
  // compact record (`CollidingBody`), so no line here serves the pairs.

  var position: Vec2
  var angle: Double
  /// cos and sin of `angle`, refreshed whenever the angle changes.
  var cosAngle = 1.0, sinAngle = 0.0
  /// Bounding radius of the body's shapes about its centre, for sleep and swept bounds.
  var extent = 0.0
  /// Half the thickness of the body's thinnest shape (inner radius about the shape's centre): a step
  /// that moves the body by a fair part of this is swept by the continuous pass.
  var minExtent = 0.0
  /// Asleep with its island (see `PhysicsWorld+Islands.swift`): not integrated, not solved, its contacts
  /// kept as they were. `island` names the island it fell asleep with.
  var asleep = false
  var isAnchored = false
  var allowsRotation = true
  /// `boundaryCollisionMask` is not zero: here, in the first cache line, for `integratePositions`'s
  /// test of every awake body every step (the mask itself lies two lines further).
  var hasBoundaryCollisions = false
  var island: Int32 = -1

  /// For the coming step: force in points·mass/s² and torque, accumulated and then cleared, and a
  /// mass-free acceleration (gravity) in points/s², which stands while it stays the same
  /// (`StepForces`).
  var force = Vec2.zero
  var torque = 0.0
  var acceleration = Vec2.zero
  /// Per-step velocity multipliers from `resistance` and `angularResistance`.
  var linearDamping = 1.0, angularDamping = 1.0
  /// The item's serial in the animator, stable while the item is in the animator; contact keys are made from it.
  var serial: UInt32 = 0
  var firstShape: Int32 = 0

  var elasticity = 0.2
  var friction = 0.2
  /// Seconds spent at rest (under the speed thresholds, or still; see `PhysicsWorld.finishStep`).
  var sleepTime = 0.0

  /// Seconds during which no point of the body has moved `PhysicsWorld.stillDistance` from where it was
  /// at `stillPosition`, `stillAngle`: a body that trembles in place (a heap's soft contacts under load
  /// ring at a few hertz, a point per second) rests by this although its speed never stays low.
  var stillTime = 0.0
  var stillPosition: Vec2
  var stillAngle: Double
  /// Bit i set: the body is in collision behavior i with items mode / with boundaries mode.
  var boundaryCollisionMask: UInt64 = 0
  var itemCollisionMask: UInt64 = 0
  var shapeCount: Int32 = 0
  /// Its state's inverse mass is not zero (`BodyState.isDynamic`, kept with it by `BodyStore`): the
  /// write-back asks here, on a line it reads anyway, instead of reading a state line for every slot.
  var moves = false

  var mass: Double
  var inertia: Double
  var charge = 0.0
  /// Index in `PhysicsWorld.springs` when the body is moved by the closed-form anchor spring, else -1.
  var closedFormSpring: Int32 = -1
  /// The cosine and sine last written to the item, so unchanged rotations are not rewritten. Not the
  /// angle: a turn smaller than the angle's last bit leaves the angle as it was but moves its cosine and
  /// sine (`rotate(by:)`), and the item must get them whatever the frames the time was cut into.
  var writtenCos = 1.0, writtenSin = 0.0

  init(position: Vec2, angle: Double, mass: Double, inertia: Double) {
    self.position = position
    self.angle = angle
    self.mass = mass
    self.inertia = inertia
    self.stillPosition = position
    self.stillAngle = angle
    updateRotation()
    writtenCos = cosAngle
    writtenSin = sinAngle
  }

  @inline(__always) mutating func updateRotation() {
    cosAngle = Glibc.cos(angle)
    sinAngle = Glibc.sin(angle)
  }

  /// Turns the body by `d` radians: the angle, and its cosine and sine by composing with d's rotation
  /// (a series, exact to rounding, for the small turns of one step; the library functions otherwise).
  /// Saves two transcendental calls per body per step.
  @inline(__always) mutating func rotate(by d: Double) {
    angle += d
    guard abs(d) < 0.05 else {
      updateRotation()
      return
    }
    let d2 = d * d
    let c = 1 - d2 * (0.5 - d2 * (1.0 / 24 - d2 * (1.0 / 720)))
    let s = d * (1 - d2 * (1.0 / 6 - d2 * (1.0 / 120 - d2 * (1.0 / 5040))))
    let nc = cosAngle * c - sinAngle * s
    let ns = sinAngle * c + cosAngle * s
    cosAngle = nc
    sinAngle = ns
  }
}

#if canImport(Glibc)
  import Glibc
#endif
