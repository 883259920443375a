import Testing
import Geometry2D
import TestSupport
@testable import Dynamics

/// The incremental world (issue 12, "Structure"): behaviors joining, leaving and changing cost what
/// they touch, and the world they leave is the world the same behavior tree would build from scratch.
@Suite("Incremental world")
struct IncrementalWorldTests {
  /// Seeded random sequences of behaviors added (some as children) and removed, items added and
  /// removed, properties changed, interleaved with steps: after every change every invariant holds
  /// (`IncrementalWorldInvariants`), and after every step the live items sit on their bodies.
  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func randomChangesKeepEveryInvariant(seed: UInt64) {
    let recipe = WorldRecipe(seed: seed)
    for n in 0..<150 {
      let what = recipe.change()
      let problems = IncrementalWorldInvariants.problems(recipe.animator, removed: recipe.removed)
      if !problems.isEmpty {
        Issue.record("seed \(seed), change \(n) (\(what)): \(problems.prefix(4).joined(separator: "; "))")
        return
      }
      if recipe.random.chance(0.5) {
        recipe.animator.advance(by: recipe.random.pick([DynamicAnimator.stepDuration, 1.0 / 60, 1.0 / 30]))
        if let problem = itemsOffTheirBodies(recipe.animator) {
          Issue.record("seed \(seed), after change \(n): \(problem)")
          return
        }
      }
    }
  }

  /// A dynamic item's centre is its body's position after an advance (the write-back), and no body
  /// belongs to an item outside the tree.
  func itemsOffTheirBodies(_ animator: DynamicAnimator) -> String? {
    animator.world.settleSprings()
    let probe = animator.engineProbe
    for (i, item) in animator.items.enumerated() {
      guard let item, probe.body(i).isDynamic else { continue }
      let p = probe.body(i).position
      if p.x != item.center.x || p.y != item.center.y { return "item on body \(i) at \(item.center), body at \(p)" }
    }
    return nil
  }

  /// After a random sequence of changes and steps, a fresh animator built from the same tree (same
  /// items in the same state) has the same bodies, materials, collision pairs and joints, and moves
  /// the items the same way: positions agree within a tolerance after a quarter second (not bit for bit:
  /// the bodies' order, and so the solve order, differ, and the incremental world keeps its warm starts).
  @Test(arguments: [21, 22, 23, 24, 25, 26, 27, 28] as [UInt64])
  func incrementalWorldBehavesLikeAFreshOne(seed: UInt64) {
    let recipe = WorldRecipe(seed: seed, oneJointPerItem: true)
    for _ in 0..<60 {
      recipe.change()
      if recipe.random.chance(0.4) { recipe.animator.advance(by: 1.0 / 60) }
    }
    recipe.animator.applyPendingChanges()
    let (fresh, freshItems) = recipe.buildFresh()
    let a = recipe.animator
    // Both start awake from the same state: no contact history (a contact that is not new gets no
    // restitution impulse), no warm starts, a collision pass first.
    a.wake()
    a.world.resetSleep()
    a.world.forgetContactsAndWarmStarts()
    for problem in sameStructure(a, recipe.items, fresh, freshItems) {
      Issue.record("seed \(seed): \(problem)")
    }
    for _ in 0..<15 {
      a.advance(by: 1.0 / 60)
      fresh.advance(by: 1.0 / 60)
    }
    var worst = 0.0
    for (k, item) in recipe.items.enumerated() {
      let dx = item.center.x - freshItems[k].center.x, dy = item.center.y - freshItems[k].center.y
      let d = (dx * dx + dy * dy).squareRoot()
      worst = max(worst, d)
    }
    #expect(worst < 0.5, "seed \(seed): an item is \(worst) pt from its fresh twin after 0.25 s")
  }

