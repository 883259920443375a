#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Fields whose force grows with the item's velocity (drag, magnetic, turbulence) are not added as
/// forces: at a large strength or speed one explicit step would overshoot (a 10×10 item at 1000 pt/s in
/// a drag of strength 1 reversed and grew a hundredfold each step). Each is applied as the change of
/// velocity its law gives over the step, solved so it can stop or turn an item but never reverse or
/// amplify its motion (`docs/robustness.md`).
extension FieldBehavior {
  func integrateVelocityDependent(world: inout PhysicsWorld, body i: Int32, sample s: PhysicsWorld.ForceSample) {
    let local = s.position - position
    if !region.isInfinite && !region.contains(Point(x: local.dx, y: local.dy)) { return }
    let h = world.h
    switch kind {
    case .drag: applyDrag(world: &world, body: i, sample: s, distance: local.length, h: h)
    case .magnetic: applyMagnetic(world: &world, body: i, sample: s, distance: local.length, h: h)
    case .turbulence: applyTurbulence(world: &world, body: i, sample: s, h: h)
    default: break
    }
  }

  /// du/dt = −k·|u|·u for u = v − medium, k = strength × falloff / (100 · mass) per point: the exact
  /// solution over a step scales u by 1 / (1 + k·|u|·h), in 0…1. Strength ≤ 0 does nothing.
  private func applyDrag(
    world: inout PhysicsWorld, body i: Int32, sample s: PhysicsWorld.ForceSample,
    distance: Double, h: Double
  ) {
    let medium = direction * FieldBehavior.pointsPerMetre
    let u = s.velocity - medium
    let speed = u.length
    guard speed > 0, strength > 0 else { return }
    let k = strength * falloffFactor(atDistance: distance) / (FieldBehavior.pointsPerMetre * s.mass)
    let growth = k * speed * h
    let factor = growth.isNaN ? 1 : 1 / (1 + growth)
    world.scaleVelocity(toward: medium, factor: factor, of: i)
  }

  /// F = q·v × B turns the velocity at ω = q·strength·falloff / mass without changing the speed; the
  /// step rotates it by exactly ω·h (counter-clockwise on screen for positive q and strength).
  private func applyMagnetic(
    world: inout PhysicsWorld, body i: Int32, sample s: PhysicsWorld.ForceSample,
    distance: Double, h: Double
  ) {
    let v = s.velocity
    guard v != .zero else { return }
    let omega = PhysicsWorld.capped(
      s.charge * strength * falloffFactor(atDistance: distance) / s.mass,
      perUnitChange: 1)
    let turn = omega * h
    guard turn != 0, turn.isFinite else { return }
    let sideways = Vector(dx: v.dy, dy: -v.dx)  // v turned a quarter counter-clockwise on screen
    let w = v * cos(turn) + sideways * sin(turn)
    world.replaceVelocity(Vec2(w.dx, w.dy), of: i)
  }

  /// Noise scaled by the speed: the step's change of velocity is applied, then the result is shortened
  /// to the speed before it, so turbulence turns and slows items but never speeds them up (at any
  /// strength its growth would otherwise be exponential).
  private func applyTurbulence(
    world: inout PhysicsWorld, body i: Int32, sample s: PhysicsWorld.ForceSample,
    h: Double
  ) {
    let speed = s.velocity.length
    guard speed > 0 else { return }
    let f = evaluate(at: s.position, velocity: s.velocity, mass: s.mass, charge: s.charge, time: s.time).force
    guard f != .zero else { return }
    let dv = Vec2(f.dx, f.dy).capped(perUnitChange: h / s.mass) * (h / s.mass)
    var w = Vec2(s.velocity.dx, s.velocity.dy) + dv
    let l = w.length
    if l > speed { w = w * (speed / l) }
    world.replaceVelocity(w, of: i)
  }
}
