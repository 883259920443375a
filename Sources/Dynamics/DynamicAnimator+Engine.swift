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
    if needsRebuild { rebuild() }
  }

  func rebuild() {
    needsRebuild = false
    itemsVersion &+= 1
    world.syncSpringBodies()
    flatBehaviors.removeAll(keepingCapacity: true)
    for b in behaviors { b.appendFlattened(to: &flatBehaviors) }

    // 1. Bodies, in the order items first appear in the behaviors.
    var newItems: [any DynamicItem] = []
    var newIndex = IdentityMap(minimumCapacity: items.count)
    for b in flatBehaviors {
      for item in b.engineItems where newIndex[item] == nil {
        newIndex.set(item, Int32(newItems.count))
        newItems.append(item)
      }
    }
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
        Validate.item(item, "DynamicAnimator")
        let c = item.center
        var body = Body(position: Vec2(c.x, c.y), angle: item.transform.rotationAngle, mass: 1, inertia: 1)
        precondition(nextSerial < (1 << 23), "DynamicAnimator: more than 8 million items were added over its lifetime; create a new animator.")
        body.serial = nextSerial
        nextSerial += 1
        newBodies.append(body)
        newSizes.append(item.bounds.size)
        newGeometries.append(ShapeBuilder.shapes(for: item))
      }
    }
    items = newItems
    bodyIndex = newIndex
    sizes = newSizes
    geometries = newGeometries
    for b in flatBehaviors { b.bodyIndices = b.engineItems.map { newIndex[$0]! } }
    forceBehaviors = flatBehaviors.filter(\.appliesForces)
    var forced = [Bool](repeating: false, count: newItems.count)
    for b in forceBehaviors { for i in b.bodyIndices { forced[Int(i)] = true } }

    // 2. What the behaviors contribute: materials, collision groups, boundaries, joints.
    var builder = WorldBuilder(bodyIndex: newIndex,
                               materials: [Material](repeating: Material(), count: newItems.count),
                               itemCollisionMasks: [UInt64](repeating: 0, count: newItems.count),
                               boundaryCollisionMasks: [UInt64](repeating: 0, count: newItems.count),
                               referenceBounds: referenceBounds)
    for b in flatBehaviors { b.build(into: &builder) }

    // 3. Mass, damping, shapes.
    let h = world.h
    var shapes: [Shape] = []
    var localVertices: [Vec2] = []
    var localNormals: [Vec2] = []
    var proxies: [Proxy] = []
    for i in 0..<newBodies.count {
      let m = builder.materials[i]
      var body = newBodies[i]
      let itemMask = builder.itemCollisionMasks[i], boundaryMask = builder.boundaryCollisionMasks[i]
      let geometry = newGeometries[i]
      let massProps = ShapeBuilder.massProperties(geometry, density: m.density)
      body.mass = massProps.mass
      body.inertia = massProps.inertia
      body.extent = massProps.extent
      body.invMass = m.isAnchored || massProps.mass <= 0 ? 0 : 1 / massProps.mass
      body.invInertia = m.isAnchored || !m.allowsRotation || massProps.inertia <= 0 ? 0 : 1 / massProps.inertia
      if m.isAnchored { body.velocity = .zero; body.angularVelocity = 0 }
      if !m.allowsRotation { body.angularVelocity = 0 }
      body.linearDamping = m.resistance >= 1 ? 0 : pow(1 - m.resistance, h)
      body.angularDamping = m.angularResistance >= 1 ? 0 : pow(1 - m.angularResistance, h)
      body.elasticity = m.elasticity
      body.friction = m.friction
      body.charge = m.charge
      body.isAnchored = m.isAnchored
      body.allowsRotation = m.allowsRotation
      body.itemCollisionMask = itemMask
      body.boundaryCollisionMask = boundaryMask
      body.closedFormSpring = -1
      body.firstShape = Int32(shapes.count)
      body.shapeCount = 0
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

    // 4. Isolated zero-length anchor springs take the exact closed-form path.
    var jointCount = [UInt8](repeating: 0, count: newBodies.count)
    for j in builder.joints {
      if j.bodyA >= 0 { jointCount[Int(j.bodyA)] = jointCount[Int(j.bodyA)] &+ 1 }
      if j.bodyB >= 0 { jointCount[Int(j.bodyB)] = jointCount[Int(j.bodyB)] &+ 1 }
    }
    var joints: [JointRow] = []
    var springs: [AnchorSpring] = []
    for (k, j) in builder.joints.enumerated() {
      let owner = builder.jointOwners[k]
      let bi = Int(j.bodyB)
      let m = builder.materials[bi]
      let body = newBodies[bi]
      if j.kind == .point && j.bodyA < 0 && j.hertz > 0 && j.localB == .zero && jointCount[bi] == 1
        && body.invMass > 0 && body.shapeCount == 0 && m.resistance < 1 {
        newBodies[bi].closedFormSpring = Int32(springs.count)
        owner.engineSlot = .spring(springs.count)
        var s = AnchorSpring(body: j.bodyB, anchor: j.localA, hertz: j.hertz, zeta: j.zeta,
                             linearDampingRate: -log(1 - m.resistance), h: h)
        s.position = body.position
        s.velocity = body.velocity
        s.sleepTime = body.sleepTime
        s.forced = forced[bi] || body.angularVelocity != 0
        springs.append(s)
      } else {
        owner.engineSlot = .joint(joints.count)
        joints.append(j)
      }
    }

    // 5. Install, carrying contacts over to the new indices.
    var solverBodies: [Int32] = []
    for i in 0..<newBodies.count where newBodies[i].invMass > 0 && newBodies[i].closedFormSpring < 0 {
      solverBodies.append(Int32(i))
    }
    var otherForced: [Int32] = []
    for i in 0..<newBodies.count where forced[i] && !(newBodies[i].invMass > 0 && newBodies[i].closedFormSpring < 0) {
      otherForced.append(Int32(i))
    }
    world.otherForcedBodies = otherForced
    var newBoundaryIndex: [UInt32: Int32] = [:]
    for (k, s) in builder.boundaries.enumerated() { newBoundaryIndex[s.stableKey] = Int32(k) }
    let oldBoundaryKeys = world.boundaries.map(\.stableKey)
    func remap(_ contacts: [Contact]) -> [Contact] {
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
    world.storeImpulses()
    world.constraints.removeAll(keepingCapacity: true)
    world.contacts = remap(world.contacts)
    world.previousContacts.removeAll()

    world.bodies = newBodies
    world.shapes = shapes
    world.localVertices = localVertices
    world.localNormals = localNormals
    world.worldVertices = localVertices
    world.worldNormals = localNormals
    // Proxies start in body order; the next collision pass sorts them fully (then they stay nearly
    // sorted and an insertion sort keeps them so).
    world.proxies = proxies
    world.proxiesUnsorted = true
    world.boundaries = builder.boundaries
    world.joints = joints
    world.springs = springs
    world.solverBodies = solverBodies
    collisionBehaviors = builder.collisionBehaviors
    actionBehaviors = flatBehaviors.filter { $0.action != nil }
    world.resetSleep()
    world.needsCollision = true
  }
}
