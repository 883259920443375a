import Geometry2D

/// What a force-producing behavior (gravity, push, fields) may read and do to a body during
/// `DynamicBehavior.applyForces(to:)`. Forces are in points·mass/s² (mass × acceleration; a force of 100
/// on mass 1 accelerates it at 100 pt/s²) and act for the coming fixed step only.
///
/// Numbers stay numbers (`docs/robustness.md`): each force, acceleration or impulse is capped so that alone it
/// changes a body's speed by at most `maximumSpeedChange` in one step (and its spin by as many rad/s),
/// a non-finite component counting as the largest finite one of its sign and NaN as zero. Real scenes
/// are many orders below the cap; it keeps extreme but accepted strengths from overflowing.
/// Velocity-dependent forces do not come through here: `scaleVelocity` and `replaceVelocity` apply them
/// as changes of velocity that can slow or turn a body but never speed it up.
extension PhysicsWorld {
  /// Points/s (and rad/s) one force, acceleration or impulse may add to a body in one step.
  static let maximumSpeedChange = 1e6

  /// The state a field evaluates: position (pt), velocity (pt/s), mass, charge, and time (s).
  struct ForceSample {
    var position: Point
    var velocity: Vector
    var mass: Double
    var charge: Double
    var time: Double
  }

  func forceSample(of i: Int32) -> ForceSample {
    let b = bodies.sims[Int(i)]
    // A force behavior's bodies are forced: their springs step every step, nothing is pending.
    let p = b.position, v = bodies.states[Int(i)].v
    return ForceSample(
      position: Point(x: p.x, y: p.y),
      velocity: Vector(dx: v.x, dy: v.y),
      mass: b.mass, charge: b.charge, time: time)
  }

  /// Adds a force at the body's centre.
  mutating func addForce(_ f: Vector, to i: Int32) {
    bodies.sims[Int(i)].force += Vec2(f.dx, f.dy).capped(perUnitChange: bodies.states[Int(i)].invMass * h)
    bodies.stepForces.noteForced(i)
  }

  /// Adds a force at an offset from the centre given in the item's own (unrotated) frame: also a torque.
  mutating func addForce(_ f: Vector, atLocalOffset o: Vector, to i: Int32) {
    let b = bodies.sims[Int(i)], s = bodies.states[Int(i)]
    let r = Vec2(o.dx, o.dy).rotated(cos: b.cosAngle, sin: b.sinAngle)
    let F = Vec2(f.dx, f.dy).capped(perUnitChange: s.invMass * h)
    bodies.sims[Int(i)].force += F
    bodies.sims[Int(i)].torque += PhysicsWorld.capped(r.cross(F), perUnitChange: s.invInertia * h)
    bodies.stepForces.noteForced(i)
  }

  /// Adds a mass-independent acceleration (gravity) in points/s².
  mutating func addAcceleration(_ a: Vector, to i: Int32) {
    addAcceleration(a, to: [i])
  }

  /// The same acceleration added to every body in `indices` (capped once, not once a body). Before
  /// the step's first velocity override it is only noted (`StepForces`): the bodies still hold it when
  /// the last step's calls were the same.
  mutating func addAcceleration(_ a: Vector, to indices: [Int32]) {
    let capped = Vec2(a.dx, a.dy).capped(perUnitChange: h)
    if bodies.stepForces.add(capped, to: indices) { return }
    for i in indices {
      bodies.stepForces.noteReplaced(i, was: bodies.sims[Int(i)].acceleration)
      bodies.sims[Int(i)].acceleration += capped
    }
  }

  /// Changes the body's velocity at once by impulse/mass, and its spin by (r × impulse)/inertia.
  mutating func applyImpulse(_ j: Vector, atLocalOffset o: Vector, to i: Int32) {
    let b = bodies.sims[Int(i)], s = bodies.states[Int(i)]
    guard s.invMass > 0 else { return }
    let r = Vec2(o.dx, o.dy).rotated(cos: b.cosAngle, sin: b.sinAngle)
    let J = Vec2(j.dx, j.dy).capped(perUnitChange: s.invMass)
    addVelocity(J * s.invMass, to: i)
    let dw = PhysicsWorld.capped(s.invInertia * r.cross(J), perUnitChange: 1)
    if dw != 0 { addAngularVelocity(dw, to: i) }
  }

