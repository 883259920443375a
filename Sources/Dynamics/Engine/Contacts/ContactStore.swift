/// The contacts and everything that lives by them: this collision pass's contacts and the last one's
/// (matched by key for warm starting and events), the solver rows built from the awake ones, the impact
/// pass's scratch, the events for the delegates, and the step's wall contacts and fast bodies.
struct ContactStore {
  /// `list[0..<awakeCount]` involve an awake body and are solved; the rest belong to sleeping islands.
  var list: [Contact] = []
  var awakeCount = 0
  /// How many of the last collision pass's contacts were derived from the one before rather than
  /// computed (`FoundContacts.recycle`).
  var recycledCount = 0
  var previous: [Contact] = []
  /// The frames of the contacts' manifolds (`Contact.frameSlot`), in `list` and `previous` alike: a
  /// manifold carried along keeps its frame where it is (`ContactStore+Frames`).
  var frames: [ManifoldFrame] = []
  /// Scratch for compacting `frames`, kept between passes.
  var spareFrames: [ManifoldFrame] = []
  /// Frames appended since `frames` was last compacted.
  var framesAppended = 0
  /// Per previous contact, whether this pass matched it (or kept it asleep): those not matched and
  /// touching end. Apart from the contacts, which the narrow phase's threads read while it is written.
  var previousMatched: [Bool] = []
  /// Per-body lists of `previous` by body A (head per body, next per contact): the collision pass finds
  /// a new contact's predecessor by walking its body's short list, no hashing.
  var previousHead: [Int32] = []
  var previousNext: [Int32] = []
  /// Whether this pass's contacts are the last pass's in the same order, as the narrow phase saw it:
  /// `unknown` until it has run, and once sleeping contacts were kept or moved.
  var succession = ContactSuccession.unknown
  /// How many slices of `foundBySlice` hold body A of every contact of `list`, in order
  /// (`FoundContacts.bodiesA`; 0: they do not, once the list was changed after the narrow phase).
  var slicesNotingBodies = 0
  /// How many pairs and boundary contacts the last narrow phase read polygons in world space for
  /// (`FoundContacts.geometryUses`; at first, as if all: the first pass computes every manifold).
  var geometryUses = Int.max / 2
  /// The rows of the awake contacts.
  var solver = ContactSolver()
  /// The impact pass and its scratch.
  var impacts = ImpactSolver()
  var events: [ContactEvent] = []
  /// The body and segment of each awake contact with a boundary segment, for the wall hold (kept apart
  /// from the contacts: read from them, every step, each was a cache miss).
  var wallContacts: [WallContact] = []
  /// The wall contacts' reaches (`WallContact.measure`) were taken since they were collected.
  var wallReachesMeasured = false
  /// `wallContacts` holds what the narrow phase just noted, all of the list's (`adoptWallContacts`).
  var wallContactsNoted = false
  /// Scratch of `holdWalls`: the wall contacts the bound did not prove clear this step.
  var unprovenWallContacts: [Int32] = []
  /// Scratch of `collectWallContacts`: each slice's wall contacts.
  var wallScratch: [[WallContact]] = []
  /// The bodies `integratePositions` found fast this step, with where they started it, for the
  /// continuous pass (scratch, kept between steps).
  var fastBodies: [FastBody] = []
  /// What each slice of the narrow phase found, kept so a pass allocates nothing.
  var foundBySlice: [FoundContacts] = []
  /// Where the slices of a parallel narrow phase write their contacts in the list, planned from the last
  /// pass (`SliceWindows`), and the scratch of placing them.
  var sliceWindows = SliceWindows()
  var windowFilled: [Int] = []
  var windowFinal: [Int] = []
  /// Bodies were destroyed or lost their shapes: their contacts leave at the end of the batch of changes.
  private(set) var needsFilter = false
  /// Softness of contacts between moving bodies, against immovable ones (stiffer), and against boundary
  /// segments (stiffer still: `PhysicsWorld.wallContactHertz`).
  let softness: Softness
  let staticSoftness: Softness
  let wallSoftness: Softness

