import Testing
#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D
import TestSupport
@testable import Dynamics

/// The coloured contact solver: the colouring keeps a colour's rows apart, the blocks hold every row
/// once, and solving four rows at a time in float lanes gives what solving the same rows one by one in
/// the same order gives (within float rounding).
@Suite("Coloured contact blocks")
struct ContactBlockTests {
  /// The setups' contacts are soft (moving) or rigid (immovable), half and half.
  static let softnesses = ContactSoftnesses(
    moving: Softness(hertz: 30, zeta: 10, h: 1.0 / 240), immovable: .rigid, wall: .rigid)

  /// Random bodies (some fixed, some that cannot turn) and random contacts between them and the world;
  /// with `hub`, one body is in most rows, so some rows overflow the colours.
  struct Setup {
    var states: BodyStates
    var contacts: [Contact]

    init(seed: UInt64, hub: Bool) {
      var r = SplitMix(seed: seed)
      let n = r.int(2..<40)
      states = BodyStates(
        (0..<n).map { _ in
          let fixed = r.chance(0.15)
          return BodyState(
            v: Vec2(r.uniform(-300, 300), r.uniform(-300, 300)), w: r.uniform(-5, 5),
            deltaPosition: Vec2(r.uniform(-2, 2), r.uniform(-2, 2)), deltaAngle: r.uniform(-0.05, 0.05),
            invMass: fixed ? 0 : r.uniform(0.2, 2),
            invInertia: fixed || r.chance(0.1) ? 0 : r.uniform(1e-4, 1e-2))
        })
      let hubBody = Int32(r.int(n))
      states[Int(hubBody)].invMass = 1
      states[Int(hubBody)].invInertia = 1e-3
      states.append(.fixed)
      let count = hub ? r.int(60..<160) : r.int(1..<120)
      let states = self.states
      contacts = (0..<count).map { k in
        let a = hub && r.chance(0.6) ? hubBody : Int32(r.int(n))
        var b = r.chance(0.2) ? -1 : Int32(r.int(n))
        if b == a { b = -1 }
        var c = Contact(key: UInt64(k), bodyA: a, bodyB: b, boundary: b < 0 ? 0 : -1)
        let angle = r.uniform(0, 2 * Double.pi)
        c.normal = Vec2(cos(angle), sin(angle))
        c.pointCount = r.chance(0.5) ? 2 : 1
        func point() -> ContactPoint {
          var p = ContactPoint()
          p.anchorA = Vec2(r.uniform(-30, 30), r.uniform(-30, 30))
          p.anchorB = Vec2(r.uniform(-30, 30), r.uniform(-30, 30))
          p.baseSeparation = r.uniform(-3, 3)
          return p
        }
        func impulses() -> PointImpulses {
          PointImpulses(normal: r.chance(0.3) ? 0 : r.uniform(0, 50), tangent: r.uniform(-10, 10))
        }
        c.point0 = point()
        c.impulses0 = impulses()
        c.point1 = point()
        c.impulses1 = impulses()
        c.friction = r.chance(0.2) ? 0 : r.uniform(0, 1)
        // Without friction no tangent impulse ever accumulates.
        if c.friction == 0 {
          c.impulses0.tangent = 0
          c.impulses1.tangent = 0
        }
        c.softness = r.chance(0.5) ? .moving : .immovable
        c.takeMasses(from: states)
        return c
      }
    }
  }

  /// Every contact's row as `ContactSolver.row` makes it, the scalar reference for the lanes.
  static func scalarRows(_ setup: inout Setup) -> [ContactConstraint] {
    setup.states.withUnsafeMutableBufferPointer { b in
      setup.contacts.withUnsafeBufferPointer { cs in
        (0..<cs.count).map { ContactSolver.row(cs.baseAddress! + $0, world: Int32(b.count - 1), Self.softnesses) }
      }
    }
  }

