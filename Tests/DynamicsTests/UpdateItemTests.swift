import Testing
import TestSupport
import Geometry2D
@testable import Dynamics

/// `updateItem(usingCurrentState:)` finds the item's body by trying the slot after the last one it
/// found before the identity map, and writes the body in place. Whatever the guess — right, wrong,
/// stale after bodies came and went — and whatever steps the closed-form springs have pending, the
/// moved body must end exactly where the item says, keep its velocity, and the scene must go on with
/// the same bits as one where every lookup went through the map and every spring was settled first.
@Suite("updateItem: the moved body ends where the item says, same bits whatever the lookup")
struct UpdateItemTests {
  /// One scene: items on zero-length anchor springs (closed form), some also under gravity (forced
  /// springs) or colliding with each other (shapes), and spare items that come and go.
  final class Scene {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    var items: [DynamicBody] = []
    var springs: [AttachmentBehavior] = []
    var attached: [Bool] = []
    /// Items no behavior names: moving them must do nothing.
    let strangers = (0..<3).map { _ in DynamicBody(center: Point(x: 5, y: 5), size: Size(width: 10, height: 10)) }

    init(seed: UInt64) {
      var r = SplitMix(seed: seed)
      let gravity = GravityBehavior()
      let collision = CollisionBehavior()
      for i in 0..<40 {
        let (item, spring) = randomAnchoredItem(
          &r, in: Rect(x: 50, y: 50, width: 700, height: 500), size: Size(width: 30, height: 20),
          frequency: 1...6, damping: 0.3...1.2)
        animator.addBehavior(spring)
        if i % 7 == 0 { gravity.addItem(item) }
        if i % 5 == 1 { collision.addItem(item) }
        items.append(item)
        springs.append(spring)
        attached.append(true)
      }
      animator.addBehavior(gravity)
      animator.addBehavior(collision)
    }

    /// Everything two scenes must agree on, as bits.
    func state() -> [UInt64] {
      var s: [UInt64] = [animator.isRunning ? 1 : 0]
      for item in items {
        s += [item.center.x.bitPattern, item.center.y.bitPattern, item.transform.rotationAngle.bitPattern]
      }
      return s
    }
  }

  /// How the scene under test looks items up and settles springs, against the reference.
  enum Lookup {
    /// As shipped: the guess is whatever the previous call left.
    case natural
    /// The guess scrambled before every call, so most lookups go through the map or guess wrong.
    case scrambled
  }

  /// Moves `item` by `d` (turning it when `angle` is given) in `scene`; in the reference, the springs'
  /// pending steps are applied first and the guess is scrambled, so only the map can find the body.
  static func move(_ k: Int, by d: Vector, angle: Double?, in scene: Scene, _ lookup: Lookup, _ r: inout SplitMix) {
    let item = k < scene.items.count ? scene.items[k] : scene.strangers[k - scene.items.count]
    item.center = Point(x: item.center.x + d.dx, y: item.center.y + d.dy)
    if let angle { item.transform = AffineTransform(rotationAngle: angle) }
    if case .scrambled = lookup {
      scene.animator.world.settleSprings()
      scene.animator.nextMovedSlot = r.int(scene.items.count + 2)
    }
    scene.animator.updateItem(usingCurrentState: item)
  }

  /// After a move: the body is where the item is, at the item's angle, even once the springs' pending
  /// steps are applied; and its velocity is the one it had.
  static func expectPlaced(_ item: DynamicBody, in animator: DynamicAnimator, velocityBefore: Vec2?, _ context: String)
  {
    guard let i = animator.bodyIndex[item].map(Int.init) else { return }
    animator.world.settleSprings()
    let b = animator.engineProbe.body(i)
    #expect(b.position == Vec2(item.center.x, item.center.y), "\(context): the body is not where the item says")
    let a = item.transform.b == 0 && item.transform.a > 0 ? 0 : item.transform.rotationAngle
    #expect(b.angle == a, "\(context): the body is not at the item's angle")
    if let v = velocityBefore {
      #expect(b.velocity == v, "\(context): the move changed the velocity")
    }
  }

