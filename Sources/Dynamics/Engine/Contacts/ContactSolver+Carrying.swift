/// Carrying the last pass's layout to contacts that come in another order.
///
/// The contact list follows the broad phase's sweep, and in a tall pyramid the boxes of a column trade
/// places in it by a hair from pass to pass: the same contacts come in another order, so their keys no
/// longer match the last pass's index for index, and the rows were coloured and packed anew (half the
/// pyramid's passes, all on the caller's thread). Each contact's predecessor (the last pass's contact
/// with its key) names its old row; when every row has one and the rows are the same, the layout is
/// permuted instead: each row takes its predecessor's lane (or its place among the overflow rows, in
/// their old order) and kept key. `prepare` then checks the new keys against those as it does for a
/// list in the same order, and lays out anew only if one places its row otherwise.
extension ContactSolver {
  /// What a slice of the predecessor search found.
  struct PredecessorScan {
    /// Every contact of the slice has a predecessor among the last pass's rows.
    var allFound = true
    /// Every contact's predecessor is the row at its own index.
    var inOrder = true
  }

  /// Permutes the kept layout (`laneOfRow`, `rowOfLane`, `overflowRows`, `colorKeys`) so that each of
  /// `contacts[0..<n]` takes the place of its predecessor in `past` (the last pass's list, indexed by
  /// body A in `head` and `next`), when the last pass's rows are exactly these contacts' predecessors
  /// and in another order. Otherwise leaves it as it is. `succession`: what the narrow phase saw of the
  /// contacts' predecessors (`unknown`: the lists are compared here).
  mutating func carryLayout(
    _ contacts: [Contact], count n: Int, past: [Contact], head: [Int32], next: [Int32], stateCount: Int,
    succession: ContactSuccession = .unknown, on workers: WorkerPool
  ) {
    // Not with far rows: the colouring names them by their old indices (`ContactColoring.farOrderStands`),
    // and a permutation would leave their order unchecked. They are laid out anew, as before.
    guard keepsLayout, !coloring.hasFarRows, n > 0, colorKeys.count == n, laneOfRow.count == n,
      layoutStateCount == stateCount, past.count >= n
    else { return }
    switch succession {
    case .sameOrder, .someNew: return
    case .reordered: break
    case .unknown: guard !ContactSolver.inSameOrder(contacts, past, count: n) else { return }
    }
    guard findPredecessors(contacts, count: n, past: past, head: head, next: next, on: workers) else { return }
    guard invertPredecessors(count: n) else { return }
    permuteLayout(count: n)
  }

  /// Whether `contacts[0..<n]` have the keys of `past[0..<n]`, index for index: the common case (a
  /// pile, many small pyramids), told by a walk that stops at the first difference, before the search.
  private static func inSameOrder(_ contacts: [Contact], _ past: [Contact], count n: Int) -> Bool {
    withBuffers(contacts, past) { cs, ps in
      let cs = cs.baseAddress.unsafelyUnwrapped, ps = ps.baseAddress.unsafelyUnwrapped
      for i in 0..<n where (cs + i).pointee.key != (ps + i).pointee.key { return false }
      return true
    }
  }

  /// Fills `predecessorOfRow` in slices; returns whether every contact has one among the last pass's
  /// rows and some is not at its own index.
  private mutating func findPredecessors(
    _ contacts: [Contact], count n: Int, past: [Contact], head: [Int32], next: [Int32], on workers: WorkerPool
  ) -> Bool {
    predecessorOfRow.resize(to: n, with: -1)
    var scans: [PredecessorScan] = []
    swap(&scans, &predecessorScans)
    defer { swap(&scans, &predecessorScans) }
    predecessorOfRow.withUnsafeMutableBufferPointer { pred in
      withBuffers(contacts, past) { cs, ps in
        withBuffers(head, next) { head, next in
          workers.mapSlices(of: n, grain: ContactSolver.rowGrain, into: &scans, empty: PredecessorScan()) { range in
            var scan = PredecessorScan()
            var guess = range.lowerBound
            for i in range {
              let p = ContactSolver.predecessor(
                of: cs.baseAddress.unsafelyUnwrapped + i, guess: guess, rows: n, ps, head, next)
              pred[i] = Int32(p)
              if p < 0 { scan.allFound = false }
              if p != i { scan.inOrder = false }
              guess = p + 1
            }
            return scan
          }
        }
      }
    }
    return scans.allSatisfy(\.allFound) && !scans.allSatisfy(\.inOrder)
  }

  /// The index among the last pass's first `rows` contacts of the one with `c`'s key (-1: none), as
  /// the narrow phase finds it (`PastContacts.find`).
  @inline(__always) private static func predecessor(
    of c: UnsafePointer<Contact>, guess: Int, rows: Int, _ past: UnsafeBufferPointer<Contact>,
    _ head: UnsafeBufferPointer<Int32>, _ next: UnsafeBufferPointer<Int32>
  ) -> Int {
    let a = Int(c.pointee.bodyA)
    guard a >= 0 && a < head.count else { return -1 }
    let p = Int(PastContacts.find(key: c.pointee.key, bodyA: a, guess: guess, in: past, head: head, next: next))
    return p < rows ? p : -1
  }

  /// Fills `rowOfPredecessor`, the inverse of `predecessorOfRow`; returns false when two rows have one
  /// predecessor (then it is no permutation).
  private mutating func invertPredecessors(count n: Int) -> Bool {
    rowOfPredecessor.resize(to: n, with: -1)
    return withMutableBuffers(&rowOfPredecessor, &predecessorOfRow) { inverse, pred in
      for p in 0..<n { inverse[p] = -1 }
      for i in 0..<n {
        let p = Int(pred[i])
        if inverse[p] >= 0 { return false }
        inverse[p] = Int32(i)
      }
      return true
    }
  }

  /// Gives each row its predecessor's lane and key, and the overflow rows their new indices.
  private mutating func permuteLayout(count n: Int) {
    carriedLanes.resize(to: n, with: -1)
    carriedKeys.resize(to: n, with: .none)
    withMutableBuffers(&carriedLanes, &carriedKeys, &rowOfLane, &predecessorOfRow) { lanes, keys, rowOfLane, pred in
      withBuffers(laneOfRow, colorKeys) { oldLanes, oldKeys in
        for i in 0..<n {
          let p = Int(pred[i]), lane = oldLanes[p]
          lanes[i] = lane
          keys[i] = oldKeys[p]
          if lane >= 0 { rowOfLane[Int(lane)] = Int32(i) }
        }
      }
    }
    swap(&carriedLanes, &laneOfRow)
    swap(&carriedKeys, &colorKeys)
    withMutableBuffers(&overflowRows, &rowOfPredecessor) { overflow, inverse in
      for k in 0..<overflow.count { overflow[k] = inverse[Int(overflow[k])] }
    }
  }
}
