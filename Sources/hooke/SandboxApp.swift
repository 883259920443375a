import Foundation
import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The window's main loop: poll input (or take it from a replay), let the controller answer it, advance
/// the scene in the clock's fixed steps, draw, present — recording each frame when asked.
final class SandboxApp {
  let window: SDLWindow
  /// The sandbox shown; a seek on the timeline puts another in its place.
  private(set) var controller: SandboxController
  var logEvents = false
  var frameLimit: Int?
  var exitScreenshot: String?
  private var running = true
  private var pendingScreenshot: String?
  private var screenshotCount = 0
  private var pump = EventPump()
  private var list = DrawList()
  private var recorder: SessionRecorder?
  private var replay: SessionRecording?
  /// The live session so far, for `W` and rewinding (nil while replaying).
  private var timeline: TimelineSession?
  private var sessionSaveRequested = false
  private var sessionCount = 0
  /// The scene the session started with (its entry, name and size): where a seek re-simulates from when
  /// the scene takes no snapshots.
  private let start: (entry: SceneEntry, name: String, size: Size)

  init(sceneName: String, size: Size, software: Bool, accelerated: Bool, seed: UInt64, environment: [String: String])
    throws
  {
    guard let entry = SceneCatalog.entry(named: sceneName) else { throw UnknownScene(name: sceneName) }
    window = try SDLWindow(
      title: "Hooke — \(sceneName)", size: size, software: software, keepSoftwareGL: accelerated,
      environment: environment)
    let context = SceneContext(seed: seed)
    controller = SandboxController(
      scene: entry.make(context), size: window.size, catalog: SceneCatalog.entries,
      context: context)
    controller.hud.rendererName = window.rendererName
    controller.interpolatesMotion = true
    start = (entry, controller.scene.name, controller.size)
    timeline = Self.makeTimeline(start: start, context: context, seeksEnabled: true)
    timeline?.didStart(controller: controller)
    refreshRate = window.refreshRate
    controller.clock.framePeriod = 1 / refreshRate
  }

  /// The display's refresh rate, which the loop paces its frames to.
  private let refreshRate: Double

  /// Records every frame's events and steps to `path`.
  func record(to path: String, seed: UInt64) throws {
    recorder = try SessionRecorder(
      path: path,
      header: SessionRecording(
        sceneName: controller.scene.name, size: controller.size, seed: seed, stepDuration: controller.clock.stepDuration
      ))
    timeline = timeline.map { _ in Self.makeTimeline(start: start, context: controller.context, seeksEnabled: false) }
  }

  /// Plays `recording` instead of live input (Escape still quits).
  func play(_ recording: SessionRecording) {
    replay = recording
    timeline = nil
  }

