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

    /// The union-find lists lent as one grouping (`JointGrouping`) of bodies with these states.
    mutating func withGrouping(states: [BodyState], _ body: (JointGrouping) -> Void) {
      withMutableBuffers(&parent, &flags) { parent, flags in
        body(JointGrouping(parent: parent, flags: flags, states: states))
      }
    }
  }

  /// One grouping of the bodies that move by the joints and awake contacts between them, over the
  /// scratch's parent and flag lists: every body its own group, the links join them, and each group's
  /// root gets its flags.
  struct JointGrouping {
    let parent: UnsafeMutableBufferPointer<Int32>
    let flags: UnsafeMutableBufferPointer<UInt8>
    let states: [BodyState]

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
      let rx = UnionFind.find(parent, Int(x)), ry = UnionFind.find(parent, Int(y))
      if rx < ry { parent[ry] = Int32(rx) } else if ry < rx { parent[rx] = Int32(ry) }
    }

    /// Flags each joint's group (bit 0: a rigid joint; bit 1: a spring, or a world anchor the user moved
    /// after step `since`); returns whether some group holds rigid joints only (is watched).
    func flagGroups(_ joints: [JointRow], movedAt: [Int], since recentlyMoved: Int) -> Bool {
      for (k, j) in joints.enumerated() {
        let i = moving(j.bodyB) ? j.bodyB : j.bodyA
        guard moving(i) else { continue }
        let userMoved = j.bodyA < 0 && movedAt[k] > recentlyMoved
        flags[UnionFind.find(parent, Int(i))] |= j.isSpring || userMoved ? 2 : 1
      }
      return flags.contains(1)
    }
  }

  /// Steps (1 s) a group stays exempt after the user moved one of its world anchors: dragging an anchor
  /// puts energy in, through position correction, until the joint has caught up.
  static let anchorSettleSteps = 240

  /// Notes which joints' world anchors moved since the last step.
  mutating func trackAnchors(step stepCount: Int) {
    if energy.anchors.count != rows.count {
      energy.anchors = rows.map(\.localA)
      energy.anchorMovedAt = [Int](repeating: Int.min / 2, count: rows.count)
    }
    for k in rows.indices where rows[k].bodyA < 0 && rows[k].localA != energy.anchors[k] {
      energy.anchors[k] = rows[k].localA
      energy.anchorMovedAt[k] = stepCount
    }
  }

  /// Groups the solver's bodies by joints and awake contacts, records each group's kinetic energy and
  /// returns whether any group is watched (it holds a rigid joint and no spring). The energy its open
  /// pivots hold is tallied by the warm start (`HeldEnergyTally`).
  mutating func recordGroupEnergy(_ bodies: BodyStore, _ contacts: ContactStore, step stepCount: Int) -> Bool {
    // Only springs (the springy layouts): nothing to watch, and no grouping to pay for.
    guard rows.contains(where: { !$0.isSpring }) else { return false }
    let n = bodies.sims.count
    if energy.parent.count != n {
      energy = JointEnergyScratch(
        parent: [Int32](repeating: 0, count: n), before: [Double](repeating: 0, count: n),
        after: [Double](repeating: 0, count: n), heldBefore: [Double](repeating: 0, count: n),
        heldAfter: [Double](repeating: 0, count: n), flags: [UInt8](repeating: 0, count: n))
    }
    trackAnchors(step: stepCount)
    var watched = false
    let recentlyMoved = stepCount - JointStore.anchorSettleSteps
    let (states, contacts, rows, movedAt, awake) = (
      bodies.states, contacts.list, rows, energy.anchorMovedAt,
      contacts.awakeCount
    )
    energy.withGrouping(states: states) { grouping in
      grouping.reset()
      for c in 0..<awake { grouping.union(contacts[c].bodyA, contacts[c].bodyB) }
      for j in rows { grouping.union(j.bodyA, j.bodyB) }
      watched = grouping.flagGroups(rows, movedAt: movedAt, since: recentlyMoved)
    }
    if watched {
      JointStore.sumGroupEnergy(bodies.sims, bodies.states, bodies.solverBodies, &energy.parent, into: &energy.before)
    }
    return watched
  }

  /// Each group root's kinetic energy, summed over the awake solver bodies.
  static func sumGroupEnergy(
    _ bodies: [Body], _ states: [BodyState], _ solverBodies: [Int32], _ parent: inout [Int32],
    into sums: inout [Double]
  ) {
    withBuffers(bodies, states) { b, s in
      withMutableBuffers(&parent, &sums) { parent, sums in
        for i in 0..<sums.count { sums[i] = 0 }
        for i in solverBodies {
          let i = Int(i)
          if b[i].asleep { continue }
          let e = 0.5 * (b[i].mass * s[i].v.lengthSquared + b[i].inertia * s[i].w * s[i].w)
          sums[UnionFind.find(parent, i)] += e
        }
      }
    }
  }

  /// Scales back the velocities of every watched group that gained more kinetic energy in the solve than
  /// its closing pivots released (held energy tallied by the warm start and the relax pass; its joints'
  /// warm-start impulses stay: see above).
  mutating func limitGroupEnergy(_ bodies: inout BodyStore) {
    JointStore.sumGroupEnergy(bodies.sims, bodies.states, bodies.solverBodies, &energy.parent, into: &energy.after)
    var any = false
    for i in 0..<bodies.sims.count {
      let released = Swift.max(energy.heldBefore[i] - energy.heldAfter[i], 0)
      let e0 = energy.before[i] + released, e1 = energy.after[i]
      if energy.flags[i] == 1 && e1 > e0 && e1 > 0 {
        energy.after[i] = (e0 / e1).squareRoot()
        any = true
      } else {
        energy.after[i] = 1
      }
    }
    guard any else { return }
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
