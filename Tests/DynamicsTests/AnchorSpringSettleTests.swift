import Testing
import TestSupport
import Geometry2D
@testable import Dynamics

/// The closed-form springs apply their unforced steps late (`settleSprings`): whatever reads or writes
/// in between must see the same bits as if every spring stepped every step. The reference is the same
/// scene with an action block, which makes the animator write the items after every step (so it applies
/// the springs' steps one at a time); the two must agree bit for bit after every frame, whatever is
/// done between frames: anchors moved, items moved, velocities added and read, spins that make a
/// spring forced, frames of any length, and when the animator pauses.
@Suite("Closed-form springs stepped late, same bits")
struct AnchorSpringSettleTests {
  /// One world: items on zero-length anchor springs, some under gravity (forced springs), some in an
  /// item behavior with resistance.
  final class World {
    let animator = DynamicAnimator()
    var items: [DynamicBody] = []
    var springs: [AttachmentBehavior] = []
    let itemBehavior = DynamicItemBehavior()
    var actionSteps = 0

    init(seed: UInt64, everyStep: Bool) {
      var r = SplitMix(seed: seed)
      let gravity = GravityBehavior()
      gravity.magnitude = r.uniform(0.1, 3)
      for i in 0..<24 {
        let (item, spring) = randomAnchoredItem(
          &r, in: Rect(x: 0, y: 0, width: 800, height: 600), size: Size(width: 40, height: 20),
          frequency: 1...8, damping: 0.5...1.5)
        animator.addBehavior(spring)
        if i % 5 == 0 { gravity.addItem(item) }
        if i % 3 == 0 { itemBehavior.addItem(item) }
        items.append(item)
        springs.append(spring)
      }
      itemBehavior.resistance = r.uniform(0, 2)
      itemBehavior.angularResistance = r.uniform(1, 4)
      animator.addBehavior(itemBehavior)
      animator.addBehavior(gravity)
      if everyStep {
        let watcher = DynamicBehavior()
        watcher.action = { [unowned self] in actionSteps += 1 }
        animator.addBehavior(watcher)
      }
    }

    /// Everything the two worlds must agree on, as bits.
    func state() -> [UInt64] {
      var s: [UInt64] = [animator.isRunning ? 1 : 0]
      for item in items {
        s += [item.center.x.bitPattern, item.center.y.bitPattern, item.transform.rotationAngle.bitPattern]
      }
      for item in items where itemBehavior.items.contains(where: { $0 === item }) {
        let v = itemBehavior.linearVelocity(for: item)
        s += [v.dx.bitPattern, v.dy.bitPattern]
      }
      return s
    }
  }

  /// One random change between frames, applied alike to both worlds.
  static func change(_ r: inout SplitMix, _ worlds: [World]) {
    let k = r.int(24)
    switch r.int(6) {
    case 0:
      let p = Point(x: r.uniform(0, 800), y: r.uniform(0, 600))
      for w in worlds { w.springs[k].anchorPoint = p }
    case 1:
      let d = Vector(dx: r.uniform(-20, 20), dy: r.uniform(-20, 20))
      for w in worlds {
        w.items[k].center = Point(x: w.items[k].center.x + d.dx, y: w.items[k].center.y + d.dy)
        w.animator.updateItem(usingCurrentState: w.items[k])
      }
    case 2:
      let k = 3 * r.int(8), v = Vector(dx: r.uniform(-500, 500), dy: r.uniform(-500, 500))
      for w in worlds { w.itemBehavior.addLinearVelocity(v, for: w.items[k]) }
    case 3:
      let k = 3 * r.int(8), spin = r.uniform(-3, 3)
      for w in worlds { w.itemBehavior.addAngularVelocity(spin, for: w.items[k]) }
    default:
      break
    }
  }

  @Test("late steps give the same bits as stepping every spring every step", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func sameBits(seed: UInt64) {
    let late = World(seed: seed, everyStep: false), eager = World(seed: seed, everyStep: true)
    var r = SplitMix(seed: seed &* 7919)
    var pauses = 0
    for frame in 0..<1500 {
      // Changes, then quiet long enough to come to rest and pause, then changes again.
      if frame % 750 < 250 && r.chance(0.3) { Self.change(&r, [late, eager]) }
      let wasRunning = late.animator.isRunning
      // Mostly 60 Hz frames, sometimes one step, a long hitch, or long enough idle to pause.
      let dt = r.chance(0.8) ? 1.0 / 60 : r.pick([1.0 / 240, 0.1, 0.7, r.uniform(0, 0.05)])
      late.animator.advance(by: dt)
      eager.animator.advance(by: dt)
      #expect(late.state() == eager.state(), "seed \(seed), frame \(frame): the late springs differ")
      if late.state() != eager.state() { return }
      if wasRunning && !late.animator.isRunning { pauses += 1 }
    }
    #expect(pauses > 0, "seed \(seed): never paused, so the pause decision went untested")
    #expect(eager.actionSteps > 0, "seed \(seed): the reference never stepped")
  }
}
