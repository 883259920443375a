import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// Gravity stands in the bodies from step to step (`StepForces`) while its behaviors, settings and
/// items stay the same. Every change of them — magnitude, angle, direction, items, the behaviors'
/// order, an item's body slot handed to another — must act on the next step exactly as summing the
/// accelerations anew every step does, with pushes and velocity fields on top.
@Suite struct StepForcesTests {
  @Test(arguments: UInt64(1)...16) func changesActAsSummingEveryStep(seed: UInt64) {
    let standing = GravityScene(seed: seed, sumsEveryStep: false)
    let summed = GravityScene(seed: seed, sumsEveryStep: true)
    for frame in 0..<120 {
      standing.change()
      summed.change()
      let dt = standing.frameTime()
      _ = summed.frameTime()
      standing.animator.advance(by: dt)
      summed.animator.advance(by: dt)
      guard standing.bits() == summed.bits() else {
        Issue.record("seed \(seed): frame \(frame) differs after \(standing.log.suffix(6))")
        return
      }
    }
  }

  /// The slot of an item that left is handed to the next item made: a gravity whose list names the
  /// same slot before and after must still pull the new body.
  @Test func aReusedSlotGetsItsGravity() {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 400)
    let animator = DynamicAnimator(referenceBounds: bounds)
    let first = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let gravity = GravityBehavior(items: [first])
    animator.addBehavior(gravity)
    animator.advance(by: 1.0 / 60)
    gravity.removeItem(first)
    // A read applies the change without a step: the first body goes, and its slot is free.
    #expect(animator.items(in: bounds).isEmpty)
    let second = DynamicBody(center: Point(x: 300, y: 100), size: Size(width: 20, height: 20))
    gravity.addItem(second)
    animator.advance(by: 1.0 / 60)
    #expect(animator.world.bodies.stepForces.applied.first?.bodies == [0])
    #expect(second.center.y > 100)
  }
}

/// Items in a box under three gravity behaviors (overlapping lists), a continuous push and a velocity
/// field, changed at random between frames by a seeded sequence.
final class GravityScene {
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 800))
  let collision = CollisionBehavior()
  let material = DynamicItemBehavior()
  let push = PushBehavior(items: [], mode: .continuous)
  let field = FieldBehavior.velocityField(direction: Vector(dx: 0.5, dy: -1))
  var gravities: [GravityBehavior] = []
  var items: [DynamicBody] = []
  var random: SplitMix
  var log: [String] = []

  init(seed: UInt64, sumsEveryStep: Bool) {
    random = SplitMix(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 7)
    animator.world.bodies.stepForces.sumsEveryStep = sumsEveryStep
    collision.translatesReferenceBoundsIntoBoundary = true
    material.elasticity = 0.4
    field.region = Region(radius: 120)
    field.position = Point(x: 400, y: 600)
    push.setAngle(0.3, magnitude: 0.5)
    for b in [collision, material, push, field] as [DynamicBehavior] { animator.addBehavior(b) }
    for k in 0..<16 { addItem(at: Point(x: 100 + Double(k % 4) * 180, y: 100 + Double(k / 4) * 120)) }
    for _ in 0..<3 {
      let g = GravityBehavior(items: items.filter { _ in random.chance(0.6) })
      g.setAngle(random.uniform(-4, 4), magnitude: random.uniform(0, 2))
      gravities.append(g)
      animator.addBehavior(g)
    }
  }

  func addItem(at p: Point) {
    let item = DynamicBody(center: p, size: Size(width: random.uniform(10, 50), height: random.uniform(10, 50)))
    items.append(item)
    collision.addItem(item)
    material.addItem(item)
    if random.chance(0.3) { push.addItem(item) }
    if random.chance(0.5) { field.addItem(item) }
  }

  /// Some frames change nothing; the others one thing or more, some applied at once by a read (so an
  /// item that left frees its slot for the next one made before the step).
  func change() {
    while random.chance(0.6) {
      changeOne()
      if random.chance(0.3) { _ = animator.items(in: Rect(x: 0, y: 0, width: 800, height: 800)) }
    }
  }

  func changeOne() {
    let g = random.pick(gravities)
    switch random.int(8) {
    case 0:
      g.magnitude = random.chance(0.2) ? 0 : random.uniform(-2, 3)
      log.append("magnitude \(g.magnitude)")
    case 1:
      g.setAngle(random.uniform(-4, 4), magnitude: random.uniform(0, 2))
      log.append("angle \(g.angle)")
    case 2:
      g.gravityDirection = Vector(dx: random.chance(0.3) ? -0.0 : random.uniform(-1, 1), dy: random.uniform(-1, 2))
      log.append("direction \(g.gravityDirection)")
    case 3:
      let item = random.pick(items)
      if g.items.contains(where: { $0 === item }) { g.removeItem(item) } else { g.addItem(item) }
      log.append("item toggled")
    case 4:
      // Out and back in: last in the order.
      animator.removeBehavior(g)
      animator.addBehavior(g)
      gravities.removeAll { $0 === g }
      gravities.append(g)
      log.append("gravity re-added")
    case 5:
      replaceItem()
    case 6:
      field.strength = random.chance(0.5) ? 0 : random.uniform(0.5, 2)
      log.append("field \(field.strength)")
    default:
      push.magnitude = random.uniform(-1, 1)
      log.append("push \(push.magnitude)")
    }
  }

  /// An item leaves every behavior and a new one takes its place in the same ones (its slot, as a rule).
  func replaceItem() {
    let k = random.int(items.count)
    let old = items.remove(at: k)
    let inGravity = gravities.map { g in g.items.contains { $0 === old } }
    for b in [collision, material, push, field] as [any ItemListBehavior] { b.removeItem(old) }
    for g in gravities { g.removeItem(old) }
    addItem(at: old.center)
    for (g, had) in zip(gravities, inGravity) where had { g.addItem(items.last!) }
    log.append("item replaced")
  }

  func frameTime() -> Double {
    random.pick([1.0 / 60, 1.0 / 240, 1.0 / 30, 0, random.uniform(0, 0.03)])
  }

  func bits() -> [UInt64] {
    items.flatMap { item -> [UInt64] in
      let v = material.linearVelocity(for: item)
      return [item.center.x, item.center.y, item.angle, v.dx, v.dy, material.angularVelocity(for: item)].map(
        \.bitPattern)
    }
  }
}
