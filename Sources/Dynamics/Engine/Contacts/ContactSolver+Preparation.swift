/// Building the solver's rows once per collision pass: lever arms and effective masses stay fixed until
/// the next pass (the anchors do), so they are computed once, not every step.
///
/// Laid out anew, three passes over the awake contacts, the first and last reading them in order:
/// 1. in slices on the pool's threads, each contact's colouring key (its bodies' state entries, which
///    of them can move or read a sink, its nearest gap), whether it bounces;
/// 2. on one thread, the colouring (`ContactColoring`) and each coloured row's lane in the blocks,
///    colour after colour, a colour's rows in contact order (`assignLanes`);
/// 3. in slices again, each contact's row, written straight into its lane (`ContactBlock.write`), into
///    `rows` when it overflowed, and its `ImpactScreen` when some contact bounces; and the rows' longest
///    lever arm, read off the rows (`lever(of:)`), not worked out from the contacts' anchors again.
///
/// Between passes over the same contacts (a pile or a pyramid, awake), the colours and lanes come out
/// the same. Then the layout is kept (`keepsLayout`), and one pass does it all: each row is made,
/// its key checked against the kept one, and the row written into its kept lane. Only when a key
/// places its row otherwise, or the far rows' gaps now sort them in another order
/// (`ContactColoring.farOrderStands`), are the rows laid out anew and written again. (Far rows were
/// once reason enough: a pile in a box has some, its rows against the walls, and was laid out anew at
/// every pass.)
///
/// The blocks were once packed from a scalar row written for every contact: 256 bytes a contact written,
/// then read again at random colour by colour (two fifths of Box2D's many-pyramids collision pass). Now
/// the contacts are read in order and each colour's lanes are written in order, a handful of streams.
extension ContactSolver {
  /// What the first pass found in a slice of the contacts.
  struct KeySummary {
    /// The largest |anchor × normal| of the slice's points, on sides that can turn (`lever(of:)`): zero
    /// from `makeKeys`, which leaves it to `fillLanes`.
    var longestLever = 0.0
    /// Some contact of the slice bounces (restitution above zero).
    var bounces = false
    /// Some contact's key places its row differently from the last pass's key at its index (near or
    /// far included: `ContactColoring.Key.placesAlike`).
    var placedAnew = false

    init() {}

    /// The slices' findings together (the levers' largest taken as the single pass took it).
    init(combining slices: [KeySummary]) {
      longestLever = slices.lazy.map(\.longestLever).max() ?? 0
      bounces = slices.contains { $0.bounces }
      placedAnew = slices.contains { $0.placedAnew }
    }

    /// Notes a new key (when `comparing`): placing its row as `old` does or not.
    @inline(__always) mutating func note(
      _ key: ContactColoring.Key, replacing old: ContactColoring.Key, comparing: Bool
    ) {
      if comparing && !key.placesAlike(old) { placedAnew = true }
    }
  }

  /// Builds the rows of `contacts[0..<count]` (the awake ones), colours them and packs the blocks.
  mutating func prepare(_ contacts: [Contact], count n: Int, states: inout BodyStates, on workers: WorkerPool) {
    let wasBouncing = hasBouncingRows
    startRebuild()
    // The last pass's layout stands if every key places its row as before (checked as the keys are
    // made), and the far rows' gaps sort them as before (checked once the keys are made).
    let layoutKept = keepsLayout && colorKeys.count == n && layoutStateCount == states.count
    rows.resize(to: n, with: .empty(world: Int32(states.count - 1)))
    impactScreens.resize(to: n, with: ImpactScreen(.empty(world: Int32(states.count - 1)), world: 0))
    colorKeys.resize(to: n, with: .none)
    states.withUnsafeMutableBufferPointer { b in
      let world = Int32(b.count - 1)
      contacts.withUnsafeBufferPointer { cs in
        let first = cs.baseAddress.unsafelyUnwrapped
        layoutStateCount = b.count
        if layoutKept && speculatesLayout {
          // One pass: the rows go into the kept lanes while their keys are checked.
          let found = fillLanes(first, count: n, states: b, checkingKeys: true, screens: wasBouncing, on: workers)
          note(found)
          if !found.placedAnew && farOrderStands {
            if hasBouncingRows && !wasBouncing { writeScreens(first, count: n, states: b, on: workers) }
            fillEmptyLanes(world: world)
            return
          }
          // Placed otherwise: the lanes just written are laid out anew and written again.
          speculatesLayout = false
        } else {
          let found = makeKeys(first, count: n, states: b, comparing: layoutKept, on: workers)
          note(found)
          if layoutKept && !found.placedAnew && farOrderStands {
            speculatesLayout = true
            fillEmptyLanes(world: world)
            longestLever =
              fillLanes(first, count: n, states: b, checkingKeys: false, screens: hasBouncingRows, on: workers)
              .longestLever
            return
          }
        }
        // Laid out anew: the lanes' sides name other bodies, so the lane velocities list them again.
        layOut(states: b)
        fillEmptyLanes(world: world)
        longestLever =
          fillLanes(first, count: n, states: b, checkingKeys: false, screens: hasBouncingRows, on: workers)
          .longestLever
        laneVelocities.collect(blocks, stateCount: b.count)
      }
    }
  }

