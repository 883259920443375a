/// The sandbox's snapshots along its timeline, one every `interval` frames and one at the live end, so a
/// seek restores the nearest one at or before its target and replays only the frames after it.
///
/// Every snapshot is of one sandbox, the `keeper` (the window's: the live one, which then becomes the one
/// shown in the past), and restores only into it. Those before the scrubbable stretch go (but the last
/// of them, where a seek to its first frame starts), and the rest stay within `byteBudget`: past it,
/// the ladder thins the oldest half to every other rung, so the recent frames keep theirs densest.
package struct SnapshotLadder {
  /// Frames between rungs: at about 0.2 ms a replayed frame in the heaviest scenes (0.45 ms on a busy
  /// machine), a seek replays at most 31, within a 60 Hz frame; and a minute of the springy list's
  /// snapshots (about 510 KB each) fits the budget.
  package static let defaultInterval = 32
  /// The snapshots' default budget, beside the timeline's own, counted by their estimates.
  package static let defaultByteBudget = 64 << 20

  package let interval: Int
  package let byteBudget: Int
  package private(set) var rungs: [(position: Int, snapshot: SandboxSnapshot)] = []
  package private(set) var bytes = 0
  /// The sandbox the snapshots restore into.
  package private(set) var keeper: SandboxController?

  package init(interval: Int = defaultInterval, byteBudget: Int = defaultByteBudget) {
    precondition(interval > 0 && byteBudget > 0, "SnapshotLadder: interval and budget must be positive")
    self.interval = interval
    self.byteBudget = byteBudget
  }

  /// The rung at or before `position`, nearest it.
  package func nearest(atOrBefore position: Int) -> (position: Int, snapshot: SandboxSnapshot)? {
    var lo = 0, hi = rungs.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rungs[mid].position <= position { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? nil : rungs[lo - 1]
  }

  /// Takes a snapshot of `controller` at `position` when one is due there (a rung's position, or `force`
  /// for the live end), unless there is one already. A controller other than the keeper becomes the
  /// keeper, and the old one's snapshots go. False when the scene cannot take one.
  @discardableResult package mutating func keep(
    _ controller: SandboxController, at position: Int, force: Bool = false, scrubbable: ClosedRange<Int>
  ) -> Bool {
    guard force || position % interval == 0 else { return true }
    if controller !== keeper {
      rungs.removeAll()
      bytes = 0
      keeper = controller
    }
    var lo = 0, hi = rungs.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rungs[mid].position < position { lo = mid + 1 } else { hi = mid }
    }
    if lo < rungs.count && rungs[lo].position == position { return true }
    guard let s = controller.takeSnapshot() else { return false }
    rungs.insert((position, s), at: lo)
    bytes += s.approximateBytes
    keepWithinBudget(scrubbable: scrubbable)
    return true
  }

  /// Drops the snapshots after `position`: the frames after it are a future that went.
  package mutating func dropAfter(_ position: Int) {
    while let last = rungs.last, last.position > position {
      bytes -= last.snapshot.approximateBytes
      rungs.removeLast()
    }
  }

  /// Drops every snapshot and the keeper.
  package mutating func removeAll() {
    rungs.removeAll()
    bytes = 0
    keeper = nil
  }

  private mutating func keepWithinBudget(scrubbable: ClosedRange<Int>) {
    // The last rung before the stretch is where a seek to its first frame starts; those before it serve
    // nothing.
    if let firstKept = rungs.lastIndex(where: { $0.position <= scrubbable.lowerBound }), firstKept > 0 {
      for r in rungs[..<firstKept] { bytes -= r.snapshot.approximateBytes }
      rungs.removeFirst(firstKept)
    }
    guard bytes > byteBudget else { return }
    // The oldest half to every other rung, until within budget (the live end's rung stays).
    while bytes > byteBudget && rungs.count > 2 {
      let half = max(2, rungs.count / 2)
      var kept: [(position: Int, snapshot: SandboxSnapshot)] = []
      for (i, r) in rungs.enumerated() {
        if i < half && i % 2 == 1 {
          bytes -= r.snapshot.approximateBytes
        } else {
          kept.append(r)
        }
      }
      rungs = kept
    }
  }
}
