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
    bodies.withUnsafeMutableBufferPointer { b in
      for i in solverBodies {
        b[Int(i)].deltaPosition = .zero
        b[Int(i)].deltaAngle = 0
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
    broadPhase.sort()
    findPairs()
    if anyAsleep { keepSleepingContacts() }
    finishMatching()
  }

  /// World vertices, normals and swept bounds of every colliding shape, written to the shape and to its
  /// broad-phase proxy.
  mutating func refreshShapes() {
    let window = h * Double(PhysicsWorld.stepsPerCollision)
    let spec = PhysicsWorld.speculativeDistance
    if sweepMargin.count < bodies.count { sweepMargin = [Double](repeating: 0, count: bodies.count) }
    sweepMargin.withUnsafeMutableBufferPointer { sm in
    bodies.withUnsafeBufferPointer { b in
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
                    let sweep = window * (bp.pointee.velocity.length + abs(bp.pointee.angularVelocity) * bp.pointee.extent)
                    sm[Int(sh[si].body)] = sweep
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
                    px[p].minX = minX; px[p].maxX = maxX; px[p].minY = minY; px[p].maxY = maxY
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

  /// The narrow phase on every pair the broad phase finds, then every shape against the boundaries.
  mutating func findPairs() {
    bodies.withUnsafeBufferPointer { broadPhase.findPairs(bodies: $0, anyAsleep: anyAsleep) }
    for pair in broadPhase.pairs { collideShapes(Int(pair.a), Int(pair.b)) }
    guard !boundaries.isEmpty else { return }
    for p in broadPhase.proxies where p.collidesWithBoundaries && !(anyAsleep && bodies[Int(p.body)].asleep) {
      collideWithBoundaries(Int(p.shape))
    }
  }

  @inline(__always) func polygonView(_ s: Shape, _ v: UnsafePointer<Vec2>, _ n: UnsafePointer<Vec2>) -> PolygonView {
    PolygonView(vertices: v + Int(s.firstVertex), normals: n + Int(s.firstVertex), count: Int(s.vertexCount))
  }

  /// How far apart two bodies may be and still get a (speculative) contact: the slop margin plus what
  /// they can close in one step, so nothing tunnels however fast it moves.
  @inline(__always) func speculative(_ a: Int, _ b: Int) -> Double {
    var d = PhysicsWorld.speculativeDistance
    d += sweepMargin[a]
    if b >= 0 { d += sweepMargin[b] }
    return d
  }

  mutating func collideShapes(_ a: Int, _ b: Int) {
    let sa = shapes[a], sb = shapes[b]
    let ba = Int(sa.body), bb = Int(sb.body)
    let spec = speculative(ba, bb)
    let m: Manifold = worldVertices.withUnsafeBufferPointer { wv in
      worldNormals.withUnsafeBufferPointer { wn in
        let v = wv.baseAddress!, n = wn.baseAddress!
        switch (sa.kind, sb.kind) {
        case (.circle, .circle):
          return Narrowphase.circles(sa.worldCenter, sa.radius, sb.worldCenter, sb.radius, speculative: spec)
        case (.polygon, .circle):
          return Narrowphase.polygonCircle(polygonView(sa, v, n), sb.worldCenter, sb.radius, speculative: spec)
        case (.circle, .polygon):
          var m = Narrowphase.polygonCircle(polygonView(sb, v, n), sa.worldCenter, sa.radius, speculative: spec)
          m.normal = -m.normal
          return m
        case (.polygon, .polygon):
          return Narrowphase.polygons(polygonView(sa, v, n), polygonView(sb, v, n), speculative: spec)
        }
      }
    }
    guard m.count > 0 else { return }
    let ordA = UInt64(UInt32(a) &- UInt32(bodies[ba].firstShape)) & 0xFF
    let ordB = UInt64(UInt32(b) &- UInt32(bodies[bb].firstShape)) & 0xFF
    let key = (UInt64(bodies[ba].serial) << 40) | (ordA << 32) | (UInt64(bodies[bb].serial) << 8) | ordB
    addContact(m, key: key, bodyA: ba, bodyB: bb, boundary: -1)
  }

  mutating func collideWithBoundaries(_ a: Int) {
    let sa = shapes[a]
    let ba = Int(sa.body)
    let mask = bodies[ba].boundaryCollisionMask
    let spec = speculative(ba, -1)
    for k in 0..<boundaries.count {
      let seg = boundaries[k]
      if (mask & (1 << UInt64(seg.owner))) == 0 { continue }
      if seg.minX > sa.maxX || seg.maxX < sa.minX || seg.minY > sa.maxY || seg.maxY < sa.minY { continue }
      let m: Manifold
      if sa.kind == .circle {
        m = Narrowphase.circleSegment(sa.worldCenter, sa.radius, seg.a, seg.b, speculative: spec)
      } else {
        m = worldVertices.withUnsafeBufferPointer { wv in
          worldNormals.withUnsafeBufferPointer { wn in
            let poly = polygonView(sa, wv.baseAddress!, wn.baseAddress!)
            if seg.inward != .zero {
              return Narrowphase.polygonWall(poly, seg.a, seg.b, inward: seg.inward, speculative: spec)
            }
            if Narrowphase.separatedBeyondEnds(poly, seg.a, seg.b, radius: 0, speculative: spec) { return Manifold() }
            return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 4) { tmp in
              let n = Vec2(seg.b.y - seg.a.y, seg.a.x - seg.b.x).normalized
              tmp[0] = seg.a; tmp[1] = seg.b; tmp[2] = n; tmp[3] = -n
              let base = tmp.baseAddress!
              let segment = PolygonView(vertices: UnsafePointer(base), normals: UnsafePointer(base + 2), count: 2)
              return Narrowphase.polygons(poly, segment, speculative: spec)
            }
          }
        }
      }
      guard m.count > 0 else { continue }
      let ordA = UInt64(UInt32(a) &- UInt32(bodies[ba].firstShape)) & 0xFF
      let key = (UInt64(bodies[ba].serial) << 40) | (ordA << 32) | 0x8000_0000 | UInt64(seg.stableKey & 0x7FFF_FFFF)
      addContact(m, key: key, bodyA: ba, bodyB: -1, boundary: Int32(k))
    }
  }

  mutating func addContact(_ m: Manifold, key: UInt64, bodyA: Int, bodyB: Int, boundary: Int32) {
    let posA = bodies[bodyA].position
    let posB = bodyB >= 0 ? bodies[bodyB].position : .zero
    var c = Contact(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary)
    c.normal = m.normal
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
    let frictionA = bodies[bodyA].friction, elasticityA = bodies[bodyA].elasticity
    if bodyB >= 0 {
      c.friction = (frictionA * bodies[bodyB].friction).squareRoot()
      c.restitution = Swift.max(elasticityA, bodies[bodyB].elasticity)
      isStatic = bodies[bodyA].invMass == 0 || bodies[bodyB].invMass == 0
    } else {
      c.friction = frictionA
      c.restitution = elasticityA
    }
    c.softness = isStatic ? staticSoftness : contactSoftness
    let minSeparation = m.count > 1 ? Swift.min(m.separation0, m.separation1) : m.separation0
    c.isTouching = minSeparation < PhysicsWorld.linearSlop

    var wasTouching = false
    var old = previousHead[bodyA]
    while old >= 0 && previousContacts[Int(old)].key != key { old = previousNext[Int(old)] }
    if old >= 0 {
      let o = Int(old)
      previousContacts[o].matched = true
      let prev = previousContacts[o]
      wasTouching = prev.isTouching
      // Warm start from the point with the same feature id.
      for k in 0..<Int(prev.pointCount) {
        let p = k == 0 ? prev.point0 : prev.point1
        if p.id == c.point0.id {
          c.point0.normalImpulse = p.normalImpulse; c.point0.tangentImpulse = p.tangentImpulse
        } else if m.count > 1 && p.id == c.point1.id {
          c.point1.normalImpulse = p.normalImpulse; c.point1.tangentImpulse = p.tangentImpulse
        }
      }
    }
    if c.isTouching != wasTouching {
      let point = m.count > 1 ? (m.point0 + m.point1) * 0.5 : m.point0
      events.append(ContactEvent(began: c.isTouching, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary, point: point))
    }
    contacts.append(c)
  }

  /// Ended events for last step's touching contacts that found no successor.
  mutating func finishMatching() {
    for i in 0..<previousContacts.count where !previousContacts[i].matched && previousContacts[i].isTouching {
      let c = previousContacts[i]
      events.append(ContactEvent(began: false, bodyA: c.bodyA, bodyB: c.bodyB, boundary: c.boundary, point: .zero))
    }
  }

  /// Links `previousContacts` into per-body lists by body A (in array order, so matching is deterministic).
  mutating func indexPreviousContacts() {
    if previousHead.count < bodies.count { previousHead = [Int32](repeating: -1, count: bodies.count) }
    if previousNext.count < previousContacts.count {
      previousNext = [Int32](repeating: -1, count: Swift.max(previousContacts.count * 2, 64))
    }
    previousHead.withUnsafeMutableBufferPointer { head in
      for i in 0..<head.count { head[i] = -1 }
      previousNext.withUnsafeMutableBufferPointer { next in
        previousContacts.withUnsafeBufferPointer { pc in
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

  /// Copies the contact rows' accumulated impulses back to their contacts (before the contacts are
  /// matched against a new collision pass, or carried through a rebuild).
  mutating func storeImpulses() {
    contactSolver.storeImpulses(into: &contacts, awakeCount: awakeContactCount)
  }
}
