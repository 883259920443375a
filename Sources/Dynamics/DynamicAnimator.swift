#if canImport(Glibc)
import Glibc
#endif
import Geometry2D

/// Runs behaviors on items (UIDynamicAnimator). It never reads a clock: `advance(by:)` moves simulated time
/// forward in fixed steps of 1/240 s, carrying the remainder, so any way of slicing the same total time
/// gives bit-identical state. After each `advance(by:)` the items' `center` and rotation are written.
///
/// Misuse, by design:
/// - adding a behavior that is already in this animator is ignored;
/// - adding a behavior that is in another animator, or is another behavior's child, stops with a
///   precondition (remove it there first);
/// - removing a behavior that is not in the animator does nothing;
/// - an item with a zero or non-finite size, or a non-finite position, stops with a precondition when it
///   is added to a behavior; a parameter outside its documented range (each behavior's `…Range`
///   constants; NaN always, ±∞ unless the range allows it) stops with a precondition naming it when
///   it is set, and `updateItem(usingCurrentState:)` refuses a non-finite state at the call.
///
/// Numbers stay numbers (DESIGN §6): within the ranges the state stays finite at any strength, speed
/// and step. Velocity-dependent forces slow or turn items but never reverse or amplify their motion;
/// one force changes a speed by at most 10⁶ pt/s a step; and speeds are held under 40 000 pt/s (Box2D v3's 400 m/s), past
/// any scene, and spins under a quarter turn a step (188 rad/s, Box2D's limit), so even a diverging
/// solver stays finite.
public final class DynamicAnimator {
  /// The bounds collision behaviors turn into a boundary (`translatesReferenceBoundsIntoBoundary`).
  /// Fixed at creation, except for an animator with a `referenceSpace` (see `setReferenceBounds(_:)`).
  public internal(set) var referenceBounds: Rect?

  /// The coordinate space the animator works in when it is not a fixed rectangle: a collection view
  /// layout's content (`DynamicAnimator(collectionViewLayout:)`). Kept strongly; it answers `items(in:)`.
  public var referenceSpace: (any DynamicReferenceSpace)?
  /// Changes whenever the set of items (bodies) changes, so a `referenceSpace` knows to re-index.
  var itemsVersion = 0

  /// The top-level behaviors, in the order added.
  public private(set) var behaviors: [DynamicBehavior] = []

  /// True while the animator steps; false once everything rests (or before there is anything to move).
  @exclusivity(unchecked) public internal(set) var isRunning = false

  /// Seconds of simulated time stepped so far (time does not advance while paused).
  public var elapsedTime: Double { world.time }

  /// Told when the animator pauses (everything at rest) and resumes; held weakly, as in UIKit.
  public weak var delegate: (any DynamicAnimatorDelegate)?

  /// When true, `debugDrawing()` returns what the engine sees, for the sandbox to draw.
  public var isDebugEnabled = false

  /// The fixed step in seconds.
  public static let stepDuration = 1.0 / 240

  /// Unchecked exclusivity: the animator is not Sendable and every access to the world is a short,
  /// non-reentrant mutation; the dynamic checks cost more than the closed-form springs themselves.
  @exclusivity(unchecked) var world = PhysicsWorld(step: DynamicAnimator.stepDuration)
  var needsRebuild = false
  /// Only the joint rows, springs and force lists are out of date (see `rebuildRows()`).
  var needsRowRebuild = false
  /// Tests: take the full rebuild where a row-only one would do, to compare the two.
  var alwaysRebuildsFully = false
  /// Body index → item, and the reverse lookup (only looked up, never iterated). Unchecked exclusivity
  /// as `world`: `updateItem` reads both for every visible cell every frame, and each dynamic check
  /// cost more than the lookup.
  @exclusivity(unchecked) var items: [any DynamicItem] = []
  @exclusivity(unchecked) var bodyIndex = IdentityMap()
  var sizes: [Size] = []
  /// Each body's collision geometry, read once when its item joined (see `DynamicItem`), kept across
  /// rebuilds so a structural change does not rebuild every item's shapes.
  var geometries: [[ShapeBuilder.Geometry]] = []
  var nextSerial: UInt32 = 1
  /// Per body, the behavior whose items first named it (so the body's place in the order): removing a
  /// behavior that introduced no body leaves every body where it was.
  var introducers: [ObjectIdentifier] = []
  /// Per body, the material the last full rebuild gave it.
  var materials: [Material] = []
  /// Per body, how many behaviors name its item (kept up to date by row-only changes before the engine
  /// follows; a body at zero leaves at the next rebuild), and how many are at zero.
  var references: [Int32] = []
  var doomedCount = 0
  /// Items named by row-only additions that have no body yet, in the order first named, with their
  /// reference counts and introducers; and the behaviors added since the last rebuild.
  var pendingItems: [any DynamicItem] = []
  var pendingItemReferences: [Int32] = []
  var pendingItemIntroducers: [ObjectIdentifier] = []
  var pendingBehaviors: [DynamicBehavior] = []
  /// No two boundary segments share a stable key (so carrying contacts over is the identity).
  var boundaryKeysUnique = true
  var flatBehaviors: [DynamicBehavior] = []
  var forceBehaviors: [DynamicBehavior] = []
  var actionBehaviors: [DynamicBehavior] = []
  var collisionBehaviors: [CollisionBehavior] = []
  /// Stable key of each boundary segment → its index, to carry contacts over a rebuild.
  var boundaryKeys: [UInt32] = []

