import CPrefetch

/// The contact solver (Box2D v3's soft step): one row per awake contact, built once per collision pass,
/// working on the world's body states (`PhysicsWorld.bodyStates`, Box2D's `b2BodyState` array) in place.
///
/// Each step the world calls `warmStart`, `solve(useBias: true)`, moves the bodies, then
/// `solve(useBias: false)` (the relax pass). The rows are coloured (`ContactColoring`) so that rows of one
/// colour share no body that can move, and packed four to a `ContactBlock`, colour after colour: a pass
/// solves the blocks in order, four rows at a time in SIMD lanes, then the few rows that overflowed the
/// colours one by one. The blocks keep the accumulated impulses between collision passes;
/// `storeImpulses` copies them back to the contacts before the contacts are matched again or carried
/// through a change of behaviors.
///
/// A row names its bodies' entries in the state array (`stateA`, `stateB`; the fixed world's entry is
/// the last), so it reads and writes them without a branch. A coloured row lives only in its lane; the
/// scalar form (`rows`, index for index with the contacts) is kept for the rows that overflowed (solved
/// from it; their impulses live there). When some contact bounces, every row also gets the little the
/// impact pass screens it by (`impactScreens`, `ContactSolver+Preparation.swift`).
struct ContactSolver {
  /// Overlap is pushed out no faster than this, in points/s.
  static let maxPushSpeed = 300.0

  /// The scalar rows for `contacts[0..<rows.count]`, index for index: current for the overflow rows.
  var rows: [ContactConstraint] = []
  /// What the impact pass screens each row by, index for index with `rows`: current when
  /// `hasBouncingRows`.
  var impactScreens: [ImpactScreen] = []
  /// The softness of each kind of contact (`Contact.softness`).
  var softnesses = ContactSoftnesses.rigid
  /// Some row bounces (its contact's restitution is above zero): every row's screen is current, and the
  /// impact pass has rows to look at. Without one the pass would find nothing, so it is not run.
  var hasBouncingRows = false
  /// The coloured rows, four to a block, colour after colour.
  var blocks: [ContactBlock] = []
  /// Per row, its place in the blocks (block · 4 + lane), or -1 when it overflowed the colours.
  var laneOfRow: [Int32] = []
  /// Per colour, its first block (one more entry at the end: the block count).
  var blockStartOfColor = [Int](repeating: 0, count: ContactColoring.colorCount + 1)
  /// Per colour, the next lane to fill (scratch for packing).
  var nextLaneOfColor = [Int](repeating: 0, count: ContactColoring.colorCount)
  /// Per lane of the blocks, its row, or -1 for an empty lane (scratch for packing).
  var rowOfLane: [Int32] = []
  /// The rows that overflowed the colours, solved one by one after the blocks.
  var overflowRows: [Int32] = []
  var coloring = ContactColoring()
  /// The blocks' bodies' velocities in floats, for the passes over the blocks.
  var laneVelocities = LaneVelocities()
  /// The warm start left the lane velocities loaded for the biased solve (`warmStart(keepingLanes:)`).
  var lanesLoaded = false
  /// The largest lever arm (|anchor × normal|) of any row's points on a side that can turn (not the
  /// world's): with the fastest body it bounds every row's approach speed, so the impact pass can skip
  /// all rows at once.
  var longestLever = 0.0
  /// Per slice of a pass of `prepare`, what it found (kept so a pass allocates nothing).
  var sliceSummaries: [KeySummary] = []
  /// Per row, what the colouring reads of it: made by `prepare`, and kept to the next one, which
  /// compares its keys with them.
  var colorKeys: [ContactColoring.Key] = []
  /// Per row, the index of its contact's predecessor among the last pass's rows, and the inverse
  /// (scratch for `carryLayout`).
  var predecessorOfRow: [Int32] = []
  var rowOfPredecessor: [Int32] = []
  /// Per slice, what the predecessor search found (scratch for `carryLayout`).
  var predecessorScans: [PredecessorScan] = []
  /// The permuted lanes and keys while they are made (scratch for `carryLayout`, swapped in).
  var carriedLanes: [Int32] = []
  var carriedKeys: [ContactColoring.Key] = []
  /// The colours and lanes (`coloring`, `laneOfRow`, `rowOfLane`, `overflowRows`, the block layout and
  /// `laneVelocities`' lists) stand for the next `prepare` if its keys place every row as `colorKeys`
  /// do and sort the far rows as before (`ContactColoring.farOrderStands`): they were made from them,
  /// among `layoutStateCount` state entries.
  var keepsLayout = false
  var layoutStateCount = 0
  /// The next `prepare` over a kept layout fills the lanes while it checks the keys, in one pass over
  /// the contacts (cleared when that found a row placed otherwise, set again when a pass of keys alone
  /// finds the layout standing).
  var speculatesLayout = true
  /// How many times `prepare` coloured the rows and gave them lanes anew (not kept): the tests' view
  /// of whether a layout stood.
  var layoutsMade = 0

