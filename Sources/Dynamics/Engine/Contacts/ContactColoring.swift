/// The colouring of the contact rows (Box2D v3's constraint graph): no two rows of one colour share a
/// body the solver can move, so a colour's rows are independent and `ContactBlock` solves them four at a
/// time in SIMD lanes. Bodies that cannot move (the world, anchored items: both inverse masses zero) may
/// be in any number of rows of a colour: the rows only read them.
///
/// Greedy, in row order, once per collision pass: each row takes the lowest colour neither of its bodies
/// has yet. A row whose bodies have every colour between them overflows and is solved alone after the
/// colours (Box2D does the same). Deterministic: the colours depend on the row order only.
///
/// Rows whose points are all farther apart than `PhysicsWorld.speculativeDistance` (a fast body's
/// contacts, made early so it cannot pass through anything before the next pass) come last, nearest
/// first, each in a colour above every colour its bodies have so far: a body's nearer contacts are
/// solved before its farther ones. A ball falling fast onto a floor of tiles has speculative contacts
/// with the next tiles' corners, their normals tilted; solved before the tile under it, one of them
/// took the fall on its slant and threw the ball sideways at 1,000 pt/s.
struct ContactColoring {
  static let colorCount = 24
  /// The colour of an overflowing row.
  static let overflow: Int8 = -1

  /// Per body state entry, the colours of its rows so far (bit c for colour c).
  private var taken: [UInt32] = []
  /// Per row, its colour or `overflow`.
  private(set) var colorOfRow: [Int8] = []
  /// Rows per colour.
  private(set) var rowsPerColor = [Int](repeating: 0, count: ContactColoring.colorCount)
  /// The far rows of the last colouring, in the order they took colours (nearest first): kept until
  /// the next, for `farOrderStands`.
  private var far: [FarRow] = []

  struct FarRow {
    var gap: Double
    var row: Int32
  }

  /// What the colouring reads of a row, made from its contact before the rows are: its state entries,
  /// whether the solver can move each (from their inverse masses), and its nearest gap. Read in order
  /// from 24 bytes a row. It also says whether each side is read from a sink in the blocks (both inverse
  /// masses zero as floats, `ContactBlock.write`): with the rest, what decides the blocks' layout.
  struct Key {
    var stateA: Int32, stateB: Int32
    var gap: Double
    /// `movesA`, `movesB`, `sinkA` and `sinkB` as bits 0 to 3: one byte to store and compare for each
    /// row of every pass (`placesAlike`), where four flags took four.
    private var sides: UInt8

    var movesA: Bool { sides & 1 != 0 }
    var movesB: Bool { sides & 2 != 0 }
    var sinkA: Bool { sides & 4 != 0 }
    var sinkB: Bool { sides & 8 != 0 }

    /// An empty row's (storage to be written).
    static let none = Key(stateA: 0, stateB: 0, gap: 0, movesA: false, movesB: false, sinkA: true, sinkB: true)

    @inline(__always) init(
      stateA: Int32, stateB: Int32, gap: Double, movesA: Bool, movesB: Bool, sinkA: Bool, sinkB: Bool
    ) {
      (self.stateA, self.stateB, self.gap) = (stateA, stateB, gap)
      sides = (movesA ? 1 : 0) | (movesB ? 2 : 0) | (sinkA ? 4 : 0) | (sinkB ? 8 : 0)
    }

    /// The key of a row.
    @inline(__always) init(_ row: ContactConstraint) {
      self.init(
        stateA: row.stateA, stateB: row.stateB, gap: ContactColoring.nearestGap(row),
        movesA: ContactColoring.canMove(invMass: row.invMassA, invInertia: row.invInertiaA),
        movesB: ContactColoring.canMove(invMass: row.invMassB, invInertia: row.invInertiaB),
        sinkA: ContactBlock.readsSink(invMass: row.invMassA, invInertia: row.invInertiaA),
        sinkB: ContactBlock.readsSink(invMass: row.invMassB, invInertia: row.invInertiaB))
    }

    /// The key of contact `c`'s row (as `ContactSolver.row` makes it), `world` the fixed world's state
    /// entry (the last).
    @inline(__always) init(_ c: UnsafePointer<Contact>, world: Int32) {
      let states = ContactSolver.stateEntries(of: c, world: world)
      let gap0 = c.pointee.point0.baseSeparation
      let (mA, iA, mB, iB) = (c.pointee.invMassA, c.pointee.invInertiaA, c.pointee.invMassB, c.pointee.invInertiaB)
      self.init(
        stateA: states.a, stateB: states.b,
        gap: c.pointee.pointCount > 1 ? Swift.min(gap0, c.pointee.point1.baseSeparation) : gap0,
        movesA: ContactColoring.canMove(invMass: mA, invInertia: iA),
        movesB: ContactColoring.canMove(invMass: mB, invInertia: iB),
        sinkA: ContactBlock.readsSink(invMass: mA, invInertia: iA),
        sinkB: ContactBlock.readsSink(invMass: mB, invInertia: iB))
    }

    /// Whether the row is far: coloured after the near rows, by its gap (`color`).
    var isFar: Bool { gap > PhysicsWorld.speculativeDistance }

