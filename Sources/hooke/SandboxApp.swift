import Foundation
import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The window's main loop: poll input (or take it from a replay), let the controller answer it, advance
/// the scene in the clock's fixed steps, draw, present — recording each frame when asked.
final class SandboxApp {
  let window: SDLWindow
  let controller: SandboxController
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
  }

  /// Records every frame's events and steps to `path`.
  func record(to path: String, seed: UInt64) throws {
    recorder = try SessionRecorder(
      path: path,
      header: SessionRecording(
        sceneName: controller.scene.name, size: controller.size, seed: seed, stepDuration: controller.clock.stepDuration
      ))
  }

  /// Plays `recording` instead of live input (Escape still quits).
  func play(_ recording: SessionRecording) { replay = recording }

  func run() throws {
    log(
      "answer started scene=\(controller.scene.name) size=\(Int(window.size.width))x\(Int(window.size.height)) renderer=\(window.rendererName.replacingOccurrences(of: " ", with: "_")) font=\(window.renderer.usesFallbackFont ? "fallback" : "ttf")"
    )
    var last = Platform.now()
    let started = last
    var frames = 0
    while running {
      if replay == nil && frameLimit == nil && controller.isIdle {
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
      for event in events { dispatch(event) }
      controller.advance(steps: steps)
      recorder?.append(SessionRecording.Frame(steps: steps, events: events))

      let drawStart = Platform.now()
      list.removeAll()
      let timings = controller.drawFrame(into: &list)
      window.render(list)
      frames += 1
      let lastFrame = frameLimit.map { frames >= $0 } ?? false
      if let path = pendingScreenshot ?? ((lastFrame || !running) ? exitScreenshot : nil) {
        saveScreenshot(path)
        pendingScreenshot = nil
      }
      window.present()
      let drawTime = Platform.now() - drawStart
      // work_ms is the frame's own time (input, steps, draw, present) without the pacing sleep or an
      // idle wait: what the soak (scripts/soak) holds to a budget.
      log(
        "answer drew frame=\(frames) t=\(String(format: "%.3f", Platform.now() - started)) draw_ms=\(String(format: "%.3f", drawTime * 1000)) work_ms=\(String(format: "%.3f", (Platform.now() - frameStart) * 1000)) batches=\(window.renderer.lastFrameBatches)"
      )
      controller.hud.record(frameTime: interval, scene: timings, drawTime: drawTime)
      if lastFrame { running = false }
      // The software renderer has no vsync; pace it to about 120 frames a second (a replay to its own steps).
      let target = replay != nil ? Double(steps) * controller.clock.stepDuration : 1.0 / 120
      let spent = Platform.now() - frameStart
      if spent < target { Platform.sleep(milliseconds: Int((target - spent) * 1000)) }
    }
    recorder?.finish(digest: controller.scene.stateDigest)
    log("answer quit frames=\(frames) digest=\(String(controller.scene.stateDigest, radix: 16))")
  }

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

  private func dispatch(_ event: InputEvent) {
    let (answer, request) = controller.dispatch(event)
    switch request {
    case .quit?:
      running = false
    case .screenshot?:
      screenshotCount += 1
      pendingScreenshot = "hooke-\(controller.scene.name)-\(screenshotCount).png"
    case .sceneChanged(let name)?:
      window.title = "Hooke — \(name)"
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