  /// Takes in what a pass over the keys found: the longest lever (zero from `makeKeys`: the pass that
  /// fills the lanes finds it) and whether some row bounces. The layout stands for the next pass, which
  /// checks its keys against these.
  private mutating func note(_ found: KeySummary) {
    longestLever = found.longestLever
    hasBouncingRows = found.bounces
    keepsLayout = true
  }

  /// Whether the kept colouring's far rows are in the order the keys' gaps give them (see
  /// `ContactColoring.farOrderStands`); asked once every key places its row as before.
  private var farOrderStands: Bool {
    colorKeys.withUnsafeBufferPointer { coloring.farOrderStands($0.baseAddress.unsafelyUnwrapped) }
  }

  /// Colours the rows by their keys and gives them their lanes.
  private mutating func layOut(states b: UnsafeMutableBufferPointer<BodyState>) {
    layoutsMade += 1
    colorKeys.withUnsafeBufferPointer { coloring.color($0, stateCount: b.count) }
    assignLanes()
  }

  /// Makes every contact's colouring key in slices on the pool's threads, and notes whether some contact
  /// bounces; with `comparing`, whether one places its row otherwise than the key it replaces. (Not the
  /// longest lever: `fillLanes` reads it off the rows, where the lever arms are made anyway.)
  private mutating func makeKeys(
    _ first: UnsafePointer<Contact>, count n: Int, states b: UnsafeMutableBufferPointer<BodyState>,
    comparing: Bool, on workers: WorkerPool
  ) -> KeySummary {
    let world = Int32(b.count - 1)
    var summaries: [KeySummary] = []
    swap(&summaries, &sliceSummaries)
    defer { swap(&summaries, &sliceSummaries) }
    colorKeys.withUnsafeMutableBufferPointer { keys in
      let keys = keys.baseAddress.unsafelyUnwrapped
      workers.mapSlices(of: n, grain: ContactSolver.rowGrain, into: &summaries, empty: KeySummary()) { range in
        var summary = KeySummary()
        for ci in range {
          let c = first + ci
          let key = ContactColoring.Key(c, world: world)
          summary.note(key, replacing: keys[ci], comparing: comparing)
          keys[ci] = key
          if ContactSolver.bounces(c) { summary.bounces = true }
        }
        return summary
      }
    }
    return KeySummary(combining: summaries)
  }

  /// Contacts in a slice of a pass.
  static let rowGrain = 512

