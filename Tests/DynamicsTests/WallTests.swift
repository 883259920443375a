import Testing
import Geometry2D
@testable import Dynamics

@Suite("Walls hold")
struct WallTests {
  @Test("rotated thin ellipse stays in the reference bounds", arguments: [0.8, 1.2])
  func rotatedEllipse(angle: Double) {
    let item = DynamicBody(center: Point(x: 400, y: 300), size: Size(width: 41, height: 5), collisionBoundsType: .ellipse)
    item.transform = AffineTransform(rotationAngle: angle)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    let collision = CollisionBehavior(items: [item])
    collision.translatesReferenceBoundsIntoBoundary = true
    let gravity = GravityBehavior(items: [item])
    gravity.angle = 0
    gravity.magnitude = 1
    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    var maxX = 0.0
    for _ in 0..<180 {
      animator.advance(by: 1.0 / 60)
      maxX = max(maxX, item.center.x)
    }
    #expect(item.center.x < 800 && maxX < 800, "x \(item.center.x) max \(maxX)")
  }
}
