import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// Elasticity as UIKit takes it: any finite value ≥ 0. Above 1 every bounce gives back more than it
/// took, so the items speed up until the speed cap holds them; the box stays closed and every number
/// finite (Box2D's bounce house, at restitution 1.2).
@Suite struct BounceHouseTests {
  /// Items of every shape thrown around a closed box under gravity, for half a minute of simulated time.
  @Test(arguments: [1.2, 2.0, 1e300])
  func theBoxHoldsAtAnyElasticity(elasticity: Double) {
    for seed in UInt64(1)...2 {
      var random = SplitMix(seed: seed &* 0xB0B0 ^ UInt64(elasticity.exponent + 2000))
      let box = Rect(x: 0, y: 0, width: 600, height: 400)
      let animator = DynamicAnimator(referenceBounds: box)
      var items: [DynamicBody] = []
      for k in 0..<12 {
        let item = DynamicBody(
          center: Point(x: 60 + Double(k % 6) * 90, y: 80 + Double(k / 6) * 120),
          size: Size(width: random.uniform(12, 60), height: random.uniform(12, 60)))
        items.append(item)
      }
      let collision = CollisionBehavior(items: items)
      collision.translatesReferenceBoundsIntoBoundary = true
      let material = DynamicItemBehavior(items: items)
      material.elasticity = elasticity
      material.resistance = 0
      animator.addBehavior(collision)
      animator.addBehavior(material)
      animator.addBehavior(GravityBehavior(items: items))
      for item in items {
        material.addLinearVelocity(Vector(dx: random.uniform(-800, 800), dy: random.uniform(-800, 800)), for: item)
      }
      var fastest = 0.0
      for frame in 0..<1800 {
        animator.advance(by: 1.0 / 60)
        guard frame % 30 == 29 else { continue }
        for (k, item) in items.enumerated() {
          let v = material.linearVelocity(for: item)
          let at = "elasticity \(elasticity), seed \(seed), frame \(frame), item \(k)"
          #expect(
            item.center.x.isFinite && item.center.y.isFinite && v.dx.isFinite && v.dy.isFinite, "\(at): not finite")
          #expect(box.insetBy(dx: -1, dy: -1).contains(item.center), "\(at): left the box at \(item.center)")
          // Motion is capped at the speed cap; the velocity read between frames (after the relax pass)
          // stays within twice it.
          #expect((v.dx * v.dx + v.dy * v.dy).squareRoot() <= 2 * PhysicsWorld.maximumLinearSpeed, "\(at): \(v)")
          fastest = Swift.max(fastest, (v.dx * v.dx + v.dy * v.dy).squareRoot())
          if !box.insetBy(dx: -1, dy: -1).contains(item.center) { return }
        }
      }
      // The bounces do add energy: the items end far faster than any throw.
      #expect(fastest > 2_000, "elasticity \(elasticity), seed \(seed): fastest \(fastest) pt/s")
    }
  }

  /// At 1 and below nothing changes: a bounce asks for exactly the approach times the elasticity.
  @Test func aBounceAtOneOrBelowIsTheApproachTimesTheElasticity() {
    for e in [0.0, 0.3, 1.0] {
      #expect(ImpactPass.bounce(e, -250) == e * 250)
    }
    #expect(ImpactPass.bounce(1.2, -250) == 300)
    #expect(ImpactPass.bounce(1e300, -250) == PhysicsWorld.maximumLinearSpeed)
    #expect(ImpactPass.bounce(3, -30_000) == PhysicsWorld.maximumLinearSpeed)
    #expect(ImpactPass.bounce(3, -50_000) == 50_000)
  }
}
