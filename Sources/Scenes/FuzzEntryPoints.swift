import Geometry2D
import SandboxCore

/// What the fuzzers in `Fuzz/` run on one input. They are a package of their own (built with
/// `-sanitize=fuzzer`), which sees only public declarations; everything else in the app's modules is
/// `package` or internal, so these two functions are the app's whole public surface.
public enum FuzzEntryPoints {
  /// Parses `bytes` as a scene file; when it loads, builds it, runs it a few frames, drags its first item,
  /// runs it a little more and draws it. Loading either succeeds or throws `SceneFileError`; nothing may
  /// trap.
  public static func sceneFile(_ bytes: [UInt8]) {
    guard let description = try? SceneDescription.parse(bytes, file: "fuzz.json") else { return }
    let scene = FileScene(description: description, name: "fuzz")
    scene.resize(to: Size(width: 400, height: 300))
    // Free motion first (a grab would hold the item), then a drag of the first item.
    for _ in 0..<3 { scene.advance(by: 1.0 / 60) }
    if let body = scene.bodies.first {
      scene.handle(.pointerDown(button: .left, position: body.center, clickCount: 1))
      scene.handle(
        .pointerMoved(position: body.center + Vector(dx: 30, dy: -20), delta: Vector(dx: 30, dy: -20), buttons: .left))
    }
    for _ in 0..<2 { scene.advance(by: 1.0 / 60) }
    var list = DrawList()
    scene.draw(into: &list)
  }

  /// Parses `text` as a session recording; when it reads, replays its first frames headless on the
  /// scene it names (built-in scenes only: a fuzzer must not open files) and draws the last one. Reading
  /// either succeeds or throws `SessionFileError`; nothing may trap.
  public static func recording(_ text: String) {
    guard let recording = try? SessionRecording.parse(text, file: "fuzz.txt"),
      !recording.sceneName.hasSuffix(".json"), let entry = SceneCatalog.entry(named: recording.sceneName)
    else { return }
    let context = SceneContext(seed: recording.seed)
    let controller = SandboxController(
      scene: entry.make(context), size: recording.size,
      clock: FrameClock(stepDuration: recording.stepDuration),
      catalog: SceneCatalog.entries.filter { $0.name != "springy-list" }, context: context)
    // A few frames and a bounded number of steps keep each input quick.
    var steps = 0
    for frame in recording.frames.prefix(16) {
      for event in frame.events.prefix(32) { _ = controller.dispatch(event) }
      let n = min(frame.steps, 120 - steps)
      steps += n
      controller.advance(steps: n)
    }
    var list = DrawList()
    controller.draw(into: &list)
  }
}
