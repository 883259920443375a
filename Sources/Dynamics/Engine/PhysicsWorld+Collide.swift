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
    var anyOut = false
    defer { if anyOut { broadPhase.pairsCurrent = false } }
    let window = h * Double(PhysicsWorld.stepsPerCollision)
    let spec = PhysicsWorld.speculativeDistance
    if sweepMargin.count < bodies.count {
      sweepMargin = [Double](repeating: 0, count: bodies.count)
      sweepMotion = [Vec2](repeating: .zero, count: bodies.count)
      sweepTurn = [Double](repeating: 0, count: bodies.count)
    }
    sweepMotion.withUnsafeMutableBufferPointer { sv in
    sweepTurn.withUnsafeMutableBufferPointer { tn in
    sweepMargin.withUnsafeMutableBufferPointer { sm in
    bodies.withUnsafeBufferPointer { b in
    bodyStates.withUnsafeBufferPointer { st in
      shapes.withUnsafeMutableBufferPointer { sh in
        broadPhase.proxies.withUnsafeMutableBufferPointer { px in
          localVertices.withUnsafeBufferPointer { lv in
            localNormals.withUnsafeBufferPointer { ln in
              worldVertices.withUnsafeMutableBufferPointer { wv in
                worldNormals.withUnsafeMutableBufferPointer { wn in
                  for p in 0..<px.count {
                    let si = Int(px[p].shape)
                    let bp = b.baseAddress.unsafelyUnwrapped + Int(sh[si].body)
                    let c = bp.pointee.cosAngle, s = bp.pointee.sinAngle
                    let position = bp.pointee.position
                    let motion = st[Int(sh[si].body)]
                    let sweep = window * (motion.v.length + abs(motion.w) * bp.pointee.extent)
                    sm[Int(sh[si].body)] = sweep
                    sv[Int(sh[si].body)] = motion.v * window
                    tn[Int(sh[si].body)] = window * abs(motion.w) * bp.pointee.extent
                    let margin = spec + sweep
                    var minX: Double, minY: Double, maxX: Double, maxY: Double
                    if sh[si].kind == .circle {
                      let center = position + sh[si].localCenter.rotated(cos: c, sin: s)
                      let r = sh[si].radius
                      sh[si].worldCenter = center
                      minX = center.x - r; maxX = center.x + r
                      minY = center.y - r; maxY = center.y + r
                    } else {
                      let first = Int(sh[si].firstVertex), n = Int(sh[si].vertexCount)
                      minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
                      var cx = 0.0, cy = 0.0
                      for k in first..<(first + n) {
                        let v = position + lv[k].rotated(cos: c, sin: s)
                        wv[k] = v
                        wn[k] = ln[k].rotated(cos: c, sin: s)
                        minX = Swift.min(minX, v.x); maxX = Swift.max(maxX, v.x)
                        minY = Swift.min(minY, v.y); maxY = Swift.max(maxY, v.y)
                        cx += v.x; cy += v.y
                      }
                      sh[si].worldCenter = Vec2(cx / Double(n), cy / Double(n))
                    }
                    minX -= margin; minY -= margin; maxX += margin; maxY += margin
                    sh[si].minX = minX; sh[si].maxX = maxX; sh[si].minY = minY; sh[si].maxY = maxY
                    // Written as a negation so NaN bounds count as out.
                    if !(minX >= px[p].minX && maxX <= px[p].maxX && minY >= px[p].minY && maxY <= px[p].maxY) {
                      let fat = BroadPhase.fatMargin
                      px[p].minX = minX - fat; px[p].maxX = maxX + fat; px[p].minY = minY - fat; px[p].maxY = maxY + fat
                      anyOut = true
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
        let pair = broadPhase.pairs[n]
        collideShapes(Int(pair.a), Int(pair.b))
      }
      let p = broadPhase.proxies[k]
      if hasBoundaries && p.collidesWithBoundaries && !(anyAsleep && bodies[Int(p.body)].asleep) {
        collideWithBoundaries(Int(p.shape))
      }
    }
  }
}
