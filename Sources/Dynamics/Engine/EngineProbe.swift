/// What the tests may know about the engine, named for what they ask (a body's pose and velocity, which
/// pairs touch, where a joint is solved, who sleeps), not for where the engine keeps it: tests read this
/// instead of the world's arrays, so a change of the engine's storage changes this file and no test.
/// Every reading is a plain value; nothing here hands out an array of the engine's own records.
///
/// Reads are raw: nothing is settled or applied first (a closed-form spring's pending steps stay
/// pending; call `settleSprings()` on the world to apply them), so a test sees exactly what is stored.
/// A probe is a snapshot of the world when it was taken: take a new one after the world changes.
struct EngineProbe {
  private let world: PhysicsWorld

  init(_ world: PhysicsWorld) { self.world = world }

  /// The steps the closed-form springs have not been given yet (applied at the next read or write
  /// from outside the step).
  var pendingSpringSteps: Int { world.joints.pendingSpringSteps }

  /// What the incremental calls have done so far (bodies created, configured, destroyed; shapes
  /// created; joints placed), to measure the work of a change.
  var changeCounts: WorldChangeCounts { world.bodies.changeCounts }
}

extension PhysicsWorld {
  /// A read-only view of the world for tests (`EngineProbe`).
  var probe: EngineProbe { EngineProbe(self) }
}

extension DynamicAnimator {
  /// A read-only view of the animator's world for tests (`EngineProbe`).
  var engineProbe: EngineProbe { world.probe }
}

// MARK: Bodies

extension EngineProbe {
  /// One body as a test sees it.
  struct BodyReading {
    var position: Vec2
    var angle: Double
    /// The cosine and sine of `angle` the engine keeps and the items are drawn with.
    var cosAngle: Double, sinAngle: Double
    /// Velocity in points/s and spin in rad/s.
    var velocity: Vec2
    var spin: Double
    var mass: Double
    var inertia: Double
    /// Moves under impulses (not anchored, has mass).
    var isDynamic: Bool
    /// Turns under impulses (dynamic and allowed to rotate).
    var turns: Bool
    var isAsleep: Bool
    /// How long it has been at rest, in seconds (its island sleeps once every body's passes
    /// `PhysicsWorld.timeToSleep`).
    var restTime: Double
    var itemCollisionMask: UInt64
    var boundaryCollisionMask: UInt64
    var collidesWithBoundaries: Bool
    var shapeCount: Int
    /// The material its item behaviors folded into it.
    var material: Material
    /// Some behavior that applies forces names it.
    var receivesForces: Bool
    /// It is moved by a closed-form anchor spring rather than the iterative solver.
    var isOnAnchorSpring: Bool
  }

  /// Body slots ever handed out, live or free: valid indices are `0..<bodySlotCount`.
  var bodySlotCount: Int { world.bodies.sims.count }

  /// Bodies alive now.
  var liveBodyCount: Int { world.bodies.slots.liveCount }

  func isLiveBody(_ i: Int) -> Bool { world.isLiveBody(i) }

  func body(_ i: Int32) -> BodyReading { body(Int(i)) }

  func body(_ i: Int) -> BodyReading {
    let b = world.bodies.sims[i], s = world.bodies.states[i], r = world.bodies.records[i]
    return BodyReading(
      position: b.position, angle: b.angle, cosAngle: b.cosAngle, sinAngle: b.sinAngle,
      velocity: s.v, spin: s.w, mass: b.mass, inertia: b.inertia,
      isDynamic: s.invMass > 0, turns: s.invInertia > 0, isAsleep: b.asleep, restTime: b.sleepTime,
      itemCollisionMask: b.itemCollisionMask, boundaryCollisionMask: b.boundaryCollisionMask,
      collidesWithBoundaries: b.hasBoundaryCollisions, shapeCount: Int(b.shapeCount),
      material: r.material, receivesForces: r.receivesForces, isOnAnchorSpring: b.closedFormSpring >= 0)
  }

  /// Some island is asleep.
  var anyAsleep: Bool { world.sleep.anyAsleep }

