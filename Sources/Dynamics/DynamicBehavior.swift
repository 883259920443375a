import Geometry2D

/// The base of every behavior, and the way to compose them (UIDynamicBehavior). Subclass it and add
/// child behaviors to make a composite behavior; add the composite to an animator and the children come
/// with it.
///
/// Misuse, by design: adding a child twice, adding a behavior as its own child, or adding a behavior
/// that already has a parent is ignored; removing a child that is not there does nothing.
open class DynamicBehavior: WorldContribution {
  /// A behavior with no effect of its own: add children, or set ``action``.
  public init() {}

  /// Children in the order they were added.
  public internal(set) var childBehaviors: [DynamicBehavior] = []
  weak var parent: DynamicBehavior?

  /// The animator this behavior (or its top-level ancestor) is in, or nil.
  public internal(set) weak var dynamicAnimator: DynamicAnimator?

  /// Called after every fixed step (1/240 s) of the animator, after the engine wrote the items' state.
  public var action: (() -> Void)? {
    didSet { if (oldValue == nil) != (action == nil) { dynamicAnimator?.setNeedsListUpdate() } }
  }

  /// Called with the animator this behavior is about to join, or nil when it is about to leave.
  open func willMove(to dynamicAnimator: DynamicAnimator?) {}

  /// Adds a child; it joins the animator with this behavior. Adding one twice, adding this behavior to
  /// itself or adding one that already has a parent is ignored.
  /// - Precondition: `behavior` is not in an animator.
  public func addChildBehavior(_ behavior: DynamicBehavior) {
    guard behavior !== self, behavior.parent == nil, !childBehaviors.contains(where: { $0 === behavior }) else {
      return
    }
    precondition(
      behavior.dynamicAnimator == nil,
      "addChildBehavior: the behavior is already in an animator; remove it from that animator before making it a child."
    )
    childBehaviors.append(behavior)
    behavior.parent = self
    if let animator = dynamicAnimator { animator.attach(behavior) }
  }

  /// Removes a child (and takes it out of the animator); removing one that is not a child does nothing.
  public func removeChildBehavior(_ behavior: DynamicBehavior) {
    guard let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
    childBehaviors.remove(at: i)
    behavior.parent = nil
    if let animator = dynamicAnimator { animator.detach(behavior) }
  }

  // MARK: What the animator registered (internal; see `DynamicAnimator+Changes.swift`)

  /// Whether this behavior's contribution is in the engine, the items it named then, and their bodies'
  /// slots (stable while the bodies live), in the same order.
  var isRegistered = false
  var registeredItems: [any DynamicItem] = []
  var bodyIndices: [Int32] = []
  /// `appliesForces` when the animator last looked (its items' bodies receive forces).
  var registeredAsForce = false
  /// Pending for the next batch of changes: the item list changed; a property the engine holds
  /// (material, collision mode, boundaries, joint parameters) changed.
  var needsItemSync = false
  var needsContributionSync = false
  /// Place in the animator's flattened behavior list at the last batch (materials fold in this order).
  var flatOrder = 0
  /// Where this behavior's joint lives in the engine, when it asks for one (`jointRow`).
  var jointHandle: JointHandle?
  /// The collision bit the animator gave this behavior's group while it is in the animator (-1 out of
  /// it, or when it forms no group).
  var collisionBit: Int32 = -1

  /// The list of an `ItemListBehavior`; empty for the others.
  var itemList = ItemList()

  // MARK: What it adds to the world (`WorldContribution`): nothing, unless a behavior overrides it
  // The defaults live here, not in an extension of the protocol: a subclass can only override what
  // the class itself declares, and the animator must reach each behavior's own answer.

  var engineItems: [any DynamicItem] { itemList.items }
  var materialOverrides: MaterialOverrides? { nil }
  var formsCollisionGroup: Bool { false }
  var collisionMasks: (item: UInt64, boundary: UInt64) { (0, 0) }
  func appendBoundaries(to segments: inout [BoundarySegment], referenceBounds: Rect?) {}
  var reportsContacts: Bool { false }
  func boundaryIdentifier(at index: Int32) -> String? { nil }
  func reportContact(_ contact: ContactReport) {}
  var jointRow: JointRow? { nil }
  var appliesForces: Bool { false }
  func applyForces(to world: inout PhysicsWorld) {}
  func overrideVelocities(in world: inout PhysicsWorld) {}
  func appendFields(to fields: inout [FieldBehavior]) {}

  /// What of this behavior the steps change or a drag moves without a batch of changes (an instantaneous
  /// push's `active`, a dragged anchor), for `DynamicAnimator.State`; nil when nothing.
  var savedMotion: Any? { nil }
  /// Puts back what `savedMotion` gave; the animator restores its world after, so side effects on the
  /// world here do not last.
  func restoreMotion(_ saved: Any) {}
  /// Everything else of a subclass that can change after it is made (parameters, items' offsets,
  /// pending velocities, boundaries), for `DynamicAnimator.Snapshot`; nil when nothing.
  var savedSettings: Any? { nil }
  /// Puts back what `savedSettings` gave. Setters may touch the animator; a snapshot's restore puts the
  /// animator's tables and world back after, so what they did there does not last.
  func restoreSettings(_ saved: Any) {}

  /// The item list changed: the animator adds and removes what changed at its next batch, and wakes.
  func setNeedsItemSync() {
    needsItemSync = true
    dynamicAnimator?.setNeedsChanges()
  }

  /// A property the engine holds changed: the animator re-applies this behavior's contribution to its
  /// items (material, masks, boundaries, joint) at its next batch, and wakes.
  func setNeedsContributionSync() {
    needsContributionSync = true
    dynamicAnimator?.setNeedsChanges()
  }

  /// Wakes the animator without a change (a value the engine reads live changed).
  func wake() { dynamicAnimator?.wake() }

  /// This behavior and its descendants, depth first, in the order added.
  func appendFlattened(to list: inout [DynamicBehavior]) {
    list.append(self)
    for child in childBehaviors { child.appendFlattened(to: &list) }
  }
}
