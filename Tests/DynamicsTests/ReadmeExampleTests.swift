import Dynamics
import Geometry2D
import Testing

/// The README's library example, kept compiling and true here.
@Suite struct ReadmeExampleTests {
  @Test func aBallFallsBouncesAndRests() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600))
    let ball = DynamicBody(
      center: Point(x: 200, y: 100), size: Size(width: 50, height: 50), collisionBoundsType: .ellipse)
    animator.addBehavior(GravityBehavior(items: [ball]))  // 1 = 1000 pt/s², downward
    let walls = CollisionBehavior(items: [ball])
    walls.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(walls)
    let bounce = DynamicItemBehavior(items: [ball])
    bounce.elasticity = 0.7
    animator.addBehavior(bounce)
    animator.advance(by: 0.3)  // fixed 1/240 s steps; no clock is read
    #expect(abs(ball.center.y - (100 + 0.5 * 1000 * 0.09)) < 1)  // ½gt², before it reaches the floor
    for _ in 0..<600 { animator.advance(by: 1.0 / 60) }
    #expect(abs(ball.center.y - 575) < 1 && !animator.isRunning)  // resting on the floor; the animator paused
  }
}