  /// Gives every coloured row its lane (colour after colour, a colour's rows in row order, so a colour's
  /// last block alone may have empty lanes), notes the overflow rows, and sizes the blocks.
  mutating func assignLanes() {
    // Each colour's next free lane, moved out of the stored scratch (not copied: packing allocates nothing).
    var next: [Int] = []
    swap(&next, &nextLaneOfColor)
    defer { swap(&next, &nextLaneOfColor) }
    var blockCount = 0
    for c in 0..<ContactColoring.colorCount {
      next[c] = 4 * blockCount
      blockStartOfColor[c] = blockCount
      blockCount += (coloring.rowsPerColor[c] + 3) / 4
    }
    blockStartOfColor[ContactColoring.colorCount] = blockCount
    rowOfLane.removeAll(keepingCapacity: true)
    rowOfLane.append(contentsOf: repeatElement(-1, count: 4 * blockCount))
    overflowRows.removeAll(keepingCapacity: true)
    laneOfRow.resize(to: coloring.colorOfRow.count, with: -1)
    // Through pointers: each subscript and append of the stored arrays checked they were uniquely
    // referenced, a tenth of the packing.
    withMutableBuffers(&next, &rowOfLane) { next, rowOfLane in
      laneOfRow.withUnsafeMutableBufferPointer { laneOfRow in
        coloring.colorOfRow.withUnsafeBufferPointer { colorOfRow in
          for (r, color) in colorOfRow.enumerated() {
            guard color != ContactColoring.overflow else {
              laneOfRow[r] = -1
              overflowRows.append(Int32(r))
              continue
            }
            let slot = next[Int(color)]
            next[Int(color)] += 1
            rowOfLane[slot] = Int32(r)
            laneOfRow[r] = Int32(slot)
          }
        }
      }
    }
    blocks.resize(to: blockCount, with: ContactBlock.zero)
  }

  /// Writes the empty row into every lane no row has (a colour's last block may have some), so a lane
  /// holds nothing from an earlier pass.
  mutating func fillEmptyLanes(world: Int32) {
    let empty = ContactConstraint.empty(world: world), stateCount = Int(world) + 1
    let (filled, starts) = (coloring.rowsPerColor, blockStartOfColor)
    blocks.withUnsafeMutableBufferPointer { out in
      for c in 0..<ContactColoring.colorCount {
        for slot in 4 * starts[c] + filled[c]..<4 * starts[c + 1] {
          let b = slot >> 2
          ContactBlock.write(
            empty, lane: slot & 3, of: out.baseAddress.unsafelyUnwrapped + b,
            sinks: LaneVelocities.sinks(ofBlock: b, stateCount: stateCount))
        }
      }
    }
  }

  /// Makes every contact's row and writes it into its lane (each lane is written by one contact, a float
  /// or an integer at a time, so slices on different threads never write the same bytes), into `rows`
  /// when the row overflowed, and with `screens` its `ImpactScreen`; notes the rows' longest lever. With
  /// `checkingKeys`, also makes each row's key in place of the kept one, noting whether it places the row
  /// otherwise and whether it bounces (what `makeKeys` does).
  private mutating func fillLanes(
    _ first: UnsafePointer<Contact>, count n: Int, states b: UnsafeMutableBufferPointer<BodyState>,
    checkingKeys: Bool, screens: Bool, on workers: WorkerPool
  ) -> KeySummary {
    let world = Int32(b.count - 1), stateCount = b.count, softnesses = self.softnesses
    var summaries: [KeySummary] = []
    swap(&summaries, &sliceSummaries)
    defer { swap(&summaries, &sliceSummaries) }
    withMutableBuffers(&rows, &blocks, &colorKeys, &laneOfRow, &impactScreens) { rows, blocks, keys, laneOfRow, out in
      let rows = rows.baseAddress.unsafelyUnwrapped, blocks = blocks.baseAddress.unsafelyUnwrapped
      let keys = keys.baseAddress.unsafelyUnwrapped, laneOfRow = laneOfRow.baseAddress.unsafelyUnwrapped
      let screenBase = out.baseAddress.unsafelyUnwrapped
      workers.mapSlices(of: n, grain: ContactSolver.rowGrain, into: &summaries, empty: KeySummary()) { range in
        var summary = KeySummary()
        for ci in range {
          let c = first + ci
          if checkingKeys {
            let key = ContactColoring.Key(c, world: world)
            summary.note(key, replacing: keys[ci], comparing: true)
            keys[ci] = key
            if ContactSolver.bounces(c) { summary.bounces = true }
          }
          let slot = Int(laneOfRow[ci])
          let lever: Double
          if slot >= 0 {
            lever = ContactSolver.writeRow(
              of: c, world: world, softnesses, lane: slot & 3, of: blocks + (slot >> 2),
              sinks: LaneVelocities.sinks(ofBlock: slot >> 2, stateCount: stateCount))
          } else {
            let row = ContactSolver.row(c, world: world, softnesses)
            lever = ContactSolver.lever(of: row)
            rows[ci] = row
          }
          summary.longestLever = Swift.max(summary.longestLever, lever)
          if screens { screenBase[ci] = ImpactScreen(c, lever: lever, world: world) }
        }
        return summary
      }
    }
    return KeySummary(combining: summaries)
  }

