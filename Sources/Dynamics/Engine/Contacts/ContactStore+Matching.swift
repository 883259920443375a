/// Matching a collision pass's contacts against the previous pass's by key: warm starting from the
/// impulses of the point with the same feature id, and the began/ended events.
extension ContactStore {
  /// Starts a collision pass: the rows' impulses go back to the contacts, which become the previous
  /// pass's (indexed by body for matching), and the bodies' motion since the pass starts from zero
  /// (contacts track it from here on).
  mutating func beginPass(_ bodies: inout BodyStore, on workers: WorkerPool) {
    storeImpulses(on: workers)
    let solverBodies = bodies.solverBodies
    bodies.withView { v in
      workers.forEachSlice(of: solverBodies.count, grain: BodyStore.grain) { range in
        for k in range {
          v.states[Int(solverBodies[k])].deltaPosition = .zero
          v.states[Int(solverBodies[k])].deltaAngle = 0
        }
      }
    }
    if !bodies.kinematicMoves.isEmpty { bodies.beginKinematicPass() }
    swap(&list, &previous)
    list.removeAll(keepingCapacity: true)
    previousMatched.removeAll(keepingCapacity: true)
    previousMatched.append(contentsOf: repeatElement(false, count: previous.count))
    recycledCount = 0
    indexPreviousContacts(bodyCount: bodies.count)
  }

  /// Makes manifold `m` (its `frame` as computed, or kept when derived) a contact, warm started from
  /// `previous[old]` (-1: none), with its began event if it starts touching.
  mutating func addContact(
    _ m: Manifold, frame: ManifoldFrame, key: UInt64, previous old: Int32, bodyA: Int, bodyB: Int,
    boundary: Int32, _ bodies: BodyStore
  ) {
    let posA = bodies.sims[bodyA].position
    let posB = bodyB >= 0 ? bodies.sims[bodyB].position : .zero
    var c = Contact(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary)
    c.normal = m.normal
    c.frame = frame
    c.pointCount = Int32(m.count)
    c.point0.anchorA = m.point0 - posA
    c.point0.anchorB = m.point0 - posB
    c.point0.baseSeparation = m.separation0
    c.point0.id = m.id0
    if m.count > 1 {
      c.point1.anchorA = m.point1 - posA
      c.point1.anchorB = m.point1 - posB
      c.point1.baseSeparation = m.separation1
      c.point1.id = m.id1
    }
    var isStatic = true
    let frictionA = bodies.sims[bodyA].friction, elasticityA = bodies.sims[bodyA].elasticity
    if bodyB >= 0 {
      c.friction = (frictionA * bodies.sims[bodyB].friction).squareRoot()
      c.restitution = Swift.max(elasticityA, bodies.sims[bodyB].elasticity)
      isStatic = bodies.states[bodyA].invMass == 0 || bodies.states[bodyB].invMass == 0
    } else {
      c.friction = frictionA
      c.restitution = elasticityA
    }
    c.softness = boundary >= 0 ? wallSoftness : isStatic ? staticSoftness : softness
    let minSeparation = m.count > 1 ? Swift.min(m.separation0, m.separation1) : m.separation0
    c.isTouching = minSeparation < PhysicsWorld.linearSlop

    if old >= 0 { previousMatched[Int(old)] = true }
    let wasTouching = old >= 0 && matchPrevious(&c, old)
    if c.isTouching != wasTouching {
      let point = m.count > 1 ? (m.point0 + m.point1) * 0.5 : m.point0
      events.append(
        ContactEvent(began: c.isTouching, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary, point: point))
    }
    list.append(c)
  }

  /// Warm starts `c` from the previous pass's contact `previous[old]` (`c`'s key's), point by feature
  /// id; returns whether it was touching.
  func matchPrevious(_ c: inout Contact, _ old: Int32) -> Bool {
    // Through a pointer: a copy of the whole previous contact costs more than the matching.
    previous.withUnsafeBufferPointer { list in
      let prev = list.baseAddress.unsafelyUnwrapped + Int(old)
      for k in 0..<Int(prev.pointee.pointCount) {
        let p = k == 0 ? prev.pointee.point0 : prev.pointee.point1
        if p.id == c.point0.id {
          c.point0.normalImpulse = p.normalImpulse
          c.point0.tangentImpulse = p.tangentImpulse
        } else if c.pointCount > 1 && p.id == c.point1.id {
          c.point1.normalImpulse = p.normalImpulse
          c.point1.tangentImpulse = p.tangentImpulse
        }
      }
      return prev.pointee.isTouching
    }
  }

  /// Ended events for last step's touching contacts that found no successor.
  mutating func finishMatching() {
    for i in 0..<previous.count where !previousMatched[i] && previous[i].isTouching {
      let c = previous[i]
      events.append(ContactEvent(began: false, bodyA: c.bodyA, bodyB: c.bodyB, boundary: c.boundary, point: .zero))
    }
  }

  /// Links `previousContacts` into per-body lists by body A (in array order, so matching is deterministic).
  mutating func indexPreviousContacts(bodyCount: Int) {
    if previousHead.count < bodyCount { previousHead = [Int32](repeating: -1, count: bodyCount) }
    if previousNext.count < previous.count {
      previousNext = [Int32](repeating: -1, count: Swift.max(previous.count * 2, 64))
    }
    withMutableBuffers(&previousHead, &previousNext) { head, next in
      for i in 0..<head.count { head[i] = -1 }
      previous.withUnsafeBufferPointer { pc in
        var i = pc.count - 1
        while i >= 0 {
          let a = Int(pc[i].bodyA)
          next[i] = head[a]
          head[a] = Int32(i)
          i -= 1
        }
      }
    }
  }

}
