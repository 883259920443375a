import Geometry2D
import TestSupport
import Testing
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// When a body counts as resting: under the speed thresholds for `timeToSleep`, or still (no point of it
/// moving `stillDistance`) for `stillTimeToRest` and then `timeToSleep` more, whatever its speed.
@Suite struct RestTests {
  /// Shakes its items every step, alternately +1, −1, −1, +1 times `speed` (pt/s) and `spin` (rad/s):
  /// their velocity swings between ±speed while they move at most speed·h from where they started, the
  /// tremble of a loaded heap's soft contacts.
  final class Tremble: DynamicBehavior {
    let items: [any DynamicItem]
    let speed: Vector
    let spin: Double
    init(items: [any DynamicItem], speed: Vector, spin: Double) {
      self.items = items
      self.speed = speed
      self.spin = spin
    }
    override var engineItems: [any DynamicItem] { items }
    override var appliesForces: Bool { true }
    override func applyForces(to world: inout PhysicsWorld) {
      let sign = [1.0, -1, -1, 1][world.stepCount % 4], h = world.h
      for i in bodyIndices {
        let body = world.probe.body(i)
        world.addForce(speed * (sign * body.mass / h), to: i)
        // A couple (no net force) at ±10 pt: torque −20·f turns the body by sign·spin per step.
        let f = -sign * spin * body.inertia / h / 20
        world.addForce(Vector(dx: f, dy: 0), atLocalOffset: Vector(dx: 0, dy: 10), to: i)
        world.addForce(Vector(dx: -f, dy: 0), atLocalOffset: Vector(dx: 0, dy: -10), to: i)
      }
    }
  }

  /// A free box of random size trembling at random speeds (1.5 to 50 pt/s, up to 20°/s, so the speed
  /// test alone never passes) but staying within a quarter point of its place.
  static func trembler(_ r: inout SplitMix, drift: Vector = .zero) -> (DynamicAnimator, DynamicBody) {
    let side = r.uniform(10, 200)
    let item = DynamicBody(center: Point(x: 500, y: 500), size: Size(width: side, height: side * r.uniform(0.5, 1)))
    let direction = r.uniform(0, 2 * .pi), speed = r.uniform(1.5, 50)
    let spin = r.uniform(0, 20 * .pi / 180) / max(1, side / 30)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(material)
    animator.addBehavior(
      Tremble(
        items: [item], speed: Vector(dx: speed * cos(direction), dy: speed * sin(direction)),
        spin: spin))
    if drift != .zero { material.addLinearVelocity(drift, for: item) }
    return (animator, item)
  }

  /// Seeded: a body trembling in place rests after `stillTimeToRest` + `timeToSleep` (2 s) and the
  /// animator pauses, the body where it was; the speed test alone would keep it awake forever.
  @Test(arguments: 0..<16)
  func tremblingBodySleeps(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let (animator, item) = RestTests.trembler(&r)
    let start = item.center
    let rest = PhysicsWorld.stillTimeToRest + PhysicsWorld.timeToSleep
    var pausedAt: Double?
    run(animator, seconds: rest + 1) { t in
      if pausedAt == nil && !animator.isRunning { pausedAt = t }
      #expect(item.center.x.isFinite && item.center.y.isFinite, "seed \(seed)")
    }
    #expect(pausedAt != nil, "seed \(seed): still running after \(rest + 1) s")
    if let paused = pausedAt {
      #expect(paused >= rest - 1e-9 && paused <= rest + 1.0 / 60 + 1e-9, "seed \(seed): paused at \(paused) s")
    }
    #expect(hypot(item.center.x - start.x, item.center.y - start.y) < PhysicsWorld.stillDistance / 2, "seed \(seed)")
  }

  /// Seeded: the same tremble on a body that also drifts at 0.3 to 3 pt/s (it leaves the half point in
  /// under two seconds) never rests.
  @Test(arguments: 0..<16)
  func driftingBodyStaysAwake(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let speed = r.uniform(0.3, 3), direction = r.uniform(0, 2 * .pi)
    let (animator, item) = RestTests.trembler(&r, drift: Vector(dx: speed * cos(direction), dy: speed * sin(direction)))
    let start = item.center
    var pausedAt: Double?
    run(animator, seconds: 8) { t in if pausedAt == nil && !animator.isRunning { pausedAt = t } }
    #expect(pausedAt == nil, "seed \(seed): paused at \(pausedAt ?? 0) s, drifting \(speed) pt/s")
    #expect(hypot(item.center.x - start.x, item.center.y - start.y) > 8 * speed * 0.9, "seed \(seed)")
  }

  /// The stillness timer counts the turn at the body's farthest point, not only its centre's motion.
  @Test func turnCountsAtTheFarthestPoint() {
    var body = Body(position: Vec2(0, 0), angle: 0, mass: 1, inertia: 1)
    body.extent = 100
    let h = 1.0 / 240
    #expect(!PhysicsWorld.keepsStill(&body, h: h))
    body.angle = 0.004  // 0.4 pt at 100 pt: still
    for _ in 0..<Int(PhysicsWorld.stillTimeToRest / h) { _ = PhysicsWorld.keepsStill(&body, h: h) }
    #expect(PhysicsWorld.keepsStill(&body, h: h))
    body.angle = 0.006  // 0.6 pt: the timer restarts here
    #expect(!PhysicsWorld.keepsStill(&body, h: h))
    #expect(body.stillTime == 0 && body.stillAngle == 0.006)
  }
}