  /// Counts the times the rows were cleared: what was built from one set of rows (the impact pass's
  /// contact lists) stands while this has not changed.
  private(set) var generation: UInt64 = 0

  /// Drops the rows, the blocks and their layout (the contacts changed under them).
  mutating func clear() {
    startRebuild()
    keepsLayout = false
    rows.removeAll(keepingCapacity: true)
    impactScreens.removeAll(keepingCapacity: true)
    blocks.removeAll(keepingCapacity: true)
    laneOfRow.removeAll(keepingCapacity: true)
    overflowRows.removeAll(keepingCapacity: true)
  }

  /// Starts building the rows again. The rows and blocks keep their entries: `prepare` writes every
  /// one it keeps, and emptying them first had it fill them with empty rows before (a copy of 200
  /// bytes a row, 5 % of a resting pyramid's collision pass).
  mutating func startRebuild() {
    generation &+= 1
    longestLever = 0
    hasBouncingRows = false
  }

  /// Copies the accumulated impulses back to their contacts (in slices on the pool's threads, when
  /// given one): block by block, each lane's four impulses converted together and stored into its
  /// contact (`rowOfLane`), then the overflow rows' from `rows`. (Contact by contact, each looked its
  /// lane up and read it apart: on the falling pile the store cost a sixth as much as making the rows.)
  func storeImpulses(into contacts: inout [Contact], awakeCount: Int, on workers: WorkerPool? = nil) {
    guard rows.count == awakeCount, awakeCount <= contacts.count else { return }
    withBuffers(blocks, rowOfLane) { blocks, rowOfLane in
      contacts.withUnsafeMutableBufferPointer { cs in
        let cs = cs.baseAddress.unsafelyUnwrapped
        let first = blocks.baseAddress.unsafelyUnwrapped, lanes = rowOfLane.baseAddress.unsafelyUnwrapped
        func store(_ range: Range<Int>) {
          let ahead = range.upperBound - ContactSolver.storePrefetchDistance
          for b in range {
            if b < ahead {
              ContactSolver.prefetchContacts(of: lanes + 4 * (b + ContactSolver.storePrefetchDistance), cs)
            }
            ContactSolver.storeImpulses(of: first + b, rows: lanes + 4 * b, into: cs)
          }
        }
        if let workers {
          workers.forEachSlice(of: blocks.count, grain: ContactSolver.blockGrain) { store($0) }
        } else {
          store(0..<blocks.count)
        }
        for r in overflowRows {
          let row = rows[Int(r)], c = cs + Int(r)
          c.pointee.impulses0 = PointImpulses(normal: row.point0.normalImpulse, tangent: row.point0.tangentImpulse)
          c.pointee.impulses1 = PointImpulses(normal: row.point1.normalImpulse, tangent: row.point1.tangentImpulse)
        }
      }
    }
  }

