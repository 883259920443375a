/// The narrow phase: the manifold of each pair the broad phase found (`Narrowphase` in Manifold.swift
/// computes it, unless the pair's last contact can be carried along: `recycledManifold`), and of each
/// shape against the boundary segments its bounds reach, each made a contact by `addContact`. A pair's
/// manifold is found by functions that only read (`recycledManifold`, `shapeManifold`,
/// `boundaryManifold`); making it a contact is the only write.
extension ContactStore {
  /// The narrow phase on every pair the broad phase found, proxy by proxy: its pairs, then its
  /// boundaries (a sleeping body's shapes meet none).
  mutating func collide(_ shapes: ShapeStore, _ bodies: BodyStore, anyAsleep: Bool) {
    let broadPhase = shapes.broadPhase
    let hasBoundaries = !shapes.boundaries.isEmpty
    for k in 0..<broadPhase.proxies.count {
      for n in Int(broadPhase.pairStart[k])..<Int(broadPhase.pairStart[k + 1]) {
        let pair = broadPhase.pairBuffer[n]
        collideShapes(Int(pair.a), Int(pair.b), shapes, bodies)
      }
      let p = broadPhase.proxies[k]
      if hasBoundaries && p.collidesWithBoundaries && !(anyAsleep && bodies.sims[Int(p.body)].asleep) {
        collideWithBoundaries(Int(p.shape), shapes, bodies)
      }
    }
  }

  mutating func collideShapes(_ a: Int, _ b: Int, _ shapes: ShapeStore, _ bodies: BodyStore) {
    let sa = shapes.list[a], sb = shapes.list[b]
    // The proxies' grown bounds overlap; the shapes' own swept bounds may not.
    if sa.minX > sb.maxX || sb.minX > sa.maxX || sa.minY > sb.maxY || sb.minY > sa.maxY { return }
    let ba = Int(sa.body), bb = Int(sb.body)
    let ordA = UInt64(UInt32(a) &- UInt32(bodies.sims[ba].firstShape)) & 0xFF
    let ordB = UInt64(UInt32(b) &- UInt32(bodies.sims[bb].firstShape)) & 0xFF
    let key = (UInt64(bodies.sims[ba].serial) << 40) | (ordA << 32) | (UInt64(bodies.sims[bb].serial) << 8) | ordB
    let old = findPrevious(key: key, bodyA: ba)
    if let m = recycledManifold(previous: old, a: ba, b: bb, bodies) {
      recycledCount += 1
      addContact(
        m, frame: previous[Int(old)].frame, key: key, previous: old, bodyA: ba, bodyB: bb, boundary: -1, bodies)
      return
    }
    let m = shapeManifold(sa, sb, shapes)
    guard m.count > 0 else { return }
    // Only polygon pairs are recycled: a circle's manifold costs about what deriving it does, and its
    // normal runs between centres, turning with neither body (a crowd of spinning circles never settled
    // on normals carried along by their spin).
    let frame =
      sa.kind == .polygon && sb.kind == .polygon
      ? ManifoldFrame(m, a: ContactStore.pose(ba, bodies), b: ContactStore.pose(bb, bodies), normalOnB: false)
      : ManifoldFrame()
    addContact(m, frame: frame, key: key, previous: old, bodyA: ba, bodyB: bb, boundary: -1, bodies)
  }

  /// The manifold of shapes `sa` and `sb` where they are now (reads only).
  func shapeManifold(_ sa: Shape, _ sb: Shape, _ shapes: ShapeStore) -> Manifold {
    let spec = shapes.speculative(Int(sa.body), Int(sb.body))
    return shapes.worldVertices.withUnsafeBufferPointer { wv in
      shapes.worldNormals.withUnsafeBufferPointer { wn in
        let v = wv.baseAddress!, n = wn.baseAddress!
        switch (sa.kind, sb.kind) {
        case (.circle, .circle):
          return Narrowphase.circles(sa.worldCenter, sa.radius, sb.worldCenter, sb.radius, speculative: spec)
        case (.polygon, .circle):
          return Narrowphase.polygonCircle(shapes.polygonView(sa, v, n), sb.worldCenter, sb.radius, speculative: spec)
        case (.circle, .polygon):
          var m = Narrowphase.polygonCircle(shapes.polygonView(sb, v, n), sa.worldCenter, sa.radius, speculative: spec)
          m.normal = -m.normal
          return m
        case (.polygon, .polygon):
          return Narrowphase.polygons(shapes.polygonView(sa, v, n), shapes.polygonView(sb, v, n), speculative: spec)
        }
      }
    }
  }

