import CPrefetch

/// Filling the laid-out blocks block by block (`ContactBlock.build`): each block's four rows made together
/// from their contacts (`rowOfLane`) and stored whole, on one thread. The contacts are read colour by
/// colour, each colour's in contact order. Row by row (`fillLanes`), each row was made in doubles and
/// written a float at a time into its lane; block by block, the pyramid's pass over the kept layout
/// takes about half the instructions.
extension ContactSolver {
  /// Blocks in a slice of a fill (as many rows as `rowGrain`).
  static let blockGrain = ContactSolver.rowGrain / 4

  /// Fills every block from its lanes' contacts, and makes the overflow rows' scalar rows (every other
  /// row lives in its lane alone: no row bounces). With `checkingKeys`, also notes what `makeKeys`
  /// would of the contacts' keys, comparing each with the kept one in `colorKeys`, which it leaves
  /// (a row placed alike keeps its key but for a near gap, which places nothing).
  mutating func fillBlocks(
    _ first: UnsafePointer<Contact>, count n: Int, states b: UnsafeMutableBufferPointer<BodyState>,
    checkingKeys: Bool, on workers: WorkerPool
  ) -> KeySummary {
    let world = Int32(b.count - 1), stateCount = b.count, empty = Contact.emptyLane
    let softness = ContactBlock.SoftnessColumns(softnesses)
    let blockCount = blocks.count
    var summaries: [KeySummary] = []
    swap(&summaries, &sliceSummaries)
    defer { swap(&summaries, &sliceSummaries) }
    withMutableBuffers(&blocks, &rowOfLane, &colorKeys) { blocks, rowOfLane, keys in
      let blocks = blocks.baseAddress.unsafelyUnwrapped, rowOfLane = rowOfLane.baseAddress.unsafelyUnwrapped
      let keys = keys.baseAddress.unsafelyUnwrapped
      workers.mapSlices(of: blockCount, grain: ContactSolver.blockGrain, into: &summaries, empty: KeySummary()) {
        range in
        withUnsafePointer(to: empty) { empty in
          var summary = KeySummary()
          for block in range {
            let rows = rowOfLane + 4 * block
            if block + ContactSolver.blockPrefetchDistance < blockCount {
              ContactSolver.prefetchContacts(rows + 4 * ContactSolver.blockPrefetchDistance, first)
            }
            @inline(__always) func lane(_ k: Int) -> UnsafePointer<Contact> {
              rows[k] >= 0 ? first + Int(rows[k]) : empty
            }
            @inline(__always) func kind(_ k: Int) -> Int {
              rows[k] >= 0 ? Int(first[Int(rows[k])].softness.rawValue) : ContactBlock.SoftnessColumns.rigid
            }
            let sources = ContactBlock.Sources(
              c0: lane(0), c1: lane(1), c2: lane(2), c3: lane(3),
              soft0: kind(0), soft1: kind(1), soft2: kind(2), soft3: kind(3))
            let sinks = LaneVelocities.sinks(ofBlock: block, stateCount: stateCount)
            let lever = ContactBlock.build(blocks + block, from: sources, softness, world: world, sinks: sinks)
            guard checkingKeys else { continue }
            summary.longestLever = Swift.max(summary.longestLever, lever)
            for k in 0..<4 where rows[k] >= 0 {
              ContactSolver.check(first + Int(rows[k]), against: keys[Int(rows[k])], world: world, &summary)
            }
          }
          return summary
        }
      }
    }
    var found = KeySummary(combining: summaries)
    fillOverflowRows(first, world: world, checkingKeys: checkingKeys, &found)
    return found
  }

  /// How many blocks ahead `fillBlocks` asks for a block's contacts (`prefetchContacts`).
  static let blockPrefetchDistance = 4

  /// Asks the cache for the contacts of a block's lanes (`rows`), every line of each. A colour's
  /// contacts lie apart through the list, and read in colour order each line was a miss the processor
  /// did not foresee: on 22,000 boxes, building the blocks took twice the time of making the rows in
  /// contact order, for half the instructions.
  @inline(__always) static func prefetchContacts(_ rows: UnsafePointer<Int32>, _ first: UnsafePointer<Contact>) {
    for k in 0..<4 where rows[k] >= 0 {
      let c = UnsafeRawPointer(first + Int(rows[k]))
      // 224 bytes: five lines at most.
      hooke_prefetch(c)
      hooke_prefetch(c + 64)
      hooke_prefetch(c + 128)
      hooke_prefetch(c + 192)
      hooke_prefetch(c + MemoryLayout<Contact>.stride - 1)
    }
  }

  /// Makes the overflow rows' scalar rows (on this thread: they are few), noting their keys with
  /// `checkingKeys`.
  private mutating func fillOverflowRows(
    _ first: UnsafePointer<Contact>, world: Int32, checkingKeys: Bool, _ found: inout KeySummary
  ) {
    guard !overflowRows.isEmpty else { return }
    let softnesses = self.softnesses
    withMutableBuffers(&rows, &overflowRows, &colorKeys) { rows, overflowRows, keys in
      for r in overflowRows {
        let row = ContactSolver.row(first + Int(r), world: world, softnesses)
        rows[Int(r)] = row
        guard checkingKeys else { continue }
        found.longestLever = Swift.max(found.longestLever, ContactSolver.lever(of: row))
        ContactSolver.check(first + Int(r), against: keys[Int(r)], world: world, &found)
      }
    }
  }

  /// Notes contact `c`'s key against the kept `old` one, and whether it bounces.
  @inline(__always) static func check(
    _ c: UnsafePointer<Contact>, against old: ContactColoring.Key, world: Int32, _ summary: inout KeySummary
  ) {
    summary.note(ContactColoring.Key(c, world: world), replacing: old, comparing: true)
    if c.pointee.restitution > 0 { summary.bounces = true }
  }
}
