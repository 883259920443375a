import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// An anchored item moved by hand between frames (`updateItem(usingCurrentState:)`) travels to its new
/// place through the next frame at the velocity of that move, so it pushes what it meets instead of
/// jumping past it or into it (Box2D's kinematic bodies, its tumbler sample).
@Suite struct KinematicAnchorTests {
  /// A tumbler: a closed square of four anchored walls turned by hand every frame about its centre,
  /// with boxes inside under gravity. Nothing may leave it.
  @Test(arguments: [UInt64(1), 2])
  func aTurnedContainerKeepsEverythingIn(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1200, height: 1200))
    let pivot = Point(x: 600, y: 600), inner = 400.0, wall = 40.0
    // Each wall's offset from the pivot (unturned) and size.
    let walls: [(offset: Vector, size: Size)] = [
      (Vector(dx: 0, dy: -(inner + wall) / 2), Size(width: inner + 2 * wall, height: wall)),
      (Vector(dx: 0, dy: (inner + wall) / 2), Size(width: inner + 2 * wall, height: wall)),
      (Vector(dx: -(inner + wall) / 2, dy: 0), Size(width: wall, height: inner)),
      (Vector(dx: (inner + wall) / 2, dy: 0), Size(width: wall, height: inner))
    ]
    let wallItems = walls.map { DynamicBody(center: pivot + $0.offset, size: $0.size) }
    var boxes: [DynamicBody] = []
    for k in 0..<120 {
      let size = random.uniform(10, 22)
      boxes.append(
        DynamicBody(
          center: Point(x: pivot.x - 170 + Double(k % 12) * 30, y: pivot.y - 170 + Double(k / 12) * 32),
          size: Size(width: size, height: size)))
    }
    let anchored = DynamicItemBehavior(items: wallItems)
    anchored.isAnchored = true
    let material = DynamicItemBehavior(items: boxes)
    material.friction = 0.6
    material.elasticity = 0
    animator.addBehavior(anchored)
    animator.addBehavior(material)
    animator.addBehavior(CollisionBehavior(items: wallItems + boxes))
    animator.addBehavior(GravityBehavior(items: boxes))
    let spin = random.uniform(0.8, 1.6)  // rad/s
    for frame in 1...600 {
      let angle = spin * Double(frame) / 60
      let turn = AffineTransform(rotationAngle: angle)
      for (item, w) in zip(wallItems, walls) {
        item.center = pivot + w.offset.applying(turn)
        item.transform = turn
        animator.updateItem(usingCurrentState: item)
      }
      animator.advance(by: 1.0 / 60)
      guard frame % 20 == 0 else { continue }
      // In the container's frame every box centre stays inside the walls.
      let back = AffineTransform(rotationAngle: -angle)
      for (k, box) in boxes.enumerated() {
        let local = (box.center - pivot).applying(back)
        #expect(
          abs(local.dx) < inner / 2 && abs(local.dy) < inner / 2,
          "seed \(seed), spin \(spin), frame \(frame): box \(k) at \(local) from the centre left the tumbler")
        if abs(local.dx) >= inner / 2 || abs(local.dy) >= inner / 2 { return }
      }
    }
  }

  /// A paddle moved at a steady speed into a box at rest pushes it along: the box ends ahead of the
  /// paddle, touching it (within the slop), at the paddle's speed; the paddle's item and body end each
  /// frame exactly where the item was put.
  @Test func aPaddlePushesWhatItMeets() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 600))
    let paddle = DynamicBody(center: Point(x: 100, y: 300), size: Size(width: 20, height: 200))
    let box = DynamicBody(center: Point(x: 300, y: 300), size: Size(width: 40, height: 40))
    let anchored = DynamicItemBehavior(items: [paddle])
    anchored.isAnchored = true
    let material = DynamicItemBehavior(items: [box])
    material.friction = 0
    animator.addBehavior(anchored)
    animator.addBehavior(material)
    animator.addBehavior(CollisionBehavior(items: [paddle, box]))
    let speed = 600.0  // pt/s
    for frame in 1...120 {
      paddle.center = Point(x: 100 + speed * Double(frame) / 60, y: 300)
      animator.updateItem(usingCurrentState: paddle)
      animator.advance(by: 1.0 / 60)
      let body = animator.engineProbe.body(animator.body(of: paddle)!)
      #expect(body.position == Vec2(paddle.center.x, 300), "frame \(frame): the paddle's body is off its item")
      let gap = (box.center.x - 20) - (paddle.center.x + 10)
      #expect(gap > -2 * PhysicsWorld.linearSlop, "frame \(frame): the box is \(-gap) pt inside the paddle")
      if gap < -2 * PhysicsWorld.linearSlop { return }
    }
    let v = material.linearVelocity(for: box)
    #expect(box.center.x > paddle.center.x + 25, "the box was left behind at \(box.center.x)")
    #expect(abs(v.dx - speed) < 0.1 * speed, "the box moves at \(v.dx) pt/s, the paddle at \(speed)")
  }

  /// Boxes asleep on an anchored platform wake when it starts to move, and ride it: friction brings them
  /// to its speed within a fraction of a second and they keep it, to the float: the platform moves
  /// through the relax pass of the step in which each advance's move lands (stopped before it, it
  /// braked the boxes to 117.8 pt/s at the end of every advance, and they rode 19 pt behind).
  @Test func whatSleepsOnAMovedPlatformWakesAndRides() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 800))
    let platform = DynamicBody(center: Point(x: 400, y: 500), size: Size(width: 400, height: 20))
    let boxes = (0..<3).map {
      DynamicBody(center: Point(x: 300 + Double($0) * 100, y: 470), size: Size(width: 40, height: 40))
    }
    let anchored = DynamicItemBehavior(items: [platform])
    anchored.isAnchored = true
    anchored.friction = 0.8
    let material = DynamicItemBehavior(items: boxes)
    material.friction = 0.8
    animator.addBehavior(anchored)
    animator.addBehavior(material)
    animator.addBehavior(CollisionBehavior(items: [platform] + boxes))
    animator.addBehavior(GravityBehavior(items: boxes))
    for _ in 0..<600 { animator.advance(by: 1.0 / 60) }
    #expect(!animator.isRunning, "the boxes never came to rest")
    let start = boxes.map(\.center.x)
    for frame in 1...60 {
      platform.center = Point(x: 400 + 2 * Double(frame), y: 500)
      animator.updateItem(usingCurrentState: platform)
      animator.advance(by: 1.0 / 60)
    }
    for (k, box) in boxes.enumerated() {
      #expect(
        abs(box.center.x - start[k] - 120) < 25, "box \(k) rode \(box.center.x - start[k]) pt of the platform's 120")
      let v = material.linearVelocity(for: box).dx
      #expect(abs(v - 120) < 0.01, "box \(k) moves at \(v) pt/s on a platform at 120")
    }
  }

  /// A move is exact and then stops: the body lands on the item's pose to the bit, with no velocity
  /// left; freeing an item mid-move puts it where it was sent; removing one mid-move leaves no trace.
  @Test func aMoveLandsExactlyAndEndsCleanly() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    let wall = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 50, height: 10))
    let other = DynamicBody(center: Point(x: 500, y: 100), size: Size(width: 10, height: 10))
    let anchored = DynamicItemBehavior(items: [wall])
    anchored.isAnchored = true
    animator.addBehavior(anchored)
    animator.addBehavior(CollisionBehavior(items: [wall, other]))
    wall.center = Point(x: 173.25, y: 131.5)
    wall.transform = AffineTransform(rotationAngle: 3.1)
    animator.updateItem(usingCurrentState: wall)
    animator.advance(by: 1.0 / 60)
    var body = animator.engineProbe.body(animator.body(of: wall)!)
    #expect(body.position == Vec2(173.25, 131.5))
    #expect(body.angle == wall.transform.rotationAngle)
    #expect(body.velocity == .zero && body.spin == 0)
    // Across the angle's seam: the short way round (0.2 rad), not −6.1 rad.
    wall.transform = AffineTransform(rotationAngle: -3.1)
    animator.updateItem(usingCurrentState: wall)
    animator.advance(by: 1.0 / 240)
    body = animator.engineProbe.body(animator.body(of: wall)!)
    #expect(body.angle == wall.transform.rotationAngle)
    // Freed mid-move (a 1/60 s advance would take four steps; it got none): it is where it was sent.
    wall.center = Point(x: 300, y: 200)
    animator.updateItem(usingCurrentState: wall)
    anchored.isAnchored = false
    animator.advance(by: 1.0 / 240)
    #expect(abs(animator.engineProbe.body(animator.body(of: wall)!).position.x - 300) < 1e-9)
    // Removed mid-move: nothing of the move is left in the engine.
    anchored.isAnchored = true
    wall.center = Point(x: 350, y: 250)
    animator.updateItem(usingCurrentState: wall)
    anchored.removeItem(wall)
    animator.advance(by: 1.0 / 60)
    #expect(animator.world.bodies.kinematicMoves.allSatisfy { animator.world.bodies.isLive($0.body) })
  }
}
