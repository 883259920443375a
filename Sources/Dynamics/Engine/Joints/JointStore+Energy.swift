/// The velocity solve never adds kinetic energy to a group of bodies held by rigid joints.
///
/// Constraint impulses do no work on an exact solution, but the solver runs one Gauss–Seidel pass of
/// contact rows and one of joint rows (biased, then relaxed), and warm-starts each row with last step's
/// impulse. Where contacts and joints fight — a light item pinned or welded to a heavy one far away, held
/// against a wall; a short rod turning by radians per step, whose linearised row is solved against a
/// lever arm that has already turned — the pair of passes ends far from the solution, and what is left
/// over is an impulse applied in geometry it was not computed for: work done by nobody. Warm starting
/// carries it into the next step, and the group can gain energy a thousandfold in a few frames.
///
/// So the step measures, per group of bodies linked by rigid joints and the contacts between them, the
/// kinetic energy after the forces and impacts (everything the user and the collisions put in) and again
/// after the relax pass; a group that gained more than its closing pivots released
/// (`JointStore+CorrectionEnergy`) has its velocities scaled back to the energy it may have. A
/// uniform scale keeps every velocity constraint the solve reached (J·v = 0 stays 0, a separating contact
/// stays separating). The warm-start impulses are left as they are: they hold the group's load (a grid
/// of 900 bodies hanging from seven pins), and scaled down by every small gain the joints' position
/// correction makes, they let it sag step after step (its widest pin gap 8.5 pt; 6.0 pt unscaled,
/// Box2D's 6.1). Groups holding a spring row (a spring releases stored energy), a world anchor the
/// user moved in the last second (dragging puts energy in) or no rigid joint at all are left alone, so
/// scenes without joints are untouched to the bit.
extension JointStore {
  /// Per-body scratch, sized with the bodies and reused every step: union-find parent, and per group
  /// root the energy before the solve, the energy after it (then the velocity scale) and flags
  /// (bit 0: a rigid joint; bit 1: a spring row or an anchor the user moved).
  struct JointEnergyScratch {
    var parent: [Int32] = []
    var before: [Double] = []
    var after: [Double] = []
    /// Per group root, the energy its open pivots hold before and after the solve
    /// (`JointStore+CorrectionEnergy`).
    var heldBefore: [Double] = []
    var heldAfter: [Double] = []
    var flags: [UInt8] = []
    /// Per joint: its world anchor at the last step, and the step it last moved at.
    var anchors: [Vec2] = []
    var anchorMovedAt: [Int] = []
    /// Per solver body, its kinetic energy while the groups' are summed (`sumGroupEnergy`).
    var bodyEnergy: [Double] = []

    /// Turns `after` from each group root's energy after the solve into its velocity scale: below 1 for a
    /// watched group (flags 1) that gained more than its pivots released, 1 otherwise. Returns whether
    /// any group is scaled. Through the lists' buffers: a pass over every body, each step.
    mutating func scaleGroups() -> Bool {
      var any = false
      withBuffers(before, heldBefore) { before, heldBefore in
        withBuffers(heldAfter, flags) { heldAfter, flags in
          after.withUnsafeMutableBufferPointer { after in
            for i in 0..<after.count {
              let released = Swift.max(heldBefore[i] - heldAfter[i], 0)
              let e0 = before[i] + released, e1 = after[i]
              if flags[i] == 1 && e1 > e0 && e1 > 0 {
                after[i] = (e0 / e1).squareRoot()
                any = true
              } else {
                after[i] = 1
              }
            }
          }
        }
      }
      return any
    }
  }

  /// One grouping of the bodies that move by the joints and awake contacts between them, over the
  /// scratch's parent and flag lists: every body its own group, the links join them, and each group's
  /// root gets its flags.
  struct JointGrouping {
    let parent: UnsafeMutableBufferPointer<Int32>
    let flags: UnsafeMutableBufferPointer<UInt8>
    let states: UnsafeBufferPointer<BodyState>

    func reset() {
      for i in 0..<parent.count {
        parent[i] = Int32(i)
        flags[i] = 0
      }
    }

    @inline(__always) func moving(_ i: Int32) -> Bool { i >= 0 && states[Int(i)].invMass > 0 }

    /// Joins the groups of x and y when both move; the smaller root stays the root.
    @inline(__always) func union(_ x: Int32, _ y: Int32) {
      guard moving(x), moving(y) else { return }
      join(x, y)
    }

    /// Joins the groups of x and y, both moving.
    @inline(__always) func join(_ x: Int32, _ y: Int32) {
      let rx = UnionFind.find(parent, Int(x)), ry = UnionFind.find(parent, Int(y))
      if rx < ry { parent[ry] = Int32(rx) } else if ry < rx { parent[rx] = Int32(ry) }
    }

