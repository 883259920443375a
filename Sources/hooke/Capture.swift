import ArgumentParser
import Foundation
import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// `hooke capture`: renders a scene headless, on a software surface, to a PNG. No display needed; the
/// same arguments always give the same bits.
struct Capture: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render a scene to a PNG without a display.",
    discussion: """
      Advances the scene N frames of 1/60 s, draws the last one and writes it. With --replay it plays a \
      recorded session's first N frames (its own events and steps) instead. The output is bit-identical run to run.
      """)

  @Option(help: "The scene to render (default \(SceneCatalog.defaultName)).")
  var scene: String?

  @Option(help: "Frames to simulate before drawing, 0 to 100000 (of 1/60 s, or of the recording with --replay).")
  var frames = 60

  @Option(help: ArgumentHelp("The image size, \(SizeArgument.sizeHelp) (default 800x600).", valueName: "WxH"))
  var size: SizeArgument?

  @Option(help: "The random seed scenes use (default 1).")
  var seed: UInt64?

  @Option(
    help: ArgumentHelp(
      "Render frame N of this recorded session (scene, size and seed come from the file).",
      valueName: "FILE"))
  var replay: String?

  @Option(help: "Where to write the PNG.")
  var output: String

  func validate() throws {
    if let scene { try validateScene(scene) }
    if replay != nil {
      let given = [scene.map { _ in "--scene" }, size.map { _ in "--size" }, seed.map { _ in "--seed" }].compactMap {
        $0
      }
      if !given.isEmpty {
        throw ValidationError(
          "\(given.joined(separator: ", ")) cannot be used with --replay: the recording gives the scene, size and seed")
      }
    }
    guard (0...100_000).contains(frames) else {
      throw ValidationError("--frames must be from 0 to 100000, got \(frames)")
    }
    try validateOutput(output, flag: "--output")
  }

  func run() throws {
    let environment = try checkedEnvironment()
    let recording = try replay.map(loadRecording)
    if let recording {
      do { try validateScene(recording.sceneName) } catch let e as ValidationError {
        throw ValidationError("\(replay!): line 2: \(e.message)")
      }
      guard frames <= recording.frames.count else {
        throw ValidationError(
          "--frames \(frames) is past the end of \(replay!), which has \(recording.frames.count) frames")
      }
    }
    let name = recording?.sceneName ?? scene ?? SceneCatalog.defaultName
    // A recording's size was checked on reading: whole numbers from 16 to 8192.
    let pixels =
      recording.map { SizeArgument(width: Int($0.size.width), height: Int($0.size.height)) }
      ?? size ?? SizeArgument(width: 800, height: 600)
    let canvas = try HeadlessCanvas(width: pixels.width, height: pixels.height, environment: environment)
    let context = SceneContext(seed: recording?.seed ?? seed ?? 1)
    let clock = FrameClock(stepDuration: recording?.stepDuration ?? FrameClock().stepDuration)
    guard let entry = SceneCatalog.entry(named: name) else { throw ValidationError("unknown scene '\(name)'") }
    let controller = SandboxController(
      scene: entry.make(context), size: pixels.size, clock: clock,
      catalog: SceneCatalog.entries, context: context)
    controller.hud.isVisible = false  // wall-clock figures would make the image differ run to run
    simulate(controller, recording: recording)
    var list = DrawList()
    controller.draw(into: &list)
    canvas.render(list)
    do {
      try canvas.image().savePNG(path: output)
    } catch {
      throw ValidationError("could not write \(output): \(error) — check that its folder exists and is writable")
    }
    print(
      "wrote \(output) (\(pixels), scene \(controller.scene.name), \(frames) frames, digest \(String(controller.scene.stateDigest, radix: 16)))"
    )
  }

  private func simulate(_ controller: SandboxController, recording: SessionRecording?) {
    var list = DrawList()
    for frame in 0..<frames {
      if let recording {
        for event in recording.frames[frame].events { _ = controller.dispatch(event) }
        controller.advance(steps: recording.frames[frame].steps)
        // The window's reads after every frame (see `drawFrame`), so the replay ends where it did.
        list.removeAll()
        _ = controller.drawFrame(into: &list)
      } else {
        controller.advance(steps: Int((1.0 / 60 / controller.clock.stepDuration).rounded()))
      }
    }
  }
}