  func run() throws {
    log(
      "answer started scene=\(controller.scene.name) size=\(Int(window.size.width))x\(Int(window.size.height)) renderer=\(window.rendererName.replacingOccurrences(of: " ", with: "_")) font=\(window.renderer.usesFallbackFont ? "fallback" : "ttf") refresh_hz=\(Int(refreshRate))"
    )
    var last = Platform.now()
    let started = last
    var frames = 0
    while running {
      if replay == nil && frameLimit == nil && controller.isIdle && !(timeline?.isSeeking ?? false) {
        // At rest: draw nothing and sleep until input (or, every quarter second, a look at the scene,
        // which notices a changed scene file); the frame that follows starts its clock afresh.
        let woken = pump.wait(milliseconds: 250)
        last = Platform.now()
        if !woken { continue }
      }
      let frameStart = Platform.now()
      let interval = frameStart - last
      last = frameStart
      var events = pump.poll()
      let steps: Int
      if let replay {
        // Live input is ignored while replaying, except a request to stop.
        if events.contains(where: {
          $0 == .quit || { if case .keyDown(.escape, _, _) = $0 { true } else { false } }($0)
        }) {
          running = false
        }
        guard frames < replay.frames.count else {
          finishReplay(replay, frames: frames)
          break
        }
        events = replay.frames[frames].events
        steps = replay.frames[frames].steps
      } else {
        steps = controller.clock.tick(realElapsed: interval)
      }
      // The timeline's own events (a seek) are not part of the session.
      events = events.filter { dispatch($0) }
      controller.advance(steps: steps)
      recorder?.append(SessionRecording.Frame(steps: steps, events: events))
      timeline?.append(SessionRecording.Frame(steps: steps, events: events))
      // After the frame is kept: what this frame did happened before the seek its keys asked for.
      if let seek = timeline?.settle(controller: controller) { show(seek) }

      let drawStart = Platform.now()
      list.removeAll()
      let timings = controller.drawFrame(into: &list)
      timeline?.didDrawFrame(controller: controller)
      timeline?.draw(into: &list, controller: controller)
      window.render(list)
      frames += 1
      let lastFrame = frameLimit.map { frames >= $0 } ?? false
      if let path = pendingScreenshot ?? ((lastFrame || !running) ? exitScreenshot : nil) {
        saveScreenshot(path)
        pendingScreenshot = nil
      }
      window.present()
      if sessionSaveRequested { saveSession() }
      let drawTime = Platform.now() - drawStart
      // work_ms is the frame's own time (input, steps, draw, present) without the pacing sleep or an
      // idle wait: what the soak (scripts/soak) holds to a budget.
      log(
        "answer drew frame=\(frames) t=\(String(format: "%.3f", Platform.now() - started)) draw_ms=\(String(format: "%.3f", drawTime * 1000)) work_ms=\(String(format: "%.3f", (Platform.now() - frameStart) * 1000)) batches=\(window.renderer.lastFrameBatches)"
      )
      controller.hud.record(frameTime: interval, scene: timings, drawTime: drawTime)
      if lastFrame { running = false }
      pace(frameStart: frameStart, steps: steps)
    }
    recorder?.finish(digest: controller.scene.stateDigest)
    log("answer quit frames=\(frames) digest=\(String(controller.scene.stateDigest, radix: 16))")
  }

  /// Waits out the rest of the frame: a live window to the display's refresh, a replay to its own
  /// recorded steps. Where presenting waited for the display (vsync) the frame has used its time and
  /// nothing is left to wait. Renderer flags are no guide: SDL's software renderer reports vsync and
  /// does not wait (under Xvfb it drew 240 frames a second). The drawn state is interpolated
  /// (`FrameInterpolator`), so any refresh rate shows even motion.
  private func pace(frameStart: Double, steps: Int) {
    let target = replay != nil ? Double(steps) * controller.clock.stepDuration : 1 / refreshRate
    // Frames fall due on a grid of the period, so a sleep's overshoot does not add up (waiting out each
    // frame on its own came to 57 frames a second at 60 Hz); a frame that overran starts a new grid.
    let now = Platform.now()
    nextFrameDue += target
    if nextFrameDue < now || nextFrameDue > now + target { nextFrameDue = frameStart + target }
    let rest = nextFrameDue - now
    if rest > 0 { Thread.sleep(forTimeInterval: rest) }
  }

  /// When the next frame is due (`pace`).
  private var nextFrameDue = 0.0

  private func finishReplay(_ replay: SessionRecording, frames: Int) {
    let digest = controller.scene.stateDigest
    let verdict =
      replay.finalDigest.map {
        $0 == digest ? "matches the recording" : "DIFFERS from the recording's \(String($0, radix: 16))"
      }
      ?? "the recording has no final digest"
    print("hooke: replay finished after \(frames) frames; state digest \(String(digest, radix: 16)) \(verdict)")
    running = false
  }