  /// Writes every contact's `ImpactScreen` (some row bounces: the impact pass screens them all).
  private mutating func writeScreens(
    _ first: UnsafePointer<Contact>, count n: Int, states b: UnsafeMutableBufferPointer<BodyState>,
    on workers: WorkerPool
  ) {
    let world = Int32(b.count - 1), softnesses = self.softnesses
    impactScreens.withUnsafeMutableBufferPointer { screens in
      let screens = screens.baseAddress.unsafelyUnwrapped
      workers.forEachSlice(of: n, grain: ContactSolver.rowGrain) { range in
        for ci in range {
          screens[ci] = ImpactScreen(ContactSolver.row(first + ci, world: world, softnesses), world: world)
        }
      }
    }
  }

  /// The row of contact `c`, with the softness of its kind. Field by field through a pointer: a
  /// contact is 224 bytes, and copying it whole cost more than the row's maths.
  @inline(__always) static func row(
    _ c: UnsafePointer<Contact>, world: Int32, _ softnesses: ContactSoftnesses
  ) -> ContactConstraint {
    let normal = c.pointee.normal, states = stateEntries(of: c, world: world)
    var k = ContactConstraint(
      bodyA: c.pointee.bodyA, bodyB: c.pointee.bodyB, stateA: states.a, stateB: states.b,
      pointCount: c.pointee.pointCount, normal: normal, impactSpeed: impactSpeed(of: c),
      friction: c.pointee.friction, softness: softnesses[c.pointee.softness])
    (k.invMassA, k.invInertiaA) = (c.pointee.invMassA, c.pointee.invInertiaA)
    (k.invMassB, k.invInertiaB) = (c.pointee.invMassB, c.pointee.invInertiaB)
    k.point0 = ContactSolver.prepare(c.pointee.point0, c.pointee.impulses0, k, normal: normal)
    if k.pointCount > 1 { k.point1 = ContactSolver.prepare(c.pointee.point1, c.pointee.impulses1, k, normal: normal) }
    return k
  }

  /// Writes contact `c`'s row (`row(_:world:_:)`'s, bit for bit) into lane `k` of `block`, whose sinks
  /// start at `sinks` (`ContactBlock.write`), and returns its longest lever (`lever(of:)`). Field by
  /// field as they are made, each point's as soon as it is: made whole first, the row's 250 bytes did
  /// not fit the registers, and making the rows spent a third of its instructions putting its fields on
  /// the stack and taking them back.
  @inline(__always) static func writeRow(
    of c: UnsafePointer<Contact>, world: Int32, _ softnesses: ContactSoftnesses, lane k: Int,
    of block: UnsafeMutablePointer<ContactBlock>, sinks: Int32
  ) -> Double {
    let normal = c.pointee.normal, states = stateEntries(of: c, world: world)
    let masses = (c.pointee.invMassA, c.pointee.invInertiaA, c.pointee.invMassB, c.pointee.invInertiaB)
    ContactBlock.writeHeader(
      stateA: states.a, stateB: states.b, normal: normal, friction: c.pointee.friction,
      impactSpeed: impactSpeed(of: c), softness: softnesses[c.pointee.softness], masses: masses, lane: k,
      of: block, sinks: sinks)
    let p0 = prepare(c.pointee.point0, c.pointee.impulses0, masses: masses, normal: normal)
    ContactBlock.write(p0, lane: k, of: &block.pointee.point0)
    let pointCount = c.pointee.pointCount
    let p1 =
      pointCount > 1
      ? prepare(c.pointee.point1, c.pointee.impulses1, masses: masses, normal: normal) : SolverPoint()
    ContactBlock.write(p1, lane: k, of: &block.pointee.point1)
    return lever(bodyB: c.pointee.bodyB, pointCount: pointCount, p0, p1)
  }

