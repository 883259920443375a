/// Creating, destroying and configuring bodies between steps (DESIGN §7: the animator goes through
/// these, never through the arrays). A body lives in a stable slot (`SlotTable`); destroying it frees
/// the slot and its shapes and leaves every other body where it is. Each call only records what it
/// changed; `finishChanges()` then settles what depends on several changes at once (joint placement,
/// solver lists, proxies, contacts).
extension PhysicsWorld {
  /// A body for an item at `position`, turned by `angle`, with the default material and no shapes (it
  /// collides once `setCollisionMasks` gives it masks).
  mutating func createBody(position: Vec2, angle: Double, serial: UInt32, geometry: [ShapeBuilder.Geometry]) -> BodyHandle {
    let i = bodies.slots.allocate()
    var body = Body(position: position, angle: angle, mass: 1, inertia: 1)
    body.serial = serial
    var record = BodyRecord()
    record.geometry = geometry
    if Int(i) == bodies.sims.count {
      bodies.sims.append(body)
      // Before the world's entry, which stays last.
      bodies.states.insert(.fixed, at: Int(i))
      bodies.records.append(record)
    } else {
      bodies.sims[Int(i)] = body
      bodies.states[Int(i)] = .fixed
      bodies.records[Int(i)] = record
    }
    bodies.changeCounts.bodiesCreated += 1
    setMaterial(Material(), of: i)
    return BodyHandle(index: i, generation: bodies.slots.generations[Int(i)])
  }

  func isCurrent(_ handle: BodyHandle) -> Bool { bodies.slots.isCurrent(handle.index, generation: handle.generation) }

  /// Destroys a body with its shapes and joints; its contacts are dropped by `finishChanges()`.
  mutating func destroyBody(_ handle: BodyHandle) {
    guard isCurrent(handle) else { return }
    let i = handle.index
    for id in bodies.records[Int(i)].joints { destroyJoint(id: id) }
    if bodies.sims[Int(i)].shapeCount > 0 { destroyShapes(of: i) }
    // An inert slot: no mass, no shapes, in no list, until it is handed out again.
    var dead = Body(position: .zero, angle: 0, mass: 0, inertia: 0)
    dead.serial = 0
    bodies.sims[Int(i)] = dead
    bodies.states[Int(i)] = .fixed
    bodies.records[Int(i)] = BodyRecord()
    bodies.slots.release(i)
    updateSolverMembership(of: i)
    contacts.needsFilter = true
    bodies.changeCounts.bodiesDestroyed += 1
  }

  /// A body's mass, damping and surface from its material and geometry. An anchored body stops, a body
  /// that may not rotate stops turning.
  mutating func setMaterial(_ m: Material, of i: Int32) {
    let geometry = bodies.records[Int(i)].geometry
    // A closed-form spring's pending steps are its body's: applied before the body changes.
    if bodies.sims[Int(i)].closedFormSpring >= 0 { settleSprings() }
    let massProps = ShapeBuilder.massProperties(geometry, density: m.density)
    var body = bodies.sims[Int(i)], state = bodies.states[Int(i)]
    body.mass = massProps.mass
    body.inertia = massProps.inertia
    body.extent = massProps.extent
    body.minExtent = ShapeBuilder.minExtent(geometry)
    state.invMass = m.isAnchored || massProps.mass <= 0 ? 0 : 1 / massProps.mass
    state.invInertia = m.isAnchored || !m.allowsRotation || massProps.inertia <= 0 ? 0 : 1 / massProps.inertia
    if m.isAnchored { state.v = .zero; state.w = 0 }
    if !m.allowsRotation { state.w = 0 }
    body.linearDamping = Material.dampingFactor(rate: m.resistance, h: h)
    body.angularDamping = Material.dampingFactor(rate: m.angularResistance, h: h)
    body.elasticity = m.elasticity
    body.friction = m.friction
    body.charge = m.charge
    if body.isAnchored != m.isAnchored && body.shapeCount > 0 { bodies.records[Int(i)].proxiesStale = true }
    body.isAnchored = m.isAnchored
    body.allowsRotation = m.allowsRotation
    bodies.sims[Int(i)] = body
    bodies.states[Int(i)] = state
    bodies.records[Int(i)].material = m
    bodies.changeCounts.bodiesConfigured += 1
    touchBody(i)
  }

  /// Which collision groups a body is in (bit k: collision behavior k), with items and with
  /// boundaries. A body in none has no shapes; the first mask makes them, the last one destroys them.
  mutating func setCollisionMasks(item itemMask: UInt64, boundary boundaryMask: UInt64, of i: Int32) {
    let collided = bodies.sims[Int(i)].itemCollisionMask | bodies.sims[Int(i)].boundaryCollisionMask != 0
    let collides = itemMask | boundaryMask != 0
    bodies.sims[Int(i)].itemCollisionMask = itemMask
    bodies.sims[Int(i)].boundaryCollisionMask = boundaryMask
    bodies.sims[Int(i)].hasBoundaryCollisions = boundaryMask != 0
    if collides && !collided {
      createShapes(of: i)
    } else if collided && !collides {
      destroyShapes(of: i)
    } else if collides {
      bodies.records[Int(i)].proxiesStale = true
    }
    touchBody(i)
  }

  /// Whether some force behavior acts on the body.
  mutating func setReceivesForces(_ forced: Bool, of i: Int32) {
    guard bodies.records[Int(i)].receivesForces != forced else { return }
    bodies.records[Int(i)].receivesForces = forced
    touchBody(i)
  }

  /// Queues the body for `finishChanges()`.
  mutating func touchBody(_ i: Int32) {
    guard !bodies.records[Int(i)].isTouched else { return }
    bodies.records[Int(i)].isTouched = true
    bodies.touched.append(i)
  }

  /// Puts the body in the solver's list when it moves by the solver, and in the list of other bodies
  /// whose forces are cleared when it does not but receives forces; both lists stay in slot order
  /// (the energy sums over `solverBodies` add in that order).
  mutating func updateSolverMembership(of i: Int32) {
    let live = bodies.slots.contains(i)
    let solved = live && bodies.states[Int(i)].invMass > 0 && bodies.sims[Int(i)].closedFormSpring < 0
    let other = live && !solved && bodies.records[Int(i)].receivesForces
    PhysicsWorld.setMembership(&bodies.solverBodies, i, solved)
    PhysicsWorld.setMembership(&bodies.otherForcedBodies, i, other)
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

  /// Whether slot `i` holds a live body.
  func isLiveBody(_ i: Int) -> Bool { bodies.slots.contains(Int32(i)) }
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
