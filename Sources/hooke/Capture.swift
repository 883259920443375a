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
    discussion: "Advances the scene N frames of 1/60 s, draws the last one and writes it. The output is bit-identical run to run.")

  @Option(help: "The scene to render.")
  var scene = SceneCatalog.defaultName

  @Option(help: "Frames of 1/60 s to simulate before drawing.")
  var frames = 60

  @Option(help: ArgumentHelp("The image size, \(SizeArgument.sizeHelp).", valueName: "WxH"))
  var size = SizeArgument(width: 800, height: 600)

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
    let canvas = try HeadlessCanvas(width: size.width, height: size.height, environment: environment)
    let s = SceneCatalog.entry(named: scene)!.make()
    s.resize(to: size.size)
    for _ in 0..<frames { s.advance(by: 1.0 / 60) }
    var list = DrawList()
    s.draw(into: &list)
    canvas.render(list)
    do {
      try canvas.image().savePNG(path: output)
    } catch {
      throw ValidationError("could not write \(output): \(error) — check that its folder exists and is writable")
    }
    print("wrote \(output) (\(size), scene \(scene), \(frames) frames)")
  }
}
