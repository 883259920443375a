#if canImport(Glibc)
import Glibc
#endif
import Geometry2D

/// Rebuilding the engine's arrays from the behavior tree. It runs lazily, before the next step or query,
/// whenever behaviors, their items or their parameters changed. Bodies already in the engine keep their
/// state (position, velocity, rest timer); contacts are carried over by key so warm starting and
/// began/ended events survive.
extension DynamicAnimator {
  func rebuildIfNeeded() {
    if needsRebuild || (needsRowRebuild && alwaysRebuildsFully) { rebuild() } else if needsRowRebuild { rebuildRows() }
  }

  func rebuild() {
    needsRebuild = false
    needsRowRebuild = false
    itemsVersion &+= 1
    world.settleSprings()
    flatBehaviors.removeAll(keepingCapacity: true)
    for b in behaviors { b.appendFlattened(to: &flatBehaviors) }
    let (newItems, newIndex) = collectItems()
    var (newBodies, oldToNew) = carryOverBodies(newItems, newIndex)
    forceBehaviors = flatBehaviors.filter(\.appliesForces)
    let forced = forcedBodies(count: newItems.count)

    // What the behaviors contribute: materials, collision groups, boundaries, joints.
    var builder = WorldBuilder(bodyIndex: newIndex,
                               materials: [Material](repeating: Material(), count: newItems.count),
                               itemCollisionMasks: [UInt64](repeating: 0, count: newItems.count),
                               boundaryCollisionMasks: [UInt64](repeating: 0, count: newItems.count),
                               referenceBounds: referenceBounds)
    for b in flatBehaviors { b.build(into: &builder) }
    let shapes = buildShapes(&newBodies, builder)
    // Isolated zero-length anchor springs take the exact closed-form path.
    let (joints, springs) = linkRows(builder.joints, owners: builder.jointOwners, bodies: &newBodies,
                                     materials: builder.materials, forced: forced)
    materials = builder.materials
    install(newBodies, shapes, joints, springs, builder, oldToNew: oldToNew, forced: forced)
  }

  /// The items every behavior names, each once, in the order they first appear (the body order), with
  /// how many behaviors name each and which one introduced it.
  func collectItems() -> ([any DynamicItem], IdentityMap) {
    var newItems: [any DynamicItem] = []
    var newIndex = IdentityMap(minimumCapacity: items.count)
    var newIntroducers: [ObjectIdentifier] = []
    var newReferences: [Int32] = []
    for b in flatBehaviors {
      for item in b.engineItems {
        if let i = newIndex[item] {
          newReferences[Int(i)] += 1
        } else {
          newIndex.set(item, Int32(newItems.count))
          newItems.append(item)
          newIntroducers.append(ObjectIdentifier(b))
          newReferences.append(1)
        }
      }
    }
    introducers = newIntroducers
    references = newReferences
    pendingItems.removeAll()
    pendingItemReferences.removeAll()
    pendingItemIntroducers.removeAll()
    pendingBehaviors.removeAll()
    doomedCount = 0
    return (newItems, newIndex)
  }

  /// One body per item: the engine's own for items it already had (their state carried over), a new one
  /// for the others. Returns the bodies and old index → new index (−1 for bodies that leave).
  func carryOverBodies(_ newItems: [any DynamicItem], _ newIndex: IdentityMap) -> ([Body], [Int32]) {
    var oldToNew = [Int32](repeating: -1, count: items.count)
    var newBodies: [Body] = []
    var newSizes: [Size] = []
    var newGeometries: [[ShapeBuilder.Geometry]] = []
    newGeometries.reserveCapacity(newItems.count)
    newBodies.reserveCapacity(newItems.count)
    newSizes.reserveCapacity(newItems.count)
    for (n, item) in newItems.enumerated() {
      if let old = bodyIndex[item] {
        oldToNew[Int(old)] = Int32(n)
        newBodies.append(world.bodies[Int(old)])
        newSizes.append(sizes[Int(old)])
        newGeometries.append(Int(old) < geometries.count ? geometries[Int(old)] : ShapeBuilder.shapes(for: item))
      } else {
        let (body, size, geometry) = newBody(for: item)
        newBodies.append(body)
        newSizes.append(size)
        newGeometries.append(geometry)
      }
    }
    items = newItems
    bodyIndex = newIndex
    sizes = newSizes
    geometries = newGeometries
    for b in flatBehaviors { b.bodyIndices = b.engineItems.map { newIndex[$0]! } }
    return (newBodies, oldToNew)
  }

