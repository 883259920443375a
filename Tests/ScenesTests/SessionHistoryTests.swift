import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// `W` saves the session so far: in every scene, a seeded session kept by `SessionHistory` and saved
/// mid-run replays to the digest it was saved with.
@Suite struct SessionHistoryTests {
  @Test(arguments: SceneAnySizeTests.scenes)
  func aSavedSessionReplaysToItsDigest(scene name: String) throws {
    let size = Size(width: 800, height: 600)
    let live = Self.controller(name, size: size)
    var history = SessionHistory(
      header: SessionRecording(sceneName: name, size: size, seed: 7, stepDuration: live.clock.stepDuration))
    var r = SplitMix(seed: 0x4157_0000 ^ UInt64(name.utf8.count))
    var list = DrawList()
    for _ in 0..<120 {
      let events = r.chance(0.4) ? [SceneGoldenDigestTests.event(&r)] : []
      for e in events { _ = live.dispatch(e) }
      let steps = live.clock.tick(realElapsed: r.uniform(0.004, 0.03))
      live.advance(steps: steps)
      history.append(SessionRecording.Frame(steps: steps, events: events))
      list.removeAll()
      _ = live.drawFrame(into: &list)
    }
    let saved = try SessionRecording.parse(history.text(digest: live.scene.stateDigest), file: "saved")
    let replayed = Self.controller(name, size: saved.size)
    for frame in saved.frames {
      for e in frame.events { _ = replayed.dispatch(e) }
      replayed.advance(steps: frame.steps)
      list.removeAll()
      _ = replayed.drawFrame(into: &list)
    }
    #expect(saved.finalDigest == live.scene.stateDigest)
    #expect(replayed.scene.stateDigest == live.scene.stateDigest, "\(name): the saved session replayed elsewhere")
  }

  @Test func theBudgetStopsTheHistoryAndTheCutRecordingHasNoDigest() {
    let header = SessionRecording(sceneName: "snap", size: Size(width: 800, height: 600), seed: 1, stepDuration: 0.01)
    var history = SessionHistory(header: header, byteBudget: header.headerText.utf8.count + 80)
    for _ in 0..<100 { history.append(SessionRecording.Frame(steps: 4)) }
    #expect(history.isFull && history.bytes <= history.byteBudget)
    #expect(history.recording.frames.count == 10, "\"frame 4\\n\" is 8 bytes")
    #expect(!history.text(digest: 1).contains("digest"))
  }

  static func controller(_ name: String, size: Size) -> SandboxController {
    let context = SceneContext(seed: 7)
    return SandboxController(
      scene: SceneCatalog.entry(named: name)!.make(context), size: size, catalog: SceneCatalog.entries,
      context: context)
  }
}
