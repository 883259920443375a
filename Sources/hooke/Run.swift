import ArgumentParser
import SandboxCore
import Scenes
import SDLPlatform

/// `hooke` / `hooke run`: opens the window.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Open the sandbox window (the default).")

  @Option(help: "The scene to open.")
  var scene = SceneCatalog.defaultName

  @Option(help: ArgumentHelp("The window size, \(SizeArgument.sizeHelp).", valueName: "WxH"))
  var size = SizeArgument(width: 1280, height: 800)

  @Flag(help: "Use SDL's software renderer (deterministic pixels; faster than a software GL on machines with no GPU).")
  var software = false

  @Flag(
    help:
      "Keep the accelerated renderer even when its OpenGL is a software one (llvmpipe, softpipe, swrast), which is otherwise replaced by the faster software renderer."
  )
  var accelerated = false

  @Flag(help: "Print every input event and what the app did with it, one flushed line each.")
  var logEvents = false

  @Option(help: "Quit after this many frames (for scripts).")
  var frames: Int?

  @Option(help: "Save the last frame to this PNG when the app quits.")
  var screenshot: String?

  @Flag(help: "Start with the HUD hidden.")
  var hideHud = false

  @Option(help: "The random seed scenes use (a thrown item's spin); recorded with --record.")
  var seed: UInt64 = 1

  @Option(help: ArgumentHelp("Write every input event with its frame and the seed to this file.", valueName: "FILE"))
  var record: String?

  @Option(
    help: ArgumentHelp(
      "Play a recorded session back instead of live input; the scene, size and seed come from it.",
      valueName: "FILE"))
  var replay: String?

  func validate() throws {
    try validateScene(scene)
    if let frames, frames < 1 { throw ValidationError("--frames must be at least 1, got \(frames)") }
    if let screenshot { try validateOutput(screenshot, flag: "--screenshot") }
    if record != nil, replay != nil { throw ValidationError("--record and --replay cannot be used together") }
    if software, accelerated { throw ValidationError("--software and --accelerated cannot be used together") }
  }

  func run() throws {
    let environment = try checkedEnvironment()
    let recording = try replay.map(loadRecording)
    if let recording { try validateScene(recording.sceneName) }
    if let problem = SDLWindow.displayProblem(environment: environment) {
      Platform.printError(problem)
      throw ExitCode(2)
    }
    Platform.lineBufferStandardOutput()
    // The app (and its fonts and textures) must be gone before SDL shuts down.
    try runWindow(environment: environment, recording: recording)
    Platform.shutdown()
  }

  private func runWindow(environment: [String: String], recording: SessionRecording?) throws {
    let app: SandboxApp
    do {
      app = try SandboxApp(
        sceneName: recording?.sceneName ?? scene, size: recording?.size ?? size.size,
        software: software, accelerated: accelerated, seed: recording?.seed ?? seed, environment: environment)
    } catch {
      Platform.printError("\(error) — `hooke capture` renders without a window")
      throw ExitCode(2)
    }
    app.logEvents = logEvents
    app.frameLimit = frames
    app.exitScreenshot = screenshot
    app.controller.hud.isVisible = !hideHud
    if let record { try app.record(to: record, seed: seed) }
    if let recording { app.play(recording) }
    try app.run()
  }
}
