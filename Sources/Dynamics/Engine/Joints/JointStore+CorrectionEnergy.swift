/// The energy a rigid pivot holds while it is open, which the energy watch (`JointStore+Energy`) lets
/// a group have back when the pivot closes.
///
/// A rigid row corrects its position error softly (`PhysicsWorld.jointHertz`, `jointZeta`): for its
/// error it is a stiff spring on the row's effective mass, k = ω²·K⁻¹, holding ½·ω²·Cᵀ·K⁻¹·C, and a
/// spring gives back the energy it was stretched with. A grid hanging from a few pins opens its pivots
/// under the load as it falls and swings (Box2D's 100 × 100 grid by 65 pt), and as they close the
/// bodies speed up. Counted as work done by nobody, that gain was taken out of the whole grid's speed;
/// the lagging grid stretched its pivots further, their correction pulled harder, the next step gained
/// more, and the watch took up to two thirds of the grid's speed a step: its widest pin opened 80 pt
/// instead of 66. So what a group's pivots (pins, rigid points and welds' points; C the anchors'
/// separation) hold less after the solve than before it is allowed as a gain. A pivot that opens is not
/// charged for it (the energy that opens it is the load's, whose work on the positions the watch does
/// not see), and rows of other kinds release nothing: for them the watch is as strict as it was. The 2 ×
/// 2 K of a weld's point leaves out its angle row, which only makes the allowance smaller.
///
/// A tally is one pass's sum of that energy per group root of the energy watch: the warm start tallies
/// it before the solve and the relax pass after it, in the geometry they compute anyway, so the watch
/// costs no pass over the rows of its own. It holds the watch's parent and sum lists while it counts
/// (moved out and back, not copied).
struct HeldEnergyTally {
  var parent: [Int32]
  var sums: [Double]

  /// ½·ω² of the rigid rows' correction (`PhysicsWorld.jointHertz`).
  @inline(__always) static var halfOmegaSquared: Double {
    let omega = 2 * Double.pi * PhysicsWorld.jointHertz
    return 0.5 * omega * omega
  }

  /// Lends the tally's lists to `body` as a counter (nil when there is no tally) for one pass over the
  /// rows: a counter adds through pointers, with no copy-on-write test or bounds check per row.
  static func counting<R>(_ tally: inout HeldEnergyTally?, _ body: (HeldEnergyCounter?) -> R) -> R {
    guard var t = tally else { return body(nil) }
    tally = nil  // `t` holds the lists alone while they are lent: no copy on write
    defer { tally = t }
    return withMutableBuffers(&t.parent, &t.sums) { parent, sums in
      body(HeldEnergyCounter(parent: parent, sums: sums))
    }
  }

  /// Whether the row is a rigid pivot whose separation the soft correction pulls shut.
  @inline(__always) static func holdsPivotEnergy(_ j: UnsafePointer<JointRow>) -> Bool {
    switch j.pointee.kind {
    case .pin, .fixed: return true
    case .point: return !(j.pointee.hertz > 0)
    case .distance, .limit, .snap, .sliding: return false
    }
  }
}

/// A tally's lists lent for one pass (`HeldEnergyTally.counting`): adds each row's held energy.
///
/// A pass run in slices on the pool's threads cannot add as it goes (the sums are in the order of the
/// rows): each row gets a counter that keeps its energy in the row's own entry (`keeping(at:)`), by
/// the row's place in the pass (so each thread writes entries of its own, not lines the other writes),
/// and the caller adds them up in that order afterwards (`addKept`), the same additions in the same
/// order. A keeping pass clears each row's entry before the row (`HeldEnergy.none`): a row that holds
/// no energy writes nothing. Plain pointers: the counter is passed to every row's solve.
struct HeldEnergyCounter {
  let parent: UnsafeMutablePointer<Int32>
  let sums: UnsafeMutablePointer<Double>
  /// Where the row's energy is kept instead, or nil to add at once.
  var kept: UnsafeMutablePointer<HeldEnergy>? = nil

  init(parent: UnsafeMutableBufferPointer<Int32>, sums: UnsafeMutableBufferPointer<Double>) {
    self.parent = parent.baseAddress.unsafelyUnwrapped
    self.sums = sums.baseAddress.unsafelyUnwrapped
  }

  /// This counter keeping a row's energy in `entry`.
  @inline(__always) func keeping(at entry: UnsafeMutablePointer<HeldEnergy>) -> HeldEnergyCounter {
    var c = self
    c.kept = entry
    return c
  }

  /// Adds row `j`'s held energy, for its bodies' states `A`, `B` and its geometry now (the row read in
  /// place, not copied); or keeps it, when this counter keeps.
  /// `K` is the row's point mass (`PointMass(A, B, rA: g.rA, rB: g.rB)`): worked out by the caller
  /// where every row's pass computes it, the point row's solve shares it.
  @inline(__always) func add(
    _ j: UnsafePointer<JointRow>, _ A: BodyState, _ B: BodyState, _ g: JointGeometry, _ K: PointMass?
  ) {
    guard HeldEnergyTally.holdsPivotEnergy(j) else { return }
    let moving = B.invMass > 0 ? j.pointee.bodyB : (A.invMass > 0 ? j.pointee.bodyA : -1)
    guard moving >= 0, let K else { return }
    // Cᵀ·K⁻¹·C with K⁻¹ = [k22 −k12; −k12 k11] / det.
    let c = g.d
    let quadratic = K.inverseDeterminant * (K.k22 * c.x * c.x - 2 * K.k12 * c.x * c.y + K.k11 * c.y * c.y)
    guard quadratic.isFinite else { return }
    // The group's root (the parents are fully compressed by the energy sums: a hop or two).
    var r = Int(moving)
    while Int(parent[r]) != r { r = Int(parent[r]) }
    let energy = HeldEnergyTally.halfOmegaSquared * quadratic
    if let kept {
      kept.pointee = HeldEnergy(root: Int32(r), energy: energy)
    } else {
      sums[r] += energy
    }
  }

  /// Adds the kept energies `kept[0..<count]`, in that order.
  func addKept(_ kept: UnsafePointer<HeldEnergy>, count: Int) {
    for n in 0..<count {
      let e = kept[n]
      if e.root >= 0 { sums[Int(e.root)] += e.energy }
    }
  }
}

/// One row's held energy in a pass and its group's root; root −1 when the row holds none.
struct HeldEnergy {
  var root: Int32 = -1
  var energy = 0.0
  static let none = HeldEnergy()
}

extension JointStore {
  /// A zeroed tally over the watch's `before` (true) or `after` held sums, or nil when nothing is
  /// watched this step.
  mutating func startHeldTally(before: Bool, watched: Bool) -> HeldEnergyTally? {
    guard watched else { return nil }
    var tally = HeldEnergyTally(parent: [], sums: [])
    swap(&tally.parent, &energy.parent)
    if before { swap(&tally.sums, &energy.heldBefore) } else { swap(&tally.sums, &energy.heldAfter) }
    for i in tally.sums.indices { tally.sums[i] = 0 }
    return tally
  }

  /// Gives the tally's lists back to the watch.
  mutating func finishHeldTally(_ tally: HeldEnergyTally?, before: Bool) {
    guard var tally else { return }
    swap(&tally.parent, &energy.parent)
    if before { swap(&tally.sums, &energy.heldBefore) } else { swap(&tally.sums, &energy.heldAfter) }
  }
}
