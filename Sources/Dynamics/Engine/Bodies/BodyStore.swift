/// The bodies: per slot the pose, forces, material and sleep state (`Body`, Box2D's `b2BodySim`), the
/// solver's part (`BodyState`: velocity, motion since the collision pass, inverse masses) at the same
/// index with one more entry, last, for the fixed world, and the cold data (`BodyRecord`). Slots are
/// stable (`SlotTable`): a body keeps its index while it lives, and every other store names it by it.
///
/// Also the list the step walks instead of every slot — the bodies the iterative solver moves — and the
/// bodies changed since the last batch of changes ended, whose joints, lists and proxies are settled
/// then.
struct BodyStore {
  var sims = LineAlignedArray<Body>()
  var states: LineAlignedArray<BodyState> = [.fixed]
  var records: [BodyRecord] = []
  var slots = SlotTable()
  /// Bodies changed since the batch of changes began, in the order first touched.
  private(set) var touched: [Int32] = []
  /// Dynamic bodies the iterative solver moves (everything but anchored and closed-form-spring bodies),
  /// in slot order (the energy sums over them add in that order).
  private(set) var solverBodies: [Int32] = []
  /// Anchored bodies travelling to where they were placed (`KinematicMoves.swift`).
  var kinematicMoves: [KinematicMove] = []
  /// The step's accelerations, and which bodies' forces come off after it.
  var stepForces = StepForces()
  /// The integration's per-slice results, kept so a step allocates nothing.
  var integrationScratch = IntegrationScratch()
  /// What the incremental calls did since the world was made.
  var changeCounts = WorldChangeCounts()

  /// Slots ever handed out (live or inert).
  var count: Int { sims.count }

  /// Whether slot `i` holds a live body.
  func isLive(_ i: Int32) -> Bool { slots.contains(i) }

  func isCurrent(_ handle: BodyHandle) -> Bool { slots.isCurrent(handle.index, generation: handle.generation) }

  /// Whether body `i` moves (not anchored, with mass).
  func isDynamic(_ i: Int32) -> Bool { states[Int(i)].isDynamic }

  // MARK: Life

  /// A body for an item at `position`, turned by `angle`, with no mass yet (`setMaterial` gives it one)
  /// and no shapes.
  mutating func create(position: Vec2, angle: Double, serial: UInt32, geometry: [ShapeBuilder.Geometry]) -> BodyHandle {
    let i = slots.allocate()
    var body = Body(position: position, angle: angle, mass: 1, inertia: 1)
    body.serial = serial
    var record = BodyRecord()
    record.geometry = geometry
    if Int(i) == sims.count {
      sims.append(body)
      // Before the world's entry, which stays last.
      states.insert(.fixed, at: Int(i))
      records.append(record)
    } else {
      sims[Int(i)] = body
      states[Int(i)] = .fixed
      records[Int(i)] = record
    }
    stepForces.stale = true
    changeCounts.bodiesCreated += 1
    return BodyHandle(index: i, generation: slots.generations[Int(i)])
  }

  /// Makes slot `i` inert (no mass, no shapes, in no list) until it is handed out again. Its joints and
  /// shapes must be gone already.
  mutating func destroy(_ i: Int32) {
    var dead = Body(position: .zero, angle: 0, mass: 0, inertia: 0)
    dead.serial = 0
    sims[Int(i)] = dead
    states[Int(i)] = .fixed
    records[Int(i)] = BodyRecord()
    kinematicMoves.removeAll { $0.body == i }
    slots.release(i)
    updateSolverMembership(of: i)
    stepForces.stale = true
    changeCounts.bodiesDestroyed += 1
  }

  /// A body's mass, damping and surface from its material and geometry; `h` is the step. An anchored
  /// body stops, a body that may not rotate stops turning.
  mutating func setMaterial(_ m: Material, of i: Int32, h: Double) {
    // Freed while travelling: it is where it was placed, and moves on from there as any body.
    if !m.isAnchored && sims[Int(i)].isAnchored { endKinematicMove(of: i, land: true) }
    let geometry = records[Int(i)].geometry
    let massProps = ShapeBuilder.massProperties(geometry, density: m.density)
    var body = sims[Int(i)], state = states[Int(i)]
    body.mass = massProps.mass
    body.inertia = massProps.inertia
    body.extent = massProps.extent
    body.minExtent = ShapeBuilder.minExtent(geometry)
    state.invMass = m.isAnchored || massProps.mass <= 0 ? 0 : 1 / massProps.mass
    state.invInertia = m.isAnchored || !m.allowsRotation || massProps.inertia <= 0 ? 0 : 1 / massProps.inertia
    if m.isAnchored {
      state.v = .zero
      state.w = 0
    }
    if !m.allowsRotation { state.w = 0 }
    body.linearDamping = Material.dampingFactor(rate: m.resistance, h: h)
    body.angularDamping = Material.dampingFactor(rate: m.angularResistance, h: h)
    body.elasticity = m.elasticity
    body.friction = m.friction
    body.charge = m.charge
    body.isAnchored = m.isAnchored
    body.allowsRotation = m.allowsRotation
    body.moves = state.isDynamic
    sims[Int(i)] = body
    states[Int(i)] = state
    records[Int(i)].material = m
    changeCounts.bodiesConfigured += 1
    touch(i)
  }

