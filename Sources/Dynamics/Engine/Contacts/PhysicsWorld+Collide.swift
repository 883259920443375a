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
    bodies.states.withUnsafeMutableBufferPointer { s in
      for i in bodies.solverBodies {
        s[Int(i)].deltaPosition = .zero
        s[Int(i)].deltaAngle = 0
      }
    }
    swap(&contacts.list, &contacts.previous)
    contacts.list.removeAll(keepingCapacity: true)
    indexPreviousContacts()
    defer { wakeTouchedIslandsAndPartition() }
    guard !shapes.broadPhase.proxies.isEmpty else {
      finishMatching()
      return
    }
    refreshShapes()
    findPairs()
    if sleep.anyAsleep { keepSleepingContacts() }
    finishMatching()
  }

  /// World vertices, normals and swept bounds of every colliding shape, written to the shape; a proxy
  /// whose shape's bounds left it is grown around them again (and the last sweep's pairs no longer stand).
  mutating func refreshShapes() {
    if shapes.sweeps.count < bodies.sims.count { shapes.sweeps = [BodySweep](repeating: BodySweep(), count: bodies.sims.count) }
    let window = h * Double(PhysicsWorld.stepsPerCollision)
    var anyOut = false
    withShapeRefresh(window: window) { refresh in
      for p in 0..<refresh.proxies.count where refresh.refresh(proxy: p) { anyOut = true }
    }
    if anyOut { shapes.broadPhase.pairsCurrent = false }
  }

  /// The buffers of one shape refresh, gathered (the arrays lend their storage only inside these calls).
  mutating func withShapeRefresh(window: Double, _ body: (ShapeRefresh) -> Void) {
    bodies.sims.withUnsafeBufferPointer { b in
    bodies.states.withUnsafeBufferPointer { st in
    shapes.list.withUnsafeMutableBufferPointer { sh in
    shapes.broadPhase.proxies.withUnsafeMutableBufferPointer { px in
    shapes.localVertices.withUnsafeBufferPointer { lv in
    shapes.localNormals.withUnsafeBufferPointer { ln in
    shapes.worldVertices.withUnsafeMutableBufferPointer { wv in
    shapes.worldNormals.withUnsafeMutableBufferPointer { wn in
    shapes.sweeps.withUnsafeMutableBufferPointer { sw in
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
    if !shapes.broadPhase.pairsCurrent || sleep.anyAsleep {
      shapes.broadPhase.sort()
      bodies.sims.withUnsafeBufferPointer { b in
        bodies.states.withUnsafeBufferPointer { s in shapes.broadPhase.findPairs(bodies: b, states: s, anyAsleep: sleep.anyAsleep) }
      }
      shapes.broadPhase.pairsCurrent = !sleep.anyAsleep
    }
    let hasBoundaries = !shapes.boundaries.isEmpty
    for k in 0..<shapes.broadPhase.proxies.count {
      for n in Int(shapes.broadPhase.pairStart[k])..<Int(shapes.broadPhase.pairStart[k + 1]) {
        let pair = shapes.broadPhase.pairBuffer[n]
        collideShapes(Int(pair.a), Int(pair.b))
      }
      let p = shapes.broadPhase.proxies[k]
      if hasBoundaries && p.collidesWithBoundaries && !(sleep.anyAsleep && bodies.sims[Int(p.body)].asleep) {
        collideWithBoundaries(Int(p.shape))
      }
    }
  }
}
