import Geometry2D
import SandboxCore
import Scenes

/// One input: parse it as a session recording; when it reads, replay its first frames headless on the
/// scene it names (built-in scenes only: a fuzzer must not open files) and draw the last one. Reading
/// must either succeed or throw `SessionFileError`; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
        let recording = try? SessionRecording.parse(text, file: "fuzz.txt"),
        !recording.sceneName.hasSuffix(".json"), let entry = SceneCatalog.entry(named: recording.sceneName) else { return 0 }
  let context = SceneContext(seed: recording.seed)
  let controller = SandboxController(scene: entry.make(context), size: recording.size,
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
  return 0
}