  /// The shapes, vertices and broad-phase proxies of the bodies that collide, with each body's mass,
  /// damping and material configured.
  func buildShapes(_ newBodies: inout [Body], _ builder: WorldBuilder)
    -> (shapes: [Shape], vertices: [Vec2], normals: [Vec2], proxies: [Proxy]) {
    let h = world.h
    var shapes: [Shape] = []
    var localVertices: [Vec2] = []
    var localNormals: [Vec2] = []
    var proxies: [Proxy] = []
    for i in 0..<newBodies.count {
      let m = builder.materials[i]
      var body = newBodies[i]
      let itemMask = builder.itemCollisionMasks[i], boundaryMask = builder.boundaryCollisionMasks[i]
      let geometry = geometries[i]
      configure(&body, material: m, itemMask: itemMask, boundaryMask: boundaryMask, geometry: geometry, h: h)
      body.firstShape = Int32(shapes.count)
      if itemMask | boundaryMask != 0 {
        for g in geometry {
          var s = Shape(kind: g.isCircle ? .circle : .polygon, body: Int32(i), localCenter: g.center, radius: g.radius,
                        firstVertex: Int32(localVertices.count), vertexCount: Int32(g.vertices.count))
          if !g.isCircle {
            localVertices += g.vertices
            localNormals += g.normals
          } else {
            s.vertexCount = 0
          }
          proxies.append(Proxy(itemMask: itemMask, shape: Int32(shapes.count), body: Int32(i),
                               isStatic: m.isAnchored, collidesWithBoundaries: boundaryMask != 0 && !m.isAnchored))
          shapes.append(s)
          body.shapeCount += 1
        }
      }
      newBodies[i] = body
    }
    return (shapes, localVertices, localNormals, proxies)
  }

  /// Puts the rebuilt arrays in the world, carrying contacts over to the new indices.
  func install(_ newBodies: [Body], _ shapes: (shapes: [Shape], vertices: [Vec2], normals: [Vec2], proxies: [Proxy]),
               _ joints: [JointRow], _ springs: [AnchorSpring], _ builder: WorldBuilder, oldToNew: [Int32], forced: [Bool]) {
    let (solverBodies, otherForced) = solverLists(newBodies, forced: forced)
    world.otherForcedBodies = otherForced
    var newBoundaryIndex: [UInt32: Int32] = [:]
    for (k, seg) in builder.boundaries.enumerated() { newBoundaryIndex[seg.stableKey] = Int32(k) }
    boundaryKeysUnique = newBoundaryIndex.count == builder.boundaries.count
    world.storeImpulses()
    world.contactSolver.clear()
    world.wallContacts.removeAll(keepingCapacity: true)
    world.contacts = remap(world.contacts, oldToNew: oldToNew, newBodies: newBodies,
                           oldBoundaryKeys: world.boundaries.map(\.stableKey), newBoundaryIndex: newBoundaryIndex)
    world.previousContacts.removeAll()
    world.bodies = newBodies
    world.shapes = shapes.shapes
    world.localVertices = shapes.vertices
    world.localNormals = shapes.normals
    world.worldVertices = shapes.vertices
    world.worldNormals = shapes.normals
    // Proxies start in body order; the next collision pass sorts them fully (then they stay nearly
    // sorted and an insertion sort keeps them so).
    world.broadPhase.proxies = shapes.proxies
    world.broadPhase.unsorted = true
    world.boundaries = builder.boundaries
    world.install(joints: joints, springs: springs)
    world.solverBodies = solverBodies
    collisionBehaviors = builder.collisionBehaviors
    actionBehaviors = flatBehaviors.filter { $0.action != nil }
    world.resetSleep()
    world.needsCollision = true
  }
}

