import Testing
import Geometry2D
@testable import Dynamics

@Suite("The animator: time, rest, composition, misuse")
struct AnimatorTests {
  /// A scene with every kind of work: a pile with collisions, springs (closed form and solver), a pin.
  static func scene() -> (DynamicAnimator, [DynamicBody]) {
    var bodies: [DynamicBody] = []
    for i in 0..<24 { bodies.append(box(Double(i % 6) * 50 + Double(i / 6) * 3, Double(i / 6) * 50, 40, 40)) }
    let collision = CollisionBehavior(items: bodies)
    collision.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
    let animator = DynamicAnimator(referenceBounds: Rect(x: -50, y: -300, width: 400, height: 600))
    animator.addBehavior(GravityBehavior(items: bodies))
    animator.addBehavior(collision)
    let material = DynamicItemBehavior(items: bodies)
    material.elasticity = 0.5
    animator.addBehavior(material)
    let springy = box(500, 0, 44, 44)
    let spring = AttachmentBehavior(item: springy, attachedToAnchor: Point(x: 520, y: 30))
    spring.length = 0
    spring.frequency = 1
    spring.damping = 0.3
    animator.addBehavior(spring)
    let a = box(700, 0), b = box(760, 0)
    animator.addBehavior(
      AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 730, y: 0)))
    animator.addBehavior(GravityBehavior(items: [a, b]))
    return (animator, bodies + [springy, a, b])
  }

  static func state(_ bodies: [DynamicBody]) -> [UInt64] {
    bodies.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.transform.rotationAngle.bitPattern] }
  }

  /// Same calls, different frame slicing: identical bits.
  @Test func frameSlicingDoesNotMatter() {
    let (a1, b1) = AnimatorTests.scene()
    for _ in 0..<60 { a1.advance(by: 1.0 / 60) }
    let (a2, b2) = AnimatorTests.scene()
    a2.advance(by: 1)
    #expect(AnimatorTests.state(b1) == AnimatorTests.state(b2))

    let (a3, b3) = AnimatorTests.scene()
    for _ in 0..<30 { a3.advance(by: 1.0 / 30) }
    let (a4, b4) = AnimatorTests.scene()
    for _ in 0..<144 { a4.advance(by: 1.0 / 144) }
    #expect(AnimatorTests.state(b3) == AnimatorTests.state(b4))
    #expect(AnimatorTests.state(b3) == AnimatorTests.state(b1))
    #expect(a1.elapsedTime == a4.elapsedTime)
  }

  /// Pauses once everything rests (delegate called), resumes on a change.
  @Test func pauseAndResume() {
    let item = box(0, 0)
    let collision = CollisionBehavior(items: [item])
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -100, y: 100), to: Point(x: 100, y: 100))
    let animator = DynamicAnimator()
    let recorder = PauseRecorder()
    animator.delegate = recorder
    #expect(!animator.isRunning)
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.addBehavior(collision)
    #expect(animator.isRunning)
    run(animator, seconds: 5)
    #expect(!animator.isRunning)
    #expect(recorder.pauses == 1)
    let y = item.center.y
    let elapsed = animator.elapsedTime
    animator.advance(by: 1)
    #expect(item.center.y == y && animator.elapsedTime == elapsed)

    let push = PushBehavior(items: [item], mode: .instantaneous)
    push.pushDirection = Vector(dx: 0, dy: -5)
    let resumesBefore = recorder.resumes
    animator.addBehavior(push)
    #expect(animator.isRunning)
    #expect(recorder.resumes == resumesBefore + 1)
    animator.advance(by: 0.1)
    #expect(item.center.y < y - 10)
  }

  /// `action` runs after every fixed step, and sees the items' new state.
  @Test func actionAfterEveryStep() {
    let item = box(0, 0)
    let gravity = GravityBehavior(items: [item])
    var calls = 0
    var lastY = 0.0, sawMotion = true
    gravity.action = {
      calls += 1
      if item.center.y <= lastY { sawMotion = false }
      lastY = item.center.y
    }
    let animator = DynamicAnimator()
    animator.addBehavior(gravity)
    animator.advance(by: 0.5)
    #expect(calls == 120)
    #expect(sawMotion)
  }

  /// A composite behavior brings its children; removing it takes them away.
  @Test func compositeBehaviors() {
    final class Falling: DynamicBehavior {
      var moves: [DynamicAnimator?] = []
      init(item: DynamicBody) {
        super.init()
        addChildBehavior(GravityBehavior(items: [item]))
        addChildBehavior(DynamicItemBehavior(items: [item]))
      }
      override func willMove(to dynamicAnimator: DynamicAnimator?) { moves.append(dynamicAnimator) }
    }
    let item = box(0, 0)
    let falling = Falling(item: item)
    let animator = DynamicAnimator()
    animator.addBehavior(falling)
    #expect(falling.moves.count == 1 && falling.moves[0] === animator)
    #expect(falling.childBehaviors.allSatisfy { $0.dynamicAnimator === animator })
    animator.advance(by: 0.5)
    #expect(item.center.y > 100)
    // A child added later joins too.
    let push = PushBehavior(items: [item], mode: .continuous)
    falling.addChildBehavior(push)
    #expect(push.dynamicAnimator === animator)
    falling.removeChildBehavior(push)
    #expect(push.dynamicAnimator == nil)
    animator.removeBehavior(falling)
    #expect(falling.moves.count == 2 && falling.moves[1] == nil)
    #expect(falling.childBehaviors.allSatisfy { $0.dynamicAnimator == nil })
    #expect(animator.items(in: .infinite).isEmpty)
  }

  /// The documented non-crashing misuse: duplicates ignored, removing absent things does nothing.
  @Test func misuseIsIgnored() {
    let item = box(0, 0)
    let gravity = GravityBehavior(items: [item, item])
    #expect(gravity.items.count == 1)
    gravity.addItem(item)
    #expect(gravity.items.count == 1)
    gravity.removeItem(box(1, 1))
    let animator = DynamicAnimator()
    animator.addBehavior(gravity)
    animator.addBehavior(gravity)
    #expect(animator.behaviors.count == 1)
    animator.removeBehavior(PushBehavior(items: [], mode: .continuous))
    #expect(animator.behaviors.count == 1)
    gravity.addChildBehavior(gravity)
    #expect(gravity.childBehaviors.isEmpty)
    gravity.removeChildBehavior(DynamicBehavior())
    let collision = CollisionBehavior()
    collision.removeBoundary(withIdentifier: "none")
    collision.addBoundary(withIdentifier: "a", from: .zero, to: Point(x: 1, y: 0))
    collision.addBoundary(withIdentifier: "a", from: .zero, to: Point(x: 2, y: 0))
    #expect(collision.boundaryIdentifiers == ["a"])
    animator.updateItem(usingCurrentState: box(5, 5))
    animator.removeAllBehaviors()
    #expect(animator.behaviors.isEmpty && gravity.dynamicAnimator == nil)
  }

  /// Misuse that must stop: a behavior in a second animator, a zero-size item, NaN parameters.
  @Test func misuseStops() async {
    await #expect(processExitsWith: .failure) {
      let g = GravityBehavior()
      let first = DynamicAnimator()
      first.addBehavior(g)
      DynamicAnimator().addBehavior(g)
      withExtendedLifetime(first) {}
    }
    await #expect(processExitsWith: .failure) {
      _ = GravityBehavior(items: [DynamicBody(center: .zero, size: .zero)])
    }
    await #expect(processExitsWith: .failure) {
      let p = PushBehavior(items: [], mode: .continuous)
      p.magnitude = .nan
    }
  }

  /// items(in:) and updateItem(usingCurrentState:).
  @Test func itemsInRectAndUpdate() {
    let a = box(0, 0), b = box(1000, 0)
    let spring = AttachmentBehavior(item: a, attachedToAnchor: .zero)
    spring.frequency = 1
    spring.damping = 0.5
    let animator = DynamicAnimator()
    animator.addBehavior(spring)
    animator.addBehavior(GravityBehavior(items: [b]))
    let found = animator.items(in: Rect(x: -50, y: -50, width: 100, height: 100))
    #expect(found.count == 1 && found[0] === a)
    // Move the item away, tell the animator; the spring pulls it back from there.
    a.center = Point(x: 0, y: 100)
    animator.updateItem(usingCurrentState: a)
    animator.advance(by: 1.0 / 60)
    #expect(a.center.y > 50 && a.center.y < 100)
  }

  /// The debug drawing lists bodies, attachments, snap points, boundaries and contacts.
  @Test func debugDrawing() {
    let a = box(0, 80), s = box(200, 0), p = box(400, 0)
    let collision = CollisionBehavior(items: [a])
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -100, y: 102), to: Point(x: 100, y: 102))
    let animator = DynamicAnimator()
    animator.addBehavior(collision)
    animator.addBehavior(GravityBehavior(items: [a]))
    animator.addBehavior(AttachmentBehavior(item: s, attachedToAnchor: Point(x: 200, y: -50)))
    animator.addBehavior(SnapBehavior(item: p, snapTo: Point(x: 420, y: 0)))
    #expect(animator.debugDrawing().bodies.isEmpty)
    animator.isDebugEnabled = true
    animator.advance(by: 0.2)
    let d = animator.debugDrawing()
    #expect(d.bodies.count == 3)
    #expect(d.attachments.count == 1 && d.attachments[0].fromIsAnchor)
    #expect(d.snapPoints == [Point(x: 420, y: 0)])
    #expect(d.boundaries.count == 1)
    #expect(!d.contacts.isEmpty && d.contacts.allSatisfy { abs($0.normal.dy - 1) < 1e-6 })
  }

  /// The fields hook: a behavior's applyForces sees position, velocity, mass, charge and time.
  @Test func forceHookSeesCharge() {
    final class Electric: DynamicBehavior {
      let item: DynamicBody
      var sawCharge = 0.0
      init(item: DynamicBody) { self.item = item }
      override var engineItems: [any DynamicItem] { [item] }
      override var appliesForces: Bool { true }
      override func applyForces(to world: inout PhysicsWorld) {
        for i in bodyIndices {
          let s = world.forceSample(of: i)
          sawCharge = s.charge
          world.addForce(Vector(dx: 100 * s.charge, dy: 0), to: i)
        }
      }
    }
    let item = box(0, 0, 100, 100)
    let field = Electric(item: item)
    let material = frictionless([item])
    material.charge = 2
    let animator = DynamicAnimator()
    animator.addBehavior(material)
    animator.addBehavior(field)
    animator.advance(by: 1)
    #expect(field.sawCharge == 2)
    #expect(abs(material.linearVelocity(for: item).dx - 200) < 1e-6)
  }

  /// Sleep is per island: a box resting on its own sleeps (is neither integrated nor solved) while another
  /// box elsewhere keeps the animator running; a velocity written to the sleeper wakes it, and a box that
  /// slides into a sleeping one wakes it too.
  @Test func islandsSleepApart() {
    let floorY = 300.0
    let resting = box(0, floorY - 22), nudged = box(600, floorY - 22), target = box(200, floorY - 22)
    let items = [resting, nudged, target]
    let collision = CollisionBehavior(items: items)
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -1000, y: floorY), to: Point(x: 1000, y: floorY))
    let material = DynamicItemBehavior(items: items)
    material.friction = 0.5
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: items))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    // Re-reading the nudged box every frame keeps its island awake, and the animator running.
    run(animator, seconds: 3) { _ in animator.updateItem(usingCurrentState: nudged) }
    let r = Int(animator.body(of: resting)!), n = Int(animator.body(of: nudged)!), t = Int(animator.body(of: target)!)
    #expect(animator.isRunning)
    #expect(animator.engineProbe.body(r).isAsleep && animator.engineProbe.body(t).isAsleep)
    #expect(!animator.engineProbe.body(n).isAsleep)
    let y = resting.center.y
    run(animator, seconds: 0.5) { _ in animator.updateItem(usingCurrentState: nudged) }
    #expect(resting.center.y == y)
    // A velocity wakes the sleeper; it slides into the other sleeping box and wakes it.
    material.addLinearVelocity(Vector(dx: 700, dy: 0), for: resting)
    #expect(!animator.engineProbe.body(r).isAsleep)
    let x = target.center.x
    run(animator, seconds: 1) { _ in animator.updateItem(usingCurrentState: nudged) }
    #expect(resting.center.x > 100)
    #expect(target.center.x > x + 1)
    #expect(abs(resting.center.y - y) < 1)
  }
}