  /// The island body `i` sleeps in (bodies asleep together share it), or nil while it is awake.
  func sleepingIsland(of i: Int) -> Int32? {
    let b = world.bodies.sims[i]
    return b.asleep ? b.island : nil
  }
}

// MARK: Shapes and the broad phase

extension EngineProbe {
  /// A shape's bounds as the last refresh left them (grown for the broad phase).
  struct Bounds: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    func overlaps(_ o: Bounds) -> Bool { !(minX > o.maxX || o.minX > maxX || minY > o.maxY || o.minY > maxY) }
  }

  /// Each shape's body, in the order the shapes were made.
  var bodiesOfShapes: [Int32] { world.shapes.list.map(\.body) }

  func shapeBounds(_ shape: Int32) -> Bounds {
    let s = world.shapes.list[Int(shape)]
    return Bounds(minX: s.minX, minY: s.minY, maxX: s.maxX, maxY: s.maxY)
  }

  /// The broad phase itself, for its own tests (proxies, pairs, sweep count): other tests do not look
  /// inside it.
  var broadPhase: BroadPhase { world.shapes.broadPhase }

  /// Whether the broad phase's pair filter lets two proxies become a pair now (masks, same body,
  /// static pairs, sleeping bodies).
  func broadPhaseAccepts(_ a: Proxy, _ b: Proxy) -> Bool {
    world.bodies.sims.withUnsafeBufferPointer { bodies in
      world.bodies.states.withUnsafeBufferPointer { states in
        PairFilter(bodies: bodies, states: states, anyAsleep: world.sleep.anyAsleep).accepts(a, b)
      }
    }
  }
}

// MARK: Contacts

extension EngineProbe {
  /// One contact of the last collision pass, moved along with its bodies since.
  struct ContactReading {
    var bodyA: Int32
    /// -1 for a contact with a boundary.
    var bodyB: Int32
    /// The boundary segment touched, or nil for a pair of bodies.
    var boundary: Int32?
    /// From A to B.
    var normal: Vec2
    /// Its points in world coordinates, where the collision pass found them, and each one's separation
    /// then (negative: overlap).
    var points: [Vec2]
    var separations: [Double]
    /// Overlapping or within the touch tolerance (what a collision delegate is told).
    var isTouching: Bool
  }

  /// Every contact, solved or asleep.
  var contacts: [ContactReading] { world.contacts.list.map(reading) }

  /// A contact point's offsets from its two bodies' positions (B's from the world's origin for a
  /// boundary), in world axes.
  struct Anchors: Equatable {
    var a: Vec2
    var b: Vec2
  }

  /// Contact `k`'s points' anchors.
  func anchors(ofContact k: Int) -> [Anchors] {
    let c = world.contacts.list[k]
    return [c.point0, c.point1].prefix(Int(c.pointCount)).map { Anchors(a: $0.anchorA, b: $0.anchorB) }
  }

  var contactCount: Int { world.contacts.list.count }

  /// Contacts with an awake body, the ones the solver sees.
  var awakeContactCount: Int { world.contacts.awakeCount }

  private func reading(_ c: Contact) -> ContactReading {
    let a = c.bodyA >= 0 ? world.bodies.sims[Int(c.bodyA)].position : .zero
    let ps = [c.point0, c.point1].prefix(Int(c.pointCount))
    return ContactReading(
      bodyA: c.bodyA, bodyB: c.bodyB, boundary: c.boundary >= 0 ? c.boundary : nil, normal: c.normal,
      points: ps.map { a + $0.anchorA }, separations: ps.map(\.baseSeparation), isTouching: c.isTouching)
  }

  /// The contact solver itself, for its own tests (rows, blocks, overflow): other tests do not look
  /// inside it.
  var contactSolver: ContactSolver { world.contacts.solver }
}

// MARK: Contact recycling