/// The row-only rebuild: a change that leaves the bodies, their order, shapes and materials as they were
/// (an attachment, snap or push added or removed, a joint parameter changed) rebuilds only the joint
/// rows, closed-form springs, force lists and solver lists, and does everything else a full rebuild does
/// to the world (contacts' impulses stored, sleep reset, the full sort's proxy order, a collision pass
/// next), so the state that follows is bit for bit the state a full rebuild gives.
extension DynamicAnimator {
  func rebuildRows() {
    needsRowRebuild = false
    world.settleSprings()
    flatBehaviors.removeAll(keepingCapacity: true)
    for b in behaviors { b.appendFlattened(to: &flatBehaviors) }
    // Bodies no behavior names any more leave (shapeless ones only, see `canRemoveRowsOnly`), the
    // others keeping their order; new items' bodies join at the end, as a full rebuild orders them.
    let oldToNew = doomedCount > 0 ? removeUnreferencedBodies() : nil
    if !pendingItems.isEmpty { appendPendingBodies() }
    // As a full rebuild does, even with the same items (a reference space re-indexes as it did).
    itemsVersion &+= 1
    for b in pendingBehaviors { b.bodyIndices = b.engineItems.map { bodyIndex[$0]! } }
    pendingBehaviors.removeAll()
    forceBehaviors = flatBehaviors.filter(\.appliesForces)
    let forced = forcedBodies(count: items.count)

    resetJointState()
    // Joint rows, in the same behavior order as a full rebuild (item and collision behaviors only
    // contribute materials, masks and boundaries, which have not changed).
    var builder = WorldBuilder(bodyIndex: bodyIndex, materials: [], itemCollisionMasks: [], boundaryCollisionMasks: [],
                               referenceBounds: referenceBounds)
    for b in flatBehaviors where !b.buildsBodies { b.build(into: &builder) }
    let (joints, springs) = linkRows(builder.joints, owners: builder.jointOwners, bodies: &world.bodies,
                                     materials: materials, forced: forced)
    let (solverBodies, otherForced) = solverLists(world.bodies, forced: forced)
    world.otherForcedBodies = otherForced

    carryContactsOver(oldToNew)
    world.previousContacts.removeAll()
    // The proxies stay as they are (same shapes, same masks); the next pass sorts them into the full
    // sort's total order (minX, then shape) with the near-linear insertion sort.
    world.broadPhase.needsTotalOrder = true
    world.install(joints: joints, springs: springs)
    world.solverBodies = solverBodies
    actionBehaviors = flatBehaviors.filter { $0.action != nil }
    world.resetSleep()
    world.needsCollision = true
  }

  /// What a full rebuild recomputes per body that can differ with the same materials and shapes.
  func resetJointState() {
    materials.withUnsafeBufferPointer { mats in
      world.bodies.withUnsafeMutableBufferPointer { b in
        for i in 0..<b.count {
          let m = mats[i]
          if m.isAnchored { b[i].velocity = .zero; b[i].angularVelocity = 0 }
          if !m.allowsRotation { b[i].angularVelocity = 0 }
          b[i].closedFormSpring = -1
        }
      }
    }
  }

