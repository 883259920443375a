import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// Seeks from snapshots in every scene: a seeded session run as the window runs it (a snapshot at the
/// start and every few dozen frames), sought to random frames, lands on the state the live run passed
/// through there and the state re-simulating it from the start gives, replaying no more than a
/// snapshot's interval; and a session resumed from a sought frame ends where a straight run of its
/// input ends. Every scene takes snapshots.
@Suite struct TimelineSnapshotSeekTests {
  @Test(arguments: SceneAnySizeTests.scenes)
  func snapshotSeeksLandOnTheLiveStates(scene name: String) {
    let seed = 0x5A95_0000 ^ UInt64(name.utf8.count) &* 0x9E37
    var r = SplitMix(seed: seed)
    var timeline = Timeline(header: TimelineRewindTests.header(name))
    let ladder = SnapshotLadder(interval: 10)
    let rewinder = Rewinder(makeStart: { TimelineRewindTests.controller(name) }, ladder: ladder)
    var shown = TimelineRewindTests.controller(name)
    let live = shown
    rewinder.didStart(shown, timeline: timeline)
    var digests = [shown.scene.stateDigest]
    for _ in 0..<120 {
      TimelineRewindTests.runFrame(TimelineRewindTests.randomFrame(&r, clock: &shown.clock), on: shown, into: &timeline)
      rewinder.didRunFrame(timeline, controller: shown)
      digests.append(shown.scene.stateDigest)
    }
    #expect(shown.scene.takeSnapshot() != nil, "\(name) takes no snapshot")
    for i in 0..<12 {
      let from = timeline.position
      let to = timeline.move(to: r.int(0..<(timeline.frames.count + 1)))
      shown =
        i % 2 == 0
        ? rewinder.seek(timeline, from: shown, at: from, to: to)
        : TimelineRewindTests.inSlices(rewinder, timeline, shown, from, to)
      #expect(
        shown.scene.stateDigest == digests[to], "\(name), seed \(seed): seeking from \(from) to \(to) landed elsewhere")
      #expect(shown === live, "\(name): a snapshot seek restores the window's own sandbox")
      #expect(rewinder.lastReplayedFrames < 10, "\(name): seeking to \(to) replayed \(rewinder.lastReplayedFrames)")
      // The same frame re-simulated from the session's start, as seeks were before snapshots.
      let resimulated = TimelineRewindTests.controller(name)
      for frame in timeline.frames[..<to] { TimelineRewindTests.runFrame(frame, on: resimulated) }
      #expect(
        shown.scene.stateDigest == resimulated.scene.stateDigest,
        "\(name), seed \(seed): the snapshot seek to \(to) differs from re-simulating it")
    }
    // Resume from the frame shown with new input: a straight run of the kept input ends in the same state.
    for _ in 0..<40 {
      TimelineRewindTests.runFrame(TimelineRewindTests.randomFrame(&r, clock: &shown.clock), on: shown, into: &timeline)
      rewinder.didRunFrame(timeline, controller: shown)
    }
    let resumed = shown.scene.stateDigest
    let straight = TimelineRewindTests.controller(name)
    for frame in timeline.frames { TimelineRewindTests.runFrame(frame, on: straight) }
    #expect(straight.scene.stateDigest == resumed, "\(name), seed \(seed): the resumed run differs from a straight run")
    // And seeking within the new future still lands on a straight run's states.
    let to = timeline.move(to: timeline.frames.count - 15)
    shown = rewinder.seek(timeline, from: shown, at: timeline.frames.count, to: to)
    let again = TimelineRewindTests.controller(name)
    for frame in timeline.frames[..<to] { TimelineRewindTests.runFrame(frame, on: again) }
    #expect(shown.scene.stateDigest == again.scene.stateDigest, "\(name), seed \(seed): a seek in the new future")
  }
}
