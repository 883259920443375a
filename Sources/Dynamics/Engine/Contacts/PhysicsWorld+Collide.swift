#if canImport(Glibc)
import Glibc
#endif

extension PhysicsWorld {
  /// The collision pass: shape bounds, broad phase (sort and sweep along x: the cost follows the number
  /// of bodies whose x-extents overlap, not n²), narrow phase, and matching against the previous step's
  /// contacts for warm starting and began/ended events.
  mutating func collide() {
    needsCollision = false
    storeImpulses()
    // Contacts track the bodies' motion from here on.
    bodyStates.withUnsafeMutableBufferPointer { s in
      for i in solverBodies {
        s[Int(i)].deltaPosition = .zero
        s[Int(i)].deltaAngle = 0
      }
    }
    swap(&contacts, &previousContacts)
    contacts.removeAll(keepingCapacity: true)
    indexPreviousContacts()
    defer { wakeTouchedIslandsAndPartition() }
    guard !broadPhase.proxies.isEmpty else {
      finishMatching()
      return
    }
    refreshShapes()
    findPairs()
    if anyAsleep { keepSleepingContacts() }
    finishMatching()
  }

  /// World vertices, normals and swept bounds of every colliding shape, written to the shape; a proxy
  /// whose shape's bounds left it is grown around them again (and the last sweep's pairs no longer stand).
  mutating func refreshShapes() {
    if bodySweeps.count < bodies.count { bodySweeps = [BodySweep](repeating: BodySweep(), count: bodies.count) }
    let window = h * Double(PhysicsWorld.stepsPerCollision)
    var anyOut = false
    withShapeRefresh(window: window) { refresh in
      for p in 0..<refresh.proxies.count where refresh.refresh(proxy: p) { anyOut = true }
    }
    if anyOut { broadPhase.pairsCurrent = false }
  }

  /// The buffers of one shape refresh, gathered (the arrays lend their storage only inside these calls).
  mutating func withShapeRefresh(window: Double, _ body: (ShapeRefresh) -> Void) {
    bodies.withUnsafeBufferPointer { b in
    bodyStates.withUnsafeBufferPointer { st in
    shapes.withUnsafeMutableBufferPointer { sh in
    broadPhase.proxies.withUnsafeMutableBufferPointer { px in
    localVertices.withUnsafeBufferPointer { lv in
    localNormals.withUnsafeBufferPointer { ln in
    worldVertices.withUnsafeMutableBufferPointer { wv in
    worldNormals.withUnsafeMutableBufferPointer { wn in
    bodySweeps.withUnsafeMutableBufferPointer { sw in
      body(ShapeRefresh(bodies: b, states: st, shapes: sh, proxies: px, localVertices: lv, localNormals: ln,
                        worldVertices: wv, worldNormals: wn, sweeps: sw, window: window))
    }
    }
    }
    }
    }
    }
    }
    }
    }
  }

  /// The narrow phase on every pair the broad phase finds, proxy by proxy: its pairs, then its
  /// boundaries.
  mutating func findPairs() {
    // With islands asleep the pairs depend on who sleeps, so the sweep runs every pass.
    if !broadPhase.pairsCurrent || anyAsleep {
      broadPhase.sort()
      bodies.withUnsafeBufferPointer { b in
        bodyStates.withUnsafeBufferPointer { s in broadPhase.findPairs(bodies: b, states: s, anyAsleep: anyAsleep) }
      }
      broadPhase.pairsCurrent = !anyAsleep
    }
    let hasBoundaries = !boundaries.isEmpty
    for k in 0..<broadPhase.proxies.count {
      for n in Int(broadPhase.pairStart[k])..<Int(broadPhase.pairStart[k + 1]) {
        let pair = broadPhase.pairBuffer[n]
        collideShapes(Int(pair.a), Int(pair.b))
      }
      let p = broadPhase.proxies[k]
      if hasBoundaries && p.collidesWithBoundaries && !(anyAsleep && bodies[Int(p.body)].asleep) {
        collideWithBoundaries(Int(p.shape))
      }
    }
  }
}