  /// The contacts' impulses stored and the solver rows dropped; with bodies gone, or shared boundary
  /// keys (a full rebuild's carry-over sends their contacts to the last such segment), the contacts are
  /// carried over to the new indices as a full rebuild does.
  func carryContactsOver(_ oldToNew: [Int32]?) {
    world.storeImpulses()
    world.contactSolver.clear()
    world.wallContacts.removeAll(keepingCapacity: true)
    guard oldToNew != nil || !boundaryKeysUnique else { return }
    var index: [UInt32: Int32] = [:]
    for (k, seg) in world.boundaries.enumerated() { index[seg.stableKey] = Int32(k) }
    let map = oldToNew ?? (0..<Int32(items.count)).map { $0 }
    world.contacts = remap(world.contacts, oldToNew: map, newBodies: world.bodies,
                           oldBoundaryKeys: world.boundaries.map(\.stableKey), newBoundaryIndex: index)
  }

  /// Drops the bodies whose references reached zero (shapeless, so no shape, proxy or contact is
  /// theirs), keeping the others in order; returns old index → new index (−1 for the dropped).
  func removeUnreferencedBodies() -> [Int32] {
    let count = items.count
    var oldToNew = [Int32](repeating: -1, count: count)
    var w = 0
    for i in 0..<count where references[i] > 0 {
      oldToNew[i] = Int32(w)
      if w != i {
        world.bodies[w] = world.bodies[i]
        items[w] = items[i]
        sizes[w] = sizes[i]
        geometries[w] = geometries[i]
        introducers[w] = introducers[i]
        materials[w] = materials[i]
        references[w] = references[i]
      }
      w += 1
    }
    let gone = count - w
    world.bodies.removeLast(gone)
    items.removeLast(gone)
    sizes.removeLast(gone)
    geometries.removeLast(gone)
    introducers.removeLast(gone)
    materials.removeLast(gone)
    references.removeLast(gone)
    doomedCount = 0
    var index = IdentityMap(minimumCapacity: w)
    for (k, item) in items.enumerated() { index.set(item, Int32(k)) }
    bodyIndex = index
    for k in world.shapes.indices { world.shapes[k].body = oldToNew[Int(world.shapes[k].body)] }
    for k in world.broadPhase.proxies.indices { world.broadPhase.proxies[k].body = oldToNew[Int(world.broadPhase.proxies[k].body)] }
    for b in flatBehaviors {
      for k in b.bodyIndices.indices { b.bodyIndices[k] = oldToNew[Int(b.bodyIndices[k])] }
    }
    return oldToNew
  }

  /// Bodies for the items that joined with row-only behaviors, in the order they were first named: the
  /// default material, no collision, as a full rebuild makes them.
  func appendPendingBodies() {
    let h = world.h
    for (k, item) in pendingItems.enumerated() {
      var (body, size, geometry) = newBody(for: item)
      configure(&body, material: Material(), itemMask: 0, boundaryMask: 0, geometry: geometry, h: h)
      body.firstShape = Int32(world.shapes.count)
      bodyIndex.set(item, Int32(items.count))
      items.append(item)
      sizes.append(size)
      geometries.append(geometry)
      world.bodies.append(body)
      introducers.append(pendingItemIntroducers[k])
      materials.append(Material())
      references.append(pendingItemReferences[k])
    }
    pendingItems.removeAll()
    pendingItemReferences.removeAll()
    pendingItemIntroducers.removeAll()
  }

  /// A new item's body (at its item's centre and rotation, with the next serial), size and geometry.
  func newBody(for item: any DynamicItem) -> (Body, Size, [ShapeBuilder.Geometry]) {
    Validate.item(item, "DynamicAnimator")
    let c = item.center
    var body = Body(position: Vec2(c.x, c.y), angle: item.transform.rotationAngle, mass: 1, inertia: 1)
    precondition(nextSerial < (1 << 23), "DynamicAnimator: more than 8 million items were added over its lifetime; create a new animator.")
    body.serial = nextSerial
    nextSerial += 1
    return (body, item.bounds.size, ShapeBuilder.shapes(for: item))
  }