  @Test(
    "random moves, behaviors and steps: same bits as the map-only reference",
    arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func sameBitsAsMapOnly(seed: UInt64) {
    let shipped = Scene(seed: seed), reference = Scene(seed: seed)
    var r = SplitMix(seed: seed &* 104_729)
    var scramble = SplitMix(seed: seed &+ 17)
    var guessedRight = 0, movedWithStepsPending = 0
    for frame in 0..<400 {
      let context = "seed \(seed), frame \(frame)"
      switch r.int(10) {
      case 0...3:
        // A sweep in the order the items were added (the guess's case), or backwards, or shuffled.
        var order = Array(0..<shipped.items.count)
        switch r.int(3) {
        case 0: break
        case 1: order.reverse()
        default:
          for j in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(j, r.int(j + 1)) }
        }
        let turn = r.chance(0.2)
        for k in order where r.chance(0.9) {
          let d = Vector(dx: r.uniform(-4, 4), dy: r.uniform(-4, 4))
          let angle = turn ? r.uniform(-3, 3) : nil
          let item = shipped.items[k]
          let v = Self.velocityIfSettled(of: item, in: shipped.animator)
          if shipped.animator.nextMovedSlot == shipped.animator.bodyIndex[item].map(Int.init) { guessedRight += 1 }
          if shipped.animator.engineProbe.pendingSpringSteps > 0 { movedWithStepsPending += 1 }
          Self.move(k, by: d, angle: angle, in: shipped, .natural, &scramble)
          Self.move(k, by: d, angle: angle, in: reference, .scrambled, &scramble)
          Self.expectPlaced(item, in: shipped.animator, velocityBefore: v, context)
        }
      case 4:
        // A lone move: any item, a stranger, or one whose spring was taken away.
        let k = r.int(shipped.items.count + shipped.strangers.count)
        let d = Vector(dx: r.uniform(-30, 30), dy: r.uniform(-30, 30))
        Self.move(k, by: d, angle: nil, in: shipped, .natural, &scramble)
        Self.move(k, by: d, angle: nil, in: reference, .scrambled, &scramble)
        if k < shipped.items.count {
          Self.expectPlaced(shipped.items[k], in: shipped.animator, velocityBefore: nil, context)
        }
      case 5:
        // A spring leaves or comes back: bodies go, slots are reused, guesses go stale.
        let k = r.int(shipped.items.count)
        for scene in [shipped, reference] {
          if scene.attached[k] {
            scene.animator.removeBehavior(scene.springs[k])
          } else {
            scene.animator.addBehavior(scene.springs[k])
          }
          scene.attached[k].toggle()
        }
      case 6:
        // Steps taken but not yet written (as inside an advance): the closed-form springs have steps
        // pending when the next move comes.
        for _ in 0..<(1 + r.int(3)) {
          shipped.animator.step()
          reference.animator.step()
        }
      default:
        let dt = r.chance(0.8) ? 1.0 / 60 : r.pick([1.0 / 240, 0.25, r.uniform(0, 0.05)])
        shipped.animator.advance(by: dt)
        reference.animator.advance(by: dt)
      }
      let a = shipped.state(), b = reference.state()
      if let k = a.indices.first(where: { a[$0] != b[$0] }) {
        Issue.record("\(context): the scenes differ, first at number \(k) of their state")
        return
      }
    }
    #expect(guessedRight > 500, "seed \(seed): the guess was right only \(guessedRight) times, so it went untested")
    #expect(movedWithStepsPending > 0, "seed \(seed): no move came with spring steps pending")
  }

  /// The velocity of `item`'s body, when it has one and no spring steps are pending (settling here
  /// would leave the move nothing pending to apply).
  static func velocityIfSettled(of item: DynamicBody, in animator: DynamicAnimator) -> Vec2? {
    guard let i = animator.bodyIndex[item], animator.engineProbe.pendingSpringSteps == 0 else { return nil }
    return animator.engineProbe.body(i).velocity
  }

  /// A spring body moved while its steps are pending ends where the item says: the steps it had
  /// pending are applied from where it was, not from where it was put.
  @Test func pendingStepsAreAppliedBeforeTheMove() {
    let item = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let twin = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let late = DynamicAnimator(), settled = DynamicAnimator()
    for (animator, body) in [(late, item), (settled, twin)] {
      let spring = AttachmentBehavior(item: body, attachedToAnchor: Point(x: 0, y: 0))
      spring.length = 0
      spring.frequency = 2
      spring.damping = 0.4
      animator.addBehavior(spring)
      animator.advance(by: 1.0 / 60)
      for _ in 0..<3 { animator.step() }
    }
    #expect(late.engineProbe.pendingSpringSteps > 0)
    settled.world.settleSprings()
    for (animator, body) in [(late, item), (settled, twin)] {
      body.center = Point(x: 300, y: -40)
      animator.updateItem(usingCurrentState: body)
    }
    Self.expectPlaced(item, in: late, velocityBefore: nil, "pending steps")
    #expect(late.engineProbe.body(0).velocity == settled.engineProbe.body(0).velocity)
    late.advance(by: 0.5)
    settled.advance(by: 0.5)
    #expect(item.center == twin.center)
  }

  /// The one-comparison finiteness check refuses ±∞ and NaN in any of the eight numbers and accepts
  /// every finite value, the largest and negative zero included.
  @Test func finitenessCheckCoversEveryNumber() {
    let c = Point(x: 3, y: -4), t = AffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 7, ty: -8)
    #expect(Validate.isFinite(c, t))
    for bad in [Double.infinity, -.infinity, .nan] {
      for k in 0..<8 {
        var p = c, m = t
        switch k {
        case 0: p.x = bad
        case 1: p.y = bad
        case 2: m.a = bad
        case 3: m.b = bad
        case 4: m.c = bad
        case 5: m.d = bad
        case 6: m.tx = bad
        default: m.ty = bad
        }
        #expect(!Validate.isFinite(p, m), "\(bad) in number \(k) was taken as finite")
      }
    }
    let big = Double.greatestFiniteMagnitude
    #expect(
      Validate.isFinite(
        Point(x: big, y: -big), AffineTransform(a: big, b: -big, c: -0.0, d: .leastNonzeroMagnitude, tx: big, ty: -big))
    )
  }

  /// A non-finite transform is refused at the call, as a non-finite centre is.
  @Test func nonFiniteTransformStops() async {
    await #expect(processExitsWith: .failure) {
      let item = DynamicBody(center: .zero, size: Size(width: 10, height: 10))
      let animator = DynamicAnimator()
      animator.addBehavior(GravityBehavior(items: [item]))
      item.transform.ty = .nan
      animator.updateItem(usingCurrentState: item)
    }
  }

  /// DynamicBody's accessors read and write what they stored, through every kind of access.
  @Test func dynamicBodyAccessors() {
    let body = DynamicBody(center: Point(x: 1, y: 2), size: Size(width: 3, height: 4))
    body.center.y += 5
    body.center = Point(x: body.center.x * 2, y: body.center.y)
    body.transform = AffineTransform(rotationAngle: 0.25)
    body.transform.tx = 9
    #expect(body.center == Point(x: 2, y: 7))
    #expect(body.transform.tx == 9 && body.angle == AffineTransform(rotationAngle: 0.25).rotationAngle)
    let item: any DynamicItem = body
    item.center.x = -1
    #expect(body.center == Point(x: -1, y: 7))
  }
}