  /// Which collision groups a body is in (bit k: collision behavior k), with items and with boundaries.
  mutating func setCollisionMasks(item itemMask: UInt64, boundary boundaryMask: UInt64, of i: Int32) {
    sims[Int(i)].itemCollisionMask = itemMask
    sims[Int(i)].boundaryCollisionMask = boundaryMask
    sims[Int(i)].hasBoundaryCollisions = boundaryMask != 0
    touch(i)
  }

  /// Whether some force behavior acts on the body.
  mutating func setReceivesForces(_ forced: Bool, of i: Int32) {
    guard records[Int(i)].receivesForces != forced else { return }
    records[Int(i)].receivesForces = forced
    touch(i)
  }

  /// Notes a joint joining or leaving body `i` (`joints` keeps the order they joined in).
  mutating func addJoint(_ id: Int32, to i: Int32) {
    records[Int(i)].joints.append(id)
    touch(i)
  }

  mutating func removeJoint(_ id: Int32, from i: Int32) {
    records[Int(i)].joints.removeAll { $0 == id }
    touch(i)
  }

  /// Notes that body `i` changed in this batch (once).
  mutating func touch(_ i: Int32) {
    guard !records[Int(i)].isTouched else { return }
    records[Int(i)].isTouched = true
    touched.append(i)
  }

  /// Ends the batch: every touched live body's lists are brought up to date, and the touched list is
  /// handed over (for its joints and proxies) and cleared.
  mutating func finishChanges() -> [Int32] {
    let batch = touched
    for i in batch {
      records[Int(i)].isTouched = false
      if slots.contains(i) { updateSolverMembership(of: i) }
    }
    touched.removeAll(keepingCapacity: true)
    return batch
  }

  // MARK: The step's lists

  /// Puts the body in the solver's list when it moves by the solver (the list stays in slot order).
  mutating func updateSolverMembership(of i: Int32) {
    let solved = slots.contains(i) && states[Int(i)].invMass > 0 && sims[Int(i)].closedFormSpring < 0
    BodyStore.setMembership(&solverBodies, i, solved)
  }

  /// Inserts `i` into (or removes it from) a list sorted ascending.
  static func setMembership(_ list: inout [Int32], _ i: Int32, _ member: Bool) {
    var lo = 0, hi = list.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if list[mid] < i { lo = mid + 1 } else { hi = mid }
    }
    let present = lo < list.count && list[lo] == i
    if member && !present { list.insert(i, at: lo) } else if !member && present { list.remove(at: lo) }
  }
}

/// What the incremental calls did since the world was made: tests check that a change costs what it
/// touches (one attachment added to a world of many bodies configures none of the others).
struct WorldChangeCounts: Equatable {
  var bodiesCreated = 0
  var bodiesDestroyed = 0
  var bodiesConfigured = 0
  var shapesCreated = 0
  var jointsPlaced = 0
}

/// The bodies' poses and velocities lent to a pass at once (an array lends its storage only inside a
/// closure; `BodyStore.withView` nests the two in one place instead of at every pass).
struct BodyView {
  let sims: UnsafeMutableBufferPointer<Body>
  let states: UnsafeMutableBufferPointer<BodyState>
}

extension BodyStore {
  @inline(__always) mutating func withView<R>(_ body: (BodyView) -> R) -> R {
    withMutableBuffers(&sims, &states) { body(BodyView(sims: $0, states: $1)) }
  }
}

/// The bodies' poses and velocities lent to a pass that only reads them.
struct BodyReadView {
  let sims: UnsafeBufferPointer<Body>
  let states: UnsafeBufferPointer<BodyState>
}

extension BodyStore {
  @inline(__always) func withReadView<R>(_ body: (BodyReadView) -> R) -> R {
    sims.withUnsafeBufferPointer { b in states.withUnsafeBufferPointer { s in body(BodyReadView(sims: b, states: s)) } }
  }
}
