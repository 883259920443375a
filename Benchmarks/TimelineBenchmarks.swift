import Geometry2D
import SandboxCore
import Scenes

/// Rewinding (`Rewinder`) at 1280 × 800 in every scene: a minute of scripted input at 60 frames a second
/// (a drag up and a release every four seconds: a fling, a push, a throw), then seeks from the live end
/// to seeded random frames of it, each timed from the request to the sandbox in place (what the window
/// logs as `seek_ms`). Also prints the timeline's bytes for that minute.
func runTimelineBenchmarks(_ harness: BenchmarkHarness) {
  for name in SceneCatalog.names {
    guard harness.filter.map({ "timeline/seek-\(name)".contains($0) }) ?? true else { continue }
    let size = Size(width: 1280, height: 800)
    let context = SceneContext(seed: 1)
    let entry = SceneCatalog.entry(named: name)!
    let make = {
      SandboxController(scene: entry.make(context), size: size, catalog: SceneCatalog.entries, context: context)
    }
    var timeline = Timeline(
      header: SessionRecording(sceneName: name, size: size, seed: 1, stepDuration: FrameClock().stepDuration))
    var shown = make()
    var list = DrawList()
    for f in 0..<3600 {
      let frame = SessionRecording.Frame(steps: 4, events: scriptedEvents(frame: f))
      for e in frame.events { _ = shown.dispatch(e) }
      shown.advance(steps: frame.steps)
      list.removeAll()
      _ = shown.drawFrame(into: &list)
      timeline.append(frame)
    }
    let rewinder = Rewinder(makeStart: make)
    var state: UInt64 = 0x5EE1
    var samples: [Double] = []
    for _ in 0..<20 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let from = timeline.position
      let t0 = BenchmarkHarness.now()
      let to = timeline.move(to: Int((state >> 33) % 3601))
      shown = rewinder.seek(timeline, from: shown, at: from, to: to)
      samples.append((BenchmarkHarness.now() - t0) * 1e6)
    }
    BenchmarkHarness.report(group: "timeline", name: "seek-\(name)-1280x800", samples: samples)
    print("bench timeline bytes-\(name)-60s bytes=\(timeline.bytes) frames=\(timeline.frames.count)")
  }
}

/// A drag from the middle upwards over 20 frames and a release, every 240 frames.
private func scriptedEvents(frame: Int) -> [InputEvent] {
  let k = frame % 240
  let x = 640.0
  switch k {
  case 10: return [.pointerDown(button: .left, position: Point(x: x, y: 600), clickCount: 1)]
  case 11..<30:
    return [
      .pointerMoved(
        position: Point(x: x + Double(k - 10) * 8, y: 600 - Double(k - 10) * 20), delta: Vector(dx: 8, dy: -20),
        buttons: .left)
    ]
  case 30: return [.pointerUp(button: .left, position: Point(x: x + 160, y: 200))]
  default: return []
  }
}
