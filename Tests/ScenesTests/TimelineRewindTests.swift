import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// Rewinding in every scene: a seeded session kept in a `Timeline`, sought to random frames by the
/// `Rewinder`, lands on the state the live run passed through there, bit for bit; stepping on from a
/// sought frame passes through the same states as never having left; and a session resumed from an
/// earlier frame with new input ends where a straight run of the kept input ends.
@Suite struct TimelineRewindTests {
  static let size = Size(width: 800, height: 600)

  @Test(arguments: SceneAnySizeTests.scenes)
  func seekingLandsOnTheLiveStatesAndResumingMatchesAStraightRun(scene name: String) throws {
    let seed = 0x7131_0000 ^ UInt64(name.utf8.count) &* 0x9E37
    var r = SplitMix(seed: seed)
    var timeline = Timeline(header: Self.header(name))
    let rewinder = Rewinder(makeStart: { Self.controller(name) })
    var shown = Self.controller(name)
    // The state at every position, as the live run passed through it.
    var digests = [shown.scene.stateDigest]
    for _ in 0..<150 {
      Self.runFrame(Self.randomFrame(&r, clock: &shown.clock), on: shown, into: &timeline)
      digests.append(shown.scene.stateDigest)
    }
    for i in 0..<8 {
      let from = timeline.position
      let to = timeline.move(to: r.int(0..<(timeline.frames.count + 1)))
      // Half the seeks at once, half a frame a slice as a window does them.
      shown =
        i % 2 == 0
        ? rewinder.seek(timeline, from: shown, at: from, to: to) : Self.inSlices(rewinder, timeline, shown, from, to)
      #expect(
        shown.scene.stateDigest == digests[to],
        "\(name), seed \(seed): seeking from frame \(from) to \(to) landed elsewhere")
    }
    // `W` here saves the session up to the frame shown; it replays to the state shown.
    let saved = try SessionRecording.parse(
      timeline.recording(upTo: timeline.position, digest: shown.scene.stateDigest).serialized(), file: "saved")
    let replayed = Self.controller(name)
    for frame in saved.frames { Self.runFrame(frame, on: replayed) }
    #expect(
      replayed.scene.stateDigest == saved.finalDigest,
      "\(name), seed \(seed): the range saved at frame \(timeline.position) replays elsewhere")
    // Step on a frame at a time, as → does: the same states as the live run.
    for _ in 0..<5 where timeline.position < timeline.frames.count {
      let from = timeline.position
      shown = rewinder.seek(timeline, from: shown, at: from, to: timeline.move(to: from + 1))
      #expect(shown.scene.stateDigest == digests[from + 1], "\(name), seed \(seed): → from frame \(from)")
    }
    // Resume from an earlier frame with new input: the old future goes, the new one is kept.
    let resumeAt = r.int(0..<(timeline.frames.count + 1))
    shown = rewinder.seek(timeline, from: shown, at: timeline.position, to: timeline.move(to: resumeAt))
    for _ in 0..<60 { Self.runFrame(Self.randomFrame(&r, clock: &shown.clock), on: shown, into: &timeline) }
    #expect(timeline.frames.count == resumeAt + 60)
    let straight = Self.controller(name)
    for frame in timeline.frames { Self.runFrame(frame, on: straight) }
    #expect(
      straight.scene.stateDigest == shown.scene.stateDigest,
      "\(name), seed \(seed): resumed at frame \(resumeAt), the run differs from a straight run of its input")
  }

  /// A seek a frame at a time, aimed elsewhere on the way (later, then earlier than it has come), lands
  /// where it was last aimed, and the live end shown meanwhile stays as it was.
  @Test(arguments: ["springy-list", "newtons-cradle", "fields"])
  func aSeekInSlicesAimedElsewhereOnTheWayLandsWhereAsked(scene name: String) {
    var r = SplitMix(seed: 0x7131_0050)
    var timeline = Timeline(header: Self.header(name))
    let rewinder = Rewinder(makeStart: { Self.controller(name) })
    let live = Self.controller(name)
    var digests = [live.scene.stateDigest]
    for _ in 0..<120 {
      Self.runFrame(Self.randomFrame(&r, clock: &live.clock), on: live, into: &timeline)
      digests.append(live.scene.stateDigest)
    }
    let end = timeline.frames.count
    #expect(rewinder.seek(timeline, from: live, at: end, to: timeline.move(to: 100), until: { true }) == nil)
    for _ in 0..<30 { #expect(rewinder.proceed(timeline, shown: live, until: { true }) == nil) }
    #expect(live.scene.stateDigest == digests[end], "\(name): the live end moved while a seek was under way")
    // Later than it has come: the same work goes on.
    var landed = rewinder.seek(timeline, from: live, at: end, to: timeline.move(to: 60), until: { true })
    while landed == nil { landed = rewinder.proceed(timeline, shown: live, until: { true }) }
    #expect(landed!.scene.stateDigest == digests[60] && rewinder.lastReplayedFrames == 60, "\(name)")
    // Earlier than it has come: it starts again.
    let shown = landed!
    #expect(rewinder.seek(timeline, from: shown, at: 60, to: timeline.move(to: 110), until: { true }) == nil)
    for _ in 0..<20 { _ = rewinder.proceed(timeline, shown: shown, until: { true }) }
    landed = rewinder.seek(timeline, from: shown, at: 60, to: timeline.move(to: 20), until: { true })
    while landed == nil { landed = rewinder.proceed(timeline, shown: shown, until: { true }) }
    #expect(landed!.scene.stateDigest == digests[20], "\(name): aimed back to frame 20, it landed elsewhere")
    #expect(!rewinder.isSeeking)
    // Dropped on the way forward: the sandbox shown is where the seek left it.
    let at20 = landed!
    #expect(rewinder.seek(timeline, from: at20, at: 20, to: timeline.move(to: 90), until: { true }) == nil)
    for _ in 0..<9 { _ = rewinder.proceed(timeline, shown: at20, until: { true }) }
    #expect(rewinder.cancel(shown: at20) == 30 && !rewinder.isSeeking)
    #expect(at20.scene.stateDigest == digests[30], "\(name): a dropped seek left the sandbox between frames")
  }

  /// Replayed `Space` and `[` keys belong to the session, not the window: a paused window stays paused
  /// at its time scale when a seek replays them, continuing the sandbox on screen or a fresh one.
  @Test func replayedKeysLeaveTheWindowsClockAlone() {
    var timeline = Timeline(header: Self.header("newtons-cradle"))
    let rewinder = Rewinder(makeStart: { Self.controller("newtons-cradle") })
    let live = Self.controller("newtons-cradle")
    let space = InputEvent.keyDown(.space, modifiers: [], isRepeat: false)
    let slower = InputEvent.keyDown(.character("["), modifiers: [], isRepeat: false)
    for frame in [
      SessionRecording.Frame(steps: 4), SessionRecording.Frame(steps: 0, events: [space]),
      SessionRecording.Frame(steps: 0, events: [slower]), SessionRecording.Frame(steps: 4)
    ] { Self.runFrame(frame, on: live, into: &timeline) }
    (live.clock, live.hud) = (FrameClock(), HUD())
    live.clock.isPaused = true
    let back = rewinder.seek(timeline, from: live, at: 4, to: timeline.move(to: 1))
    #expect(back.clock.isPaused && back.clock.timeScale == 1)
    let on = rewinder.seek(timeline, from: back, at: 1, to: timeline.move(to: 3))
    #expect(on === back && on.clock.isPaused && on.clock.timeScale == 1 && on.hud.timeScale == "1×")
  }

  @Test func theLiveEndComesBackWithoutReplaying() {
    var r = SplitMix(seed: 0x7131_00E0)
    var timeline = Timeline(header: Self.header("newtons-cradle"))
    let rewinder = Rewinder(makeStart: { Self.controller("newtons-cradle") })
    let live = Self.controller("newtons-cradle")
    for _ in 0..<40 { Self.runFrame(Self.randomFrame(&r, clock: &live.clock), on: live, into: &timeline) }
    let back = rewinder.seek(timeline, from: live, at: 40, to: timeline.move(to: 10))
    #expect(back !== live && rewinder.lastReplayedFrames == 10)
    let again = rewinder.seek(timeline, from: back, at: 10, to: timeline.move(to: 40))
    #expect(again === live && rewinder.lastReplayedFrames == 0)
  }

  // MARK: Helpers

  /// A seek a frame a slice, as a window runs it.
  static func inSlices(
    _ rewinder: Rewinder, _ timeline: Timeline, _ shown: SandboxController, _ from: Int, _ to: Int
  ) -> SandboxController {
    var landed = rewinder.seek(timeline, from: shown, at: from, to: to, until: { true })
    while landed == nil { landed = rewinder.proceed(timeline, shown: shown, until: { true }) }
    return landed!
  }

  static func header(_ name: String) -> SessionRecording {
    SessionRecording(sceneName: name, size: size, seed: 7, stepDuration: FrameClock().stepDuration)
  }

  static func controller(_ name: String) -> SandboxController {
    let context = SceneContext(seed: 7)
    return SandboxController(
      scene: SceneCatalog.entry(named: name)!.make(context), size: size, catalog: SceneCatalog.entries,
      context: context)
  }

  /// A frame of seeded input with the steps an uneven frame rate gives.
  static func randomFrame(_ r: inout SplitMix, clock: inout FrameClock) -> SessionRecording.Frame {
    let events = r.chance(0.4) ? [SceneGoldenDigestTests.event(&r)] : []
    return SessionRecording.Frame(steps: clock.tick(realElapsed: r.uniform(0.004, 0.03)), events: events)
  }

  /// Runs one frame as the window does: events, steps, the reads of drawing it; and keeps it.
  static func runFrame(_ frame: SessionRecording.Frame, on c: SandboxController, into timeline: inout Timeline) {
    runFrame(frame, on: c)
    timeline.append(frame)
  }

  static func runFrame(_ frame: SessionRecording.Frame, on c: SandboxController) {
    for e in frame.events { _ = c.dispatch(e) }
    c.advance(steps: frame.steps)
    var list = DrawList()
    _ = c.drawFrame(into: &list)
  }
}