  /// Simulated time requested so far and the fixed steps it has paid for.
  var clock = 0.0
  var stepsConsumed = 0

  /// An animator over a fixed reference rectangle (UIKit's reference view, reduced to its bounds), or
  /// over unbounded space when `referenceBounds` is nil.
  /// - Precondition: `referenceBounds`, when given, is finite.
  public init(referenceBounds: Rect? = nil) {
    if let r = referenceBounds {
      precondition(r.isFinite, "DynamicAnimator(referenceBounds:): bounds \(r) are not finite; pass a finite rect or nil.")
    }
    self.referenceBounds = referenceBounds
  }

  // MARK: Behaviors

  /// Adds a behavior (and its children). Adding one that is already here is ignored.
  /// - Precondition: the behavior is not in another animator and is not another behavior's child.
  public func addBehavior(_ behavior: DynamicBehavior) {
    if behavior.dynamicAnimator === self && behaviors.contains(where: { $0 === behavior }) { return }
    precondition(behavior.dynamicAnimator == nil,
                 "addBehavior: this behavior is already in another DynamicAnimator; remove it from that animator first (a behavior belongs to one animator at a time).")
    precondition(behavior.parent == nil,
                 "addBehavior: this behavior is a child of another behavior; add the parent instead, or remove it from its parent first.")
    behaviors.append(behavior)
    attach(behavior, last: true)
  }

  /// Removes a top-level behavior (and its children). Removing one that is not here does nothing.
  public func removeBehavior(_ behavior: DynamicBehavior) {
    guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
    behaviors.remove(at: i)
    detach(behavior)
  }

  /// Removes every top-level behavior (and their children).
  public func removeAllBehaviors() {
    let all = behaviors
    behaviors.removeAll()
    for b in all { detach(b) }
  }

  /// `last`: the behavior comes after every other in the flattened order (a top-level add).
  func attach(_ behavior: DynamicBehavior, last: Bool = false) {
    var list: [DynamicBehavior] = []
    behavior.appendFlattened(to: &list)
    for b in list {
      b.willMove(to: self)
      b.dynamicAnimator = self
    }
    if last && canAddRowsOnly(list, behavior) { setNeedsRowRebuild() } else { setNeedsRebuild() }
  }

  func detach(_ behavior: DynamicBehavior) {
    var list: [DynamicBehavior] = []
    behavior.appendFlattened(to: &list)
    let rowsOnly = canRemoveRowsOnly(list)
    for b in list {
      b.willMove(to: nil)
      b.dynamicAnimator = nil
      b.jointHandle = nil
    }
    if rowsOnly { setNeedsRowRebuild() } else { setNeedsRebuild() }
  }

  /// Behaviors added after all others, contributing no materials, masks or boundaries: bodies already
  /// there stay in their places, and items new to the animator get bodies at the end (default material,
  /// no collision), which is the order a full rebuild gives. Records the new items and references.
  private func canAddRowsOnly(_ list: [DynamicBehavior], _ behavior: DynamicBehavior) -> Bool {
    guard !needsRebuild else { return false }
    // `willMove(to:)` may have changed the tree; check what the rebuild will see.
    var now: [DynamicBehavior] = []
    behavior.appendFlattened(to: &now)
    guard now.count == list.count, zip(now, list).allSatisfy({ $0 === $1 }) else { return false }
    var existing: [Int32] = []
    var pending: [Int] = []
    var fresh: [any DynamicItem] = []
    var freshReferences: [Int32] = []
    var freshIntroducers: [ObjectIdentifier] = []
    for b in list {
      if b.buildsBodies { return false }
      for item in b.engineItems {
        if let i = bodyIndex[item] {
          // A body about to leave would come back at the end: leave that to a full rebuild.
          guard Int(i) < references.count, references[Int(i)] > 0 else { return false }
          existing.append(i)
        } else if let k = pendingItems.firstIndex(where: { $0 === item }) {
          pending.append(k)
        } else if let k = fresh.firstIndex(where: { $0 === item }) {
          freshReferences[k] += 1
        } else {
          fresh.append(item)
          freshReferences.append(1)
          freshIntroducers.append(ObjectIdentifier(b))
        }
      }
    }
    for i in existing { references[Int(i)] += 1 }
    for k in pending { pendingItemReferences[k] += 1 }
    pendingItems += fresh
    pendingItemReferences += freshReferences
    pendingItemIntroducers += freshIntroducers
    for b in list { b.bodyIndices = [] }
    pendingBehaviors += list
    return true
  }