  /// Blocks in a slice of `storeImpulses` (as many rows as `rowGrain`).
  static let blockGrain = ContactSolver.rowGrain / 4

  /// How many blocks ahead `storeImpulses` asks for the contacts it will write.
  static let storePrefetchDistance = 8

  /// Asks the cache for the lines of a block's contacts (`rows`, -1 for an empty lane) that hold their
  /// points' impulses. The contacts lie in the list at random, colour after colour, and the list is
  /// larger than the cache on a big scene: each store waited for its lines (22,000 boxes: the store took
  /// a twentieth of the time for a hundredth of the instructions).
  @inline(__always) static func prefetchContacts(of rows: UnsafePointer<Int32>, _ cs: UnsafeMutablePointer<Contact>) {
    for k in 0..<4 where rows[k] >= 0 {
      let c = cs + Int(rows[k])
      withUnsafeMutablePointer(to: &c.pointee.impulses0) { hooke_prefetch_for_write($0) }
      withUnsafeMutablePointer(to: &c.pointee.impulses1) { hooke_prefetch_for_write($0) }
    }
  }

  /// Stores block `b`'s impulses into the contacts of its lanes (`rows`, -1 for an empty lane).
  @inline(__always) private static func storeImpulses(
    of b: UnsafePointer<ContactBlock>, rows: UnsafePointer<Int32>, into cs: UnsafeMutablePointer<Contact>
  ) {
    let n0 = SIMD4<Double>(b.pointee.point0.normalImpulse), t0 = SIMD4<Double>(b.pointee.point0.tangentImpulse)
    let n1 = SIMD4<Double>(b.pointee.point1.normalImpulse), t1 = SIMD4<Double>(b.pointee.point1.tangentImpulse)
    for k in 0..<4 where rows[k] >= 0 {
      let c = cs + Int(rows[k])
      c.pointee.impulses0 = PointImpulses(normal: n0[k], tangent: t0[k])
      c.pointee.impulses1 = PointImpulses(normal: n1[k], tangent: t1[k])
    }
  }

  /// Forgets the accumulated impulses of these rows (the impact pass replaced them).
  mutating func clearImpulses(ofRows cleared: [Int32]) {
    for r in cleared {
      let slot = Int(laneOfRow[Int(r)])
      if slot >= 0 {
        blocks[slot >> 2].clearImpulses(lane: slot & 3)
      } else {
        rows[Int(r)].point0.normalImpulse = 0
        rows[Int(r)].point0.tangentImpulse = 0
        rows[Int(r)].point1.normalImpulse = 0
        rows[Int(r)].point1.tangentImpulse = 0
      }
    }
  }

  /// Applies last step's impulses again (warm starting), colour by colour, each colour's blocks in
  /// slices on the pool's threads.
  /// `keepingLanes`: nothing touches the velocities between this and the biased solve (no joint rows),
  /// so the lane velocities stay for it instead of being stored and loaded again (the same bits: a float
  /// stored as a double and loaded again is the same float).
  mutating func warmStart(_ states: inout BodyStates, keepingLanes: Bool, on workers: WorkerPool) {
    states.withUnsafeMutableBufferPointer { sb in
      let st = sb.baseAddress.unsafelyUnwrapped
      if !blocks.isEmpty {
        laneVelocities.load(from: st, on: workers)
        let starts = blockStartOfColor
        withMutableBuffers(&blocks, &laneVelocities.entries) { bl, lv in
          let first = bl.baseAddress.unsafelyUnwrapped, lv = lv.baseAddress.unsafelyUnwrapped
          ContactSolver.forEachColor(starts, count: bl.count, on: workers) { range in
            for b in range { first[b].warmStart(lv) }
          }
        }
        if keepingLanes && overflowRows.isEmpty {
          lanesLoaded = true
        } else {
          laneVelocities.store(to: st, on: workers)
        }
      }
      for r in overflowRows { ContactSolver.warmStart(rows[Int(r)], st) }
    }
  }

