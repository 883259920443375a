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
/// Numbers stay numbers (`docs/robustness.md`): within the ranges the state stays finite at any strength, speed
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
  public internal(set) var behaviors: [DynamicBehavior] = []

  /// True while the animator steps; false once everything rests (or before there is anything to move).
  @exclusivity(unchecked) public internal(set) var isRunning = false

  /// Seconds of simulated time stepped so far (time does not advance while paused).
  public var elapsedTime: Double { world.time }

  /// Told when the animator pauses (everything at rest) and resumes; held weakly, as in UIKit.
  public weak var delegate: (any DynamicAnimatorDelegate)?

  /// When true, `debugDrawing()` returns what the engine sees, for the sandbox to draw.
  public var isDebugEnabled = false

  /// Whether islands of items at rest fall asleep and the animator pauses once everything rests (true,
  /// as in UIKit). False keeps every item awake and the animator stepping while any item can move, as
  /// Box2D's `b2World_EnableSleeping(false)` does: the same work every step, for measuring, or for a
  /// scene that must never settle. Turning it off wakes every sleeping item; turning it back on starts
  /// every item's rest time again (it does not run while sleeping is off). A change of configuration:
  /// a `State` saved before it no longer restores (a `Snapshot` does, and brings the setting back).
  public var allowsSleeping: Bool {
    get { world.sleep.isEnabled }
    set {
      guard newValue != world.sleep.isEnabled else { return }
      world.sleep.isEnabled = newValue
      configurationVersion &+= 1
      // Off, the rest timers stand still (`BodyStore.finishStep`): back on, they start again from here.
      if newValue { world.bodies.restartRestTimers() } else { wake() }
    }
  }

  /// How many threads a step may use: the caller's and `workerCount − 1` more, which run the step's
  /// parallel stages (the narrow phase, each colour of the contact solver, the integration) on slices of
  /// the work. The machine's cores by default; 1 keeps every step on the caller's thread. Any count gives
  /// the same bits (every slice is computed as it would be alone, and no sum depends on the slicing), so
  /// it is not a configuration: a `State` restores across a change. The extra threads exist only while
  /// a step has enough work for them and sleep between `advance(by:)` calls.
  /// - Precondition: `1...maximumWorkerCount`.
  public var workerCount: Int {
    get { workers.count }
    set {
      precondition(
        (1...Self.maximumWorkerCount).contains(newValue),
        "DynamicAnimator.workerCount: \(newValue) is outside 1...\(Self.maximumWorkerCount)")
      guard newValue != workers.count else { return }
      workers = WorkerPool(count: newValue)
    }
  }
  /// The most threads `workerCount` allows.
  public static let maximumWorkerCount = 64
  /// The threads a step may use (`workerCount`).
  var workers = WorkerPool(count: WorkerPool.defaultCount)

  /// The fixed step in seconds.
  public static let stepDuration = 1.0 / 240

  /// Unchecked exclusivity: the animator is not Sendable and every access to the world is a short,
  /// non-reentrant mutation; the dynamic checks cost more than the closed-form springs themselves.
  @exclusivity(unchecked) var world = PhysicsWorld(step: DynamicAnimator.stepDuration)
  /// Some behavior joined, changed or left since the last batch (`applyPendingChanges()`).
  var hasPendingChanges = false
  /// Body slot → item (nil for a free slot), and the reverse lookup (only looked up, never iterated).
  /// Unchecked exclusivity as `world`: `updateItem` reads both for every visible cell every frame, and
  /// each dynamic check cost more than the lookup.
  @exclusivity(unchecked) var items: [(any DynamicItem)?] = []
  /// Body slot → the item again when it is a `DynamicBody`, unretained (`items` holds it, and the two
  /// are set and cleared together), else nil. The write-back stores such an item's centre and rotation
  /// straight into its storage: through the protocol, each item cost a retain and a release and two
  /// witness calls, 10 ns an item, half of a 10,000-spring step.
  @exclusivity(unchecked) var plainBodies: [Unmanaged<DynamicBody>?] = []
  /// Per slice of the write-back, whether it has items other than `DynamicBody`s (scratch).
  var writeBackOthers: [Bool] = []
  @exclusivity(unchecked) var bodyIndex = IdentityMap()
  /// The slot after the last item `updateItem(usingCurrentState:)` found: where the next one usually is.
  @exclusivity(unchecked) var nextMovedSlot = 0
  /// Body slot → what the animator keeps for the item (`ItemEntry`), nil for a free slot.
  var entries: [ItemEntry?] = []
  /// Items whose behaviors changed since the last batch, to recompute.
  var touchedItems: [Int32] = []
  /// The live items in slot order, made again after bodies come or go.
  var liveItemsCache: [any DynamicItem]?
  var nextSerial: UInt32 = 1
  /// A collision behavior joined, left or changed its boundaries, or the reference bounds moved.
  var boundariesNeedUpdate = false
  var flatBehaviors: [DynamicBehavior] = []
  var forceBehaviors: [DynamicBehavior] = []
  var actionBehaviors: [DynamicBehavior] = []
  /// Collision bit → the behavior whose collision group holds it (nil: free).
  var collisionGroups: [DynamicBehavior?] = []

  /// Simulated time requested so far and the fixed steps it has paid for.
  var clock = 0.0
  var stepsConsumed = 0
  /// Counts the batches of behavior changes applied: a saved `State` restores only onto the
  /// configuration (behaviors, items, parameters) it was saved with, which this number names.
  var configurationVersion = 0

  /// An animator over a fixed reference rectangle (UIKit's reference view, reduced to its bounds), or
  /// over unbounded space when `referenceBounds` is nil.
  /// - Precondition: `referenceBounds`, when given, is finite.
  public init(referenceBounds: Rect? = nil) {
    if let r = referenceBounds {
      precondition(
        r.isFinite, "DynamicAnimator(referenceBounds:): bounds \(r) are not finite; pass a finite rect or nil.")
    }
    self.referenceBounds = referenceBounds
  }

  // MARK: Behaviors

  /// Adds a behavior (and its children). Adding one that is already here is ignored.
  /// - Precondition: the behavior is not in another animator and is not another behavior's child.
  public func addBehavior(_ behavior: DynamicBehavior) {
    if behavior.dynamicAnimator === self && behaviors.contains(where: { $0 === behavior }) { return }
    precondition(
      behavior.dynamicAnimator == nil,
      "addBehavior: this behavior is already in another DynamicAnimator; remove it from that animator first (a behavior belongs to one animator at a time)."
    )
    precondition(
      behavior.parent == nil,
      "addBehavior: this behavior is a child of another behavior; add the parent instead, or remove it from its parent first."
    )
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

  func attach(_ behavior: DynamicBehavior, last: Bool = false) {
    var list: [DynamicBehavior] = []
    behavior.appendFlattened(to: &list)
    for b in list {
      b.willMove(to: self)
      b.dynamicAnimator = self
    }
    setNeedsChanges()
  }

  func detach(_ behavior: DynamicBehavior) {
    var list: [DynamicBehavior] = []
    behavior.appendFlattened(to: &list)
    for b in list {
      unregister(b)
      b.willMove(to: nil)
      b.dynamicAnimator = nil
    }
    setNeedsChanges()
  }

  /// Something the engine holds changed: the next batch brings it up to date; the animator wakes.
  func setNeedsChanges() {
    hasPendingChanges = true
    wake()
  }

  /// Only the per-step behavior lists changed (an action set or cleared, a one-off velocity applied).
  func setNeedsListUpdate() {
    hasPendingChanges = true
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

  /// The items of this animator's behaviors whose (rotated) frames intersect `rect`, in body order (the
  /// order they first appeared in the behaviors; an item that joins later may take the place of one
  /// that left).
  public func items(in rect: Rect) -> [any DynamicItem] {
    if let space = referenceSpace, let found = space.items(in: rect, of: self) { return found }
    applyPendingChanges()
    var result: [any DynamicItem] = []
    for i in 0..<items.count {
      guard let item = items[i], let s = entries[i]?.size else { continue }
      let b = world.bodies.sims[i]
      let c = abs(b.cosAngle), sn = abs(b.sinAngle)
      let hw = 0.5 * (s.width * c + s.height * sn), hh = 0.5 * (s.width * sn + s.height * c)
      let frame = Rect(x: b.position.x - hw, y: b.position.y - hh, width: 2 * hw, height: 2 * hh)
      if frame.intersects(rect) { result.append(item) }
    }
    return result
  }

  func body(of item: any DynamicItem) -> Int32? {
    applyPendingChanges()
    return bodyIndex[item]
  }
}