  /// Behaviors contributing no materials, masks or boundaries, whose bodies either stay in their places
  /// (another behavior introduced them) or leave with them (named by no other behavior, and shapeless).
  /// Records the references dropped.
  private func canRemoveRowsOnly(_ list: [DynamicBehavior]) -> Bool {
    guard !needsRebuild else { return false }
    var named: [Int32] = []
    for b in list {
      if b.buildsBodies || pendingBehaviors.contains(where: { $0 === b }) { return false }
      for item in b.engineItems {
        guard let i = bodyIndex[item], Int(i) < references.count else { return false }
        named.append(i)
      }
    }
    named.sort()
    var k = 0
    while k < named.count {
      let i = Int(named[k])
      var dropped: Int32 = 0
      while k < named.count && Int(named[k]) == i { dropped += 1; k += 1 }
      let left = references[i] - dropped
      let introducedHere = list.contains { ObjectIdentifier($0) == introducers[i] }
      if left < 0 || (left == 0 && (!introducedHere || world.bodies[i].shapeCount != 0)) || (left > 0 && introducedHere) {
        return false
      }
    }
    for i in named {
      references[Int(i)] -= 1
      if references[Int(i)] == 0 { doomedCount += 1 }
    }
    return true
  }

  func setNeedsRebuild() {
    needsRebuild = true
    wake()
  }

  /// Only joint rows, springs or force lists changed (bodies, shapes and materials did not).
  func setNeedsRowRebuild() {
    needsRowRebuild = true
    wake()
  }

  /// Resumes a paused animator (called for every change).
  func wake() {
    if !isRunning {
      isRunning = true
      world.resetSleep()
      delegate?.dynamicAnimatorWillResume(self)
    } else {
      // Running with some islands asleep: a change may concern them, so they wake too.
      world.wakeAll()
    }
  }

  // MARK: Items

  /// The items of this animator's behaviors whose (rotated) frames intersect `rect`, in the order they
  /// first appeared in the behaviors.
  public func items(in rect: Rect) -> [any DynamicItem] {
    if let space = referenceSpace, let found = space.items(in: rect, of: self) { return found }
    rebuildIfNeeded()
    var result: [any DynamicItem] = []
    for i in 0..<items.count {
      let b = world.bodies[i]
      let s = sizes[i]
      let c = abs(b.cosAngle), sn = abs(b.sinAngle)
      let hw = 0.5 * (s.width * c + s.height * sn), hh = 0.5 * (s.width * sn + s.height * c)
      let frame = Rect(x: b.position.x - hw, y: b.position.y - hh, width: 2 * hw, height: 2 * hh)
      if frame.intersects(rect) { result.append(items[i]) }
    }
    return result
  }

  /// Re-reads an item's centre and rotation after you changed them; its velocity is kept. Items not in
  /// the animator are ignored.
  /// - Precondition: the item's centre and transform are finite, checked at this call whether or not
  ///   the item is in the animator (a bad state is refused where it was made, not at the next step).
  public func updateItem(usingCurrentState item: any DynamicItem) {
    let c = item.center, t = item.transform
    precondition(c.isFinite && t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite,
                 "updateItem(usingCurrentState:): item \(item) has a non-finite center \(c) or transform \(t); set finite values first.")
    guard let i = bodyIndex[item] else { return }
    // Most items are unrotated; skip the arctangent for them.
    let a = t.b == 0 && t.a > 0 ? 0 : t.rotationAngle
    precondition(a.isFinite, "updateItem(usingCurrentState:): item \(item) has a transform \(t) with no rotation angle; set a rotation.")
    world.moveBody(i, to: Vec2(c.x, c.y), angle: a)
    if !isRunning { wake() }
  }

  func body(of item: any DynamicItem) -> Int32? {
    rebuildIfNeeded()
    return bodyIndex[item]
  }
}