/// What the tests of contact recycling ask: how many contacts the last pass derived, how far a contact's
/// pair has drifted since its manifold was computed, and the manifold the narrow phase would compute
/// for it now, to hold a derived one against.
extension EngineProbe {
  /// Contacts the last collision pass derived from the one before instead of computing.
  var recycledContactCount: Int { world.contacts.recycledCount }

  /// How far contact `k`'s pair has drifted since its manifold was computed (`ManifoldFrame.drift`,
  /// with the extent the recycling check uses); nil when it has no frame.
  func recyclingDrift(ofContact k: Int) -> Double? {
    let c = world.contacts.list[k]
    guard c.frameSlot >= 0 else { return nil }
    let a = Int(c.bodyA), b = Int(c.bodyB)
    let extent = Swift.max(world.bodies.sims[a].extent, b >= 0 ? world.bodies.sims[b].extent : 0)
    return world.contacts.frames[Int(c.frameSlot)].drift(
      a: ContactStore.pose(a, world.bodies), b: ContactStore.pose(b, world.bodies), extent: extent
    ).drift
  }

  /// The narrow phase's manifold for contact `k`'s pair (its bodies' first shapes) at the bodies'
  /// current poses, read as a contact, with its points' feature ids; the shapes must have been refreshed
  /// there (a collision pass ran).
  func freshReading(ofContact k: Int) -> (reading: ContactReading, ids: [UInt32]) {
    let c = world.contacts.list[k]
    let shapes = world.shapes
    let sa = shapes.list[Int(world.bodies.sims[Int(c.bodyA)].firstShape)]
    let m =
      c.bodyB >= 0
      ? ContactStore.shapeManifold(sa, shapes.list[Int(world.bodies.sims[Int(c.bodyB)].firstShape)], shapes)
      : ContactStore.boundaryManifold(sa, shapes.boundaries[Int(c.boundary)], shapes)
    let points = [m.point0, m.point1].prefix(m.count), separations = [m.separation0, m.separation1].prefix(m.count)
    let reading = ContactReading(
      bodyA: c.bodyA, bodyB: c.bodyB, boundary: c.boundary >= 0 ? c.boundary : nil, normal: m.normal,
      points: Array(points), separations: Array(separations),
      isTouching: (separations.min() ?? .infinity) < PhysicsWorld.linearSlop)
    return (reading, [m.id0, m.id1].prefix(m.count).map { $0 })
  }

  /// The feature ids of contact `k`'s points.
  func pointIDs(ofContact k: Int) -> [UInt32] {
    let c = world.contacts.list[k]
    return [c.point0.id, c.point1.id].prefix(Int(c.pointCount)).map { $0 }
  }
}

// MARK: Joints

extension EngineProbe {
  /// Where a joint is solved: a row of the iterative solver, a row with exact spring terms, or a
  /// closed-form anchor spring outside the solver.
  enum JointSolving: Equatable {
    case solverRow, exactSpringRow, anchorSpring
  }

  enum JointKind: Equatable {
    case distance, point, limit, fixed, pin, sliding, snap
  }

  /// One joint as a test sees it.
  struct JointReading {
    /// The joint id its solver entry carries (a handle's `index` names it).
    var id: Int32
    var kind: JointKind
    var solving: JointSolving
    /// -1 for the world.
    var bodyA: Int32
    var bodyB: Int32
    /// Body A's anchor in its own frame, or the world point when A is the world.
    var anchorA: Vec2
  }

  /// Live joints (ids handed out and not destroyed).
  var jointCount: Int { world.joints.slots.liveCount }

  /// Joints solved as closed-form anchor springs.
  var anchorSpringCount: Int { world.joints.springs.count }

  /// Every placed joint: the solver's rows in solve order, then the closed-form anchor springs.
  var joints: [JointReading] {
    world.joints.rows.indices.map { rowReading($0) } + world.joints.springs.indices.map { springReading($0) }
  }

  /// Whether `handle` still names the joint it was made for.
  func isCurrent(_ handle: JointHandle) -> Bool { world.joints.isCurrent(handle) }