  /// Bodies, materials, which pairs may collide and with boundaries, and the joints (kind, bodies,
  /// store), compared item by item.
  func sameStructure(_ a: DynamicAnimator, _ itemsA: [DynamicBody], _ b: DynamicAnimator, _ itemsB: [DynamicBody])
    -> [String]
  {
    var out: [String] = []
    let probeA = a.engineProbe, probeB = b.engineProbe
    if probeA.liveBodyCount != probeB.liveBodyCount { out.append("body counts differ") }
    let slotsA = itemsA.map { a.bodyIndex[$0] }, slotsB = itemsB.map { b.bodyIndex[$0] }
    for k in itemsA.indices {
      guard let i = slotsA[k], let j = slotsB[k] else {
        if (slotsA[k] == nil) != (slotsB[k] == nil) { out.append("item \(k) has a body in one world only") }
        continue
      }
      if probeA.body(i).material != probeB.body(j).material { out.append("item \(k): materials differ") }
      if (probeA.body(i).boundaryCollisionMask != 0) != (probeB.body(j).boundaryCollisionMask != 0) {
        out.append("item \(k): boundary collision differs")
      }
      for n in itemsA.indices where n > k {
        guard let i2 = slotsA[n], let j2 = slotsB[n] else { continue }
        let pairA = probeA.body(i).itemCollisionMask & probeA.body(i2).itemCollisionMask != 0
        let pairB = probeB.body(j).itemCollisionMask & probeB.body(j2).itemCollisionMask != 0
        if pairA != pairB { out.append("items \(k), \(n): collide in one world only") }
      }
    }
    func joints(_ w: DynamicAnimator, _ slots: [Int32?]) -> [String] {
      func item(_ i: Int32) -> Int { i < 0 ? -1 : slots.firstIndex(of: i)! }
      return w.engineProbe.joints.map { j in
        j.solving == .anchorSpring
          ? "spring \(item(j.bodyB))"
          : "row \(j.kind) \(item(j.bodyA))-\(item(j.bodyB)) exact \(j.solving == .exactSpringRow)"
      }.sorted()
    }
    if joints(a, slotsA) != joints(b, slotsB) {
      out.append("joints differ: \(joints(a, slotsA)) vs \(joints(b, slotsB))")
    }
    return out
  }

  /// Adding and removing one attachment in a world of many bodies creates and configures no other
  /// body and places only its own joint: the work of a change does not grow with the world.
  @Test func oneAttachmentInABigWorldTouchesConstantWork() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
    let items = (0..<600).map { k in
      DynamicBody(
        center: Point(x: 20 + 40 * Double(k % 40), y: 20 + 40 * Double(k / 40)), size: Size(width: 20, height: 20))
    }
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(GravityBehavior(items: items))
    animator.addBehavior(collision)
    animator.advance(by: 1.0 / 60)
    let before = animator.engineProbe.changeCounts
    let drag = AttachmentBehavior(item: items[300], attachedToAnchor: Point(x: 500, y: 100))
    animator.addBehavior(drag)
    animator.advance(by: 1.0 / 60)
    animator.removeBehavior(drag)
    animator.advance(by: 1.0 / 60)
    var counts = animator.engineProbe.changeCounts
    #expect(
      counts.bodiesCreated == before.bodiesCreated && counts.bodiesConfigured == before.bodiesConfigured
        && counts.shapesCreated == before.shapesCreated, "\(counts) after \(before)")
    #expect(
      counts.jointsPlaced - before.jointsPlaced <= 2, "\(counts.jointsPlaced - before.jointsPlaced) joints placed")
    // An attachment naming a new item makes exactly that item's body.
    let newcomer = DynamicBody(center: Point(x: 1900, y: 1900), size: Size(width: 20, height: 20))
    let spring = AttachmentBehavior(item: newcomer, attachedToAnchor: Point(x: 1900, y: 1900))
    spring.frequency = 2
    animator.addBehavior(spring)
    animator.advance(by: 1.0 / 60)
    let after = animator.engineProbe.changeCounts
    #expect(
      after.bodiesCreated == counts.bodiesCreated + 1 && after.bodiesConfigured == counts.bodiesConfigured + 1
        && after.shapesCreated == counts.shapesCreated && after.jointsPlaced == counts.jointsPlaced + 1,
      "\(after) after \(counts)")
    counts = after
    animator.removeBehavior(spring)
    animator.advance(by: 1.0 / 60)
    #expect(animator.engineProbe.changeCounts.bodiesDestroyed == counts.bodiesDestroyed + 1)
    #expect(animator.bodyIndex[newcomer] == nil)
  }

  /// A scene whose behaviors are all added before its first step gets its bodies, shapes and rows in
  /// the order the behaviors name them (so its physics is what a build from the whole tree gave).
  @Test func aSceneBuiltBeforeItsFirstStepIsInNamingOrder() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    let items = (0..<6).map {
      DynamicBody(center: Point(x: 50 + 100 * Double($0), y: 300), size: Size(width: 30, height: 30))
    }
    let gravity = GravityBehavior(items: [items[3], items[1]])
    let collision = CollisionBehavior(items: [items[0], items[1], items[2]])
    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    let pin = AttachmentBehavior(item: items[4], attachedToAnchor: Point(x: 450, y: 250))
    let rod = AttachmentBehavior(item: items[5], attachedTo: items[0])
    animator.addBehavior(pin)
    gravity.addChildBehavior(rod)
    animator.advance(by: DynamicAnimator.stepDuration)
    let order = [3, 1, 5, 0, 2, 4].map { animator.bodyIndex[items[$0]]! }
    #expect(order == [0, 1, 2, 3, 4, 5])
    #expect(animator.engineProbe.bodiesOfShapes == [1, 3, 4].map { Int32($0) })
    #expect(
      animator.engineProbe.joints.filter { $0.solving != .anchorSpring }.map(\.bodyB) == [3, 5].map { Int32($0) },
      "rows in flattened order: the child's first")
  }
}