  /// The state entries of contact `c`'s row: its bodies', or the fixed world's (`world`, the last) for
  /// a boundary's side.
  @inline(__always) static func stateEntries(of c: UnsafePointer<Contact>, world: Int32) -> (a: Int32, b: Int32) {
    let bodyA = c.pointee.bodyA, bodyB = c.pointee.bodyB
    return (bodyA >= 0 ? bodyA : world, bodyB >= 0 ? bodyB : world)
  }

  /// Whether contact `c` bounces (restitution above zero, a NaN not): its row's impact speed is finite.
  @inline(__always) static func bounces(_ c: UnsafePointer<Contact>) -> Bool { c.pointee.restitution > 0 }

  /// The impact speed of contact `c`'s row (`ContactConstraint.impactSpeed`): the restitution threshold
  /// when it bounces, infinite when it does not.
  @inline(__always) static func impactSpeed(of c: UnsafePointer<Contact>) -> Double {
    bounces(c) ? PhysicsWorld.restitutionThreshold : .infinity
  }

  /// The row's largest lever arm (|anchor × normal|, its points' `rnA`/`rnB`) on a side that can turn.
  /// A boundary's side is the world's, which never turns (its spin is zero, or NaN, which no bound can
  /// help), and its anchor is the point's offset from the world's origin, as long as the container is
  /// wide: counted, it made every spin of a resting pile look like an impact.
  @inline(__always) static func lever(of k: ContactConstraint) -> Double {
    lever(bodyB: k.bodyB, pointCount: k.pointCount, k.point0, k.point1)
  }

  /// `lever(of:)` of a row with side B `bodyB` and points `p0` and (if `pointCount` is 2) `p1`.
  @inline(__always) static func lever(bodyB: Int32, pointCount: Int32, _ p0: SolverPoint, _ p1: SolverPoint)
    -> Double
  {
    guard bodyB >= 0 else {
      return pointCount > 1 ? Swift.max(abs(p0.rnA), abs(p1.rnA)) : abs(p0.rnA)
    }
    let lever = Swift.max(abs(p0.rnA), abs(p0.rnB))
    guard pointCount > 1 else { return lever }
    return Swift.max(lever, abs(p1.rnA), abs(p1.rnB))
  }

  /// A point's row among `k`'s, whose inverse masses are set, warm started with `impulses`.
  @inline(__always) static func prepare(
    _ p: ContactPoint, _ impulses: PointImpulses, _ k: ContactConstraint, normal nrm: Vec2
  ) -> SolverPoint {
    prepare(p, impulses, masses: (k.invMassA, k.invInertiaA, k.invMassB, k.invInertiaB), normal: nrm)
  }

  /// A point's row between sides of inverse masses and inertias `masses` (A's mass, A's inertia, B's
  /// mass, B's inertia), warm started with `impulses`.
  @inline(__always) static func prepare(
    _ p: ContactPoint, _ impulses: PointImpulses, masses: (Double, Double, Double, Double), normal nrm: Vec2
  ) -> SolverPoint {
    let (mA, iA, mB, iB) = masses
    var q = SolverPoint(anchorA: p.anchorA, anchorB: p.anchorB, baseSeparation: p.baseSeparation, normal: nrm)
    let kn = mA + mB + iA * q.rnA * q.rnA + iB * q.rnB * q.rnB
    q.normalMass = kn > 0 ? 1 / kn : 0
    // r × t = −n·r: the tangent lever arms are the (negated) nr.
    let kt = mA + mB + iA * q.nrA * q.nrA + iB * q.nrB * q.nrB
    q.tangentMass = kt > 0 ? 1 / kt : 0
    q.normalImpulse = impulses.normal
    q.tangentImpulse = impulses.tangent
    return q
  }
}
