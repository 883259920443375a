import CPrefetch

/// The narrow phase: the manifold of each pair the broad phase found (`Narrowphase` in Manifold.swift
/// computes it, unless the pair's last contact can be carried along: `FoundContacts.recycle`), and of each
/// shape against the boundary segments its bounds reach, each made a contact by `addContact`.
///
/// The manifolds are found and made contacts in slices of proxies on the pool's threads by functions
/// that only read (the shapes, the bodies and `PastContacts`), each slice keeping its contacts in order
/// (`FoundContacts`); the caller joins them, slice after slice as each is ready, in the order one thread
/// would have found them: the same contacts in the same order for any number of threads.
extension ContactStore {
  /// The narrow phase on every pair the broad phase found, proxy by proxy: its pairs, then its
  /// boundaries (a sleeping body's shapes meet none).
  mutating func collide(_ shapes: ShapeStore, _ bodies: BodyStore, anyAsleep: Bool, on workers: WorkerPool) {
    let proxyCount = shapes.broadPhase.proxies.count
    guard proxyCount > 0 else { return }
    // On one thread, one slice: made straight into the list, nothing is joined.
    let grain = workers.grain(workers.isParallel ? ContactStore.proxyGrain : proxyCount)
    let slices = (proxyCount + grain - 1) / grain
    findContacts(shapes, bodies, anyAsleep: anyAsleep, grain: grain, slices: slices, on: workers)
    slicesNotingBodies = slices
    // Once the pass's threads, and its `PastContacts`, are done with the frames.
    adoptNewFrames(slices: slices)
    adoptWallContacts(slices: slices, anyAsleep: anyAsleep)
  }

