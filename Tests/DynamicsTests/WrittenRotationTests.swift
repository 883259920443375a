import Testing
import TestSupport
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The rotation the animator writes to a turning item is the body's own (the cosine and sine its
/// collision shapes are placed with): a rotation, at the body's angle, and exactly what collides.
@Suite("Written rotations")
struct WrittenRotationTests {
  /// Seeded: items thrown spinning at random rates (up to 60 rad/s, either way) into a box with gravity,
  /// bouncing off each other and the walls for 3 s. Every frame, every item's transform is a pure
  /// rotation (a = d, b = −c, a² + b² = 1 to 10⁻¹²), its angle is the body's (to 10⁻⁹ rad, modulo 2π),
  /// and its entries are the body's cosine and sine bit for bit.
  @Test("a turning item's transform is its body's rotation", arguments: UInt64(1)...6)
  func writtenRotation(seed: UInt64) {
    var random = SplitMix(seed: seed &* 1_000_003)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 600, height: 400))
    let items = (0..<8).map { k in
      let item = box(60 + 65 * Double(k), random.uniform(60, 300), random.uniform(8, 50), random.uniform(8, 50))
      item.transform = AffineTransform(rotationAngle: random.uniform(-4, 4))
      return item
    }
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    animator.addBehavior(GravityBehavior(items: items))
    let spin = DynamicItemBehavior(items: items)
    animator.addBehavior(spin)
    for item in items { spin.addAngularVelocity(random.uniform(-60, 60), for: item) }
    for frame in 0..<180 {
      animator.advance(by: 1.0 / 60)
      for (k, item) in items.enumerated() {
        let t = item.transform
        let body = animator.engineProbe.body(k)
        let what = "seed \(seed), frame \(frame), item \(k)"
        #expect(t.a == t.d && t.b == -t.c && t.tx == 0 && t.ty == 0, "\(what): \(t) is not a rotation")
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-12, "\(what): |(a, b)| = \((t.a * t.a + t.b * t.b).squareRoot())")
        #expect(t.a == body.cosAngle && t.b == body.sinAngle, "\(what): not the body's cosine and sine")
        let turn = remainder(t.rotationAngle - body.angle, 2 * Double.pi)
        #expect(abs(turn) < 1e-9, "\(what): drawn at \(t.rotationAngle) rad, body at \(body.angle) rad")
      }
    }
  }
}
