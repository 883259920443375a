import Geometry2D

/// Keeping the engine in step with the behavior tree, change by change, so a change costs what it
/// touches and not the size of the scene: a behavior that joins creates the bodies of the items no
/// other behavior names yet and its joint; one that leaves destroys its joint and the bodies only it
/// named; an item list or property change re-applies that behavior's contribution to its own items.
/// What a behavior adds is asked through `WorldContribution`, never by its class. Per item the animator keeps its body and the behaviors
/// naming it (`ItemEntry`), and recomputes only the items a change touched: material, collision masks,
/// whether forces act on it. The world then places the joints of the bodies that changed
/// (`PhysicsWorld.finishChanges()`). Nothing is rebuilt from the whole tree.
///
/// Leaving is recorded at once (`unregister`); joining and property changes wait for the batch, which
/// runs before the next step or query, in the flattened behavior order: a scene built before its first
/// step gets its bodies, shapes and rows in the order the behaviors name them.
extension DynamicAnimator {
  func applyPendingChanges() {
    guard hasPendingChanges else { return }
    hasPendingChanges = false
    configurationVersion &+= 1
    // As before: a reference space re-indexes after every batch.
    itemsVersion &+= 1
    flatBehaviors.removeAll(keepingCapacity: true)
    for b in behaviors { b.appendFlattened(to: &flatBehaviors) }
    for (k, b) in flatBehaviors.enumerated() { b.flatOrder = k }
    for b in flatBehaviors { syncContribution(of: b) }
    forceBehaviors = flatBehaviors.filter(\.appliesForces)
    actionBehaviors = flatBehaviors.filter { $0.action != nil }
    if boundariesNeedUpdate { updateBoundaries() }
    refreshTouchedItems()
    world.finishChanges()
  }

  /// Registers a behavior that joined, or brings a registered one's items and properties up to date.
  func syncContribution(of b: DynamicBehavior) {
    if !b.isRegistered {
      register(b)
    } else {
      if b.needsItemSync { syncItems(of: b) }
      if b.needsContributionSync { reapplyContribution(of: b) }
      if b.appliesForces != b.registeredAsForce {
        b.registeredAsForce = b.appliesForces
        for i in b.bodyIndices { touchItem(i) }
      }
    }
    b.needsItemSync = false
    b.needsContributionSync = false
  }

  /// A behavior's items get bodies (new ones for items no other behavior names), its collision group
  /// a bit, and its joint an id, in that order.
  func register(_ b: DynamicBehavior) {
    b.isRegistered = true
    b.registeredItems = b.engineItems
    b.bodyIndices = b.registeredItems.map { acquireBody(for: $0, namedBy: b) }
    b.registeredAsForce = b.appliesForces
    if b.formsCollisionGroup {
      b.collisionBit = allocateCollisionBit(for: b)
      boundariesNeedUpdate = true
    }
    if let row = b.jointRow { b.jointHandle = world.createJoint(row) }
  }

  /// Takes a leaving behavior's contribution out at once: its joint is destroyed, its items lose a
  /// reference (a body no behavior names goes at the next batch), its collision bit is freed.
  func unregister(_ b: DynamicBehavior) {
    defer {
      b.jointHandle = nil
      b.needsItemSync = false
      b.needsContributionSync = false
    }
    guard b.isRegistered else { return }
    if let handle = b.jointHandle { world.destroyJoint(handle) }
    for item in b.registeredItems { releaseBody(of: item, namedBy: b) }
    if b.collisionBit >= 0 {
      collisionGroups[Int(b.collisionBit)] = nil
      b.collisionBit = -1
      boundariesNeedUpdate = true
    }
    b.isRegistered = false
    b.registeredItems = []
    b.bodyIndices = []
    b.registeredAsForce = false
    hasPendingChanges = true
  }

  /// The items that left the behavior's list lose its reference, the new ones gain it.
  func syncItems(of b: DynamicBehavior) {
    let now = b.engineItems
    let kept = Set(now.map { ObjectIdentifier($0) })
    let before = Set(b.registeredItems.map { ObjectIdentifier($0) })
    for item in b.registeredItems where !kept.contains(ObjectIdentifier(item)) { releaseBody(of: item, namedBy: b) }
    b.bodyIndices = now.map {
      before.contains(ObjectIdentifier($0)) ? bodyIndex[$0]! : acquireBody(for: $0, namedBy: b)
    }
    b.registeredItems = now
  }

  /// A property changed: the behavior's items are recomputed, its boundaries or joint set anew.
  func reapplyContribution(of b: DynamicBehavior) {
    for i in b.bodyIndices { touchItem(i) }
    if b.formsCollisionGroup { boundariesNeedUpdate = true }
    if let handle = b.jointHandle, let row = b.jointRow { world.setJoint(handle, to: row) }
  }

  /// The lowest collision bit no behavior holds.
  func allocateCollisionBit(for b: DynamicBehavior) -> Int32 {
    if let k = collisionGroups.firstIndex(where: { $0 == nil }) {
      collisionGroups[k] = b
      return Int32(k)
    }
    precondition(
      collisionGroups.count < 64,
      "An animator supports at most 64 collision behaviors; put items that collide alike in one behavior.")
    collisionGroups.append(b)
    return Int32(collisionGroups.count - 1)
  }

  /// Every collision group's segments, in the flattened order.
  func updateBoundaries() {
    var segments: [BoundarySegment] = []
    for b in flatBehaviors { b.appendBoundaries(to: &segments, referenceBounds: referenceBounds) }
    world.setBoundaries(segments)
    boundariesNeedUpdate = false
  }
}
