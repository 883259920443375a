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

  @Flag(help: "Print every input event and what the app did with it, one flushed line each.")
  var logEvents = false

  @Option(help: "Quit after this many frames (for scripts).")
  var frames: Int?

  @Option(help: "Save the last frame to this PNG when the app quits.")
  var screenshot: String?

  @Flag(help: "Start with the HUD hidden.")
  var hideHud = false

  func validate() throws {
    try validateScene(scene)
    if let frames, frames < 1 { throw ValidationError("--frames must be at least 1, got \(frames)") }
    if let screenshot, !screenshot.lowercased().hasSuffix(".png") {
      throw ValidationError("--screenshot must name a .png file, got '\(screenshot)'")
    }
  }

  func run() throws {
    let environment = processEnvironment()
    if let problem = SDLWindow.displayProblem(environment: environment) {
      Platform.printError(problem)
      throw ExitCode(2)
    }
    Platform.lineBufferStandardOutput()
    // The app (and its fonts and textures) must be gone before SDL shuts down.
    try runWindow(environment: environment)
    Platform.shutdown()
  }

  private func runWindow(environment: [String: String]) throws {
    let app: SandboxApp
    do {
      app = try SandboxApp(sceneName: scene, size: size.size, software: software, environment: environment)
    } catch {
      Platform.printError("\(error) — `hooke capture` renders without a window")
      throw ExitCode(2)
    }
    app.logEvents = logEvents
    app.frameLimit = frames
    app.exitScreenshot = screenshot
    app.hud.isVisible = !hideHud
    try app.run()
  }
}