  /// The joint `handle` names, or nil when the handle is stale or its joint not placed yet.
  func joint(_ handle: JointHandle) -> JointReading? {
    guard let place = world.joints.place(of: handle) else { return nil }
    switch place.store {
    case .row: return rowReading(Int(place.index))
    case .anchorSpring: return springReading(Int(place.index))
    }
  }

  /// Where a fresh placement of the joint `handle` names would solve it now, decided anew from what its
  /// behavior asked for; nil for a stale handle.
  func freshSolving(of handle: JointHandle) -> JointSolving? {
    guard world.joints.isCurrent(handle) else { return nil }
    switch SpringPath.choose(for: world.joints.specs[Int(handle.index)], world.bodies, h: world.h) {
    case .closedForm: return .anchorSpring
    case .exactRow: return .exactSpringRow
    case .softRow, .rigid: return .solverRow
    }
  }

  /// Some joint is solved with exact spring terms (the world's flag for that pass).
  var solvesExactSprings: Bool { world.joints.hasExactSprings }

  private func rowReading(_ k: Int) -> JointReading {
    let j = world.joints.rows[k]
    let solving: JointSolving = world.joints.exactSprings[k] != nil ? .exactSpringRow : .solverRow
    return JointReading(
      id: world.joints.rowIDs[k], kind: Self.kind(j.kind), solving: solving, bodyA: j.bodyA, bodyB: j.bodyB,
      anchorA: j.localA)
  }

  private func springReading(_ k: Int) -> JointReading {
    let s = world.joints.springs[k], id = world.joints.springIDs[k]
    return JointReading(
      id: id, kind: Self.kind(world.joints.specs[Int(id)].kind), solving: .anchorSpring,
      bodyA: -1, bodyB: s.body, anchorA: s.anchor)
  }

  private static func kind(_ k: JointRow.Kind) -> JointKind {
    switch k {
    case .distance: .distance
    case .point: .point
    case .limit: .limit
    case .fixed: .fixed
    case .pin: .pin
    case .sliding: .sliding
    case .snap: .snap
    }
  }
}

// MARK: The engine's own bookkeeping

/// Invariants of how the engine keeps its records, as messages (empty: all hold). They are about the
/// storage, so they live here with it; the tests that change worlds at random call them after every
/// change.
extension EngineProbe {
  func bookkeepingProblems() -> [String] {
    jointBookkeepingProblems() + solverListProblems() + bodyStateProblems() + broadPhaseProblems()
  }

  /// Solver entries carry the ids placed at them, springs and their bodies name each other, and the
  /// exact-springs flag matches the rows.
  private func jointBookkeepingProblems() -> [String] {
    var out: [String] = []
    for (k, id) in world.joints.rowIDs.enumerated() {
      let p = world.joints.places[Int(id)]
      if p.store != .row || p.index != Int32(k) { out.append("row \(k)'s id \(id) is placed elsewhere") }
    }
    for (k, s) in world.joints.springs.enumerated() {
      let p = world.joints.places[Int(world.joints.springIDs[k])]
      if p.store != .anchorSpring || p.index != Int32(k) { out.append("spring \(k)'s id is placed elsewhere") }
      if world.bodies.sims[Int(s.body)].closedFormSpring != Int32(k) {
        out.append("a spring body does not name its spring")
      }
    }
    if world.joints.hasExactSprings != world.joints.exactSprings.contains(where: { $0 != nil }) {
      out.append("hasExactSprings is stale")
    }
    let joints = world.joints
    if joints.exactSprings.count != joints.rows.count
      || zip(joints.rows, joints.exactSprings).contains(where: { $0.hasExactSpring != ($1 != nil) })
    {
      out.append("a row's hasExactSpring is stale")
    }
    return out + rowGroupProblems()
  }

  /// The energy watch's grouping by the rows, when it is kept as fresh, as working it out again gives it.
  private func rowGroupProblems() -> [String] {
    let joints = world.joints, n = world.bodies.sims.count
    guard !joints.rowGroupsAreStale && joints.rowGroups.roots.count == n else { return [] }
    var fresh = joints
    fresh.groupRows(bodyCount: n, world.bodies.states)
    let (kept, again) = (joints.rowGroups, fresh.rowGroups)
    if kept.roots != again.roots || kept.flags != again.flags || kept.worldRows != again.worldRows {
      return ["the rows' groups are stale"]
    }
    return []
  }

