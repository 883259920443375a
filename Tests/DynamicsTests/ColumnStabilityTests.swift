import Geometry2D
import TestSupport
import Testing
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// A tall column of boxes standing on one another stands: the rocking its landing starts dies away.
/// Box2D v3.1 let the same column buckle within two seconds (a normal that turned with the body whose
/// face made it pushed where that body leaned); Box2D main, holding a carried contact's manifold still,
/// keeps it standing, and so does this engine (`ManifoldFrame`).
@Suite struct ColumnStabilityTests {
  /// Seeded: 30 boxes of 44 pt, each up to 4 pt off the column's line, set down on the floor one on
  /// another (1 pt apart, so the column settles as it starts), kept awake for 4 s. No box turns more
  /// than 0.1 rad or strays half its width sideways, and the column keeps its height.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func aColumnOfThirtyBoxesStands(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let count = 30, size = 44.0
    let height = Double(count) * (size + 1) + 100
    let boxes = (0..<count).map { k in
      box(300 + r.uniform(-4, 4), height - size / 2 - Double(k) * (size + 1), size, size)
    }
    let start = boxes.map(\.center)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 600, height: height))
    animator.allowsSleeping = false
    let collision = CollisionBehavior(items: boxes)
    collision.translatesReferenceBoundsIntoBoundary = true
    let material = DynamicItemBehavior(items: boxes)
    material.friction = 0.6
    animator.addBehavior(GravityBehavior(items: boxes))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    var worstTurn = 0.0, worstStray = 0.0
    run(animator, seconds: 4) { _ in
      for (k, b) in boxes.enumerated() {
        worstTurn = max(worstTurn, abs(atan2(b.transform.b, b.transform.a)))
        worstStray = max(worstStray, abs(b.center.x - start[k].x))
      }
    }
    #expect(worstTurn < 0.1, "seed \(seed): a box turned \(worstTurn) rad")
    #expect(worstStray < size / 2, "seed \(seed): a box strayed \(worstStray) pt sideways")
    // Standing: the top box is as high above the bottom one as the boxes between, less 2 pt a contact.
    let rise = boxes[0].center.y - boxes[count - 1].center.y, least = Double(count - 1) * (size - 2)
    #expect(rise > least, "seed \(seed): the top box is \(rise) pt above the bottom one, not \(least)")
  }
}
