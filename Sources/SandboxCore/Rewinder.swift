/// Brings a sandbox to any position of its `Timeline`. A scene that takes snapshots (`Scene.takeSnapshot`)
/// has one every few dozen frames (`SnapshotLadder`): a seek restores the nearest at or before its
/// target and replays only the frames after it, each frame's events, steps and reads exactly as the
/// window made them, so it lands in the same state bit for bit (the property replays rest on). The
/// snapshots are of the window's own sandbox, which a seek then brings back and forth; the live end is
/// one of them.
///
/// A scene that takes none is re-simulated: a freshly made controller given the recorded frames up to
/// there. Then the Rewinder keeps two controllers so the common moves cost little: the live one as it
/// was at the end, to come back to at once, and the last one it re-simulated, which a later position
/// continues (a step forward is one frame). A move back re-simulates from the start.
///
/// Either way a window seeks a slice a frame (`seek(_:from:at:to:until:)`, `proceed`), so it keeps
/// answering however long the replay.
package final class Rewinder {
  /// Makes the controller the session started with: its scene fresh, at the session's size and seed.
  private let makeStart: () -> SandboxController
  /// The live controller at the end of the timeline, kept while a person looks back.
  private var tip: SandboxController?
  /// The timeline's frame count and dropped futures when `tip` was kept: a later change makes it stale.
  private var tipEnd = (frames: -1, futuresDropped: -1)
  /// Frames replayed by the last seek (for the window's log and the benchmark).
  package private(set) var lastReplayedFrames = 0
  /// A seek under way: the sandbox being brought forward, its position, and where it goes.
  private var job: (controller: SandboxController, position: Int, target: Int)?
  private var reads = DrawList()
  /// The snapshots of the window's sandbox along the timeline.
  package private(set) var ladder: SnapshotLadder
  /// The timeline's dropped futures when the ladder was last brought up to date, and the position the
  /// last seek arrived at (where a resume would drop the future).
  private var ladderEpoch = 0
  private var lastArrival = 0

  package init(makeStart: @escaping () -> SandboxController, ladder: SnapshotLadder = SnapshotLadder()) {
    self.makeStart = makeStart
    self.ladder = ladder
  }

  /// Called with the window's sandbox before its first frame: the session's start becomes the first
  /// snapshot, where seeks to the first frames start.
  package func didStart(_ controller: SandboxController, timeline: Timeline) {
    ladder.keep(controller, at: 0, force: true, scrubbable: timeline.scrubbable)
  }

  /// Called after each frame the window ran at the live end, its reads done: keeps a snapshot when one
  /// is due there.
  package func didRunFrame(_ timeline: Timeline, controller: SandboxController) {
    guard job == nil, timeline.isAtEnd else { return }
    syncLadder(timeline)
    ladder.keep(controller, at: timeline.frames.count, scrubbable: timeline.scrubbable)
  }

  /// Drops the snapshots of a future the timeline dropped since (a session resumed from an earlier
  /// frame: the future went where the last seek arrived).
  private func syncLadder(_ timeline: Timeline) {
    guard ladderEpoch != timeline.futuresDropped else { return }
    ladderEpoch = timeline.futuresDropped
    ladder.dropAfter(lastArrival)
  }

  /// A seek restoring a snapshot into `current`: the job that brings it to `target` from the nearest
  /// snapshot or from where it is, whichever replays less; nil when `current` is not the keeper, or its
  /// scene takes no snapshot.
  private func snapshotJob(
    _ timeline: Timeline, current: SandboxController, at shownAt: Int, to target: Int
  ) -> (controller: SandboxController, position: Int, target: Int)? {
    syncLadder(timeline)
    let end = timeline.frames.count
    // Leaving the live end: it becomes a snapshot to come back to.
    if shownAt == end && job == nil {
      guard ladder.keep(current, at: end, force: true, scrubbable: timeline.scrubbable) else { return nil }
    }
    guard current === ladder.keeper, let rung = ladder.nearest(atOrBefore: target) else { return nil }
    tip = nil
    // Going on from the frame shown when that replays no more (`→` replays one frame).
    if shownAt <= target && target - shownAt <= max(target - rung.position, 1) { return (current, shownAt, target) }
    current.restore(rung.snapshot)
    return (current, rung.position, target)
  }

  /// True while a seek is under way (`proceed` carries it on).
  package var isSeeking: Bool { job != nil }

  /// A controller in the state after `target` frames of `timeline`, at once. `current` is the
  /// controller shown now, at `currentPosition`; it is continued when the target is later, kept as the
  /// live end when it is there, and otherwise left alone. The returned controller carries the window's
  /// clock, HUD and drawing mode over from `current`, so pause, slow motion and the HUD stay as they were.
  package func seek(
    _ timeline: Timeline, from current: SandboxController, at currentPosition: Int, to target: Int
  ) -> SandboxController {
    seek(timeline, from: current, at: currentPosition, to: target, until: { false })!
  }

  /// Starts a seek to `target` (or aims the one under way there, when it has not passed it) and works on
  /// it, a frame at a time, until `isDue()`: the controller when it arrived, nil while still under way
  /// (call `proceed`). A window gives each frame a slice, so a long seek never stops it answering.
  package func seek(
    _ timeline: Timeline, from current: SandboxController, at currentPosition: Int, to target: Int,
    until isDue: () -> Bool
  ) -> SandboxController? {
    precondition(
      (0...timeline.frames.count).contains(target),
      "Rewinder.seek: position \(target) is outside the timeline's 0...\(timeline.frames.count)")
    let end = timeline.frames.count
    if tipEnd != (end, timeline.futuresDropped) { tip = nil }
    // The shown controller may be the one a seek under way is bringing forward.
    let shownAt = job.map { $0.controller === current ? $0.position : currentPosition } ?? currentPosition
    if let j = snapshotJob(timeline, current: current, at: shownAt, to: target) {
      let continues = job.map { $0.controller === j.controller && $0.position == j.position } ?? false
      if !continues { lastReplayedFrames = 0 }
      job = j
      return proceed(timeline, shown: current, until: isDue)
    }
    if target == end, let tip {
      job = nil
      lastReplayedFrames = 0
      return arrived(tip, shown: current)
    }
    if let job, job.position <= target {
      self.job!.target = target
      return proceed(timeline, shown: current, until: isDue)
    }
    job = nil
    lastReplayedFrames = 0
    if shownAt == end, tip == nil {
      tip = current
      tipEnd = (end, timeline.futuresDropped)
    }
    if target == shownAt { return arrived(current, shown: current) }
    job = shownAt < target && current !== tip ? (current, shownAt, target) : (makeStart(), 0, target)
    return proceed(timeline, shown: current, until: isDue)
  }

  /// Carries the seek under way on until `isDue()`; the controller when it arrived, nil while not.
  package func proceed(_ timeline: Timeline, shown: SandboxController, until isDue: () -> Bool) -> SandboxController? {
    guard var j = job else { return nil }
    while j.position < j.target {
      replay(timeline.frames[j.position..<(j.position + 1)], into: j.controller)
      j.position += 1
      if j.controller === ladder.keeper {
        ladder.keep(j.controller, at: j.position, scrubbable: timeline.scrubbable)
      }
      if j.position < j.target && isDue() {
        job = j
        return nil
      }
    }
    job = nil
    lastArrival = j.position
    return arrived(j.controller, shown: shown)
  }

  private func arrived(_ controller: SandboxController, shown: SandboxController) -> SandboxController {
    controller.carryWindowState(from: shown)
    return controller
  }

  /// Drops the seek under way; returns the position of `shown` when the seek was bringing it forward
  /// (it is part way there), nil when `shown` is where it was.
  package func cancel(shown: SandboxController) -> Int? {
    defer { job = nil }
    let at = job.flatMap { $0.controller === shown ? $0.position : nil }
    if let at { lastArrival = at }
    return at
  }

  /// Forgets the live end, giving its memory back (a resumed session has a new future anyway).
  package func forgetTip() {
    tip = nil
    tipEnd = (-1, -1)
  }

  /// Each frame as the window ran it: events, steps, then the reads of drawing it. The controller's
  /// clock and HUD belong to the window, not the session: a replayed `Space` or `[` must not pause,
  /// resume or slow the window (the controller continued may be the one on screen), so they are kept.
  private func replay(_ frames: ArraySlice<SessionRecording.Frame>, into controller: SandboxController) {
    let (windowClock, windowHUD) = (controller.clock, controller.hud)
    defer { (controller.clock, controller.hud) = (windowClock, windowHUD) }
    for frame in frames {
      for event in frame.events { _ = controller.dispatch(event) }
      controller.advance(steps: frame.steps)
      reads.removeAll()
      _ = controller.drawFrame(into: &reads)
    }
    lastReplayedFrames += frames.count
  }
}

extension SandboxController {
  /// Takes over what belongs to the window rather than to the session: the clock (paused or not, the
  /// time scale), the HUD and whether motion is drawn between states.
  package func carryWindowState(from other: SandboxController) {
    guard other !== self else { return }
    clock = other.clock
    hud = other.hud
    interpolatesMotion = other.interpolatesMotion
    setNeedsDraw()
  }
}