  /// The solver's body list as a scan of the bodies gives them (sorted, no duplicates).
  private func solverListProblems() -> [String] {
    var out: [String] = []
    var solver: [Int32] = []
    for i in world.bodies.sims.indices where world.isLiveBody(i) {
      let b = world.bodies.sims[i]
      if world.bodies.states[i].invMass > 0 && b.closedFormSpring < 0 {
        solver.append(Int32(i))
      }
      if b.closedFormSpring < 0 && world.joints.springs.contains(where: { $0.body == Int32(i) }) {
        out.append("body \(i) has a spring it does not name")
      }
    }
    if world.bodies.solverBodies != solver { out.append("solverBodies \(world.bodies.solverBodies) ≠ \(solver)") }
    return out
  }

  /// The body states: one per slot and the fixed world's last, which (like an inert slot's) is at rest
  /// and immovable, so contact rows may write to it without a branch.
  private func bodyStateProblems() -> [String] {
    var out: [String] = []
    if world.bodies.states.count != world.bodies.sims.count + 1 {
      return ["\(world.bodies.states.count) body states for \(world.bodies.sims.count) slots"]
    }
    func isFixed(_ s: BodyState) -> Bool { s.v == .zero && s.w == 0 && s.invMass == 0 && s.invInertia == 0 }
    if !isFixed(world.bodies.states[world.bodies.sims.count]) {
      out.append("the world's state moves: \(world.bodies.states.last!)")
    }
    for i in world.bodies.sims.indices where world.bodies.sims[i].moves != world.bodies.states[i].isDynamic {
      out.append("body \(i)'s moves flag is not its state's")
    }
    for i in world.bodies.sims.indices where !world.isLiveBody(i) {
      let s = world.bodies.states[i]
      guard s.invMass + s.invInertia != 0 else { continue }
      out.append("inert slot \(i) has mass")
    }
    return out
  }

  /// Every proxy names a live body and a shape of that body.
  private func broadPhaseProblems() -> [String] {
    var out: [String] = []
    for p in world.shapes.broadPhase.proxies
    where world.shapes.list[Int(p.shape)].body != p.body || !world.isLiveBody(Int(p.body)) {
      out.append("a proxy names a gone shape or body")
    }
    return out
  }
}

// MARK: Writes for tests of one pass

extension PhysicsWorld {
  /// Puts body `i` at `position` (and gives it `velocity`) with none of a move's bookkeeping (no
  /// waking, no collision pass asked for, springs not settled): for a test that runs one pass on a
  /// state it sets up by hand.
  mutating func overwriteBody(_ i: Int, position: Vec2, velocity: Vec2? = nil) {
    bodies.sims[i].position = position
    if let velocity { bodies.states[i].v = velocity }
  }

  /// Puts body `i` at `position`, turned by `angle`, with none of a move's bookkeeping (see
  /// `overwriteBody(_:position:velocity:)`): for a test that runs one collision pass on poses it sets.
  mutating func overwriteBody(_ i: Int, position: Vec2, angle: Double) {
    bodies.sims[i].position = position
    bodies.sims[i].rotate(by: angle - bodies.sims[i].angle)
  }

  /// Forgets every contact, warm start and joint-energy record, as a world just built from the same
  /// bodies and joints has none, and asks for a collision pass: for comparing with such a world.
  mutating func forgetContactsAndWarmStarts() {
    contacts.solver.clear()
    contacts.list.removeAll()
    contacts.previous.removeAll()
    contacts.slicesNotingBodies = 0
    contacts.awakeCount = 0
    needsCollision = true
    for k in joints.rows.indices { joints.rows[k].scaleImpulses(by: 0) }
    joints.energy = JointStore.JointEnergyScratch()
  }
}