  init(h: Double) {
    softness = Softness(hertz: PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    staticSoftness = Softness(hertz: 2 * PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    wallSoftness = Softness(hertz: PhysicsWorld.wallContactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    solver.softnesses = ContactSoftnesses(moving: softness, immovable: staticSoftness, wall: wallSoftness)
  }
}

// MARK: Changes between steps

extension ContactStore {
  /// Copies the contact rows' accumulated impulses back to their contacts (before the contacts are
  /// matched against a new collision pass, or carried through a change of behaviors).
  mutating func storeImpulses(on workers: WorkerPool? = nil) {
    solver.storeImpulses(into: &list, awakeCount: awakeCount, on: workers)
  }

  /// Gives the rows' impulses back to the contacts and drops the rows: the next collision pass rebuilds
  /// them, and warm starting survives the change.
  mutating func returnRows() {
    storeImpulses()
    solver.clear()
    wallContacts.removeAll(keepingCapacity: true)
  }

  /// Some body was destroyed or lost its shapes: its contacts leave when the batch ends.
  mutating func noteGoneShapes() { needsFilter = true }

  /// Ends a batch of changes: the contacts of bodies that are gone or no longer collide leave (no ended
  /// event: the item left), and the previous pass's contacts are forgotten.
  mutating func finishChanges(_ bodies: BodyStore) {
    if needsFilter {
      func collides(_ i: Int32) -> Bool { bodies.isLive(i) && bodies.sims[Int(i)].shapeCount > 0 }
      list.removeAll { !collides($0.bodyA) || ($0.bodyB >= 0 && !collides($0.bodyB)) }
      slicesNotingBodies = 0
      awakeCount = Swift.min(awakeCount, list.count)
      needsFilter = false
    }
    previous.removeAll()
  }

  /// New boundary segments: contacts with a segment that is still there (same stable key) follow it
  /// to its new index, the others are dropped.
  mutating func followBoundaries(from old: [BoundarySegment], to segments: [BoundarySegment]) {
    returnRows()
    var index: [UInt32: Int32] = [:]
    for (k, seg) in segments.enumerated() { index[seg.stableKey] = Int32(k) }
    let oldKeys = old.map(\.stableKey)
    list.removeAll { c in c.bodyB < 0 && (Int(c.boundary) >= oldKeys.count || index[oldKeys[Int(c.boundary)]] == nil) }
    slicesNotingBodies = 0
    for k in list.indices where list[k].bodyB < 0 {
      list[k].boundary = index[oldKeys[Int(list[k].boundary)]]!
    }
    awakeCount = Swift.min(awakeCount, list.count)
    forgetBoundaryFrames()
  }
}

// MARK: The step's contact passes

extension ContactStore {
  /// Right after a collision pass: the awake contacts' solver rows, coloured and packed into SIMD
  /// blocks, and the list of those with boundary segments for the wall hold.
  mutating func prepareRows(_ bodies: inout BodyStore, hasBoundaries: Bool, on workers: WorkerPool) {
    solver.carryLayout(
      list, count: awakeCount, past: previous, head: previousHead, next: previousNext,
      stateCount: bodies.states.count, succession: succession, on: workers)
    solver.prepare(list, count: awakeCount, states: &bodies.states, on: workers)
    collectWallContacts(hasBoundaries: hasBoundaries, on: workers)
  }

  /// The impact pass: contacts that close faster than the restitution threshold this step get an
  /// impact impulse with restitution, pair by pair, until no contact still approaches (`ImpactSolver`).
  mutating func resolveImpacts(_ bodies: inout BodyStore, h: Double, fastest: FastestMotion) {
    impacts.resolve(
      bodies: &bodies.sims, states: &bodies.states, contacts: &list, solver: &solver, events: &events, h: h,
      fastest: fastest)
  }
}
