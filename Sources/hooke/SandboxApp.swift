import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The window's main loop: poll input, keep what the app answers itself (quit, help, pause, step,
/// reset, screenshot, HUD), give the rest to the scene, advance the scene in the clock's fixed steps,
/// draw, present.
final class SandboxApp {
  let window: SDLWindow
  var scene: any Scene
  var hud = HUD()
  var clock = FrameClock()
  var logEvents = false
  var frameLimit: Int?
  var exitScreenshot: String?
  private var showHelp = false
  private var running = true
  private var pendingScreenshot: String?
  private var screenshotCount = 0
  private var pump = EventPump()
  private var list = DrawList()

  init(sceneName: String, size: Size, software: Bool, environment: [String: String]) throws {
    guard let entry = SceneCatalog.entry(named: sceneName) else { throw SDLError.unknownScene(sceneName) }
    window = try SDLWindow(title: "Hooke — \(sceneName)", size: size, software: software, environment: environment)
    scene = entry.make()
    scene.resize(to: window.size)
  }

  func run() throws {
    log("answer started scene=\(scene.name) size=\(Int(window.size.width))x\(Int(window.size.height)) renderer=\(window.rendererName) font=\(window.renderer.usesFallbackFont ? "fallback" : "ttf")")
    var last = Platform.now()
    var frames = 0
    while running {
      let frameStart = Platform.now()
      for event in pump.poll() { dispatch(event) }

      let interval = frameStart - last
      let steps = clock.tick(realElapsed: interval)
      last = frameStart
      if steps > 0 { scene.advance(by: Double(steps) * clock.stepDuration) }

      let drawStart = Platform.now()
      list.removeAll()
      scene.draw(into: &list)
      let size = window.size
      if clock.isPaused { list.text("paused — Space resumes, . steps", at: Point(x: 12, y: size.height - 22), size: 12, color: Palette.warning) }
      if showHelp { SandboxKeys.drawHelp(sceneName: scene.name, sceneKeys: scene.keyHelp, into: &list, size: size) }
      hud.draw(into: &list, size: size)
      window.render(list)
      frames += 1
      let lastFrame = frameLimit.map { frames >= $0 } ?? false
      if let path = pendingScreenshot ?? ((lastFrame || !running) ? exitScreenshot : nil) {
        try saveScreenshot(path)
        pendingScreenshot = nil
      }
      window.present()
      let drawTime = Platform.now() - drawStart
      hud.record(frameTime: interval, scene: scene.timings, drawTime: drawTime)
      if lastFrame { running = false }
      // The software renderer has no vsync; pace it to about 120 frames a second.
      let spent = Platform.now() - frameStart
      if spent < 1.0 / 120 { Platform.sleep(milliseconds: Int((1.0 / 120 - spent) * 1000)) }
    }
    log("answer quit frames=\(frames)")
  }

  private func dispatch(_ event: InputEvent) {
    var answer: String?
    switch event {
    case .quit, .keyDown(.escape, _, _):
      running = false
      answer = "quit"
    case .keyDown(.character("h"), _, _):
      showHelp.toggle()
      answer = "help \(showHelp ? "shown" : "hidden")"
    case .keyDown(.space, _, _):
      clock.isPaused.toggle()
      answer = clock.isPaused ? "paused" : "resumed"
    case .keyDown(.character("."), _, _):
      clock.requestSingleStep()
      answer = "step"
    case .keyDown(.character("r"), _, _):
      scene.reset()
      scene.resize(to: window.size)
      answer = "reset"
    case .keyDown(.character("s"), _, _):
      screenshotCount += 1
      pendingScreenshot = "hooke-\(scene.name)-\(screenshotCount).png"
      answer = "screenshot \(pendingScreenshot!)"
    case .keyDown(.character("`"), _, _):
      hud.isVisible.toggle()
      answer = "hud \(hud.isVisible ? "shown" : "hidden")"
    case .resized:
      window.updateScale()
      let s = window.size
      scene.resize(to: s)
      answer = "resize \(Int(s.width))x\(Int(s.height))"
    default:
      answer = scene.handle(event) ? "scene \(scene.name) handled it" : nil
    }
    if logEvents { log("event \(event.logLine)" + (answer.map { " -> \($0)" } ?? "")) }
  }

  private func saveScreenshot(_ path: String) throws {
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

extension SDLError {
  static func unknownScene(_ name: String) -> Error { UnknownScene(name: name) }
}

struct UnknownScene: Error, CustomStringConvertible {
  var name: String
  var description: String { "hooke: unknown scene '\(name)'; the scenes are: \(SceneCatalog.names.joined(separator: ", "))" }
}
