/// One joint — an attachment or a snap — as a value-type row the soft solver walks. Which fields matter
/// depends on `kind`; unused ones stay zero. Body -1 stands for the fixed world (an anchor point).
struct JointRow {
  enum Kind: UInt8 {
    /// Distance `length` between the anchors: a spring when `hertz` > 0, a rod when 0.
    case distance
    /// The anchors coincide (length 0): a 2-D spring or a rigid pivot.
    case point
    /// Rope: the distance may not exceed `length`.
    case limit
    /// Welded: anchors coincide and the relative angle stays fixed.
    case fixed
    /// Pivot: anchors coincide; relative rotation with friction and an optional angle range.
    case pin
    /// Translation along `axis` only (within the range), no relative rotation.
    case sliding
    /// UISnapBehavior: a soft pivot to a world point plus a soft pull of the angle to zero.
    case snap
  }

  // Stored in order of use: what every pass of a pin or point row reads and writes (and its warm start)
  // comes first, within the row's first 136 bytes; what other kinds and the rare paths read comes after.
  // The passes stream every row three times a step, and a row costs as many cache lines as it spans.

  var kind: Kind
  /// Whether the row's exact spring terms are set (`JointStore.exactSprings`), for the passes' quick
  /// test: such a row is solved before the contacts, not with the others.
  var hasExactSpring = false
  var bodyA: Int32
  var bodyB: Int32
  /// Steps left for a rigid row's world anchor in motion (`moveAnchor`, with `anchorTarget` and
  /// `anchorVelocity` below).
  var anchorStepsLeft: Int32 = 0
  /// Anchor on A in A's frame, or the world anchor when `bodyA` is -1.
  var localA: Vec2
  /// Anchor on B in B's frame.
  var localB: Vec2
  var hertz = 0.0
  /// Relative angle (B − A) the fixed and sliding kinds hold, and the zero of a pin's range.
  var referenceAngle = 0.0
  var rangeMinimum = -Double.infinity
  var rangeMaximum = Double.infinity
  /// Maximum friction torque (pin, in points²·mass/s²) or force (sliding).
  var frictionTorque = 0.0

  // Accumulated impulses, kept across steps for warm starting.
  var linearImpulse = Vec2.zero
  var angularImpulse = 0.0
  var lowerImpulse = 0.0
  var upperImpulse = 0.0
  var frictionImpulse = 0.0
  var axialImpulse = 0.0

  var length = 0.0
  var zeta = 0.0
  /// Unit axis in A's frame (world when `bodyA` is -1), for the sliding kind.
  var localAxis = Vec2(1, 0)

  /// A rigid row's world anchor in motion (`moveAnchor`): where it is going and its velocity while it
  /// goes there (the row's velocity target).
  var anchorTarget = Vec2.zero
  var anchorVelocity = Vec2.zero

  /// Scales every accumulated impulse (0 clears them).
  mutating func scaleImpulses(by s: Double) {
    if s == 0 {
      linearImpulse = .zero
      axialImpulse = 0
      angularImpulse = 0
      lowerImpulse = 0
      upperImpulse = 0
      frictionImpulse = 0
      return
    }
    linearImpulse = linearImpulse * s
    axialImpulse *= s
    angularImpulse *= s
    lowerImpulse *= s
    upperImpulse *= s
    frictionImpulse *= s
  }

  init(kind: Kind, bodyA: Int32, bodyB: Int32, localA: Vec2, localB: Vec2) {
    self.kind = kind
    self.bodyA = bodyA
    self.bodyB = bodyB
    self.localA = localA
    self.localB = localB
  }

  /// Spring rows (hertz > 0) act in the biased solve, and in the relax pass only with exact terms
  /// (`ExactSpringTerms`): relaxing a Box2D-style spring again would add damping the user did not ask for.
  var isSpring: Bool { hertz > 0 && (kind == .distance || kind == .point || kind == .snap) }

  /// `isSpring` of the row at `j`, read in place (the property on `j.pointee` copies the whole row).
  @inline(__always) static func isSpring(_ j: UnsafePointer<JointRow>) -> Bool {
    let kind = j.pointee.kind
    return j.pointee.hertz > 0 && (kind == .distance || kind == .point || kind == .snap)
  }

  /// A distance or point spring: a candidate for exact spring terms (`JointStore.exactSprings`).
  var canBeExactSpring: Bool { hertz > 0 && (kind == .distance || kind == .point) }
}
