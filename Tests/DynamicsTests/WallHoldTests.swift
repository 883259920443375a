import Testing
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The wall hold (`PhysicsWorld+WallHold.swift`): however hard and however long an item is pressed into
/// a wall, it sinks no deeper than `maximumWallDepth` (half its thinnest half-thickness for thin items),
/// so it can never be pressed through. These are the random scenes that used to escape, made plain.
@Suite("Walls hold under any push")
struct WallHoldTests {
  /// What an outline may reach past a wall: the hold's depth, plus the gap between the test's true
  /// ellipse and the engine's polygon for it.
  static let allowed = PhysicsWorld.maximumWallDepth + 0.05

  /// Random scene 476: a thin spinning ellipse under a continuous push of the largest accepted
  /// magnitude, pressed into a side (or, at 45°, into a corner). The soft contact gave way a fraction of
  /// a point a step until the ellipse's middle was past the wall and it left at the speed cap.
  @Test(
    "the strongest push never presses an item through a wall", arguments: [0.0, 0.25 * Double.pi, 0.5 * Double.pi, 2.9])
  func strongestPush(direction: Double) {
    for type in [CollisionBoundsType.ellipse, .rectangle] {
      let box = Rect(x: 0, y: 0, width: 800, height: 600)
      let item = DynamicBody(
        center: Point(x: 400, y: 300), size: Size(width: 10, height: 3.3), collisionBoundsType: type)
      item.transform = AffineTransform(rotationAngle: -0.77)
      let animator = DynamicAnimator(referenceBounds: box)
      let collision = CollisionBehavior(items: [item])
      collision.translatesReferenceBoundsIntoBoundary = true
      let push = PushBehavior(items: [item], mode: .continuous)
      push.angle = direction
      push.magnitude = .greatestFiniteMagnitude
      let material = DynamicItemBehavior(items: [item])
      material.friction = 0.09
      material.addAngularVelocity(20, for: item)
      for b in [collision, push, material] as [DynamicBehavior] { animator.addBehavior(b) }
      for frame in 0..<180 {
        animator.advance(by: 1.0 / 60)
        let past = depthPast(box, outline(of: item))
        #expect(
          past <= Self.allowed && box.contains(item.center),
          "\(type) pushed at \(direction) rad, frame \(frame): \(past) pt past a wall, centre \(item.center)")
        if past > Self.allowed { return }
      }
    }
  }

  /// A two-sided boundary segment across the middle of the box holds from either side: an item pushed
  /// at it as hard as a push can stays on the side it started.
  @Test("a two-sided segment holds from both sides", arguments: [-1.0, 1.0])
  func twoSidedSegment(side: Double) {
    let box = Rect(x: 0, y: 0, width: 800, height: 600)
    let item = DynamicBody(
      center: Point(x: 400 - side * 200, y: 300), size: Size(width: 12, height: 1.1), collisionBoundsType: .ellipse)
    item.transform = AffineTransform(rotationAngle: 0.5)
    let animator = DynamicAnimator(referenceBounds: box)
    let collision = CollisionBehavior(items: [item])
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(withIdentifier: "divider", from: Point(x: 400, y: 0), to: Point(x: 400, y: 600))
    let push = PushBehavior(items: [item], mode: .continuous)
    push.angle = side > 0 ? 0.1 : Double.pi - 0.1
    push.magnitude = 1e12
    let material = DynamicItemBehavior(items: [item])
    material.addAngularVelocity(-30, for: item)
    for b in [collision, push, material] as [DynamicBehavior] { animator.addBehavior(b) }
    for frame in 0..<180 {
      animator.advance(by: 1.0 / 60)
      let reach = outline(of: item).map { side * ($0.x - 400) }.max()!
      #expect(
        reach <= Self.allowed && side * (item.center.x - 400) < 0,
        "from \(side), frame \(frame): \(reach) pt past the divider, centre \(item.center)")
      if reach > Self.allowed { return }
    }
  }

  /// A body deeper than the hold's depth is moved out to it along the wall's normal and keeps only the
  /// part of its velocity along the wall; one touching within it is left alone.
  @Test func theHoldOnlyTakesMotionAway() {
    let item = DynamicBody(center: Point(x: 700, y: 300), size: Size(width: 20, height: 20))
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    let collision = CollisionBehavior(items: [item])
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    animator.advance(by: DynamicAnimator.stepDuration)
    guard let i = animator.body(of: item) else {
      Issue.record("no body")
      return
    }
    let b = Int(i)
    animator.world.overwriteBody(b, position: Vec2(798, 300), velocity: Vec2(500, -40))  // 8 pt into the right wall
    animator.world.holdWalls(of: b, from: Vec2(790, 300))
    let held = animator.engineProbe.body(b)
    #expect(
      abs(held.position.x - (790 + PhysicsWorld.maximumWallDepth)) < 1e-9 && held.position.y == 300, "\(held.position)")
    let v = held.velocity
    #expect(v == Vec2(0, -40), "\(v)")
    animator.world.overwriteBody(b, position: Vec2(790.5, 300))  // within the hold's depth
    animator.world.holdWalls(of: b, from: Vec2(790, 300))
    #expect(animator.engineProbe.body(b).position == Vec2(790.5, 300))
  }

  /// How far the outline reaches past the nearest wall of the box (≤ 0 inside).
  func depthPast(_ box: Rect, _ points: [Point]) -> Double {
    points.map { max($0.x - box.maxX, box.minX - $0.x, $0.y - box.maxY, box.minY - $0.y) }.max()!
  }
}