    /// Starts from the rows' own grouping (`RowGroups`): each body's root over the rows between items,
    /// and the flags those rows give the bodies they move.
    func start(roots: UnsafeBufferPointer<Int32>, flags rowFlags: UnsafeBufferPointer<UInt8>) {
      for i in 0..<parent.count {
        parent[i] = roots[i]
        flags[i] = rowFlags[i]
      }
    }

    /// Joins the bodies of each row between items and flags the body it moves (bit 0: a rigid joint;
    /// bit 1: a spring); returns the rows to a world anchor, whose flags change with time
    /// (`linkWorldRows`). The flags reach the groups' roots afterwards (`flagRoots`).
    func linkItemRows(_ rows: UnsafeBufferPointer<JointRow>) -> [Int32] {
      var worldRows: [Int32] = []
      for k in 0..<rows.count {
        // Field by field: the row read whole (`isSpring` on it) is a copy of all of it.
        let j = rows.baseAddress.unsafelyUnwrapped + k
        let (a, b) = (j.pointee.bodyA, j.pointee.bodyB)
        if a < 0 {
          worldRows.append(Int32(k))
          continue
        }
        let (movesA, movesB) = (moving(a), moving(b))
        if movesA && movesB { join(a, b) }
        guard movesA || movesB else { continue }
        flags[Int(movesB ? b : a)] |= JointRow.isSpring(j) ? 2 : 1
      }
      return worldRows
    }

    /// Flags the body each row to a world anchor moves (bit 0: a rigid joint; bit 1: a spring, or an
    /// anchor the user moved after step `since`), noting the anchors moved at step `stepCount`.
    func linkWorldRows(
      _ rows: UnsafeBufferPointer<JointRow>, _ worldRows: UnsafeBufferPointer<Int32>,
      _ anchors: UnsafeMutableBufferPointer<Vec2>, _ movedAt: UnsafeMutableBufferPointer<Int>,
      step stepCount: Int, since recentlyMoved: Int
    ) {
      for k in worldRows {
        let k = Int(k)
        let j = rows.baseAddress.unsafelyUnwrapped + k
        if j.pointee.localA != anchors[k] {
          anchors[k] = j.pointee.localA
          movedAt[k] = stepCount
        }
        let b = j.pointee.bodyB
        guard moving(b) else { continue }
        flags[Int(b)] |= JointRow.isSpring(j) || movedAt[k] > recentlyMoved ? 2 : 1
      }
    }

    /// Moves each body's flags to its group's root, once every link is in, and returns whether some group
    /// holds rigid joints only (is watched). A root is its group's smallest index, so it is reached, and
    /// keeps its own flags, before any other body of its group.
    func flagRoots() -> Bool {
      var watched = false
      for i in 0..<flags.count where flags[i] != 0 {
        let r = UnionFind.find(parent, i)
        if r != i {
          flags[r] |= flags[i]
          flags[i] = 0
        }
      }
      for i in 0..<flags.count where flags[i] == 1 { watched = true }
      return watched
    }
  }

  /// Steps (1 s) a group stays exempt after the user moved one of its world anchors: dragging an anchor
  /// puts energy in, through position correction, until the joint has caught up.
  static let anchorSettleSteps = 240

  /// Sizes the list of the rows' world anchors as last seen (the grouping notes which moved).
  mutating func prepareAnchorTracking() {
    if energy.anchors.count != rows.count {
      energy.anchors = rows.map(\.localA)
      energy.anchorMovedAt = [Int](repeating: Int.min / 2, count: rows.count)
    }
  }

  /// Groups the solver's bodies by joints and awake contacts, records each group's kinetic energy and
  /// returns whether any group is watched (it holds a rigid joint and no spring). The energy its open
  /// pivots hold is tallied by the warm start (`HeldEnergyTally`).
  mutating func recordGroupEnergy(
    _ bodies: BodyStore, _ contacts: ContactStore, step stepCount: Int, on workers: WorkerPool
  ) -> Bool {
    // Only springs (the springy layouts): nothing to watch, and no grouping to pay for.
    // Read in place: `isSpring` on each row would copy it whole, every step.
    let anyRigid = rows.withUnsafeBufferPointer { rs in
      rs.indices.contains { !JointRow.isSpring(rs.baseAddress.unsafelyUnwrapped + $0) }
    }
    guard anyRigid else { return false }
    let n = bodies.sims.count
    if energy.parent.count != n {
      energy = JointEnergyScratch(
        parent: [Int32](repeating: 0, count: n), before: [Double](repeating: 0, count: n),
        after: [Double](repeating: 0, count: n), heldBefore: [Double](repeating: 0, count: n),
        heldAfter: [Double](repeating: 0, count: n), flags: [UInt8](repeating: 0, count: n))
    }
    prepareAnchorTracking()
    let (states, contacts, awake) = (bodies.states, contacts.list, contacts.awakeCount)
    if rowGroupsAreStale || rowGroups.roots.count != n { groupRows(bodyCount: n, states) }
    var watched = false
    let recentlyMoved = stepCount - JointStore.anchorSettleSteps
    let (rows, groups) = (rows, rowGroups)
    withBuffers(rows, states) { rows, states in
      withBuffers(groups.roots, groups.flags) { roots, rowFlags in
        groups.worldRows.withUnsafeBufferPointer { worldRows in
          withMutableBuffers(&energy.parent, &energy.flags, &energy.anchors, &energy.anchorMovedAt) {
            parent, flags, anchors, movedAt in
            let grouping = JointGrouping(parent: parent, flags: flags, states: states)
            grouping.start(roots: roots, flags: rowFlags)
            grouping.linkWorldRows(rows, worldRows, anchors, movedAt, step: stepCount, since: recentlyMoved)
            for c in 0..<awake { grouping.union(contacts[c].bodyA, contacts[c].bodyB) }
            watched = grouping.flagRoots()
          }
        }
      }
    }
    if watched {
      JointStore.sumGroupEnergy(
        bodies.sims, bodies.states, bodies.solverBodies, &energy.parent, into: &energy.before,
        scratch: &energy.bodyEnergy, on: workers)
    }
    return watched
  }