  /// Moves the body's velocity toward `target` (pt/s): v ← target + (v − target)·factor, the factor
  /// clamped to 0…1, so it can stop the motion relative to `target` but never reverse or amplify it.
  /// Sleeping bodies are left alone, and the rest clock is not restarted (drag only calms a body).
  mutating func scaleVelocity(toward target: Vector, factor: Double, of i: Int32) {
    let k = min(max(factor.isNaN ? 0 : factor, 0), 1)
    let v = forceSample(of: i).velocity
    let t = Vec2(target.dx, target.dy).capped(perUnitChange: 1)
    replaceVelocity(t + (Vec2(v.dx, v.dy) - t) * k, of: i)
  }

  /// Sets the body's velocity for the coming step (velocity-dependent fields that turn or slow it),
  /// without waking it or restarting its rest clock; sleeping bodies are left alone.
  mutating func replaceVelocity(_ v: Vec2, of i: Int32) {
    let k = Int(i)
    guard !bodies.sims[k].asleep, bodies.states[k].invMass > 0, v.x.isFinite, v.y.isFinite else { return }
    bodies.states[k].v = v
  }

  /// The largest speed the solver may leave a body with, and the largest position-correction velocity a
  /// joint row may ask for, in pt/s (the continuous pass caps speeds at `maximumLinearSpeed` before it
  /// sweeps): far beyond any scene, it only bounds a solver that diverges (stiff rows fighting a wall or each other), so a blow-up stays
  /// finite instead of reaching ∞ and NaN (`docs/robustness.md`).
  static let maximumSpeed = 1e6

  /// Brings an awake solver body back under `maximumSpeed` and `maximumRotationPerStep` (`wMax`, per
  /// second) after the step (`finishStep` calls it for each; its direction kept; NaN becomes rest). One
  /// comparison when nothing is that fast.
  @inline(__always) static func limitSpeed(_ s: inout BodyState, vMax: Double, wMax: Double) {
    let v = s.v
    let v2 = v.lengthSquared
    if !(v2 <= vMax * vMax) { s.v = v2.isNaN ? .zero : v.capped(perUnitChange: PhysicsWorld.maximumSpeedChange / vMax) }
    let w = s.w
    if !(abs(w) <= wMax) { s.w = w.isNaN ? 0 : (w < 0 ? -wMax : wMax) }
  }

  /// A scalar torque or spin change capped as a force is (see the extension's comment).
  static func capped(_ x: Double, perUnitChange scale: Double) -> Double {
    let limit = PhysicsWorld.maximumSpeedChange
    if x.isNaN { return 0 }
    let finite = min(max(x, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    guard scale > 0, abs(finite) * scale > limit else { return finite }
    return (finite < 0 ? -limit : limit) / scale
  }
}

extension Vec2 {
  /// This force, finite (NaN components 0, infinite ones the largest finite of their sign), shortened so
  /// that `length × scale` (the speed change it gives in one step) is at most
  /// `PhysicsWorld.maximumSpeedChange`. A zero scale (immovable body) only makes it finite.
  @inline(__always) func capped(perUnitChange scale: Double) -> Vec2 {
    // Nearly every call (a joint's position correction, every row every pass) is far under the cap: with
    // each component's change at most half the limit, the length's is within 1/√2 of it, and the force
    // comes back as it is, as the full test below would return it (NaN and ∞ fail these comparisons).
    let half = 0.5 * PhysicsWorld.maximumSpeedChange
    if abs(x) * scale <= half && abs(y) * scale <= half { return self }
    return cappedInFull(perUnitChange: scale)
  }

  /// `capped(perUnitChange:)` for a force that may be at or over the cap, or not finite.
  @inline(never) func cappedInFull(perUnitChange scale: Double) -> Vec2 {
    func finite(_ c: Double) -> Double {
      c.isNaN ? 0 : min(max(c, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }
    let f = Vec2(finite(x), finite(y))
    let big = max(abs(f.x), abs(f.y))
    guard scale > 0, big > 0 else { return f }
    // Length without overflow: big × |f / big|. Divided, not multiplied by 1 / big: that reciprocal is
    // infinite for a subnormal big (a velocity damped to 10⁻³¹⁰), and ∞ × 0 is NaN.
    let unit = Vec2(f.x / big, f.y / big)
    let length = big * unit.length
    let change = length * scale
    let limit = PhysicsWorld.maximumSpeedChange
    guard change > limit else { return f }
    return unit * (limit / (unit.length * scale))
  }
}
