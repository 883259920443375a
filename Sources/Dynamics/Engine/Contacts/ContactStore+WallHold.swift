/// The last line of "Walls hold" (`docs/robustness.md`): a bound on how deep a body may sink into a
/// boundary segment, enforced on positions after every step's motion.
///
/// Contacts with walls are soft (Box2D's soft step), so a push that re-adds tens of thousands of points
/// per second every step can press a body into a wall faster than the soft contact pushes it out, a
/// fraction of a point a step; and a body that outruns the margin its collision pass allowed reaches a
/// wall it has no contact with until the next pass. Sunk past its own centre, its contact flips and the
/// body leaves. So every step, each body that touches a wall, moved fast or outran its margin is checked
/// against the segments near it: deeper than `maximumWallDepth` (or half its thinnest half-thickness,
/// for thin items), it is moved back out to that depth along the wall's normal and loses the part of
/// its velocity that goes into the wall. At ordinary loads soft contacts settle about `linearSlop` deep,
/// so this never acts there; it only ever takes motion away.
extension PhysicsWorld {
  /// The deepest a body may sink into a wall, in points (twice the slop the solver tolerates).
  static let maximumWallDepth = 2 * linearSlop

  /// Holds body `i` against every boundary segment (`ContactStore.hold`).
  mutating func holdWalls(of i: Int, from start: Vec2) { ContactStore.holdWalls(of: i, from: start, &bodies, shapes) }
}

extension ContactStore {
  /// The wall contacts the narrow phase noted as it made them (`FoundContacts.walls`), slice after slice:
  /// the contacts' order. They are every awake contact's with a segment unless some contact was not the
  /// narrow phase's own (`anyAsleep`: carried over asleep, `keepSleeping`) or the list is partitioned
  /// after (`collectWallContacts` checks), and spare a scan of every contact (a cache line of each).
  mutating func adoptWallContacts(slices: Int, anyAsleep: Bool) {
    wallContacts.removeAll(keepingCapacity: true)
    wallContactsNoted = !anyAsleep
    guard wallContactsNoted else { return }
    for k in 0..<slices { wallContacts.append(contentsOf: foundBySlice[k].walls) }
  }

  /// The awake contacts with boundary segments, in contact order: those the narrow phase noted while
  /// they are still the list's (every contact awake, so none was moved), or else found by a scan made in
  /// slices on the pool's threads (each contact read is a cache miss), joined in slice order.
  mutating func collectWallContacts(hasBoundaries: Bool, on workers: WorkerPool) {
    wallReachesMeasured = false
    let noted = wallContactsNoted && awakeCount == list.count
    wallContactsNoted = false
    if noted { return }
    wallContacts.removeAll(keepingCapacity: true)
    if !hasBoundaries { return }
    let grain = workers.grain(ContactStore.wallScanGrain)
    let slices = (awakeCount + grain - 1) / grain
    while wallScratch.count < slices { wallScratch.append([]) }
    list.withUnsafeBufferPointer { list in
      wallScratch.withUnsafeMutableBufferPointer { found in
        let found = found.baseAddress.unsafelyUnwrapped
        workers.forEachSlice(of: awakeCount, grain: grain) { range in
          let k = range.lowerBound / grain
          found[k].removeAll(keepingCapacity: true)
          for c in range where list[c].boundary >= 0 {
            found[k].append(WallContact(body: list[c].bodyA, boundary: list[c].boundary))
          }
        }
      }
    }
    for k in 0..<slices { wallContacts.append(contentsOf: wallScratch[k]) }
  }

  /// Contacts in a slice of the wall contacts' scan.
  static let wallScanGrain = 4096

  /// Holds every body the step may have pressed into a wall: those in contact with one (against that
  /// wall), and those `integratePositions` found fast or beyond their collision margin (against every
  /// wall: they may have reached one the last collision pass made no contact with). A wall contact
  /// whose body its measured reach proves clear (`WallContact.isProvablyClear`) is passed over: the
  /// hold would leave it as it is.
  mutating func holdWalls(_ bodies: inout BodyStore, _ shapes: ShapeStore) {
    if !wallReachesMeasured { measureWallReaches(bodies, shapes) }
    // The contacts the bound cannot prove clear, found first (through pointers), then held in order.
    unprovenWallContacts.removeAll(keepingCapacity: true)
    withBuffers(bodies.sims, shapes.boundaries) { sims, segments in
      let sims = sims.baseAddress.unsafelyUnwrapped
      for k in 0..<wallContacts.count where !wallContacts[k].isProvablyClear(sims, segments) {
        unprovenWallContacts.append(Int32(k))
      }
    }
    for k in unprovenWallContacts {
      let c = wallContacts[Int(k)]
      ContactStore.hold(Int(c.body), against: Int(c.boundary), from: bodies.sims[Int(c.body)].position, &bodies, shapes)
    }
    for f in fastBodies { ContactStore.holdWalls(of: Int(f.body), from: f.startPosition, &bodies, shapes) }
  }

  /// Holds body `i` against every boundary segment.
  static func holdWalls(of i: Int, from start: Vec2, _ bodies: inout BodyStore, _ shapes: ShapeStore) {
    for k in 0..<shapes.boundaries.count { hold(i, against: k, from: start, &bodies, shapes) }
  }

  /// Moves body `i` out of boundary segment `k` if it reaches deeper than its limit. `start` is where
  /// its centre was before the step's motion: a two-sided segment is left on that side.
  static func hold(_ i: Int, against k: Int, from start: Vec2, _ bodies: inout BodyStore, _ shapes: ShapeStore) {
    let body = bodies.sims[i], state = bodies.states[i]
    let segment = shapes.boundaries[k]
    guard !body.asleep, state.invMass > 0, (body.boundaryCollisionMask & (1 << UInt64(segment.owner))) != 0 else {
      return
    }
    let reach = body.extent
    let p = body.position
    let out = ShapeStore.outward(of: segment, towards: start)
    if segment.inward != .zero {
      // A half-plane: near it, or past it however far.
      if out.dot(p - segment.a) > reach { return }
    } else if segment.minX > p.x + reach || segment.maxX < p.x - reach
      || segment.minY > p.y + reach || segment.maxY < p.y - reach
    {
      return
    }
    let limit = Swift.min(PhysicsWorld.maximumWallDepth, 0.5 * body.minExtent)
    let range = Int(body.firstShape)..<Int(body.firstShape + body.shapeCount)
    // Most bodies checked stand a slop deep or less: a bound without the cosine and sine says so.
    if shapes.isProvablyWithin(
      limit, shapes: range, at: p, angle: body.angle, extent: reach, line: segment.a, side: out)
    {
      return
    }
    var depth = -Double.infinity
    for s in range {
      depth = Swift.max(depth, -shapes.wallSeparation(shapes.list[s], p, body.angle, segment, side: out))
    }
    guard depth > limit else { return }
    let push = out * (depth - limit)
    bodies.sims[i].position += push
    bodies.states[i].deltaPosition += push
    let into = state.v.dot(out)
    if into < 0 { bodies.states[i].v = state.v - out * into }
  }
}

extension ShapeStore {
  /// The unit normal out of the segment: into the box for its sides; for a two-sided segment, towards
  /// the side `point` is on.
  static func outward(of segment: BoundarySegment, towards point: Vec2) -> Vec2 {
    if segment.inward != .zero { return segment.inward }
    let e = segment.b - segment.a
    let n = Vec2(-e.y, e.x).normalized
    return n.dot(point - segment.a) >= 0 ? n : -n
  }
}