  /// Each group root's kinetic energy, summed over the awake solver bodies. On the pool's threads each
  /// body's energy is worked out first, in slices (`bodyEnergy`, by solver body), then summed in the
  /// solver bodies' order on the caller's: the additions one loop makes.
  static func sumGroupEnergy(
    _ bodies: BodySims, _ states: BodyStates, _ solverBodies: [Int32], _ parent: inout [Int32],
    into sums: inout [Double], scratch bodyEnergy: inout [Double], on workers: WorkerPool
  ) {
    if workers.isParallel { bodyEnergy.resize(to: solverBodies.count, with: 0) }
    withBuffers(bodies, states) { b, s in
      withMutableBuffers(&parent, &sums, &bodyEnergy) { parent, sums, energy in
        solverBodies.withUnsafeBufferPointer { solverBodies in
          // −1 for a body asleep: an energy is never below 0.
          @inline(__always) func energyOf(_ i: Int) -> Double {
            b[i].asleep ? -1 : 0.5 * (b[i].mass * s[i].v.lengthSquared + b[i].inertia * s[i].w * s[i].w)
          }
          guard workers.isParallel else {
            addGroupEnergy(solverBodies, parent, into: sums) { k in energyOf(Int(solverBodies[k])) }
            return
          }
          workers.forEachSlice(of: solverBodies.count, grain: BodyStore.grain) { range in
            for k in range { energy[k] = energyOf(Int(solverBodies[k])) }
          }
          addGroupEnergy(solverBodies, parent, into: sums) { k in energy[k] }
        }
      }
    }
  }

  /// Sums each solver body's energy (`energy(k)` for the k-th, below 0 to skip it) into its group
  /// root's entry of `sums`, in the solver bodies' order.
  @inline(__always) static func addGroupEnergy(
    _ solverBodies: UnsafeBufferPointer<Int32>, _ parent: UnsafeMutableBufferPointer<Int32>,
    into sums: UnsafeMutableBufferPointer<Double>, _ energy: (Int) -> Double
  ) {
    for i in 0..<sums.count { sums[i] = 0 }
    // The sum of the group of the bodies just taken is kept in a register while the next bodies
    // belong to it too (in a grid, all of them): added up in memory, each addition waited for the
    // last one's store. The same additions in the same order.
    var root = -1, sum = 0.0
    for k in 0..<solverBodies.count {
      let e = energy(k)
      if e < 0 { continue }
      let r = UnionFind.find(parent, Int(solverBodies[k]))
      if r != root {
        if root >= 0 { sums[root] = sum }
        root = r
        sum = sums[r]
      }
      sum += e
    }
    if root >= 0 { sums[root] = sum }
  }

  /// Scales back the velocities of every watched group that gained more kinetic energy in the solve than
  /// its closing pivots released (held energy tallied by the warm start and the relax pass; its joints'
  /// warm-start impulses stay: see above).
  mutating func limitGroupEnergy(_ bodies: inout BodyStore, on workers: WorkerPool) {
    JointStore.sumGroupEnergy(
      bodies.sims, bodies.states, bodies.solverBodies, &energy.parent, into: &energy.after,
      scratch: &energy.bodyEnergy, on: workers)
    guard energy.scaleGroups() else { return }
    for i in bodies.solverBodies {
      let i = Int(i)
      let s = energy.after[JointStore.findRoot(energy.parent, i)]
      if s == 1 { continue }
      bodies.states[i].v = bodies.states[i].v * s
      bodies.states[i].w *= s
    }
  }

  /// The root of i's group, without path compression (the parents are fully compressed by the sums).
  @inline(__always) static func findRoot(_ parent: [Int32], _ i: Int) -> Int {
    var r = i
    while Int(parent[r]) != r { r = Int(parent[r]) }
    return r
  }
}
