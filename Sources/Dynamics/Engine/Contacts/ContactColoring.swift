/// The colouring of the contact rows (Box2D v3's constraint graph): no two rows of one colour share a
/// body the solver can move, so a colour's rows are independent and `ContactBlock` solves them four at a
/// time in SIMD lanes. Bodies that cannot move (the world, anchored items: both inverse masses zero) may
/// be in any number of rows of a colour: the rows only read them.
///
/// Greedy, in row order, once per collision pass: each row takes the lowest colour neither of its bodies
/// has yet. A row whose bodies have every colour between them overflows and is solved alone after the
/// colours (Box2D does the same). Deterministic: the colours depend on the row order only.
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

  /// Colours `rows` for the body states `states` (the fixed world's entry is the last).
  mutating func color(_ rows: UnsafeBufferPointer<ContactConstraint>, states: UnsafeMutableBufferPointer<BodyState>) {
    if taken.count < states.count { taken = [UInt32](repeating: 0, count: states.count) }
    colorOfRow.removeAll(keepingCapacity: true)
    colorOfRow.reserveGrowing(rows.count)
    for c in 0..<ContactColoring.colorCount { rowsPerColor[c] = 0 }
    let all: UInt32 = (1 << UInt32(ContactColoring.colorCount)) - 1
    taken.withUnsafeMutableBufferPointer { taken in
      for row in rows {
        let a = Int(row.stateA), b = Int(row.stateB)
        let movesA = ContactColoring.canMove(states[a]), movesB = ContactColoring.canMove(states[b])
        let busy = (movesA ? taken[a] : 0) | (movesB ? taken[b] : 0)
        let free = ~busy & all
        guard free != 0 else {
          colorOfRow.append(ContactColoring.overflow)
          continue
        }
        let c = free.trailingZeroBitCount
        let bit = UInt32(1) << UInt32(c)
        if movesA { taken[a] |= bit }
        if movesB { taken[b] |= bit }
        colorOfRow.append(Int8(c))
        rowsPerColor[c] += 1
      }
      // Only the rows' bodies have bits set: clear just those for the next pass.
      for row in rows {
        taken[Int(row.stateA)] = 0
        taken[Int(row.stateB)] = 0
      }
    }
  }

  /// Whether the solver can change this body's velocity (a row may then not share it with another row
  /// of its colour).
  @inline(__always) static func canMove(_ s: BodyState) -> Bool { s.invMass > 0 || s.invInertia > 0 }
}
