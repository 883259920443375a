import Dynamics
import Geometry2D
import Testing

/// iOS7 Day-by-Day day 0 ("UIKit Dynamics", the series' first post): SCNewtonsCradleView, ported with the demo's values —
/// five balls on rigid attachments, gravity 10, elasticity 1, no rotation, resistance 2.0, and an
/// instantaneous push (−0.5, 0) on the first ball.
@Suite struct NewtonsCradlePortTests {
  final class Cradle {
    let animator: DynamicAnimator
    var balls: [DynamicBody] = []
    var anchors: [Point] = []

    // - (void)createBallsAndAnchors / - (void)applyDynamicBehaviors
    init(width: Double = 320, height: Double = 480) {
      animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: width, height: height))
      let ballSize = width / (3 * (5 - 1))
      for i in 0..<5 {
        let center = Point(x: width / 3 + Double(i) * ballSize, y: height / 2)
        balls.append(
          DynamicBody(
            center: center, size: Size(width: ballSize - 1, height: ballSize - 1),
            collisionBoundsType: .ellipse))
        anchors.append(Point(x: center.x, y: center.y - height / 4))
      }
      let behavior = DynamicBehavior()
      for (ball, anchor) in zip(balls, anchors) {
        behavior.addChildBehavior(AttachmentBehavior(item: ball, attachedToAnchor: anchor))
      }
      let gravity = GravityBehavior(items: balls)
      gravity.magnitude = 10
      behavior.addChildBehavior(gravity)
      behavior.addChildBehavior(CollisionBehavior(items: balls))
      let itemBehavior = DynamicItemBehavior(items: balls)
      itemBehavior.elasticity = 1.0
      itemBehavior.allowsRotation = false
      itemBehavior.resistance = 2.0
      behavior.addChildBehavior(itemBehavior)
      animator.addBehavior(behavior)
      // Kick-off: UIPushBehaviorModeInstantaneous, pushDirection (−0.5, 0) on the first ball.
      let push = PushBehavior(items: [balls[0]], mode: .instantaneous)
      push.pushDirection = Vector(dx: -0.5, dy: 0)
      animator.addBehavior(push)
    }
  }

  /// The first ball swings out and back, and its strike sends the last ball out on the far side while
  /// the middle ones hardly move. Resistance is UIKit's damping rate (docs/architecture.md, "Units and time"), so the demo's 2.0 ports
  /// unchanged.
  @Test func theStrikePassesThroughTheRow() {
    let cradle = Cradle()
    let rest = cradle.balls.map(\.center.x)
    var firstOut = 0.0, lastOut = 0.0, middleMove = 0.0
    for _ in 0..<(2 * 60) {
      cradle.animator.advance(by: 1.0 / 60)
      firstOut = max(firstOut, rest[0] - cradle.balls[0].center.x)
      lastOut = max(lastOut, cradle.balls[4].center.x - rest[4])
      middleMove = max(middleMove, abs(cradle.balls[2].center.x - rest[2]))
    }
    #expect(firstOut > 10, "the first ball swings out: \(firstOut)")
    #expect(lastOut > 0.5 * firstOut, "the last ball swings out: \(lastOut) vs \(firstOut)")
    #expect(middleMove < 0.25 * lastOut, "the middle ball stays: \(middleMove)")
  }
}
