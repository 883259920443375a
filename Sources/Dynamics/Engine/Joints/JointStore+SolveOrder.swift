/// The order the solver passes take the rows in: by colour, as Box2D v3's constraint graph orders them.
///
/// The rows are solved one after the other (Gauss–Seidel), and with one pass a step the order decides how
/// far a change travels through a chain of rows. In creation order a grid of pins is swept column by
/// column, each row seeing its neighbours' updates of the same pass on one side and last step's on the
/// other, and a load hanging from a few anchors pulls the grid apart: a 100 × 100 grid's widest pin
/// opened to 1.3 m (Box2D: 0.65 m). Box2D colours its rows so that no two of one colour share a moving
/// body, and solves colour after colour: every body is touched once per colour, from all its sides in
/// turn. Solved in the same order the grid holds as Box2D's does (0.67 m), and the 30 × 30 grid opens
/// 6.1 pt as Box2D's.
///
/// Each row, in creation order, takes the first colour none of its moving bodies has yet; a row that
/// finds none goes to the overflow, solved first. Anchored bodies (and the world) take no colour: rows
/// on them never touch the same moving velocity. The order is worked out again at the first pass after
/// any change (a row added or taken out, a body anchored or set free), never during a run of steps, so
/// it depends on the rows and bodies alone, not on how an advance is sliced. The rows of each body
/// (`JointBodyRows`, for the warm start) are worked out with it.
extension JointStore {
  /// Box2D's 12 graph colours, one of which is its overflow: with as many, a body needs more than 11
  /// rows before any of them overflows, and the orders agree.
  static let colourCount = 11

  /// The rows' indices by colour, the overflow first, each colour in creation order.
  mutating func orderRows(_ bodies: BodyStore) {
    var taken = [UInt16](repeating: 0, count: bodies.states.count)
    var colours = [UInt8](repeating: UInt8(JointStore.colourCount), count: rows.count)
    var counts = [Int](repeating: 0, count: JointStore.colourCount + 1)
    for (k, row) in rows.enumerated() {
      let a = JointStore.movingBody(row.bodyA, bodies), b = JointStore.movingBody(row.bodyB, bodies)
      let busy = (a.map { taken[$0] } ?? 0) | (b.map { taken[$0] } ?? 0)
      let free = (~busy).trailingZeroBitCount
      guard free < JointStore.colourCount else {
        counts[0] += 1
        continue
      }
      let bit = UInt16(1) << free
      if let a { taken[a] |= bit }
      if let b { taken[b] |= bit }
      colours[k] = UInt8(free)
      counts[free + 1] += 1
    }
    solveOrder = JointStore.sorted(colours, counts: counts)
    colourStarts = [0]
    for c in counts { colourStarts.append(colourStarts[colourStarts.count - 1] + c) }
    bodyRows = rows.withUnsafeBufferPointer { rows in
      JointBodyRows(rows, bodyCount: bodies.states.count) { JointStore.movingBody($0, bodies) != nil }
    }
    solveOrderIsStale = false
  }

  /// The body's index when it moves (dynamic), nil for the world and anchored bodies.
  @inline(__always) static func movingBody(_ i: Int32, _ bodies: BodyStore) -> Int? {
    i >= 0 && bodies.states[Int(i)].invMass > 0 ? Int(i) : nil
  }

  /// Row indices grouped by colour (a counting sort, stable: creation order within a colour), the
  /// overflow (colour `colourCount`) first; `counts` holds the overflow's count first, then each
  /// colour's.
  static func sorted(_ colours: [UInt8], counts: [Int]) -> [Int32] {
    var starts = [Int](repeating: 0, count: counts.count)
    for c in 1..<counts.count { starts[c] = starts[c - 1] + counts[c - 1] }
    var order = [Int32](repeating: 0, count: colours.count)
    for (k, colour) in colours.enumerated() {
      let slot = colour == UInt8(colourCount) ? 0 : Int(colour) + 1
      order[starts[slot]] = Int32(k)
      starts[slot] += 1
    }
    return order
  }
}