  mutating func collideWithBoundaries(_ a: Int, _ shapes: ShapeStore, _ bodies: BodyStore) {
    let sa = shapes.list[a]
    let ba = Int(sa.body)
    let mask = bodies.sims[ba].boundaryCollisionMask
    for k in 0..<shapes.boundaries.count {
      // The cheap tests through a pointer, before copying the segment: most shapes reach no wall.
      let reject = shapes.boundaries.withUnsafeBufferPointer { bs in
        let p = bs.baseAddress.unsafelyUnwrapped + k
        return (mask & (1 << UInt64(p.pointee.owner))) == 0
          || p.pointee.minX > sa.maxX || p.pointee.maxX < sa.minX || p.pointee.minY > sa.maxY
          || p.pointee.maxY < sa.minY
      }
      if reject { continue }
      let seg = shapes.boundaries[k]
      let ordA = UInt64(UInt32(a) &- UInt32(bodies.sims[ba].firstShape)) & 0xFF
      let key =
        (UInt64(bodies.sims[ba].serial) << 40) | (ordA << 32) | 0x8000_0000 | UInt64(seg.stableKey & 0x7FFF_FFFF)
      let old = findPrevious(key: key, bodyA: ba)
      if let m = recycledManifold(previous: old, a: ba, b: -1, bodies) {
        recycledCount += 1
        addContact(
          m, frame: previous[Int(old)].frame, key: key, previous: old, bodyA: ba, bodyB: -1, boundary: Int32(k), bodies)
        continue
      }
      let m = boundaryManifold(sa, seg, shapes)
      guard m.count > 0 else { continue }
      // The segment's normal is the world's; a circle's is computed every pass (see `collideShapes`).
      let frame =
        sa.kind == .polygon
        ? ManifoldFrame(m, a: ContactStore.pose(ba, bodies), b: .fixed, normalOnB: true) : ManifoldFrame()
      addContact(m, frame: frame, key: key, previous: old, bodyA: ba, bodyB: -1, boundary: Int32(k), bodies)
    }
  }

  /// The manifold of shape `sa` against boundary segment `seg` where it is now (reads only).
  func boundaryManifold(_ sa: Shape, _ seg: BoundarySegment, _ shapes: ShapeStore) -> Manifold {
    let spec = shapes.speculative(Int(sa.body))
    if sa.kind == .circle {
      return Narrowphase.circleSegment(sa.worldCenter, sa.radius, seg.a, seg.b, speculative: spec)
    }
    return withBuffers(shapes.worldVertices, shapes.worldNormals) { wv, wn in
      let poly = shapes.polygonView(sa, wv.baseAddress!, wn.baseAddress!)
      if seg.inward != .zero {
        return Narrowphase.polygonWall(poly, seg.a, seg.b, inward: seg.inward, speculative: spec)
      }
      if Narrowphase.separatedBeyondEnds(poly, seg.a, seg.b, radius: 0, speculative: spec) { return Manifold() }
      return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 4) { tmp in
        let n = Vec2(seg.b.y - seg.a.y, seg.a.x - seg.b.x).normalized
        tmp[0] = seg.a
        tmp[1] = seg.b
        tmp[2] = n
        tmp[3] = -n
        let base = tmp.baseAddress!
        let segment = PolygonView(vertices: UnsafePointer(base), normals: UnsafePointer(base + 2), count: 2)
        // The segment first, so that where its face and the body's separate about equally (a box
        // resting on it) the segment's face is the reference, as a floor should be: with the body's,
        // the contact normal tilts as the body rocks, and a tall stack creeps sideways on it.
        var m = Narrowphase.polygons(segment, poly, speculative: spec)
        m.normal = -m.normal
        return m
      }
    }
  }
}

/// What the narrow phase asks of the shapes: a polygon's world vertices, and how far apart shapes may
/// be and still get a (speculative) contact.
extension ShapeStore {
  @inline(__always) func polygonView(_ s: Shape, _ v: UnsafePointer<Vec2>, _ n: UnsafePointer<Vec2>) -> PolygonView {
    PolygonView(vertices: v + Int(s.firstVertex), normals: n + Int(s.firstVertex), count: Int(s.vertexCount))
  }

  /// How far apart body `a` and a boundary may be and still get a (speculative) contact: the slop margin
  /// plus how far the body can move before the next pass, so nothing tunnels however fast it moves.
  @inline(__always) func speculative(_ a: Int) -> Double {
    PhysicsWorld.speculativeDistance + sweeps[a].margin
  }

  /// How far apart two bodies may be and still get a (speculative) contact: the slop margin plus what
  /// they can close before the next pass at their present velocities. Their relative velocity, not
  /// each one's own: boxes falling side by side close nothing, and contacts between them would be rows
  /// the solver works through every step for nothing.
  @inline(__always) func speculative(_ a: Int, _ b: Int) -> Double {
    let closing = (sweeps[a].motion - sweeps[b].motion).length
    return PhysicsWorld.speculativeDistance + closing + sweeps[a].turn + sweeps[b].turn
  }

}
