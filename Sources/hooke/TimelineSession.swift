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
  /// Where the frame's arrows and strip motions ask to go: one seek a frame however many they were
  /// (`settle`).
  private var pendingTarget: Int?
  /// Frames the frame's arrows ask to move by, from `pendingTarget` or the position when the frame ends
  /// (a frame kept after the key came still counts as the one shown).
  private var pendingSteps = 0
  /// The position of the controller shown; nil at the live end.
  private var shownPosition: Int?
  /// When the seek under way was asked for, and how many frames' slices it has had.
  private var seekStart = 0.0
  private var seekSlices = 0
  /// Every seek's milliseconds this session, for the median and 95th percentile each log line gives.
  private var seekTimes: [Double] = []
  /// A seek works this long a frame at most, so the window keeps answering: the 16 ms a seek should
  /// take, so one that does arrives in the frame that asked for it, and a longer one costs frames of
  /// about 60 % more than a 60 Hz display's while it lasts.
  static let sliceSeconds = 0.016

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
    shownPosition = nil
  }

  /// Before the window's first frame: the session's start is the first snapshot.
  func didStart(controller: SandboxController) {
    guard seeksEnabled else { return }
    rewinder.didStart(controller, timeline: timeline)
  }

  /// After the window drew a frame (its reads done): at the live end, the sandbox keeps a snapshot when
  /// one is due, for later seeks to start from.
  func didDrawFrame(controller: SandboxController) {
    guard seeksEnabled else { return }
    rewinder.didRunFrame(timeline, controller: controller)
  }

  /// What a seek did, for the window's log.
  struct Seek {
    var controller: SandboxController
    var answer: String
  }

  /// Answers the timeline's events while paused: `←`/`→` without modifiers, and a press or drag on the
  /// strip. Returns the controller to show from now on, or nil when the event is not the timeline's.
  func handle(_ event: InputEvent, controller: SandboxController) -> Seek? {
    guard seeksEnabled, controller.clock.isPaused || isInThePast else {
      isScrubbing = false
      return nil
    }
    let layout = controller.layout
    if isInThePast, case .resized = event {
      // The window's new size must reach the scene shown, which changes it: the future goes, as on a
      // resume from here.
      stopSeeking(controller)
      return nil
    }
    let typing = controller.tuning.isVisible && controller.tuning.typing != nil && event != .quit
    if isInThePast && (!Self.passesWhileInThePast(event) || typing) && !isStripEvent(event, layout: layout) {
      // Anything else would change the past (a hover, a key-up, a panel that resizes the scene; any key
      // at all while the tuning panel was taking a typed value then) and drop the future unasked: only a
      // resume or a step starts a new future.
      return Seek(controller: controller, answer: "an earlier frame is shown; Space resumes from it")
    }
    if rewinder.isSeeking, Self.waitsForTheSeek(event) {
      // The frame shown is not yet the one the strip shows: resuming or saving now would mix the two.
      return Seek(controller: controller, answer: "a seek is under way")
    }
    // At the live end an open tuning panel has the arrows (they step its parameter); in the past they
    // are the timeline's, since a parameter changed there would change the past.
    let arrowsAreTheTimelines = !controller.tuning.isVisible || isInThePast
    switch event {
    case .keyDown(.left, let m, _) where m.isEmpty && arrowsAreTheTimelines:
      return step(by: -1, controller: controller)
    case .keyDown(.right, let m, _) where m.isEmpty && arrowsAreTheTimelines:
      return step(by: 1, controller: controller)
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

  /// Drops the seek under way and puts the position back where the shown controller is.
  private func stopSeeking(_ controller: SandboxController) {
    pendingTarget = nil
    pendingSteps = 0
    let p = rewinder.cancel(shown: controller) ?? shownPosition ?? timeline.frames.count
    timeline.move(to: p)
    shownPosition = timeline.isAtEnd ? nil : p
  }

  /// Keys that wait for a seek under way to arrive: a resume, a step, saving.
  static func waitsForTheSeek(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.space, _, _), .keyDown(.character("."), _, _), .keyDown(.character("w"), _, _): true
    default: false
    }
  }

  /// An earlier frame is shown, or is being sought.
  private var isInThePast: Bool { shownPosition != nil || rewinder.isSeeking || !timeline.isAtEnd }

  /// Whether an event that reached the sandbox belongs in the session: while an earlier frame is shown,
  /// only a resume, a step or a resize (a screenshot or a save changes nothing, and must not drop the
  /// future).
  func keeps(_ event: InputEvent) -> Bool {
    guard seeksEnabled, isInThePast else { return true }
    switch event {
    case .keyDown(.space, _, _), .keyDown(.character("."), _, _), .resized: return true
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

  /// `←`/`→`: a frame back or forward from where the frame's earlier keys left it (a held key repeats
  /// faster than the frames come; `settle` seeks once).
  private func step(by frames: Int, controller: SandboxController) -> Seek {
    pendingSteps += frames
    controller.setNeedsDraw()
    return Seek(controller: controller, answer: "step \(pendingSteps > 0 ? "+" : "")\(pendingSteps)")
  }

  /// Notes the position under the pointer on the strip; `settle` seeks there once the frame's events
  /// are in.
  private func scrub(to p: Point, controller: SandboxController) -> Seek {
    let target = TimelineStrip.position(at: p.x, in: controller.layout, range: timeline.scrubbable)
    pendingTarget = target
    pendingSteps = 0
    controller.setNeedsDraw()
    return Seek(controller: controller, answer: "scrub to frame \(target)")
  }

  /// True while a seek is under way: the window must not sleep until it arrives.
  var isSeeking: Bool { rewinder.isSeeking }

  /// Once a frame, after its events: seeks to where the frame's arrows or strip asked, or carries the
  /// seek under way on, for a slice of the frame. The controller to show when a seek arrived (with the
  /// log's line), nil otherwise.
  func settle(controller: SandboxController) -> Seek? {
    let now = Platform.now()
    let deadline = now + Self.sliceSeconds
    let next: SandboxController?
    if pendingTarget != nil || pendingSteps != 0 {
      let target = (pendingTarget ?? timeline.position) + pendingSteps
      pendingTarget = nil
      pendingSteps = 0
      if !rewinder.isSeeking {
        seekStart = now
        seekSlices = 0
      }
      let to = timeline.move(to: target)
      next = rewinder.seek(
        timeline, from: controller, at: shownPosition ?? timeline.frames.count, to: to,
        until: { Platform.now() >= deadline })
    } else if rewinder.isSeeking {
      next = rewinder.proceed(timeline, shown: controller, until: { Platform.now() >= deadline })
    } else {
      return nil
    }
    seekSlices += 1
    controller.setNeedsDraw()
    guard let next else { return nil }
    shownPosition = timeline.isAtEnd ? nil : timeline.position
    let ms = (Platform.now() - seekStart) * 1000
    seekTimes.append(ms)
    let sorted = seekTimes.sorted()
    func percentile(_ q: Double) -> String {
      String(format: "%.3f", sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)])
    }
    let answer =
      "seek frame=\(timeline.position) of=\(timeline.frames.count) replayed=\(rewinder.lastReplayedFrames) slices=\(seekSlices) seek_ms=\(String(format: "%.3f", ms)) seeks=\(sorted.count) p50_ms=\(percentile(0.5)) p95_ms=\(percentile(0.95)) snapshots=\(rewinder.ladder.rungs.count) snapshot_bytes=\(rewinder.ladder.bytes)"
    return Seek(controller: next, answer: answer)
  }

  /// Draws the strip over the status line while paused.
  func draw(into list: inout DrawList, controller: SandboxController) {
    guard seeksEnabled, controller.clock.isPaused else { return }
    let note = rewinder.isSeeking ? "seeking frame \(timeline.position)…" : controller.status
    TimelineStrip.draw(timeline, note: note, into: &list, layout: controller.layout)
  }
}