    /// The same row in the colouring and in the blocks' layout as `other`, near or far alike, whatever
    /// the gaps: among the far rows, the order of the gaps decides too (`farOrderStands`).
    @inline(__always) func placesAlike(_ other: Key) -> Bool {
      stateA == other.stateA && stateB == other.stateB && sides == other.sides && isFar == other.isFar
    }
  }

  /// Colours the rows of `keys` among `stateCount` body state entries (the fixed world's is the last).
  mutating func color(_ rows: UnsafeBufferPointer<Key>, stateCount: Int) {
    if taken.count < stateCount { taken = [UInt32](repeating: 0, count: stateCount) }
    colorOfRow.removeAll(keepingCapacity: true)
    colorOfRow.append(contentsOf: repeatElement(ContactColoring.overflow, count: rows.count))
    for c in 0..<ContactColoring.colorCount { rowsPerColor[c] = 0 }
    far.removeAll(keepingCapacity: true)
    // The colour bits, the rows' colours and the counts are moved out of `self` while the rows take
    // colours (`far` grows meanwhile), and written through pointers: each subscript of a stored array
    // checked it was uniquely referenced, a fifth of the colouring. Not copied: colouring allocates
    // nothing.
    var bits: [UInt32] = [], colors: [Int8] = [], counts: [Int] = []
    swap(&bits, &taken)
    swap(&colors, &colorOfRow)
    swap(&counts, &rowsPerColor)
    defer {
      swap(&bits, &taken)
      swap(&colors, &colorOfRow)
      swap(&counts, &rowsPerColor)
    }
    withMutableBuffers(&bits, &colors, &counts) { taken, colors, counts in
      let out = Coloured(colorOfRow: colors, rowsPerColor: counts)
      for r in rows.indices {
        if rows[r].isFar {
          far.append(FarRow(gap: rows[r].gap, row: Int32(r)))
          continue
        }
        ContactColoring.assign(r, rows[r], taken, out, above: false)
      }
      if !far.isEmpty {
        far.sort { ($0.gap, $0.row) < ($1.gap, $1.row) }
        for f in far { ContactColoring.assign(Int(f.row), rows[Int(f.row)], taken, out, above: true) }
      }
      // Only the rows' bodies have bits set: clear just those for the next pass.
      for row in rows {
        taken[Int(row.stateA)] = 0
        taken[Int(row.stateB)] = 0
      }
    }
  }

  /// Where `assign` writes: each row's colour, and the rows of each colour.
  private struct Coloured {
    let colorOfRow: UnsafeMutableBufferPointer<Int8>
    let rowsPerColor: UnsafeMutableBufferPointer<Int>
  }

  /// Gives row `r` the lowest colour its movable bodies do not have (`above`: the lowest above every
  /// colour they have), or leaves it overflowing.
  @inline(__always) private static func assign(
    _ r: Int, _ row: Key, _ taken: UnsafeMutableBufferPointer<UInt32>, _ out: Coloured, above: Bool
  ) {
    let all: UInt32 = (1 << UInt32(ContactColoring.colorCount)) - 1
    let a = Int(row.stateA), b = Int(row.stateB)
    let movesA = row.movesA, movesB = row.movesB
    let busy = (movesA ? taken[a] : 0) | (movesB ? taken[b] : 0)
    // Above every colour taken: all the colours from the one after the highest taken bit.
    let free = above ? all & ~(busy == 0 ? 0 : UInt32.max >> UInt32(busy.leadingZeroBitCount)) : ~busy & all
    guard free != 0 else { return }
    let c = free.trailingZeroBitCount
    let bit = UInt32(1) << UInt32(c)
    if movesA { taken[a] |= bit }
    if movesB { taken[b] |= bit }
    out.colorOfRow[r] = Int8(c)
    out.rowsPerColor[c] += 1
  }

  /// Whether the last colouring's far rows, in the order it gave them colours, are still in the order
  /// their gaps in `keys` would sort them (nearest first, the lower row first at equal gaps). With every
  /// row placed as before (`Key.placesAlike`: the far rows are the same rows), colouring `keys` would
  /// then give every row the colour it has: a kept layout is the one a fresh colouring makes.
  func farOrderStands(_ keys: UnsafePointer<Key>) -> Bool {
    guard far.count > 1 else { return true }
    var last = far[0].row, lastGap = keys[Int(last)].gap
    for f in far.dropFirst() {
      let gap = keys[Int(f.row)].gap
      guard (lastGap, last) < (gap, f.row) else { return false }
      (last, lastGap) = (f.row, gap)
    }
    return true
  }

  /// Whether the last colouring had far rows.
  var hasFarRows: Bool { !far.isEmpty }

  /// The smallest separation of the row's points at the collision pass.
  @inline(__always) static func nearestGap(_ row: ContactConstraint) -> Double {
    row.pointCount > 1 ? Swift.min(row.point0.baseSeparation, row.point1.baseSeparation) : row.point0.baseSeparation
  }

  /// Whether the solver can change this body's velocity (a row may then not share it with another row
  /// of its colour).
  @inline(__always) static func canMove(invMass: Double, invInertia: Double) -> Bool {
    invMass > 0 || invInertia > 0
  }
}
