import Geometry2D

/// Snapshots of the whole animator: a superset of UIKit, which has no way back, and of `State`, which
/// restores only onto the configuration it was saved with.
extension DynamicAnimator {
  /// Everything the animator and its behaviors hold, configuration included: which behaviors are in it
  /// and in what tree, their parameters and registrations, the items' bodies and their slots, the
  /// engine's world, the time carried between steps, and the items' centres and rotations. Restoring it
  /// onto the same animator and stepping gives the same bits as never having left, whatever was added,
  /// removed or set in between (a seek back over drags that added and removed attachments, a springy
  /// layout that added and dropped springs as it scrolled).
  ///
  /// A snapshot keeps its behaviors and items alive. It restores the objects it names as they were;
  /// what it does not name (a behavior made after it) is taken out of the animator, and otherwise left
  /// as it is. Restoring one counts as a change of configuration: a `State` saved before cannot be
  /// restored after (`canRestore(_:)`). A subclass of `DynamicBehavior` of your own restores its tree,
  /// children and action with the snapshot; the properties it adds are yours to save beside it.
  public struct Snapshot {
    let animator: ObjectIdentifier
    let tables: Tables
    let behaviors: [(behavior: DynamicBehavior, saved: DynamicBehavior.SavedSetup)]
    /// The behaviors it names, to find those it does not at once.
    let named: Set<ObjectIdentifier>
    /// Every item with a body or named by a behavior, with its centre and transform as they were.
    let items: [(item: any DynamicItem, center: Point, transform: AffineTransform)]

    /// Simulated seconds stepped when the snapshot was taken.
    public var elapsedTime: Double { tables.world.time }

    /// Roughly the memory the snapshot holds, in bytes, for a caller keeping many within a budget: about
    /// 600 bytes an item slot (its body, shapes, contacts and the animator's entry) and 500 a behavior
    /// (its registration, settings and joint), as measured (resident memory over 150 snapshots of the
    /// springy list), rounded up.
    public var approximateBytes: Int { 4096 + 600 * tables.items.count + 500 * behaviors.count }
  }

  /// The animator's own stored state, copied whole (the engine keeps its state in value types).
  struct Tables {
    var referenceBounds: Rect?
    var behaviors: [DynamicBehavior]
    var isRunning: Bool
    var world: PhysicsWorld
    var hasPendingChanges: Bool
    var items: [(any DynamicItem)?]
    var plainBodies: [Unmanaged<DynamicBody>?]
    var bodyIndex: IdentityMap
    var nextMovedSlot: Int
    var entries: [ItemEntry?]
    var touchedItems: [Int32]
    var nextSerial: UInt32
    var boundariesNeedUpdate: Bool
    var flatBehaviors: [DynamicBehavior]
    var forceBehaviors: [DynamicBehavior]
    var actionBehaviors: [DynamicBehavior]
    var collisionGroups: [DynamicBehavior?]
    var clock: Double
    var stepsConsumed: Int
    var itemsVersion: Int
  }

  /// Takes a snapshot. Unlike `saveState()` it applies nothing pending: a change still waiting for its
  /// batch is part of what is saved, so taking a snapshot changes nothing a run does next.
  public func takeSnapshot() -> Snapshot {
    var tree: [DynamicBehavior] = []
    for b in behaviors { b.appendFlattened(to: &tree) }
    let tables = Tables(
      referenceBounds: referenceBounds, behaviors: behaviors, isRunning: isRunning, world: world,
      hasPendingChanges: hasPendingChanges, items: items, plainBodies: plainBodies, bodyIndex: bodyIndex,
      nextMovedSlot: nextMovedSlot, entries: entries, touchedItems: touchedItems, nextSerial: nextSerial,
      boundariesNeedUpdate: boundariesNeedUpdate, flatBehaviors: flatBehaviors, forceBehaviors: forceBehaviors,
      actionBehaviors: actionBehaviors, collisionGroups: collisionGroups, clock: clock,
      stepsConsumed: stepsConsumed, itemsVersion: itemsVersion)
    // Behaviors that left but are still registered until the batch, and those waiting to join.
    var named = tree
    for b in flatBehaviors where !named.contains(where: { $0 === b }) { named.append(b) }
    // The items with bodies, and those a pending change will give one (made where the item is then).
    var all = items.compactMap { $0 }
    var seen = Set(all.map { ObjectIdentifier($0) })
    for b in named {
      for item in b.engineItems where seen.insert(ObjectIdentifier(item)).inserted { all.append(item) }
    }
    return Snapshot(
      animator: ObjectIdentifier(self), tables: tables,
      behaviors: named.map { ($0, $0.saveSetup()) }, named: Set(named.map(ObjectIdentifier.init)),
      items: all.map { ($0, $0.center, $0.transform) })
  }

  /// Puts the animator, its behaviors and its items back as `snapshot` found them. Behaviors in the
  /// animator now that the snapshot does not name leave it (without a batch: their registrations go
  /// with the tables they lived in). The delegate hears of a pause or a resume when restoring changes
  /// whether the animator runs.
  /// - Precondition: this animator took the snapshot.
  public func restore(_ snapshot: Snapshot) {
    precondition(
      snapshot.animator == ObjectIdentifier(self),
      "DynamicAnimator.restore(_: Snapshot): the snapshot was taken by another animator")
    let wasRunning = isRunning
    let listener = delegate
    delegate = nil
    var now: [DynamicBehavior] = []
    for b in behaviors { b.appendFlattened(to: &now) }
    let forgotten = now.filter { !snapshot.named.contains(ObjectIdentifier($0)) }
    for b in forgotten { b.forgetAnimator() }
    // Settings first: their setters may touch the world and the tables, which are put back after.
    for (b, saved) in snapshot.behaviors { b.restoreSetup(saved, in: self) }
    // A child added since is no longer its parent's.
    for b in forgotten where b.parent.map({ p in !p.childBehaviors.contains { $0 === b } }) ?? false {
      b.parent = nil
    }
    put(snapshot.tables)
    for (item, center, transform) in snapshot.items {
      item.center = center
      item.transform = transform
    }
    configurationVersion &+= 1
    liveItemsCache = nil
    delegate = listener
    if wasRunning && !isRunning { delegate?.dynamicAnimatorDidPause(self) }
    if !wasRunning && isRunning { delegate?.dynamicAnimatorWillResume(self) }
  }

  private func put(_ t: Tables) {
    referenceBounds = t.referenceBounds
    behaviors = t.behaviors
    isRunning = t.isRunning
    world = t.world
    hasPendingChanges = t.hasPendingChanges
    items = t.items
    plainBodies = t.plainBodies
    bodyIndex = t.bodyIndex
    nextMovedSlot = t.nextMovedSlot
    entries = t.entries
    touchedItems = t.touchedItems
    nextSerial = t.nextSerial
    boundariesNeedUpdate = t.boundariesNeedUpdate
    flatBehaviors = t.flatBehaviors
    forceBehaviors = t.forceBehaviors
    actionBehaviors = t.actionBehaviors
    collisionGroups = t.collisionGroups
    clock = t.clock
    stepsConsumed = t.stepsConsumed
    // A reference space that indexes the items by this revision (a collection view layout's) restores
    // its index with the same snapshot.
    itemsVersion = t.itemsVersion
  }
}
