import Testing
import Geometry2D
@testable import Dynamics

@Suite("Collisions against closed-form physics")
struct CollisionTests {
  /// Dropped from h onto a boundary, the ball's first rebound peaks at e²·h within 3 %.
  @Test("rebound height", arguments: [0.5, 0.7, 1.0])
  func rebound(elasticity e: Double) {
    let floorY = 1000.0, h = 400.0, r = 20.0
    let b = ball(0, floorY - r - h, diameter: 2 * r)
    let collision = CollisionBehavior(items: [b])
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -500, y: floorY), to: Point(x: 500, y: floorY))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: [b]))
    animator.addBehavior(collision)
    animator.addBehavior(frictionless([b], elasticity: e))
    var bounced = false, apex = Double.infinity, lowest = -Double.infinity
    run(animator, seconds: 3, frame: 1.0 / 240) { _ in
      let y = b.center.y
      if !bounced {
        lowest = max(lowest, y)
        if y < lowest - 1 { bounced = true }
      }
      if bounced { apex = min(apex, y) }
    }
    let height = floorY - r - apex
    #expect(bounced)
    #expect(abs(height - e * e * h) / (e * e * h) < 0.03, "rebound \(height) pt, expected \(e * e * h) pt")
    #expect(lowest < floorY - r + 1, "penetrated to \(lowest)")
  }

  /// Equal items, elastic, head on: velocities swap within 2 %; momentum is conserved.
  @Test func elasticHeadOn() {
    let a = ball(0, 0), b = ball(100, 0)
    let collision = CollisionBehavior(items: [a, b])
    let material = frictionless([a, b], elasticity: 1)
    let animator = DynamicAnimator()
    animator.addBehavior(collision)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 300, dy: 0), for: a)
    material.addLinearVelocity(Vector(dx: -100, dy: 0), for: b)
    animator.advance(by: 0.5)
    let va = material.linearVelocity(for: a), vb = material.linearVelocity(for: b)
    #expect(abs(va.dx + 100) < 0.02 * 300 && abs(vb.dx - 300) < 0.02 * 300, "va \(va) vb \(vb)")
    #expect(abs(va.dx + vb.dx - 200) < 1e-6)
  }

  /// Newton's cradle: five touching balls on rigid strings, elasticity 1. The last ball leaves with at
  /// least 90 % of the striker's speed; the striker and the three in the middle keep under 5 % of it.
  @Test func newtonsCradle() {
    let d = 40.0, L = 200.0
    var balls: [DynamicBody] = []
    for i in 0..<5 { balls.append(ball(Double(i) * d, L, diameter: d)) }
    balls[0].center.x -= 5  // a small gap, so the striker arrives at speed
    let root = DynamicBehavior()
    for (i, b) in balls.enumerated() {
      root.addChildBehavior(
        AttachmentBehavior(item: b, attachedToAnchor: Point(x: Double(i) * d - (i == 0 ? 5 : 0), y: 0)))
    }
    root.addChildBehavior(GravityBehavior(items: balls))
    root.addChildBehavior(CollisionBehavior(items: balls))
    let material = frictionless(balls, elasticity: 1)
    material.allowsRotation = false
    root.addChildBehavior(material)
    let animator = DynamicAnimator()
    animator.addBehavior(root)
    let v0 = 400.0
    material.addLinearVelocity(Vector(dx: v0, dy: 0), for: balls[0])
    // The striker closes the 5 pt gap in ~12 ms; look at 50 ms.
    animator.advance(by: 0.05)
    let v = balls.map { material.linearVelocity(for: $0).dx }
    #expect(v[4] >= 0.9 * v0, "last ball \(v[4]) pt/s of \(v0)")
    for i in 0..<4 { #expect(abs(v[i]) < 0.05 * v0, "ball \(i) moves at \(v[i]) pt/s") }
  }

  /// A stack of ten 44-pt boxes on a boundary stays standing for 10 s: each box within 5 pt of where it
  /// started (the soft contacts settle about 0.35 pt each as the weight comes on, and the stack leans a
  /// fraction of a degree), tilted under 0.02 rad, and the whole stack comes to rest (the animator pauses).
  @Test func boxStackStands() {
    let floorY = 500.0
    var boxes: [DynamicBody] = []
    for i in 0..<10 { boxes.append(box(0, floorY - 22 - 44 * Double(i))) }
    let collision = CollisionBehavior(items: boxes)
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -1000, y: floorY), to: Point(x: 1000, y: floorY))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: boxes))
    animator.addBehavior(collision)
    let starts = boxes.map(\.center)
    run(animator, seconds: 10)
    #expect(!animator.isRunning)
    for (i, b) in boxes.enumerated() {
      #expect(b.center.distance(to: starts[i]) < 5, "box \(i) moved to \(b.center)")
      #expect(abs(b.transform.rotationAngle) < 0.02)
    }
  }

  /// At 5,000 pt/s a box never crosses a boundary segment (checked every step).
  @Test("no tunnelling at 5,000 pt/s", arguments: [0.0, 0.3, 1.0])
  func noTunnelling(elasticity: Double) {
    let wallX = 300.0
    let item = box(0, 0, 20, 20)
    let collision = CollisionBehavior(items: [item])
    collision.addBoundary(withIdentifier: "wall", from: Point(x: wallX, y: -100), to: Point(x: wallX, y: 100))
    let material = frictionless([item], elasticity: elasticity)
    let animator = DynamicAnimator()
    animator.addBehavior(collision)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 5000, dy: 0), for: item)
    var maxX = -Double.infinity
    run(animator, seconds: 0.5, frame: 1.0 / 240) { _ in maxX = max(maxX, item.center.x) }
    #expect(maxX < wallX - 10 + 0.5, "reached \(maxX)")
  }

  /// Reference bounds with insets become a boundary: a fast ball stays inside.
  @Test func referenceBoundsContain() {
    let b = ball(100, 100, diameter: 20)
    let collision = CollisionBehavior(items: [b])
    collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    #expect(collision.translatesReferenceBoundsIntoBoundary)
    let material = frictionless([b], elasticity: 1)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 300))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    animator.addBehavior(GravityBehavior(items: [b]))
    material.addLinearVelocity(Vector(dx: 3000, dy: -2000), for: b)
    var inside = true
    run(animator, seconds: 3) { _ in
      let c = b.center
      if c.x < 10 + 10 - 1 || c.x > 390 - 10 + 1 || c.y < 20 - 1 || c.y > 290 - 10 + 1 { inside = false }
    }
    #expect(inside)
  }

  /// The delegate hears began (with the contact point) and ended, for boundaries (with the identifier)
  /// and for item pairs.
  @Test func collisionDelegate() {
    let floorY = 300.0
    let b = ball(0, 200, diameter: 40)
    let collision = CollisionBehavior(items: [b])
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -500, y: floorY), to: Point(x: 500, y: floorY))
    #expect(collision.boundaryIdentifiers == ["floor"])
    #expect(collision.boundary(withIdentifier: "floor") != nil)
    let recorder = ContactRecorder()
    collision.collisionDelegate = recorder
    let material = frictionless([b], elasticity: 0.8)
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: [b]))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    run(animator, seconds: 0.6)
    #expect(recorder.began.count >= 1)
    if let first = recorder.began.first {
      #expect(first.0 == "floor")
      #expect(abs(first.1.y - floorY) < 2 && abs(first.1.x) < 1, "contact at \(first.1)")
    }
    #expect(recorder.ended.contains("floor"))

    // Two items meeting.
    let p = ball(0, 0), q = ball(100, 0)
    let pair = CollisionBehavior(items: [p, q])
    let pairRecorder = ContactRecorder()
    pair.collisionDelegate = pairRecorder
    let m2 = frictionless([p, q], elasticity: 1)
    let a2 = DynamicAnimator()
    a2.addBehavior(pair)
    a2.addBehavior(m2)
    m2.addLinearVelocity(Vector(dx: 200, dy: 0), for: p)
    a2.advance(by: 0.5)
    #expect(pairRecorder.itemBegan.count == 1)
    // The balls (diameter 40) meet when p's centre reaches 60: contact at x = 80.
    if let point = pairRecorder.itemBegan.first { #expect(abs(point.x - 80) < 3 && abs(point.y) < 1e-6, "at \(point)") }
    #expect(pairRecorder.itemEnded == 1)
  }

  /// Anchored items collide like walls and never move; collision modes filter what collides.
  @Test func anchoredAndModes() {
    let wall = box(200, 0, 20, 200)
    let mover = ball(0, 0)
    let anchored = DynamicItemBehavior(items: [wall])
    anchored.isAnchored = true
    let material = frictionless([mover], elasticity: 0)
    let collision = CollisionBehavior(items: [wall, mover])
    let animator = DynamicAnimator()
    animator.addBehavior(anchored)
    animator.addBehavior(material)
    animator.addBehavior(collision)
    material.addLinearVelocity(Vector(dx: 400, dy: 0), for: mover)
    animator.advance(by: 1)
    #expect(wall.center == Point(x: 200, y: 0))
    #expect(mover.center.x < 200 - 10 - 20 + 1)

    collision.collisionMode = .boundaries
    material.addLinearVelocity(Vector(dx: 400, dy: 0), for: mover)
    animator.advance(by: 1)
    #expect(mover.center.x > 250, "with .boundaries only it passes through the item")
  }

  /// A group moves and collides as one body.
  @Test func itemGroupMovesAsOne() {
    let a = box(0, 0, 40, 40), b = box(40, 0, 40, 40)
    let group = DynamicItemGroup(items: [a, b])
    #expect(group.center == Point(x: 20, y: 0) && group.bounds.size == Size(width: 80, height: 40))
    let collision = CollisionBehavior(items: [group])
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -500, y: 300), to: Point(x: 500, y: 300))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: [group]))
    animator.addBehavior(collision)
    run(animator, seconds: 2)
    #expect(abs(a.center.y - 280) < 1 && abs(b.center.y - 280) < 1, "a \(a.center) b \(b.center)")
    #expect(abs(b.center.x - a.center.x - 40) < 1e-6)
  }
}