  /// A body's mass, damping and material from its material, masks and geometry (no shapes yet:
  /// `shapeCount` 0, no closed-form spring).
  func configure(_ body: inout Body, material m: Material, itemMask: UInt64, boundaryMask: UInt64,
                 geometry: [ShapeBuilder.Geometry], h: Double) {
    let massProps = ShapeBuilder.massProperties(geometry, density: m.density)
    body.mass = massProps.mass
    body.inertia = massProps.inertia
    body.extent = massProps.extent
    body.minExtent = ShapeBuilder.minExtent(geometry)
    body.invMass = m.isAnchored || massProps.mass <= 0 ? 0 : 1 / massProps.mass
    body.invInertia = m.isAnchored || !m.allowsRotation || massProps.inertia <= 0 ? 0 : 1 / massProps.inertia
    if m.isAnchored { body.velocity = .zero; body.angularVelocity = 0 }
    if !m.allowsRotation { body.angularVelocity = 0 }
    body.linearDamping = Material.dampingFactor(rate: m.resistance, h: h)
    body.angularDamping = Material.dampingFactor(rate: m.angularResistance, h: h)
    body.elasticity = m.elasticity
    body.friction = m.friction
    body.charge = m.charge
    body.isAnchored = m.isAnchored
    body.allowsRotation = m.allowsRotation
    body.itemCollisionMask = itemMask
    body.boundaryCollisionMask = boundaryMask
    body.closedFormSpring = -1
    body.shapeCount = 0
  }

  /// Per body, whether some force behavior acts on it.
  func forcedBodies(count: Int) -> [Bool] {
    var forced = [Bool](repeating: false, count: count)
    for b in forceBehaviors { for i in b.bodyIndices { forced[Int(i)] = true } }
    return forced
  }

  /// Splits the joint rows into solver rows and isolated zero-length anchor springs (the exact
  /// closed-form path), giving each owner its slot and each spring body its spring.
  func linkRows(_ rows: [JointRow], owners: [DynamicBehavior], bodies: inout [Body], materials: [Material],
                forced: [Bool]) -> (joints: [JointRow], springs: [AnchorSpring]) {
    let h = world.h
    // The generation `install` gives these rows.
    let generation = world.jointGeneration &+ 1
    var jointCount = [UInt8](repeating: 0, count: bodies.count)
    for j in rows {
      if j.bodyA >= 0 { jointCount[Int(j.bodyA)] = jointCount[Int(j.bodyA)] &+ 1 }
      if j.bodyB >= 0 { jointCount[Int(j.bodyB)] = jointCount[Int(j.bodyB)] &+ 1 }
    }
    var joints: [JointRow] = []
    var springs: [AnchorSpring] = []
    for (k, j) in rows.enumerated() {
      let owner = owners[k]
      let bi = Int(j.bodyB)
      let m = materials[bi]
      let body = bodies[bi]
      if j.kind == .point && j.bodyA < 0 && j.hertz > 0 && j.localB == .zero && jointCount[bi] == 1
        && body.invMass > 0 && body.shapeCount == 0 && m.resistance * h < 1
        && Self.closedFormIsWellConditioned(hertz: j.hertz, zeta: j.zeta, rate: m.resistance, h: h) {
        bodies[bi].closedFormSpring = Int32(springs.count)
        owner.jointHandle = JointHandle(store: .anchorSpring, index: Int32(springs.count), generation: generation)
        var s = AnchorSpring(body: j.bodyB, anchor: j.localA, hertz: j.hertz, zeta: j.zeta,
                             linearDampingRate: Material.equivalentRate(rate: m.resistance, h: h), h: h)
        s.forced = forced[bi] || body.angularVelocity != 0
        springs.append(s)
      } else {
        owner.jointHandle = JointHandle(store: .row, index: Int32(joints.count), generation: generation)
        var j = j
        if j.canBeExactSpring && Self.isOnlyRow(j, jointCount, bodies) {
          j.exactSpring = ExactSpringTerms(hertz: j.hertz, zeta: j.zeta, damping: Self.foldedDamping(j, bodies, materials, h: h), h: h)
        }
        joints.append(j)
      }
    }
    return (joints, springs)
  }

