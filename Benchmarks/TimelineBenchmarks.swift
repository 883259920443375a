import Foundation
import Geometry2D
import SandboxCore
import Scenes

/// Rewinding (`Rewinder`) at 1280 × 800 in every scene: a minute of scripted input at 60 frames a second
/// (a drag up and a release every four seconds: a fling, a push, a throw), run as the window runs it (a
/// snapshot at the start and every `SnapshotLadder.defaultInterval` frames), then 100 seeks from the live
/// end to seeded random frames of it, each timed from the request to the sandbox in place (what the
/// window logs as `seek_ms`). Also prints the timeline's bytes for that minute, the snapshots' count and
/// estimated bytes, the process's resident memory before and after the minute, and the minute's time
/// (what taking the snapshots adds to the live window, against `resim-`).
///
/// `timeline/resim-…` is the same minute without snapshots: 20 seeks re-simulated from the session's
/// start, as every seek was before snapshots (and as a scene that takes none still is).
func runTimelineBenchmarks(_ harness: BenchmarkHarness) {
  for name in SceneCatalog.names {
    for snapshots in [true, false] {
      let label = "timeline/\(snapshots ? "seek" : "resim")-\(name)"
      guard harness.filter.map({ label.contains($0) }) ?? true else { continue }
      seekBenchmark(name, snapshots: snapshots)
    }
  }
}

private func seekBenchmark(_ name: String, snapshots: Bool) {
  let size = Size(width: 1280, height: 800)
  let context = SceneContext(seed: 1)
  let entry = SceneCatalog.entry(named: name)!
  let make = {
    SandboxController(scene: entry.make(context), size: size, catalog: SceneCatalog.entries, context: context)
  }
  var timeline = Timeline(
    header: SessionRecording(sceneName: name, size: size, seed: 1, stepDuration: FrameClock().stepDuration))
  let rewinder = Rewinder(makeStart: make)
  var shown = make()
  let rssBefore = residentBytes()
  if snapshots { rewinder.didStart(shown, timeline: timeline) }
  var list = DrawList()
  let liveStart = BenchmarkHarness.now()
  for f in 0..<3600 {
    let frame = SessionRecording.Frame(steps: 4, events: scriptedEvents(frame: f))
    for e in frame.events { _ = shown.dispatch(e) }
    shown.advance(steps: frame.steps)
    timeline.append(frame)
    list.removeAll()
    _ = shown.drawFrame(into: &list)
    if snapshots { rewinder.didRunFrame(timeline, controller: shown) }
  }
  let liveSeconds = BenchmarkHarness.now() - liveStart
  let rssAfter = residentBytes()
  var state: UInt64 = 0x5EE1
  var samples: [Double] = []
  for _ in 0..<(snapshots ? 100 : 20) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let from = timeline.position
    let t0 = BenchmarkHarness.now()
    let to = timeline.move(to: Int((state >> 33) % 3601))
    shown = rewinder.seek(timeline, from: shown, at: from, to: to)
    samples.append((BenchmarkHarness.now() - t0) * 1e6)
  }
  let label = snapshots ? "seek" : "resim"
  BenchmarkHarness.report(group: "timeline", name: "\(label)-\(name)-1280x800", samples: samples)
  print(
    "bench timeline bytes-\(label)-\(name)-60s bytes=\(timeline.bytes) frames=\(timeline.frames.count) snapshots=\(rewinder.ladder.rungs.count) snapshot_bytes=\(rewinder.ladder.bytes) rss_before=\(rssBefore) rss_after=\(rssAfter) live_ms=\(Int(liveSeconds * 1000))"
  )
}

/// The process's resident memory (`VmRSS`), in bytes; 0 where /proc is not there.
private func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
  else { return 0 }
  return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
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
