import Testing
import TestSupport
import Geometry2D
@testable import Dynamics

/// Behaviors reach their joints through generation-checked handles (`docs/architecture.md`, "The engine's rooms"): a handle names its own
/// joint while it lives, whatever else joins or leaves, and once the joint is destroyed the handle is
/// stale for good (its id's generation moved on), even after the id names another joint.
@Suite("Joint handles")
struct JointHandleTests {
  @Test func aHandleOutlivesOtherChangesAndGoesStaleWithItsJoint() {
    let animator = DynamicAnimator()
    let a = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let b = DynamicBody(center: Point(x: 300, y: 100), size: Size(width: 20, height: 20))
    let pinA = AttachmentBehavior(item: a, attachedToAnchor: Point(x: 100, y: 50))
    pinA.length = 50
    animator.addBehavior(pinA)
    animator.advance(by: 1.0 / 60)
    let handleA = try! #require(pinA.jointHandle)
    // A second attachment joins: the first one's handle still names its own row.
    let pinB = AttachmentBehavior(item: b, attachedToAnchor: Point(x: 300, y: 50))
    pinB.length = 50
    animator.addBehavior(pinB)
    animator.advance(by: 1.0 / 60)
    #expect(
      pinA.jointHandle == handleA && animator.engineProbe.isCurrent(handleA),
      "another joint's arrival moved this one's handle")
    let handleB = try! #require(pinB.jointHandle)
    #expect(handleA != handleB)
    animator.world.setAnchor(of: handleB, to: Vec2(310, 40))
    #expect(animator.engineProbe.joint(handleB)!.anchorA == Vec2(310, 40))
    #expect(animator.engineProbe.joint(handleA)!.anchorA == Vec2(100, 50))
    // Removed, the first joint's handle is stale; its id handed to a new joint does not revive it.
    animator.removeBehavior(pinA)
    animator.advance(by: 1.0 / 60)
    let pinC = AttachmentBehavior(item: a, attachedToAnchor: Point(x: 120, y: 60))
    pinC.length = 40
    animator.addBehavior(pinC)
    animator.advance(by: 1.0 / 60)
    let handleC = try! #require(pinC.jointHandle)
    #expect(handleC.index == handleA.index && handleC.generation != handleA.generation, "the freed id was not reused")
    #expect(!animator.engineProbe.isCurrent(handleA), "a destroyed joint's handle is current")
    let rowsBefore = animator.engineProbe.joints.map(\.anchorA)
    animator.world.setAnchor(of: handleA, to: Vec2(-999, -999))
    #expect(animator.engineProbe.joints.map(\.anchorA) == rowsBefore, "a stale handle wrote a row")
  }

  /// Random sequences of attachments and snaps added, moved and removed: after every change, each
  /// behavior in the animator holds a current handle to a row (or spring) that names its own item's body
  /// and its own anchor, and every removed behavior holds none.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomChangesKeepEveryHandleOnItsOwnJoint(seed: UInt64) {
    var random = SceneRandom(state: seed)
    let animator = DynamicAnimator()
    let items = (0..<6).map {
      DynamicBody(center: Point(x: 60 + 80 * Double($0), y: 200), size: Size(width: 30, height: 30))
    }
    var live: [(behavior: DynamicBehavior, item: DynamicBody, anchor: Point)] = []
    var removed: [DynamicBehavior] = []
    for step in 0..<120 {
      let roll = random.unit()
      if roll < 0.45 || live.isEmpty {
        let item = items[Int(random.unit() * Double(items.count))]
        let anchor = Point(x: random.unit() * 500, y: random.unit() * 300)
        let behavior: DynamicBehavior
        if random.unit() < 0.5 {
          let attachment = AttachmentBehavior(item: item, attachedToAnchor: anchor)
          attachment.length = random.unit() < 0.5 ? 0 : 40
          attachment.frequency = random.unit() < 0.5 ? 0 : 2
          behavior = attachment
        } else {
          behavior = SnapBehavior(item: item, snapTo: anchor)
        }
        animator.addBehavior(behavior)
        live.append((behavior, item, anchor))
      } else if roll < 0.75 {
        let k = Int(random.unit() * Double(live.count))
        let anchor = Point(x: random.unit() * 500, y: random.unit() * 300)
        if let attachment = live[k].behavior as? AttachmentBehavior { attachment.anchorPoint = anchor }
        if let snap = live[k].behavior as? SnapBehavior { snap.snapPoint = anchor }
        live[k].anchor = anchor
      } else {
        let k = Int(random.unit() * Double(live.count))
        animator.removeBehavior(live[k].behavior)
        removed.append(live.remove(at: k).behavior)
      }
      animator.advance(by: 1.0 / 60)
      check(animator, live, removed, "seed \(seed), step \(step)")
    }
  }

  func check(
    _ animator: DynamicAnimator, _ live: [(behavior: DynamicBehavior, item: DynamicBody, anchor: Point)],
    _ removed: [DynamicBehavior], _ label: String
  ) {
    let probe = animator.engineProbe
    for (behavior, item, anchor) in live {
      guard let handle = behavior.jointHandle else {
        Issue.record("\(label): a live behavior has no handle")
        continue
      }
      let current = probe.isCurrent(handle)
      #expect(current, "\(label): a live behavior's handle is stale")
      let body = animator.bodyIndex[item]
      let target = Vec2(anchor.x, anchor.y)
      guard let joint = probe.joint(handle) else {
        Issue.record("\(label): a live behavior's joint is not placed")
        continue
      }
      switch joint.solving {
      case .solverRow, .exactSpringRow:
        let row = joint
        #expect(row.bodyB == body, "\(label): the handle's row is another item's")
        // A rigid row follows a move over the advance; after it, the row is at the anchor.
        #expect(
          abs(row.anchorA.x - target.x) < 1e-9 && abs(row.anchorA.y - target.y) < 1e-9,
          "\(label): row anchor \(row.anchorA) ≠ \(target)")
      case .anchorSpring:
        let spring = joint
        #expect(spring.bodyB == body, "\(label): the handle's spring is another item's")
        #expect(spring.anchorA == target, "\(label): spring anchor \(spring.anchorA) ≠ \(target)")
      }
    }
    for behavior in removed {
      #expect(behavior.jointHandle == nil, "\(label): a removed behavior kept a handle")
    }
  }
}