  /// Runs `blocks` on each colour's blocks in turn (`starts`: `blockStartOfColor`); within a colour, slices of `ContactSolver.grain`
  /// blocks on the pool's threads (a colour's blocks share no body that moves, so any slicing gives the
  /// same result). Outside a pool's session, one call per colour on the caller's thread.
  @inline(__always) static func forEachColor(
    _ starts: [Int], count: Int, on workers: WorkerPool, _ blocks: (Range<Int>) -> Void
  ) {
    guard workers.isParallel else {
      blocks(0..<count)
      return
    }
    for c in 0..<ContactColoring.colorCount {
      let start = starts[c], end = starts[c + 1]
      guard end > start else { continue }
      workers.forEachSlice(of: end - start, grain: ContactSolver.grain) {
        blocks(start + $0.lowerBound..<start + $0.upperBound)
      }
    }
  }

  /// Blocks in a slice: enough that a slice outlasts taking it (a block is about a hundred nanoseconds).
  static let grain = 32

  /// Warm starts one row alone.
  @inline(__always) static func warmStart(_ c: ContactConstraint, _ st: UnsafeMutablePointer<BodyState>) {
    var A = BodyState.load(st, c.stateA), B = BodyState.load(st, c.stateB)
    let n = c.normal, t = Vec2(n.y, -n.x)
    @inline(__always) func apply(_ p: SolverPoint) {
      let P = n * p.normalImpulse + t * p.tangentImpulse
      A.v -= P * A.invMass
      A.w -= A.invInertia * (p.normalImpulse * p.rnA - p.tangentImpulse * p.nrA)
      B.v += P * B.invMass
      B.w += B.invInertia * (p.normalImpulse * p.rnB - p.tangentImpulse * p.nrB)
    }
    apply(c.point0)
    if c.pointCount > 1 { apply(c.point1) }
    BodyState.store(st, c.stateA, A)
    BodyState.store(st, c.stateB, B)
  }

  /// One soft pass over the rows (biased: pushes overlap out softly) or, with `useBias` false, the
  /// relax pass that removes the push-out velocity so position correction adds no energy.
  mutating func solve(useBias: Bool, h: Double, _ states: inout BodyStates, on workers: WorkerPool) {
    let invH = 1 / h, laneInvH = ContactBlock.Scalar(invH)
    states.withUnsafeMutableBufferPointer { sb in
      guard let st = sb.baseAddress else { return }
      if !blocks.isEmpty {
        if !lanesLoaded { laneVelocities.load(from: st, on: workers) }
        lanesLoaded = false
        // The colours' starts alone: a copy of `self` would share the blocks, and writing them would
        // copy them whole.
        let starts = blockStartOfColor
        withMutableBuffers(&blocks, &laneVelocities.entries) { bl, lv in
          let lv = lv.baseAddress.unsafelyUnwrapped, first = bl.baseAddress.unsafelyUnwrapped
          // Two loops, so each is compiled for its constant `useBias`.
          if useBias {
            ContactSolver.forEachColor(starts, count: bl.count, on: workers) { range in
              for b in range { first[b].solve(lv, useBias: true, invH: laneInvH) }
            }
          } else {
            ContactSolver.forEachColor(starts, count: bl.count, on: workers) { range in
              for b in range { first[b].solve(lv, useBias: false, invH: laneInvH) }
            }
          }
        }
        laneVelocities.store(to: st, on: workers)
      }
      guard !overflowRows.isEmpty else { return }
      rows.withUnsafeMutableBufferPointer { cs in
        for r in overflowRows { ContactSolver.solve(&cs[Int(r)], st, useBias: useBias, invH: invH) }
      }
    }
  }

