import Foundation
import Geometry2D
import SandboxCore
import SDLPlatform

/// The window's rewind: the live session's `Timeline`, the `Rewinder` that brings the sandbox to any of
/// its positions, and the keys and strip that move there while paused (`←`, `→`, a drag on the strip).
/// Its events are the person's way around the recording, not part of it: they are never recorded.
final class TimelineSession {
  private(set) var timeline: Timeline
  private let rewinder: Rewinder
  /// False while `--record` writes a file: a seek would make the file describe another session.
  let seeksEnabled: Bool
  /// A press on the strip is being dragged.
  private var isScrubbing = false
  /// Where the strip was last pressed or dragged to this frame: one seek a frame however many motions
  /// the frame brought (`settle`).
  private var pendingTarget: Int?

  init(header: SessionRecording, seeksEnabled: Bool, makeStart: @escaping () -> SandboxController) {
    timeline = Timeline(header: header)
    rewinder = Rewinder(makeStart: makeStart)
    self.seeksEnabled = seeksEnabled
  }

  /// Keeps a frame the window ran. A still paused frame (no event, no step) changes nothing and is
  /// left out; a frame at an earlier position drops the old future first.
  func append(_ frame: SessionRecording.Frame) {
    guard frame.steps > 0 || !frame.events.isEmpty else { return }
    if !timeline.isAtEnd { rewinder.forgetTip() }
    timeline.append(frame)
  }

  /// What a seek did, for the window's log.
  struct Seek {
    var controller: SandboxController
    var answer: String
  }

  /// Answers the timeline's events while paused: `←`/`→` without modifiers, and a press or drag on the
  /// strip. Returns the controller to show from now on, or nil when the event is not the timeline's.
  func handle(_ event: InputEvent, controller: SandboxController) -> Seek? {
    guard seeksEnabled, controller.clock.isPaused, !controller.tuning.isVisible else {
      isScrubbing = false
      return nil
    }
    let layout = controller.layout
    if !timeline.isAtEnd && !Self.passesWhileInThePast(event) && !isStripEvent(event, layout: layout) {
      // Anything else would change the past (a hover, a key-up, a panel that resizes the scene) and
      // drop the future unasked: only a resume or a step starts a new future.
      return Seek(controller: controller, answer: "an earlier frame is shown; Space resumes from it")
    }
    switch event {
    case .keyDown(.left, let m, _) where m.isEmpty:
      return seek(controller, to: timeline.position - 1)
    case .keyDown(.right, let m, _) where m.isEmpty:
      return seek(controller, to: timeline.position + 1)
    case .pointerDown(.left, let p, _) where TimelineStrip.contains(p, in: layout):
      isScrubbing = true
      return scrub(to: p, controller: controller)
    case .pointerMoved(let p, _, let buttons) where isScrubbing && buttons.contains(.left):
      return scrub(to: p, controller: controller)
    case .pointerUp(.left, _) where isScrubbing:
      isScrubbing = false
      return Seek(controller: controller, answer: "scrub ended at frame \(timeline.position)")
    default:
      return nil
    }
  }

  /// What reaches the sandbox while an earlier frame is shown: a resume and a step (which start a new
  /// future), a screenshot, saving, quitting.
  static func passesWhileInThePast(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.space, _, _), .keyDown(.character("."), _, _), .keyDown(.character("s"), _, _),
      .keyDown(.character("w"), _, _), .keyDown(.escape, _, _), .quit:
      true
    default: false
    }
  }

  /// Whether an event that reached the sandbox belongs in the session: while an earlier frame is shown,
  /// only a resume or a step (a screenshot or a save changes nothing, and must not drop the future).
  func keeps(_ event: InputEvent) -> Bool {
    guard seeksEnabled, !timeline.isAtEnd else { return true }
    switch event {
    case .keyDown(.space, _, _), .keyDown(.character("."), _, _): return true
    default: return false
    }
  }

  /// The timeline's own keys and strip presses, which it answers below.
  private func isStripEvent(_ event: InputEvent, layout: SandboxLayout) -> Bool {
    switch event {
    case .keyDown(.left, let m, _), .keyDown(.right, let m, _): m.isEmpty
    case .pointerDown(.left, let p, _): TimelineStrip.contains(p, in: layout)
    case .pointerMoved, .pointerUp: isScrubbing
    default: false
    }
  }

  /// Notes the position under the pointer on the strip; `settle` seeks there once the frame's events
  /// are in.
  private func scrub(to p: Point, controller: SandboxController) -> Seek {
    let target = TimelineStrip.position(at: p.x, in: controller.layout, range: timeline.scrubbable)
    pendingTarget = target
    controller.setNeedsDraw()
    return Seek(controller: controller, answer: "scrub to frame \(target)")
  }

  /// Seeks to where the strip was dragged this frame, if it was; nil otherwise.
  func settle(controller: SandboxController) -> Seek? {
    guard let target = pendingTarget else { return nil }
    pendingTarget = nil
    return seek(controller, to: target)
  }

  /// Moves to position `p` (clamped to the scrubbable stretch) and times it.
  private func seek(_ controller: SandboxController, to p: Int) -> Seek {
    let from = timeline.position
    let start = Platform.now()
    let to = timeline.move(to: p)
    let next = rewinder.seek(timeline, from: controller, at: from, to: to)
    let ms = (Platform.now() - start) * 1000
    let answer =
      "seek frame=\(to) of=\(timeline.frames.count) replayed=\(rewinder.lastReplayedFrames) seek_ms=\(String(format: "%.3f", ms))"
    return Seek(controller: next, answer: answer)
  }

  /// Draws the strip over the status line while paused.
  func draw(into list: inout DrawList, controller: SandboxController) {
    guard seeksEnabled, controller.clock.isPaused else { return }
    TimelineStrip.draw(timeline, note: controller.status, into: &list, layout: controller.layout)
  }
}
