import Testing
import TestSupport
import Geometry2D
@testable import Dynamics

/// The write-back stores a `DynamicBody`'s centre and rotation straight into its storage and goes
/// through the accessors of any other item (`DynamicAnimator.plainBodies`). Whichever way, after every
/// advance each moving item shows its own body, and the slot table that picks the way names exactly
/// the `DynamicBody` items, whatever order items of both kinds came, went and took over freed slots.
@Suite("Write-back: every item shows its own body, DynamicBody or not")
struct WriteBackTests {
  /// An item of the user's own class: its accessors count the writes, so the test sees they are used.
  final class CountingItem: DynamicItem {
    var center: Point { didSet { centerWrites += 1 } }
    let bounds: Rect
    var transform: AffineTransform = .identity { didSet { transformWrites += 1 } }
    var centerWrites = 0, transformWrites = 0

    init(center: Point, size: Size) {
      self.center = center
      bounds = Rect(origin: .zero, size: size)
    }
  }

  /// Seeded scripts over twelve items, half `DynamicBody` and half `CountingItem`: behaviors naming
  /// random subsets (gravity, collisions, spinning, anchors) come and go, items are turned by hand,
  /// and after every advance every invariant holds.
  @Test(arguments: Array(UInt64(1)...40))
  func randomComingsAndGoingsKeepEveryItemOnItsBody(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 600, height: 400))
    let items: [any DynamicItem] = (0..<12).map { k in
      let center = Point(x: r.uniform(60, 540), y: r.uniform(60, 340))
      let size = Size(width: r.uniform(10, 40), height: r.uniform(10, 40))
      return k % 2 == 0 ? DynamicBody(center: center, size: size) : CountingItem(center: center, size: size)
    }
    var live: [DynamicBehavior] = []
    for step in 0..<120 {
      switch r.int(5) {
      case 0, 1:
        live.append(Self.randomBehavior(&r, items))
        animator.addBehavior(live[live.count - 1])
      case 2 where !live.isEmpty: animator.removeBehavior(live.remove(at: r.int(live.count)))
      case 3:
        let item = r.pick(items)
        item.transform = AffineTransform(rotationAngle: r.uniform(-3, 3))
        animator.updateItem(usingCurrentState: item)
      default: break
      }
      animator.advance(by: r.pick([1.0 / 60, 1.0 / 30, DynamicAnimator.stepDuration]))
      if let problem = Self.problem(animator) {
        Issue.record("seed \(seed), step \(step): \(problem)")
        return
      }
    }
    // The user's items moved through their own accessors.
    let counted = items.compactMap { $0 as? CountingItem }
    #expect(counted.contains { $0.centerWrites > 0 }, "seed \(seed): no CountingItem was written")
  }

  /// A behavior naming 1–4 random items.
  static func randomBehavior(_ r: inout SplitMix, _ items: [any DynamicItem]) -> DynamicBehavior {
    let named = (0..<(1 + r.int(4))).map { _ in r.pick(items) }
    let unique = named.enumerated().filter { k, item in !named[..<k].contains { $0 === item } }.map(\.element)
    switch r.int(4) {
    case 0: return GravityBehavior(items: unique)
    case 1:
      let c = CollisionBehavior(items: unique)
      c.translatesReferenceBoundsIntoBoundary = true
      return c
    case 2:
      let spin = DynamicItemBehavior(items: unique)
      for item in unique { spin.addAngularVelocity(r.uniform(-6, 6), for: item) }
      return spin
    default:
      let item = unique[0]
      return AttachmentBehavior(
        item: item, attachedToAnchor: Point(x: item.center.x + r.uniform(-30, 30), y: item.center.y))
    }
  }

  /// The first broken invariant: `plainBodies` names each slot's item exactly when it is a
  /// `DynamicBody`; each moving item's centre is its body's position, bit for bit, and its rotation the
  /// body's angle.
  static func problem(_ animator: DynamicAnimator) -> String? {
    guard animator.plainBodies.count == animator.items.count else {
      return "\(animator.plainBodies.count) plain slots for \(animator.items.count) item slots"
    }
    animator.world.settleSprings()
    let probe = animator.engineProbe
    for (i, item) in animator.items.enumerated() {
      let plain = animator.plainBodies[i]?.takeUnretainedValue()
      if plain !== (item as? DynamicBody) {
        return "slot \(i): plain body \(String(describing: plain)), item \(String(describing: item))"
      }
      guard let item, probe.body(i).isDynamic else { continue }
      let body = probe.body(i)
      if item.center.x != body.position.x || item.center.y != body.position.y {
        return "slot \(i): item at \(item.center), body at \(body.position)"
      }
      let drawn = atan2(item.transform.b, item.transform.a)
      if abs(remainder(drawn - body.angle, 2 * .pi)) > 1e-9 {
        return "slot \(i): item turned \(drawn), body \(body.angle)"
      }
    }
    return nil
  }
}

#if canImport(Glibc)
  import Glibc
#endif
