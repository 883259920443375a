import Geometry2D

/// What a force-producing behavior (gravity, push, and the fields to come) may read and do to a body
/// during `DynamicBehavior.applyForces(to:)`. Forces are in points·mass/s² (mass × acceleration; a force
/// of 100 on mass 1 accelerates it at 100 pt/s²) and act for the coming fixed step only.
extension PhysicsWorld {
  /// The state a field evaluates: position (pt), velocity (pt/s), mass, charge, and time (s).
  struct ForceSample {
    var position: Point
    var velocity: Vector
    var mass: Double
    var charge: Double
    var time: Double
  }

  func forceSample(of i: Int32) -> ForceSample {
    let b = bodies[Int(i)]
    var p = b.position, v = b.velocity
    if b.closedFormSpring >= 0 {
      p = springs[Int(b.closedFormSpring)].position
      v = springs[Int(b.closedFormSpring)].velocity
    }
    return ForceSample(position: Point(x: p.x, y: p.y),
                       velocity: Vector(dx: v.x, dy: v.y),
                       mass: b.mass, charge: b.charge, time: time)
  }

  /// Adds a force at the body's centre.
  mutating func addForce(_ f: Vector, to i: Int32) {
    bodies[Int(i)].force += Vec2(f.dx, f.dy)
  }

  /// Adds a force at an offset from the centre given in the item's own (unrotated) frame: also a torque.
  mutating func addForce(_ f: Vector, atLocalOffset o: Vector, to i: Int32) {
    let b = bodies[Int(i)]
    let r = Vec2(o.dx, o.dy).rotated(cos: b.cosAngle, sin: b.sinAngle)
    let F = Vec2(f.dx, f.dy)
    bodies[Int(i)].force += F
    bodies[Int(i)].torque += r.cross(F)
  }

  /// Adds a mass-independent acceleration (gravity) in points/s².
  mutating func addAcceleration(_ a: Vector, to i: Int32) {
    bodies[Int(i)].acceleration += Vec2(a.dx, a.dy)
  }

  /// Changes the body's velocity at once by impulse/mass, and its spin by (r × impulse)/inertia.
  mutating func applyImpulse(_ j: Vector, atLocalOffset o: Vector, to i: Int32) {
    let b = bodies[Int(i)]
    guard b.invMass > 0 else { return }
    let r = Vec2(o.dx, o.dy).rotated(cos: b.cosAngle, sin: b.sinAngle)
    let J = Vec2(j.dx, j.dy)
    addVelocity(J * b.invMass, to: i)
    let dw = b.invInertia * r.cross(J)
    if dw != 0 { addAngularVelocity(dw, to: i) }
  }
}