  /// Whether no other row acts on the row's moving bodies. Only such a spring gets exact terms: rows
  /// sharing a body are solved one after the other (Gauss–Seidel), and the exact terms, nearly explicit
  /// in the biased pass and amplifying in the relax pass, do not survive that coupling (a chain of 12–19
  /// Hz springs gained energy several times over in 40 s); Box2D's implicit soft step does.
  static func isOnlyRow(_ j: JointRow, _ jointCount: [UInt8], _ bodies: [Body]) -> Bool {
    for i in [j.bodyA, j.bodyB] where i >= 0 && bodies[Int(i)].invMass > 0 {
      if jointCount[Int(i)] != 1 { return false }
    }
    return true
  }

  /// The resistance factor a spring row folds into its exact step (`ExactSpringTerms`): its moving bodies'
  /// common one. Between two moving bodies of different resistance the relative velocity does not decay
  /// by one factor, so none is folded (1) and the resistance stays a separate step before the spring.
  static func foldedDamping(_ j: JointRow, _ bodies: [Body], _ materials: [Material], h: Double) -> Double {
    var d: Double? = nil
    for i in [j.bodyA, j.bodyB] where i >= 0 && bodies[Int(i)].invMass > 0 {
      let di = Material.dampingFactor(rate: materials[Int(i)].resistance, h: h)
      if let d, d != di { return 1 }
      d = di
    }
    return d ?? 1
  }

  /// Whether the closed-form spring's step map is accurate in doubles: ω·h and the decay β·h at most 10
  /// (beyond, cosh and ω² overflow toward ∞ × 0). Stiffer or more damped springs go to the soft solver,
  /// which is stable at any stiffness.
  static func closedFormIsWellConditioned(hertz: Double, zeta: Double, rate: Double, h: Double) -> Bool {
    let omega = 2 * Double.pi * hertz
    let beta = zeta * omega + 0.5 * Material.equivalentRate(rate: rate, h: h)
    return omega * h <= 10 && beta * h <= 10
  }

  /// The bodies the iterative solver moves, and the other bodies whose forces must be cleared.
  func solverLists(_ bodies: [Body], forced: [Bool]) -> (solver: [Int32], otherForced: [Int32]) {
    var solver: [Int32] = []
    var other: [Int32] = []
    for i in 0..<bodies.count {
      let solved = bodies[i].invMass > 0 && bodies[i].closedFormSpring < 0
      if solved { solver.append(Int32(i)) } else if forced[i] { other.append(Int32(i)) }
    }
    return (solver, other)
  }

  /// Contacts carried over to new body and boundary indices; those whose bodies or segments are gone,
  /// or whose bodies no longer collide, are dropped.
  func remap(_ contacts: [Contact], oldToNew: [Int32], newBodies: [Body], oldBoundaryKeys: [UInt32],
             newBoundaryIndex: [UInt32: Int32]) -> [Contact] {
    var out: [Contact] = []
    out.reserveCapacity(contacts.count)
    for var c in contacts {
      let a = oldToNew.indices.contains(Int(c.bodyA)) ? oldToNew[Int(c.bodyA)] : -1
      guard a >= 0, newBodies[Int(a)].shapeCount > 0 else { continue }
      c.bodyA = a
      if c.bodyB >= 0 {
        let b = oldToNew.indices.contains(Int(c.bodyB)) ? oldToNew[Int(c.bodyB)] : -1
        guard b >= 0, newBodies[Int(b)].shapeCount > 0 else { continue }
        c.bodyB = b
      } else {
        guard c.boundary >= 0, Int(c.boundary) < oldBoundaryKeys.count,
              let nb = newBoundaryIndex[oldBoundaryKeys[Int(c.boundary)]] else { continue }
        c.boundary = nb
      }
      out.append(c)
    }
    return out
  }
}