  /// Answers one event; false when it was the timeline's (a seek), which the session does not record.
  private func dispatch(_ event: InputEvent) -> Bool {
    if let seek = timeline?.handle(event, controller: controller) {
      if logEvents { log("event \(event.logLine) -> \(seek.answer)") }
      show(seek)
      return false
    }
    let (answer, request) = controller.dispatch(event)
    switch request {
    case .quit?:
      running = false
    case .screenshot?:
      screenshotCount += 1
      pendingScreenshot = "hooke-\(controller.scene.name)-\(screenshotCount).png"
    case .sceneChanged(let name)?:
      window.title = "Hooke — \(name)"
    case .saveSession?:
      sessionSaveRequested = timeline != nil
    case .copyToClipboard(let text)?:
      copyToClipboard(text)
    case nil:
      break
    }
    if case .resized = event { window.updateScale() }
    if logEvents {
      let suffix = request == .screenshot ? " \(pendingScreenshot ?? "")" : ""
      log("event \(event.logLine)" + (answer.map { " -> \($0)\(suffix)" } ?? ""))
    }
    // `W` reads the session and changes nothing: saving a scrubbed-back session keeps its future.
    return request != .saveSession && (timeline?.keeps(event) ?? true)
  }

  /// The tuning panel's `C`: the code goes to the clipboard and, so it is never lost, to stdout.
  private func copyToClipboard(_ text: String) {
    print(text, terminator: "")
    do {
      try Clipboard.set(text)
    } catch {
      Platform.printError("hooke: \(error)")
      controller.tuning.notice = "could not copy (see stderr); the code is on stdout"
    }
  }

  /// `W`: the session from its start to the frame shown (the live end, or where the timeline was
  /// scrubbed to) as a recording, after the frame that asked for it was drawn (the reads a replay
  /// makes), ending on the scene's digest then.
  private func saveSession() {
    sessionSaveRequested = false
    guard let kept = timeline?.timeline else { return }
    sessionCount += 1
    let path = "hooke-session-\(sessionCount).txt"
    // The frame of `W` itself is kept once drawn, so the position is after it.
    let recording = kept.recording(upTo: kept.position, digest: kept.isFull ? nil : controller.scene.stateDigest)
    if FileManager.default.createFile(atPath: path, contents: Data(recording.serialized().utf8)) {
      let cut = kept.isFull ? " (cut at the \(kept.byteBudget >> 20) MiB budget)" : ""
      controller.showStatus("saved \(recording.frames.count) frames as \(path)\(cut) — hooke --replay \(path)")
      log("answer saved \(path) frames=\(recording.frames.count)")
    } else {
      Platform.printError("hooke: could not write the session \(path)")
      controller.showStatus("could not write \(path) (see stderr)")
    }
  }

  /// Puts the sandbox a seek brought in place (and logs the seek's cost, `seek_ms`).
  private func show(_ seek: TimelineSession.Seek) {
    if seek.controller !== controller {
      controller = seek.controller
      window.title = "Hooke — \(controller.scene.name)"
    }
    if seek.answer.hasPrefix("seek ") { log("answer \(seek.answer)") }
  }

  /// The timeline of a session that starts with `start` made afresh in `context`.
  private static func makeTimeline(
    start: (entry: SceneEntry, name: String, size: Size), context: SceneContext, seeksEnabled: Bool
  ) -> TimelineSession {
    let (entry, size) = (start.entry, start.size)
    return TimelineSession(
      header: SessionRecording(
        sceneName: start.name, size: size, seed: context.seed, stepDuration: FrameClock().stepDuration),
      seeksEnabled: seeksEnabled,
      makeStart: {
        SandboxController(scene: entry.make(context), size: size, catalog: SceneCatalog.entries, context: context)
      })
  }

  private func saveScreenshot(_ path: String) {
    do {
      try window.capture().savePNG(path: path)
      log("answer saved \(path)")
    } catch {
      Platform.printError("hooke: could not save the screenshot \(path): \(error)")
    }
  }

  private func log(_ line: String) {
    if logEvents { print(line) }
  }
}

struct UnknownScene: Error, CustomStringConvertible {
  var name: String
  var description: String {
    "hooke: unknown scene '\(name)'; the scenes are: \(SceneCatalog.names.joined(separator: ", "))"
  }
}
