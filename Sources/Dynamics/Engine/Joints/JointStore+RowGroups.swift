/// The energy watch's grouping by the rows alone, kept from step to step.
///
/// A group's root is its smallest body index whatever order the links come in (`JointGrouping.join`
/// keeps the smaller root), so the grouping by the rows and the awake contacts is the rows' own grouping
/// with the contacts joined to it, and every sum and flag by root comes out as it would from the links
/// taken all at once. The rows' grouping changes only with the rows and with which of their bodies move;
/// adding or taking out a row, and every change batch (`finishChanges`: a body anchored or set free, a
/// joint changed), mark it stale, as they mark the solve order (`JointStore+SolveOrder`). Kept, the
/// watch's walk through every row each step (megabytes of rows, for a few bytes of each) becomes a copy of
/// two per-body lists and a pass over the rows to a world anchor, whose flags change with time.
extension JointStore {
  /// The rows' own grouping: each body's root over the rows between items, the flags those rows give
  /// the bodies they move (not yet moved to the roots: `JointGrouping.flagRoots`), and the rows to a
  /// world anchor.
  struct RowGroups {
    var roots: [Int32] = []
    var flags: [UInt8] = []
    var worldRows: [Int32] = []
  }

  /// Works the rows' own grouping out again, for `n` bodies with these states.
  mutating func groupRows(bodyCount n: Int, _ states: BodyStates) {
    rowGroups.roots.resize(to: n, with: 0)
    rowGroups.flags.resize(to: n, with: 0)
    let rows = rows
    var worldRows: [Int32] = []
    withBuffers(rows, states) { rows, states in
      withMutableBuffers(&rowGroups.roots, &rowGroups.flags) { roots, flags in
        let grouping = JointGrouping(parent: roots, flags: flags, states: states)
        grouping.reset()
        worldRows = grouping.linkItemRows(rows)
        for i in 0..<n { roots[i] = Int32(UnionFind.find(roots, i)) }
      }
    }
    rowGroups.worldRows = worldRows
    rowGroupsAreStale = false
  }
}
