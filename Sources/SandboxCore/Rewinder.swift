/// Brings a sandbox to any position of its `Timeline` by re-simulation: a freshly made controller
/// given the recorded frames up to there, each frame's events, steps and reads exactly as the window
/// made them, is in the same state bit for bit (the property replays rest on).
///
/// It keeps two controllers so the common moves cost little: the live one as it was at the end, to
/// come back to at once, and the last one it re-simulated, which a later position continues (a step
/// forward is one frame). Only a move back re-simulates from the start.
package final class Rewinder {
  /// Makes the controller the session started with: its scene fresh, at the session's size and seed.
  private let makeStart: () -> SandboxController
  /// The live controller at the end of the timeline, kept while a person looks back.
  private var tip: SandboxController?
  /// The timeline's frame count and dropped futures when `tip` was kept: a later change makes it stale.
  private var tipEnd = (frames: -1, futuresDropped: -1)
  /// Frames replayed by the last seek (for the window's log and the benchmark).
  package private(set) var lastReplayedFrames = 0
  private var reads = DrawList()

  package init(makeStart: @escaping () -> SandboxController) {
    self.makeStart = makeStart
  }

  /// A controller in the state after `target` frames of `timeline`. `current` is the controller shown
  /// now, at `currentPosition`; it is continued when the target is later, kept as the live end when it
  /// is there, and otherwise left alone. The returned controller carries the window's clock, HUD and
  /// drawing mode over from `current`, so pause, slow motion and the HUD's figures stay as they were.
  package func seek(
    _ timeline: Timeline, from current: SandboxController, at currentPosition: Int, to target: Int
  ) -> SandboxController {
    precondition(
      (0...timeline.frames.count).contains(target),
      "Rewinder.seek: position \(target) is outside the timeline's 0...\(timeline.frames.count)")
    lastReplayedFrames = 0
    let end = timeline.frames.count
    if tipEnd != (end, timeline.futuresDropped) { tip = nil }
    if currentPosition == end, tip == nil {
      tip = current
      tipEnd = (end, timeline.futuresDropped)
    }
    guard target != currentPosition else { return current }
    let next: SandboxController
    if target == end, let tip {
      next = tip
    } else if currentPosition < target, current !== tip {
      next = current
      replay(timeline.frames[currentPosition..<target], into: next)
    } else {
      next = makeStart()
      replay(timeline.frames[..<target], into: next)
    }
    next.carryWindowState(from: current)
    return next
  }

  /// Forgets the live end, giving its memory back (a resumed session has a new future anyway).
  package func forgetTip() {
    tip = nil
    tipEnd = (-1, -1)
  }

  /// Each frame as the window ran it: events, steps, then the reads of drawing it.
  private func replay(_ frames: ArraySlice<SessionRecording.Frame>, into controller: SandboxController) {
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
