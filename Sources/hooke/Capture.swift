import ArgumentParser
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

  @Option(help: "The scene to render.")
  var scene = SceneCatalog.defaultName

  @Option(help: "Frames to simulate before drawing (of 1/60 s, or of the recording with --replay).")
  var frames = 60

  @Option(help: ArgumentHelp("The image size, \(SizeArgument.sizeHelp).", valueName: "WxH"))
  var size = SizeArgument(width: 800, height: 600)

  @Option(help: "The random seed scenes use.")
  var seed: UInt64 = 1

  @Option(help: ArgumentHelp("Render frame N of this recorded session (scene, size and seed from the file).",
                             valueName: "FILE"))
  var replay: String?

  @Option(help: "Where to write the PNG.")
  var output: String

  func validate() throws {
    try validateScene(scene)
    guard (0...100_000).contains(frames) else {
      throw ValidationError("--frames must be between 0 and 100000, got \(frames)")
    }
    guard output.lowercased().hasSuffix(".png") else {
      throw ValidationError("--output must name a .png file, got '\(output)'")
    }
  }

  func run() throws {
    let environment = processEnvironment()
    let recording = try replay.map(loadRecording)
    if let recording {
      try validateScene(recording.sceneName)
      guard frames <= recording.frames.count else {
        throw ValidationError("--frames \(frames) is past the end of \(replay!), which has \(recording.frames.count) frames")
      }
    }
    let name = recording?.sceneName ?? scene
    let pixels = recording.map { SizeArgument(width: Int($0.size.width), height: Int($0.size.height)) } ?? size
    let canvas = try HeadlessCanvas(width: pixels.width, height: pixels.height, environment: environment)
    let context = SceneContext(seed: recording?.seed ?? seed)
    let controller = SandboxController(scene: SceneCatalog.entry(named: name)!.make(context), size: pixels.size,
                                       catalog: SceneCatalog.entries, context: context)
    controller.hud.isVisible = false   // wall-clock figures would make the image differ run to run
    for frame in 0..<frames {
      if let recording {
        for event in recording.frames[frame].events { _ = controller.dispatch(event) }
        controller.advance(steps: recording.frames[frame].steps)
      } else {
        controller.advance(steps: Int((1.0 / 60 / controller.clock.stepDuration).rounded()))
      }
    }
    var list = DrawList()
    controller.draw(into: &list)
    canvas.render(list)
    do {
      try canvas.image().savePNG(path: output)
    } catch {
      throw ValidationError("could not write \(output): \(error) — check that its folder exists and is writable")
    }
    print("wrote \(output) (\(pixels), scene \(controller.scene.name), \(frames) frames, digest \(String(controller.scene.stateDigest, radix: 16)))")
  }
}