  /// One row alone (an overflow row).
  @inline(__always) static func solve(
    _ row: inout ContactConstraint, _ st: UnsafeMutablePointer<BodyState>,
    useBias: Bool, invH: Double
  ) {
    let maxPush = ContactSolver.maxPushSpeed
    var A = BodyState.load(st, row.stateA), B = BodyState.load(st, row.stateB)
    let n = row.normal, t = Vec2(n.y, -n.x)
    let two = row.pointCount > 1
    let impact = row.impactSpeed
    solveNormal(
      &row.point0, &A, &B, n: n, soft: row.softness, useBias: useBias, invH: invH, maxPush: maxPush, impactSpeed: impact
    )
    if two {
      solveNormal(
        &row.point1, &A, &B, n: n, soft: row.softness, useBias: useBias, invH: invH, maxPush: maxPush,
        impactSpeed: impact)
    }
    // As in the lanes, friction 0 still runs: it holds the tangent impulse at zero.
    solveFriction(&row.point0, &A, &B, t: t, friction: row.friction)
    if two { solveFriction(&row.point1, &A, &B, t: t, friction: row.friction) }
    BodyState.store(st, row.stateA, A)
    BodyState.store(st, row.stateB, B)
  }

  /// The point's separation now: at the collision pass plus what the bodies' motion since has done to it.
  @inline(__always) static func separation(_ p: SolverPoint, _ A: BodyState, _ B: BodyState, _ n: Vec2) -> Double {
    let aA = A.deltaAngle, aB = B.deltaAngle
    return p.baseSeparation + n.dot(B.deltaPosition - A.deltaPosition)
      + (aB * p.rnB - 0.5 * aB * aB * p.nrB) - (aA * p.rnA - 0.5 * aA * aA * p.nrA)
  }

  /// The normal row of one contact point (soft, biased or relaxing); updates the point's accumulated
  /// impulse and both bodies' velocities in place.
  @inline(__always) static func solveNormal(
    _ p: inout SolverPoint, _ A: inout BodyState, _ B: inout BodyState,
    n: Vec2, soft: Softness, useBias: Bool, invH: Double, maxPush: Double, impactSpeed: Double
  ) {
    let s = separation(p, A, B, n)
    let vn = n.dot(B.v - A.v) + B.w * p.rnB - A.w * p.rnA
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if s > 0 {
      // Speculative: let it close exactly to touching this step. The relax pass comes after the
      // positions moved and does the same for slow approaches (as Box2D's does: without it a resting
      // pile creeps), but leaves an approach at impact speed alone: braking it there would steal the
      // speed before the next step's impact pass sees it (a contact that bounces; see `impactSpeed`).
      if !useBias && vn < -impactSpeed { return }
      bias = s * invH
    } else if useBias {
      bias = Swift.max(soft.biasRate * s, -maxPush)
      massScale = soft.massScale
      impulseScale = soft.impulseScale
    }
    var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
    let newImpulse = Swift.max(p.normalImpulse + impulse, 0)
    impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    let P = n * impulse
    A.v -= P * A.invMass
    A.w -= A.invInertia * p.rnA * impulse
    B.v += P * B.invMass
    B.w += B.invInertia * p.rnB * impulse
  }

  /// The friction row of one contact point, bounded by friction × the point's normal impulse.
  @inline(__always) static func solveFriction(
    _ p: inout SolverPoint, _ A: inout BodyState, _ B: inout BodyState,
    t: Vec2, friction: Double
  ) {
    let vt = t.dot(B.v - A.v) - B.w * p.nrB + A.w * p.nrA
    var impulse = -p.tangentMass * vt
    let maxFriction = friction * p.normalImpulse
    let newImpulse = Swift.min(Swift.max(p.tangentImpulse + impulse, -maxFriction), maxFriction)
    impulse = newImpulse - p.tangentImpulse
    p.tangentImpulse = newImpulse
    let P = t * impulse
    A.v -= P * A.invMass
    A.w += A.invInertia * p.nrA * impulse
    B.v += P * B.invMass
    B.w -= B.invInertia * p.nrB * impulse
  }
}