  /// Each coloured row's lane holds its scalar row in floats, bit for bit as the conversion gives them
  /// (a one-point row's second point empty, a side that cannot move read from a sink); each empty lane
  /// holds the empty row. The scalar rows are kept for the overflow rows, and for all of them exactly
  /// when some contact bounces; the longest lever is the rows'. Sliced fills on 2 and 3 threads with
  /// tiny slices write the same bytes.
  @Test(arguments: Array(1...30) as [UInt64])
  func lanesHoldTheirRowsInFloats(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 2 == 0)
    var r = SplitMix(seed: seed ^ 0xB0_0CE)
    let bouncing = seed % 3 == 0
    if bouncing {
      for k in setup.contacts.indices where r.chance(0.3) { setup.contacts[k].restitution = r.uniform(0.1, 1) }
    }
    let rows = ContactBlockTests.scalarRows(&setup)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    #expect(solver.hasBouncingRows == bouncing, "seed \(seed)")
    // The world's side (a boundary's) never turns: its levers do not count.
    let levers = rows.map { k in
      let turnsB = k.bodyB >= 0
      let first = max(abs(k.point0.rnA), turnsB ? abs(k.point0.rnB) : 0)
      return k.pointCount > 1 ? max(first, abs(k.point1.rnA), turnsB ? abs(k.point1.rnB) : 0) : first
    }
    #expect(solver.longestLever == levers.max() ?? 0, "seed \(seed)")
    let world = Int32(setup.states.count - 1)
    for slot in solver.rowOfLane.indices {
      let row = solver.rowOfLane[slot] >= 0 ? rows[Int(solver.rowOfLane[slot])] : .empty(world: world)
      let lane = ContactBlockTests.lane(solver.blocks[slot / 4], slot % 4)
      #expect(lane == ContactBlockTests.lane(of: row), "seed \(seed): lane \(slot)")
      let block = solver.blocks[slot / 4], k = slot % 4
      let sinks = LaneVelocities.sinks(ofBlock: slot / 4, stateCount: setup.states.count)
      let fixedA = Float(row.invMassA) == 0 && Float(row.invInertiaA) == 0
      #expect(block.laneA[k] == (fixedA ? sinks + Int32(2 * k) : row.stateA), "seed \(seed): lane \(slot)")
    }
    for (i, row) in solver.rows.enumerated() where solver.laneOfRow[i] < 0 {
      #expect(row.bits == rows[i].bits, "seed \(seed): scalar row \(i)")
    }
    for (i, screen) in solver.impactScreens.enumerated() where bouncing {
      let made = ImpactScreen(rows[i], world: world)
      #expect(
        screen.stateA == made.stateA && screen.stateB == made.stateB && screen.normal == made.normal
          && screen.lever.bitPattern == made.lever.bitPattern, "seed \(seed): screen \(i)")
    }
    for threads in [2, 3] {
      let pool = WorkerPool(count: threads)
      pool.grainOverride = 1
      var sliced = ContactSolver(softnesses: Self.softnesses)
      pool.session {
        sliced.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: pool)
      }
      #expect(
        sliced.blocks.indices.allSatisfy { b in
          (0..<4).allSatisfy { Self.lane(sliced.blocks[b], $0) == Self.lane(solver.blocks[b], $0) }
        },
        "seed \(seed): \(threads) threads")
    }
  }

  /// Prepared again over the same contacts, moved a little (new anchors, gaps, impulses), the solver
  /// keeps its colours and lanes when every row is placed as before, and makes them anew when a body
  /// became immovable or a row went far: either way, everything it holds is what a fresh solver makes.
  @Test(arguments: Array(1...30) as [UInt64])
  func preparedAgainIsPreparedAfresh(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 2 == 0)
    var r = SplitMix(seed: seed ^ 0xA9A1)
    func nearAll() {
      for k in setup.contacts.indices {
        setup.contacts[k].point0.baseSeparation = -r.uniform(0, 2)
        setup.contacts[k].point1.baseSeparation = -r.uniform(0, 2)
        setup.contacts[k].point0.anchorA.x += r.uniform(-1, 1)
        setup.contacts[k].impulses1.normal = r.uniform(0, 9)
      }
    }
    nearAll()
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    #expect(solver.keepsLayout, "seed \(seed)")
    for round in 0..<3 {
      nearAll()
      switch (seed + UInt64(round)) % 4 {
      case 1: setup.states[r.int(setup.states.count - 1)].invMass = 0
      case 2: setup.states[r.int(setup.states.count - 1)].invInertia = 0
      case 3: setup.contacts[r.int(setup.contacts.count)].point0.baseSeparation = 1  // far, if one point
      default: break
      }
      solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
      var fresh = ContactSolver(softnesses: Self.softnesses)
      fresh.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
      ContactBlockTests.expectSameLayout(solver, fresh, "seed \(seed), round \(round)")
    }
  }

  /// `solver`, prepared again, holds what `fresh` (prepared once over the same contacts) does: the
  /// colours, lanes, overflow rows, lane velocity lists and every lane's bits.
  static func expectSameLayout(_ solver: ContactSolver, _ fresh: ContactSolver, _ context: String) {
    #expect(solver.coloring.colorOfRow == fresh.coloring.colorOfRow, "\(context)")
    #expect(solver.laneOfRow == fresh.laneOfRow && solver.rowOfLane == fresh.rowOfLane, "\(context)")
    #expect(solver.overflowRows == fresh.overflowRows && solver.blockStartOfColor == fresh.blockStartOfColor)
    #expect(solver.laneVelocities.bodies == fresh.laneVelocities.bodies, "\(context)")
    #expect(solver.laneVelocities.sinks.map(\.sink) == fresh.laneVelocities.sinks.map(\.sink), "\(context)")
    #expect(solver.laneVelocities.sinks.map(\.state) == fresh.laneVelocities.sinks.map(\.state), "\(context)")
    #expect(solver.blocks.count == fresh.blocks.count, "\(context)")
    for b in solver.blocks.indices {
      for k in 0..<4 {
        #expect(Self.lane(solver.blocks[b], k) == Self.lane(fresh.blocks[b], k), "\(context): block \(b)")
        #expect(solver.blocks[b].laneA[k] == fresh.blocks[b].laneA[k], "\(context): block \(b)")
        #expect(solver.blocks[b].laneB[k] == fresh.blocks[b].laneB[k], "\(context): block \(b)")
      }
    }
    for i in solver.overflowRows { #expect(solver.rows[Int(i)].bits == fresh.rows[Int(i)].bits, "\(context)") }
  }

  /// Far rows (a pile's rows against its walls, beyond the speculative distance) no longer make every
  /// pass lay the rows out anew: prepared again over the same contacts, the solver keeps its layout
  /// while the far rows stay far and their gaps keep their order, and lays out anew when a far row's
  /// gap overtakes another's (ties among them too), a row turns far or near, or a near row's bodies
  /// change; whichever it does, it holds what a fresh solver makes.
  @Test(arguments: Array(1...40) as [UInt64])
  func farRowsKeepTheLayoutWhileTheirOrderStands(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 3 == 0)
    var r = SplitMix(seed: seed ^ 0xFA2)
    let far = setup.contacts.indices.map { _ in r.chance(0.3) }
    func place(_ k: Int, farGap: Double?) {
      let gap = farGap ?? -r.uniform(0, 2)
      setup.contacts[k].point0.baseSeparation = gap
      setup.contacts[k].point1.baseSeparation = farGap == nil ? -r.uniform(0, 2) : gap + r.uniform(0, 1)
    }
    for k in setup.contacts.indices { place(k, farGap: far[k] ? r.uniform(2.5, 9) : nil) }
    var solver = ContactSolver(softnesses: Self.softnesses)
    let pool = WorkerPool(count: 1)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: pool)
    let farRows = setup.contacts.indices.filter { far[$0] }
    var restore = false
    for round in 0..<8 {
      let made = solver.layoutsMade
      // The far rows a round changed take new gaps in the next: their order changes again.
      let farMoved = restore
      if restore { for k in farRows { place(k, farGap: r.uniform(2.5, 9)) } }
      restore = false
      // The near rows move; the far rows keep their gaps, or some change.
      for k in setup.contacts.indices where !far[k] {
        place(k, farGap: nil)
        setup.contacts[k].impulses0.normal = r.uniform(0, 9)
      }
      let change = (seed + UInt64(round)) % 4
      switch change {
      case 1 where farRows.count > 1:
        // Two far rows trade gaps, or take the same one.
        let (i, j) = (farRows[r.int(farRows.count)], farRows[r.int(farRows.count)])
        let gi = setup.contacts[i].point0.baseSeparation
        place(i, farGap: setup.contacts[j].point0.baseSeparation)
        if r.chance(0.5) { place(j, farGap: gi) }
        restore = true
      case 2 where !farRows.isEmpty:
        // A far row comes near, for this round.
        place(farRows[r.int(farRows.count)], farGap: nil)
        restore = true
      case 3: setup.states[r.int(setup.states.count - 1)].invMass = 0
      default: break
      }
      solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: pool)
      var fresh = ContactSolver(softnesses: Self.softnesses)
      fresh.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: pool)
      let context = "seed \(seed), round \(round)"
      ContactBlockTests.expectSameLayout(solver, fresh, context)
      if change == 0 && !farMoved { #expect(solver.layoutsMade == made, "\(context): laid out anew") }
    }
  }

  /// A solver cleared after a pass with overflow rows holds nothing: its passes leave every velocity
  /// as it was (they once solved the cleared overflow rows from storage no longer theirs).
  @Test(arguments: [2, 4, 6, 8, 10] as [UInt64])
  func aClearedSolverSolvesNothing(seed: UInt64) {
    var setup = Setup(seed: seed, hub: true)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    #expect(!solver.overflowRows.isEmpty, "seed \(seed): nothing overflowed")
    solver.clear()
    #expect(solver.overflowRows.isEmpty && solver.laneOfRow.isEmpty && solver.blocks.isEmpty, "seed \(seed)")
    let before = setup.states
    solver.warmStart(&setup.states, keepingLanes: false, on: WorkerPool(count: 1))
    solver.solve(useBias: true, h: 1.0 / 240, &setup.states, on: WorkerPool(count: 1))
    solver.solve(useBias: false, h: 1.0 / 240, &setup.states, on: WorkerPool(count: 1))
    #expect(zip(setup.states, before).allSatisfy { $0.v == $1.v && $0.w == $1.w }, "seed \(seed)")
  }

  /// Lane `k` of a block, field by field as bit patterns.
  static func lane(_ b: ContactBlock, _ k: Int) -> [UInt32] {
    let floats = [
      b.normalX, b.normalY, b.friction, b.impactSpeed, b.biasRate, b.massScale, b.impulseScale, b.invMassA,
      b.invInertiaA, b.invMassB, b.invInertiaB
    ]
    let points = [b.point0, b.point1].flatMap { p in
      [p.baseSeparation, p.rnA, p.rnB, p.nrA, p.nrB, p.normalMass, p.tangentMass, p.normalImpulse, p.tangentImpulse]
    }
    return [UInt32(bitPattern: b.stateA[k]), UInt32(bitPattern: b.stateB[k])]
      + (floats + points).map { $0[k].bitPattern }
  }

  /// What a lane holds for `row`: its fields rounded to floats, a one-point row's second point empty.
  static func lane(of row: ContactConstraint) -> [UInt32] {
    let floats = [
      row.normal.x, row.normal.y, row.friction, row.impactSpeed, row.softness.biasRate, row.softness.massScale,
      row.softness.impulseScale, row.invMassA, row.invInertiaA, row.invMassB, row.invInertiaB
    ]
    let second = row.pointCount > 1 ? row.point1 : SolverPoint()
    let points = [row.point0, second].flatMap { p in
      [p.baseSeparation, p.rnA, p.rnB, p.nrA, p.nrB, p.normalMass, p.tangentMass, p.normalImpulse, p.tangentImpulse]
    }
    return [UInt32(bitPattern: row.stateA), UInt32(bitPattern: row.stateB)]
      + (floats + points).map { Float($0).bitPattern }
  }

  /// No colour has two rows sharing a body that can move; a row overflows only when its bodies have
  /// every colour between them (a far row: every colour from the lowest it may take); a body's far rows
  /// (speculative, all points beyond `speculativeDistance`) come after its near ones, nearest first; the
  /// blocks hold every coloured row exactly once, in its lane.
  @Test(arguments: Array(1...40) as [UInt64])
  func coloursKeepRowsApartAndBlocksHoldEveryRow(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 2 == 0)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    let rows = ContactBlockTests.scalarRows(&setup), colors = solver.coloring.colorOfRow
    #expect(colors.count == rows.count, "seed \(seed)")
    var colorsOfBody = [Set<Int8>](repeating: [], count: setup.states.count)
    func moves(_ s: BodyState) -> Bool { ContactColoring.canMove(invMass: s.invMass, invInertia: s.invInertia) }
    for (r, row) in rows.enumerated() where colors[r] != ContactColoring.overflow {
      for s in [row.stateA, row.stateB] where moves(setup.states[Int(s)]) {
        let (fresh, _) = colorsOfBody[Int(s)].insert(colors[r])
        #expect(fresh, "seed \(seed): body \(s) twice in colour \(colors[r])")
      }
    }
    func isFar(_ r: Int) -> Bool { ContactColoring.nearestGap(rows[r]) > PhysicsWorld.speculativeDistance }
    func movers(_ row: ContactConstraint) -> [Int32] {
      [row.stateA, row.stateB].filter { moves(setup.states[Int($0)]) }
    }
    for (r, row) in rows.enumerated() where colors[r] == ContactColoring.overflow {
      #expect(solver.overflowRows.contains(Int32(r)), "seed \(seed)")
      guard !isFar(r) else { continue }
      let taken = movers(row).reduce(into: Set<Int8>()) { $0.formUnion(colorsOfBody[Int($1)]) }
      #expect(taken.count == ContactColoring.colorCount, "seed \(seed): row \(r) overflowed with colours free")
    }
    // Per movable body, its rows in the order they were coloured (near rows in row order, then far rows
    // nearest first): the colours of coloured rows rise from each near row to every far row after it.
    let order =
      rows.indices.filter { !isFar($0) }
      + rows.indices.filter(isFar).sorted {
        (ContactColoring.nearestGap(rows[$0]), $0) < (ContactColoring.nearestGap(rows[$1]), $1)
      }
    var highest = [Int8](repeating: -1, count: setup.states.count)
    for r in order where colors[r] != ContactColoring.overflow {
      for s in movers(rows[r]) {
        if isFar(r) { #expect(colors[r] > highest[Int(s)], "seed \(seed): far row \(r) not after body \(s)'s rows") }
        highest[Int(s)] = max(highest[Int(s)], colors[r])
      }
    }
    if seed % 2 == 0 { #expect(!solver.overflowRows.isEmpty, "seed \(seed): the hub overflowed nothing") }
    var seen = [Int](repeating: 0, count: rows.count)
    for (b, block) in solver.blocks.enumerated() {
      for k in 0..<4 {
        let slot = 4 * b + k
        let r = Int(solver.rowOfLane[slot])
        guard r >= 0 else {
          #expect(block.stateA[k] == Int32(setup.states.count - 1) && block.normalX[k] == 0, "seed \(seed)")
          continue
        }
        seen[r] += 1
        #expect(
          Int(solver.laneOfRow[r]) == slot && block.stateA[k] == rows[r].stateA && block.stateB[k] == rows[r].stateB,
          "seed \(seed): row \(r) not in its lane")
      }
    }
    for r in rows.indices {
      #expect(seen[r] == (colors[r] == ContactColoring.overflow ? 0 : 1), "seed \(seed): row \(r) in \(seen[r]) lanes")
    }
  }

  /// Warm start, biased pass, relax pass in lanes against the scalar rows solved one by one in the
  /// blocks' order (then the overflow rows): velocities and accumulated impulses agree to float
  /// rounding, and the world's entry is untouched. A colour with two rows on one body would lose one
  /// row's impulse and miss by whole points per second.
  @Test(arguments: Array(1...40) as [UInt64])
  func lanesSolveAsTheRowsDoOneByOne(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 3 == 0)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    var reference = setup.states
    var rows = ContactBlockTests.scalarRows(&setup)
    let order = solver.rowOfLane.filter { $0 >= 0 } + solver.overflowRows
    let h = 1.0 / 240
    reference.withUnsafeMutableBufferPointer { st in
      let p = st.baseAddress!
      for r in order { ContactSolver.warmStart(rows[Int(r)], p) }
      for useBias in [true, false] {
        for r in order { ContactSolver.solve(&rows[Int(r)], p, useBias: useBias, invH: 1 / h) }
      }
    }
    solver.warmStart(&setup.states, keepingLanes: false, on: WorkerPool(count: 1))
    solver.solve(useBias: true, h: h, &setup.states, on: WorkerPool(count: 1))
    solver.solve(useBias: false, h: h, &setup.states, on: WorkerPool(count: 1))
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 2e-4 * (abs(a) + abs(b)) + 1e-3 }
    for i in setup.states.indices {
      let got = setup.states[i], want = reference[i]
      #expect(
        close(got.v.x, want.v.x) && close(got.v.y, want.v.y) && close(got.w, want.w),
        "seed \(seed): body \(i) v \(got.v) w \(got.w), one by one v \(want.v) w \(want.w)")
    }
    let world = setup.states[setup.states.count - 1]
    #expect(world.v == .zero && world.w == 0, "seed \(seed): the world's entry moved")
    solver.storeImpulses(into: &setup.contacts, awakeCount: setup.contacts.count)
    for r in rows.indices {
      let c = setup.contacts[r], want = rows[r]
      #expect(
        close(c.impulses0.normal, want.point0.normalImpulse)
          && close(c.impulses0.tangent, want.point0.tangentImpulse),
        "seed \(seed): row \(r) impulses")
      if c.pointCount > 1 {
        #expect(
          close(c.impulses1.normal, want.point1.normalImpulse)
            && close(c.impulses1.tangent, want.point1.tangentImpulse),
          "seed \(seed): row \(r) second point's impulses")
      }
    }
  }

  /// The solve passes run the blocks on a float copy of the velocities and motion (`LaneVelocities`);
  /// each block reading its bodies' doubles and writing the velocities back, as the blocks did before
  /// the copy, gives the same bits.
  @Test(arguments: Array(1...30) as [UInt64])
  func floatCopyGivesTheBitsOfBlockByBlockDoubles(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 3 == 0)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    solver.warmStart(&setup.states, keepingLanes: false, on: WorkerPool(count: 1))
    var blocks = solver.blocks, rows = solver.rows
    #expect(solver.overflowRows.allSatisfy { rows[Int($0)].bits == ContactBlockTests.scalarRows(&setup)[Int($0)].bits })
    var reference = setup.states
    let h = 1.0 / 240
    for useBias in [true, false] {
      solver.solve(useBias: useBias, h: h, &setup.states, on: WorkerPool(count: 1))
      reference.withUnsafeMutableBufferPointer { states in
        let st = states.baseAddress!
        // Room for every block's sinks (`ContactBlock.laneA`): a lane of a body that cannot move reads it
        // from its sink and is not written back.
        var lv = [LaneVelocities.Entry](repeating: .zero, count: states.count + 8 * blocks.count)
        lv.withUnsafeMutableBufferPointer { lv in
          let lv = lv.baseAddress!
          for b in blocks.indices {
            let sides = (0..<4).flatMap {
              [
                (Int(blocks[b].laneA[$0]), Int(blocks[b].stateA[$0])),
                (Int(blocks[b].laneB[$0]), Int(blocks[b].stateB[$0]))
              ]
            }
            for (lane, i) in sides { lv[lane] = LaneVelocities.entry(st + i) }
            blocks[b].solve(lv, useBias: useBias, invH: Float(1 / h))
            for (lane, i) in sides where lane == i {
              st[i].v = Vec2(Double(lv[i][0]), Double(lv[i][1]))
              st[i].w = Double(lv[i][2])
            }
          }
        }
        for r in solver.overflowRows { ContactSolver.solve(&rows[Int(r)], st, useBias: useBias, invH: 1 / h) }
      }
    }
    for i in setup.states.indices {
      let got = setup.states[i], want = reference[i]
      #expect(
        got.v.x.bitPattern == want.v.x.bitPattern && got.v.y.bitPattern == want.v.y.bitPattern
          && got.w.bitPattern == want.w.bitPattern,
        "seed \(seed): body \(i) v \(got.v) w \(got.w), block by block v \(want.v) w \(want.w)")
    }
  }

  /// Bodies no contact names keep their velocity bits through the passes (the lanes read and write only
  /// the bodies of their rows), and a solver prepared again for fewer bodies (the states shrank) still
  /// solves, with finite velocities.
  @Test(arguments: Array(1...20) as [UInt64])
  func bodiesNoBlockTouchesKeepTheirBits(seed: UInt64) {
    var setup = Setup(seed: seed, hub: seed % 2 == 0)
    var r = SplitMix(seed: seed ^ 0xB175)
    let world = setup.states.removeLast()
    let free = setup.states.count..<(setup.states.count + 6)
    for _ in free {
      setup.states.append(
        BodyState(
          v: Vec2(r.uniform(-300, 300), r.uniform(-300, 300)), w: r.uniform(-5, 5) + 1e-12,
          deltaPosition: .zero, deltaAngle: 0, invMass: 1, invInertia: 1e-3))
    }
    setup.states.append(world)
    let before = setup.states
    var solver = ContactSolver(softnesses: Self.softnesses)
    let h = 1.0 / 240
    func passes(_ setup: inout Setup) {
      solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
      solver.warmStart(&setup.states, keepingLanes: false, on: WorkerPool(count: 1))
      solver.solve(useBias: true, h: h, &setup.states, on: WorkerPool(count: 1))
      solver.solve(useBias: false, h: h, &setup.states, on: WorkerPool(count: 1))
    }
    passes(&setup)
    for i in free {
      #expect(
        setup.states[i].v == before[i].v && setup.states[i].w == before[i].w, "seed \(seed): free body \(i) changed")
    }
    var smaller = Setup(seed: seed &+ 1_000, hub: false)
    smaller.states = BodyStates(Array(smaller.states.prefix(3)) + [.fixed])
    smaller.contacts = smaller.contacts.filter { $0.bodyA < 3 && $0.bodyB < 3 }
    passes(&smaller)
    #expect(smaller.states.allSatisfy { $0.v.x.isFinite && $0.v.y.isFinite && $0.w.isFinite }, "seed \(seed)")
  }

  /// The impact pass's cleared rows lose their impulses wherever they live (lane or overflow), and only
  /// those rows do.
  @Test(arguments: [2, 4, 6, 8] as [UInt64])
  func clearedRowsLoseTheirImpulsesOnly(seed: UInt64) {
    var setup = Setup(seed: seed, hub: true)
    var solver = ContactSolver(softnesses: Self.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    var r = SplitMix(seed: seed ^ 0x5eed)
    let cleared = (0..<setup.contacts.count).filter { _ in r.chance(0.3) }.map(Int32.init)
    #expect(cleared.contains { solver.laneOfRow[Int($0)] < 0 } || solver.overflowRows.isEmpty, "seed \(seed)")
    let before = setup.contacts
    solver.clearImpulses(ofRows: cleared)
    solver.storeImpulses(into: &setup.contacts, awakeCount: setup.contacts.count)
    for (i, c) in setup.contacts.enumerated() {
      if cleared.contains(Int32(i)) {
        #expect(
          c.impulses0.normal == 0 && c.impulses0.tangent == 0 && c.impulses1.normal == 0,
          "seed \(seed): row \(i) kept its impulse")
      } else {
        #expect(
          abs(c.impulses0.normal - before[i].impulses0.normal) < 1e-4 * (1 + before[i].impulses0.normal),
          "seed \(seed): row \(i) lost its impulse")
      }
    }
  }

  /// Thirty boxes on one plank, on the floor: the plank is in more rows than there are colours, so rows
  /// overflow and are solved one by one. The stack stays finite, inside its walls, and at rest on the
  /// plank.
  @Test func aBodyInMoreRowsThanColoursStillRests() {
    let floorY = 600.0
    let plank = box(700, floorY - 10, 1400, 20)
    let boxes = (0..<30).map { k in box(30 + 45 * Double(k), floorY - 20 - 21, 40, 40) }
    let all = [plank] + boxes
    let collision = CollisionBehavior(items: all)
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -100, y: floorY), to: Point(x: 1500, y: floorY))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: all))
    animator.addBehavior(collision)
    var overflowSeen = false
    run(animator, seconds: 2) { _ in
      if !animator.engineProbe.contactSolver.overflowRows.isEmpty { overflowSeen = true }
    }
    #expect(overflowSeen, "no row overflowed: the test does not reach the overflow path")
    for (k, b) in boxes.enumerated() {
      #expect(b.center.x.isFinite && b.center.y.isFinite)
      #expect(abs(b.center.y - (floorY - 20 - 20)) < 2, "box \(k) at \(b.center.y), not resting on the plank")
    }
    #expect(abs(plank.center.y - (floorY - 10)) < 1, "plank at \(plank.center.y)")
  }
}

extension ContactConstraint {
  /// Every field as bit patterns, for exact comparison.
  var bits: [UInt64] {
    let points = [point0, point1].flatMap { p in
      [p.baseSeparation, p.rnA, p.rnB, p.nrA, p.nrB, p.normalMass, p.tangentMass, p.normalImpulse, p.tangentImpulse]
    }
    let doubles =
      [normal.x, normal.y, impactSpeed, friction, softness.biasRate, softness.massScale, softness.impulseScale]
      + [invMassA, invInertiaA, invMassB, invInertiaB] + points
    let ints = [bodyA, bodyB, stateA, stateB, pointCount].map { UInt64(UInt32(bitPattern: $0)) }
    return ints + doubles.map(\.bitPattern)
  }
}
