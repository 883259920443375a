import Geometry2D
import TestSupport
import Testing
@testable import Dynamics

/// Which bodies get speculative contacts, and how far a body may turn before its contacts need a new
/// collision pass.
@Suite struct SpeculativeContactTests {
  /// Seeded: boxes moving together at any speed (no gravity, gaps of 3 to 30 pt) close nothing and get
  /// no contacts; the same boxes closing on each other get one before they touch.
  @Test(arguments: 0..<16)
  func speculativeContactsFollowRelativeMotion(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let gap = r.uniform(3, 30)
    let a = box(200, 200), b = box(244 + gap, 200)
    let items = [a, b]
    let material = frictionless(items)
    material.resistance = 0
    let animator = DynamicAnimator()
    animator.addBehavior(CollisionBehavior(items: items))
    animator.addBehavior(material)
    let v = Vector(dx: r.uniform(-5000, 5000), dy: r.uniform(-5000, 5000))
    for item in items { material.addLinearVelocity(v, for: item) }
    run(animator, seconds: 0.25) { _ in
      #expect(animator.engineProbe.contactCount == 0, "seed \(seed): gap \(gap), v \(v)")
    }
    // Closing at 600 pt/s, the gap shuts within 3 to 50 ms: a contact is made before they overlap.
    material.addLinearVelocity(Vector(dx: 300, dy: 0), for: a)
    material.addLinearVelocity(Vector(dx: -300, dy: 0), for: b)
    var contacted = false
    run(animator, seconds: 0.25) { _ in
      if animator.engineProbe.contactCount > 0 { contacted = true }
      #expect(b.center.x - a.center.x > 44 - PhysicsWorld.linearSlop - 1e-9 || contacted, "seed \(seed)")
    }
    #expect(contacted, "seed \(seed): gap \(gap), v \(v)")
  }

  /// The turn a body may take between collision passes shrinks with its size (the small-angle formula's
  /// error grows with the radius) and never exceeds `maximumTurnBetweenPasses`.
  @Test func turnLimitFollowsSize() {
    #expect(!PhysicsWorld.outruns(turn: 0.2, extent: 31))
    #expect(PhysicsWorld.outruns(turn: 0.22, extent: 31))
    #expect(PhysicsWorld.outruns(turn: -0.22, extent: 31))
    #expect(PhysicsWorld.outruns(turn: 0.13, extent: 170))
    #expect(!PhysicsWorld.outruns(turn: 0.24, extent: 1))
    #expect(PhysicsWorld.outruns(turn: 0.26, extent: 0))
    var r = SplitMix(seed: 7)
    for _ in 0..<1000 {
      let t = r.uniform(0, 1), e = r.uniform(0, 1000)
      if PhysicsWorld.outruns(turn: t, extent: e) {
        #expect(PhysicsWorld.outruns(turn: t * 1.01, extent: e) && PhysicsWorld.outruns(turn: t, extent: e * 1.01))
      }
    }
  }
}