  /// The narrow phase's contacts, found in `slices` slices of `grain` proxies and joined in the list:
  /// on one slice in a window of all the list's room; on more, in the windows the last pass's counts
  /// plan (`SliceWindows`), or when there is no plan in the slices' lists, copied after the first's.
  private mutating func findContacts(
    _ shapes: ShapeStore, _ bodies: BodyStore, anyAsleep: Bool, grain: Int, slices: Int, on workers: WorkerPool
  ) {
    let proxyCount = shapes.broadPhase.proxies.count
    var found: [FoundContacts] = []
    swap(&found, &foundBySlice)
    defer { swap(&found, &foundBySlice) }
    while found.count < slices { found.append(FoundContacts()) }
    // Lent to the slices, which mark the predecessors of their contacts.
    var matched: [Bool] = []
    swap(&matched, &previousMatched)
    defer { swap(&matched, &previousMatched) }
    let windowed: Bool
    if slices == 1 {
      // One slice: its window is the whole of the list's room, about the last pass's count and more.
      list.reserveCapacity(ContactStore.listCapacity(planned: previous.count))
      windowed = sliceWindows.planAlone(room: list.capacity)
    } else {
      windowed = sliceWindows.plan(slices: slices)
      if windowed { list.reserveCapacity(ContactStore.listCapacity(planned: sliceWindows.starts[slices])) }
    }
    matched.withUnsafeMutableBufferPointer { matched in
      let past = PastContacts(
        list: previous, frames: frames, head: previousHead, next: previousNext, fastBodies: fastBodies,
        matched: matched.baseAddress.unsafelyUnwrapped)
      // Without windows (a first pass on several slices) the first slice makes its contacts in the list
      // itself (empty since `beginPass`, its capacity kept), and the others are copied after them there.
      if !windowed { swap(&list, &found[0].contacts) }
      defer { if !windowed { swap(&list, &found[0].contacts) } }
      // The list's storage, where the windows lie: nothing changes the list until the slices are placed.
      let storage = list.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped }
      sliceWindows.starts.withUnsafeBufferPointer { starts in
        found.withUnsafeMutableBufferPointer { found in
          let found = found.baseAddress.unsafelyUnwrapped
          workers.forEachSlice(of: proxyCount, grain: grain) { range in
            let slice = range.lowerBound / grain
            found[slice].start()
            if windowed {
              found[slice].window = ContactWindow(
                start: storage + starts[slice], capacity: starts[slice + 1] - starts[slice], filled: 0)
            }
            ContactStore.withStagingBuffers { staging in
              ContactStore.findManifolds(
                of: range, shapes, bodies, past, anyAsleep: anyAsleep, staging: staging, into: &found[slice])
            }
          } consumingInOrder: { k in
            join(found, slice: k)
          }
          if windowed {
            placeWindowedSlices(found, slices: slices, storage: storage, on: workers)
          } else if slices > 1 {
            let later = LaterSlicesContacts(found, slices: slices, on: workers)
            found[0].contacts.append(contentsOf: later)
          }
          if slices > 1 { sliceWindows.note(found, slices: slices) }
        }
      }
    }
  }

  /// The capacity the list keeps for a pass whose windows hold `planned` contacts: room for them and for
  /// some more, so a pass that makes a few more contacts than the last places them without the list
  /// moving.
  static func listCapacity(planned: Int) -> Int { planned + planned / 8 + 256 }

  /// Puts the windowed slices' contacts in the list (`PlacedSliceContacts`), or, when they outgrew its
  /// storage, takes each window's contacts into its slice's list and copies the slices as without
  /// windows.
  private mutating func placeWindowedSlices(
    _ found: UnsafeMutablePointer<FoundContacts>, slices: Int, storage: UnsafeMutablePointer<Contact>,
    on workers: WorkerPool
  ) {
    let total = found[slices - 1].base + found[slices - 1].made
    if total <= list.capacity {
      windowFilled.resize(to: slices, with: 0)
      windowFinal.resize(to: slices, with: 0)
      withMutableBuffers(&windowFilled, &windowFinal) { filled, final in
        sliceWindows.starts.withUnsafeBufferPointer { starts in
          list.append(
            contentsOf: PlacedSliceContacts(
              found, slices: slices, storage: storage, windowStarts: starts, filled: filled, finalStarts: final))
        }
      }
      return
    }
    sliceWindows.outgrownPasses += 1
    for k in 0..<slices where found[k].window.filled > 0 {
      let window = UnsafeBufferPointer(start: found[k].window.start, count: found[k].window.filled)
      found[k].contacts.insert(contentsOf: window, at: 0)
      found[k].window = .none
    }
    let later = LaterSlicesContacts(found, slices: slices, on: workers)
    swap(&list, &found[0].contacts)
    list.append(contentsOf: later)
  }

  /// Lends a slice of the narrow phase its staging buffers, on the stack.
  @inline(__always) static func withStagingBuffers(_ body: (ContactStaging) -> Void) {
    let capacity = ContactStaging.capacity
    withUnsafeTemporaryAllocation(of: Contact.self, capacity: capacity) { contacts in
      withUnsafeTemporaryAllocation(of: ManifoldFrame.self, capacity: capacity) { frames in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * capacity) { frameContacts in
          body(
            ContactStaging(
              buffer: contacts.baseAddress.unsafelyUnwrapped, frames: frames.baseAddress.unsafelyUnwrapped,
              frameContacts: frameContacts.baseAddress.unsafelyUnwrapped))
        }
      }
    }
  }

  /// Proxies in a slice of the narrow phase.
  static let proxyGrain = 128

  /// The manifolds of the proxies in `range`: each proxy's pairs, then its boundaries, made contacts
  /// through `staging` (its buffers lent by the caller). Out of line: inlined in the pass's closure,
  /// the loop outgrew what the compiler inlines, and array counts became calls.
  @inline(never) static func findManifolds(
    of range: Range<Int>, _ shapes: ShapeStore, _ bodies: BodyStore, _ past: PastContacts, anyAsleep: Bool,
    staging: ContactStaging, into found: inout FoundContacts
  ) {
    found.staging = staging
    found.staging.aim(list: found.contacts, window: found.window)
    defer { found.flushStaging() }
    shapes.colliding.withUnsafeBufferPointer { colliding in
      findManifolds(
        of: range, shapes, colliding.baseAddress.unsafelyUnwrapped, bodies, past, anyAsleep: anyAsleep, into: &found)
    }
  }

  /// `findManifolds` with `shapes.colliding`'s storage lent (`colliding`).
  @inline(__always) private static func findManifolds(
    of range: Range<Int>, _ shapes: ShapeStore, _ colliding: UnsafePointer<CollidingBody>, _ bodies: BodyStore,
    _ past: PastContacts, anyAsleep: Bool, into found: inout FoundContacts
  ) {
    let broadPhase = shapes.broadPhase
    let hasBoundaries = !shapes.boundaries.isEmpty
    // Through pointers: the broad phase made `pairStart` one longer than the proxies, and every pair it
    // names lies in `pairBuffer`; subscripted, each read was checked, several times a pair. (Taken out of
    // their closures: the loop inside one, the compiler no longer inlined `reachesBoundary`.)
    let starts = broadPhase.pairStart.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped }
    let pairs = broadPhase.pairBuffer.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped }
    let proxies = broadPhase.proxies.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped }
    let pairEnd = Int(starts[range.upperBound])
    for k in range {
      for n in Int(starts[k])..<Int(starts[k &+ 1]) {
        if n &+ prefetchDistance < pairEnd { prefetch(pairs[n &+ prefetchDistance], shapes) }
        found.makeRoom()
        pairManifold(pairs[n], shapes, colliding, past, into: &found)
      }
      let p = proxies[k]
      // The proxy's bounds first (read in order; they hold the shape's): most shapes reach no segment,
      // and their shape and body, read at random, are then not read at all.
      if hasBoundaries && p.collidesWithBoundaries && shapes.reachesBoundary(p)
        && !(anyAsleep && bodies.sims[Int(p.body)].asleep)
      {
        boundaryManifolds(Int(p.shape), shapes, colliding, past, into: &found)
      }
    }
  }

  /// How many pairs ahead the narrow phase asks for a pair's shapes and bodies (`prefetch`). Eight, not
  /// four: on 22,000 boxes four left a pair's reads still waiting (perf: the pass 7 % fewer samples).
  static let prefetchDistance = 8

  /// Asks the cache for what `pairManifold` reads first of `pair`, read at random: its shapes' bounds
  /// and its bodies' records (both lines of each: the key's fields lie past the pose). A pair's work is
  /// too long for the processor to reach the next pair's reads by itself, and on 22,000 boxes each was
  /// a miss that held the pass up: almost half of its time.
  ///
  /// Each record's last byte too: a shape's 88 bytes and a body's begin anywhere in a line, and the
  /// bounds' last field (or the body's masses) lay on the line after for three shapes in eight; those
  /// were still misses (measured on 22,000 boxes, perf: the pass 16 % fewer samples).
  @inline(__always) static func prefetch(_ pair: ShapePair, _ shapes: ShapeStore) {
    shapes.list.withUnsafeBufferPointer { list in
      let sa = UnsafeRawPointer(list.baseAddress.unsafelyUnwrapped + Int(pair.a))
      let sb = UnsafeRawPointer(list.baseAddress.unsafelyUnwrapped + Int(pair.b))
      hooke_prefetch(sa)
      hooke_prefetch(sa + boundsEnd)
      hooke_prefetch(sb)
      hooke_prefetch(sb + boundsEnd)
    }
    shapes.colliding.withUnsafeBufferPointer { c in
      let ca = UnsafeRawPointer(c.baseAddress.unsafelyUnwrapped + Int(pair.bodyA))
      let cb = UnsafeRawPointer(c.baseAddress.unsafelyUnwrapped + Int(pair.bodyB))
      hooke_prefetch(ca)
      hooke_prefetch(ca + 64)
      hooke_prefetch(ca + bodyEnd)
      hooke_prefetch(cb)
      hooke_prefetch(cb + 64)
      hooke_prefetch(cb + bodyEnd)
    }
  }

  /// The last byte of a shape's bounds (its first four fields), and of a body's record.
  static let boundsEnd = 4 * MemoryLayout<Double>.size - 1
  static let bodyEnd = MemoryLayout<CollidingBody>.size - 1

  /// The contact of the `pair`'s shapes, its manifold carried along from their last contact or computed,
  /// added to `found` unless their swept bounds do not overlap or they are apart.
  @inline(__always) static func pairManifold(
    _ pair: ShapePair, _ shapes: ShapeStore, _ bodies: UnsafePointer<CollidingBody>, _ past: PastContacts,
    into found: inout FoundContacts
  ) {
    let a = Int(pair.a), b = Int(pair.b), ba = Int(pair.bodyA), bb = Int(pair.bodyB)
    // The proxies' grown bounds overlap; the shapes' own swept bounds may not. Through pointers: of
    // shapes read at random, a carried-along manifold needs the bounds alone (copied, the shapes were
    // read whole, most of each on a cache line more).
    if !shapes.list.withUnsafeBufferPointer({ overlap($0.baseAddress.unsafelyUnwrapped, a, b) }) { return }
    let ca = bodies + ba, cb = bodies + bb
    // Wrapping conversions: a checked one traps on a negative value, a test and a branch each.
    let ordA = UInt64(UInt32(truncatingIfNeeded: a) &- UInt32(bitPattern: ca.pointee.firstShape)) & 0xFF
    let ordB = UInt64(UInt32(truncatingIfNeeded: b) &- UInt32(bitPattern: cb.pointee.firstShape)) & 0xFF
    let key = (UInt64(ca.pointee.serial) << 40) | (ordA << 32) | (UInt64(cb.pointee.serial) << 8) | ordB
    let old = found.predecessor(key: key, bodyA: ba, past)
    // A new pair (nothing to carry along) whose manifold would be empty: most of a falling pile's.
    if old < 0 {
      found.geometryUses &+= 1
      if provablyApart(a, b, shapes) { return }
    }
    if found.recycle(previous: old, key: key, bodyA: ba, bodyB: bb, boundary: -1, bodies, past) { return }
    found.geometryUses &+= 1
    let m = shapeManifold(a, b, shapes)
    guard m.count > 0 else { return }
    found.add(m, key: key, previous: old, bodyA: ba, bodyB: bb, boundary: -1, bodies, past)
    // Only polygon pairs are recycled: a circle's manifold costs about what deriving it does, and its
    // normal runs between centres, turning with neither body (a crowd of spinning circles never settled
    // on normals carried along by their spin).
    let polygons = shapes.list.withUnsafeBufferPointer { $0[a].kind == .polygon && $0[b].kind == .polygon }
    if polygons {
      found.keepFrame(ManifoldFrame(m, a: ca.pointee.pose, b: cb.pointee.pose))
    }
  }

  /// Whether the swept bounds of shapes `a` and `b` overlap.
  @inline(__always) static func overlap(_ list: UnsafePointer<Shape>, _ a: Int, _ b: Int) -> Bool {
    let sa = list + a, sb = list + b
    return
      !(sa.pointee.minX > sb.pointee.maxX || sb.pointee.minX > sa.pointee.maxX
      || sa.pointee.minY > sb.pointee.maxY || sb.pointee.minY > sa.pointee.maxY)
  }

  /// The manifold of shapes `a` and `b` of the store where they are now (reads only). Out of line: the
  /// pairs whose manifold is carried along, most of them, run a shorter loop without it. By index: the
  /// shapes passed by value were copied out of the list, 88 bytes each, for every manifold computed.
  @inline(never) static func shapeManifold(_ a: Int, _ b: Int, _ shapes: ShapeStore) -> Manifold {
    shapes.list.withUnsafeBufferPointer { list in
      shapeManifold(list.baseAddress.unsafelyUnwrapped + a, list.baseAddress.unsafelyUnwrapped + b, shapes)
    }
  }

  /// The manifold of shapes `sa` and `sb` where they are now (reads only).
  static func shapeManifold(_ sa: Shape, _ sb: Shape, _ shapes: ShapeStore) -> Manifold {
    withUnsafePointer(to: sa) { sa in withUnsafePointer(to: sb) { sb in shapeManifold(sa, sb, shapes) } }
  }

  /// The manifold of shapes `pa` and `pb` (read in place) where they are now.
  @inline(__always) static func shapeManifold(
    _ pa: UnsafePointer<Shape>, _ pb: UnsafePointer<Shape>, _ shapes: ShapeStore
  ) -> Manifold {
    let sa = pa.pointee, sb = pb.pointee
    let spec = shapes.speculative(Int(sa.body), Int(sb.body))
    switch (sa.kind, sb.kind) {
    case (.circle, .circle):
      return Narrowphase.circles(sa.worldCenter, sa.radius, sb.worldCenter, sb.radius, speculative: spec)
    case (.polygon, .circle):
      return shapes.withPolygon(pa) {
        Narrowphase.polygonCircle($0, sb.worldCenter, sb.radius, speculative: spec)
      }
    case (.circle, .polygon):
      var m = shapes.withPolygon(pb) { Narrowphase.polygonCircle($0, sa.worldCenter, sa.radius, speculative: spec) }
      m.normal = -m.normal
      return m
    case (.polygon, .polygon):
      return shapes.withPolygons(pa, pb) { Narrowphase.polygons($0, $1, speculative: spec) }
    }
  }

  /// The contacts of shape `a` with the boundary segments its bounds reach (those of its band, when
  /// the segments are banded: `BoundaryBands`). Out of line, as few shapes reach one: inlined, the
  /// pairs' loop outgrew what the compiler inlines.
  @inline(never) static func boundaryManifolds(
    _ a: Int, _ shapes: ShapeStore, _ bodies: UnsafePointer<CollidingBody>, _ past: PastContacts,
    into found: inout FoundContacts
  ) {
    let sa = shapes.boundaryShape(a)
    let ba = Int(sa.body)
    prefetchWallReads(a, sa, shapes)
    let mask = bodies[ba].boundaryMask
    if let band = shapes.boundaryBands.candidates(minY: sa.minY, maxY: sa.maxY) {
      shapes.boundaryBands.withMembers { members in
        for n in band { boundaryContact(a, sa, mask, segment: Int(members[n]), shapes, bodies, past, into: &found) }
      }
    } else {
      for k in 0..<shapes.boundaries.count {
        boundaryContact(a, sa, mask, segment: k, shapes, bodies, past, into: &found)
      }
    }
  }

  /// The contact of shape `a` (`sa`, of a body in the boundary groups `mask`) with boundary segment `k`,
  /// added to `found` if its bounds reach the segment and they are not apart.
  @inline(__always) static func boundaryContact(
    _ a: Int, _ sa: Shape, _ mask: UInt64, segment k: Int, _ shapes: ShapeStore, _ bodies: UnsafePointer<CollidingBody>,
    _ past: PastContacts, into found: inout FoundContacts
  ) {
    // The cheap tests through a pointer, before copying the segment: most shapes reach no wall.
    let reject = shapes.boundaries.withUnsafeBufferPointer { bs in
      let p = bs.baseAddress.unsafelyUnwrapped + k
      return (mask & (1 << UInt64(p.pointee.owner))) == 0
        || p.pointee.minX > sa.maxX || p.pointee.maxX < sa.minX || p.pointee.minY > sa.maxY
        || p.pointee.maxY < sa.minY
    }
    if reject { return }
    let seg = shapes.boundaries[k]
    let ba = Int(sa.body)
    let ca = bodies + ba
    let ordA = UInt64(UInt32(a) &- UInt32(ca.pointee.firstShape)) & 0xFF
    let key = (UInt64(ca.pointee.serial) << 40) | (ordA << 32) | 0x8000_0000 | UInt64(seg.stableKey & 0x7FFF_FFFF)
    let old = found.predecessor(key: key, bodyA: ba, past)
    found.makeRoom()
    if found.recycle(previous: old, key: key, bodyA: ba, bodyB: -1, boundary: Int32(k), bodies, past) {
      noteWall(a, sa, seg, segment: k, ca, shapes, into: &found)
      return
    }
    found.geometryUses &+= 1
    let m = boundaryManifold(sa, seg, shapes)
    guard m.count > 0 else { return }
    found.add(m, key: key, previous: old, bodyA: ba, bodyB: -1, boundary: Int32(k), bodies, past)
    noteWall(a, sa, seg, segment: k, ca, shapes, into: &found)
    // The segment's normal is the world's; a circle's is computed every pass (see `pairManifold`).
    if sa.kind == .polygon { found.keepFrame(ManifoldFrame(m, a: ca.pointee.pose, b: .fixed)) }
  }

  /// Notes the contact just made of shape `a` (`sa`, of body `ca`) with segment `seg` (index `k`) for
  /// the wall hold (`ContactStore.adoptWallContacts`), measured if the shape is its body's only one.
  @inline(__always) static func noteWall(
    _ a: Int, _ sa: Shape, _ seg: BoundarySegment, segment k: Int, _ ca: UnsafePointer<CollidingBody>,
    _ shapes: ShapeStore, into found: inout FoundContacts
  ) {
    let only = shapes.list.withUnsafeBufferPointer { list in
      a == Int(ca.pointee.firstShape) && (a + 1 == list.count || list[a + 1].body != sa.body)
    }
    guard only else {
      found.walls.append(WallContact(body: sa.body, boundary: Int32(k)))
      return
    }
    let wall = shapes.localVertices.withUnsafeBufferPointer { v in
      WallContact(
        body: sa.body, boundary: Int32(k), shape: sa, at: ca.pointee.pose.position, seg, v.baseAddress.unsafelyUnwrapped
      )
    }
    found.walls.append(wall)
  }

  /// Asks the cache for what `noteWall` reads of shape `a` (`sa`) beyond it: its vertices, and the next
  /// shape's body.
  @inline(__always) static func prefetchWallReads(_ a: Int, _ sa: Shape, _ shapes: ShapeStore) {
    shapes.localVertices.withUnsafeBufferPointer { v in
      let p = UnsafeRawPointer(v.baseAddress.unsafelyUnwrapped + Int(sa.firstVertex))
      hooke_prefetch(p)
      hooke_prefetch(p + (MemoryLayout<Vec2>.stride * Int(sa.vertexCount) - 1))
    }
    shapes.list.withUnsafeBufferPointer { list in
      guard a + 1 < list.count else { return }
      hooke_prefetch(
        UnsafeRawPointer(list.baseAddress.unsafelyUnwrapped + a + 1) + MemoryLayout<Shape>.offset(of: \.body)!)
    }
  }

  /// The manifold of shape `sa` against boundary segment `seg` where it is now (reads only).
  @inline(never) static func boundaryManifold(_ sa: Shape, _ seg: BoundarySegment, _ shapes: ShapeStore) -> Manifold {
    let spec = shapes.speculative(Int(sa.body))
    if sa.kind == .circle {
      return Narrowphase.circleSegment(sa.worldCenter, sa.radius, seg.a, seg.b, speculative: spec)
    }
    return withUnsafePointer(to: sa) { shapes.withPolygon($0) { poly in boundaryManifold(poly, seg, spec) } }
  }

  /// The manifold of polygon `poly` against boundary segment `seg` (speculative distance `spec`).
  @inline(__always) static func boundaryManifold(_ poly: PolygonView, _ seg: BoundarySegment, _ spec: Double)
    -> Manifold
  {
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

/// What the narrow phase asks of the shapes: a polygon's world vertices, and how far apart shapes may
/// be and still get a (speculative) contact.
extension PolygonView {
  /// Polygon `s`'s world vertices and normals, in the world's arrays `v` and `n`.
  @inline(__always) init(_ s: Shape, _ v: UnsafePointer<Vec2>, _ n: UnsafePointer<Vec2>) {
    self.init(vertices: v + Int(s.firstVertex), normals: n + Int(s.firstVertex), count: Int(s.vertexCount))
  }
}

extension ShapeStore {

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
