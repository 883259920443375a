import Geometry2D
import SandboxCore
import TestSupport
import Testing

/// The timeline's bookkeeping: positions, the scrubbable minute, dropping a future, the byte budget
/// (over a ten-minute session of random input), and the recordings it saves.
@Suite struct TimelineTests {
  static let header = SessionRecording(
    sceneName: "snap", size: Size(width: 800, height: 600), seed: 1, stepDuration: 1.0 / 240)

  /// Ten minutes at 60 frames a second of seeded random input, then back, resumed, and saved: the bytes
  /// counted are the bytes of the frames kept, never over the budget, and the scrubbable stretch is
  /// the last minute of simulated time.
  @Test func tenMinutesOfRandomInputStayInTheBudget() throws {
    let seed: UInt64 = 0x7141_0010
    var r = SplitMix(seed: seed)
    let budget = 2 << 20
    var timeline = Timeline(header: Self.header, byteBudget: budget)
    for frame in 0..<(10 * 60 * 60) {
      timeline.append(Self.randomFrame(&r))
      #expect(timeline.bytes <= budget, "seed \(seed): over the budget at frame \(frame)")
      if frame % 6000 == 5999 { Self.checkBytes(timeline, seed: seed) }
    }
    #expect(!timeline.isFull, "seed \(seed): ten minutes of input should fit \(budget) bytes")
    let range = timeline.scrubbable
    let end = timeline.time(at: timeline.frames.count)
    #expect(end - timeline.time(at: range.lowerBound) <= 60 + 1e-9)
    #expect(range.lowerBound == 0 || end - timeline.time(at: range.lowerBound - 1) > 60)
    // Back half a minute, resumed: the future goes and its bytes with it.
    let back = timeline.move(to: timeline.frames.count - 1800)
    timeline.append(SessionRecording.Frame(steps: 4))
    #expect(timeline.frames.count == back + 1 && timeline.isAtEnd)
    Self.checkBytes(timeline, seed: seed)
    let saved = try SessionRecording.parse(
      timeline.recording(upTo: back + 1, digest: 0xABC).serialized(), file: "saved")
    #expect(saved.frames == timeline.frames && saved.finalDigest == 0xABC)
  }

  @Test func aFullTimelineKeepsWhatItHasAndTakesNoMore() {
    let budget = Self.header.headerText.utf8.count + 80
    var timeline = Timeline(header: Self.header, byteBudget: budget)
    for _ in 0..<100 { timeline.append(SessionRecording.Frame(steps: 4)) }
    #expect(timeline.isFull && timeline.frames.count == 10 && timeline.bytes == budget)
    #expect(!timeline.append(SessionRecording.Frame(steps: 4)) && timeline.frames.count == 10)
    // Going back frees the future: the timeline takes frames again.
    timeline.move(to: 5)
    #expect(timeline.append(SessionRecording.Frame(steps: 1)) && !timeline.isFull && timeline.frames.count == 6)
  }

  @Test func movesStayInTheScrubbableMinute() {
    var timeline = Timeline(header: Self.header, span: 1)
    for _ in 0..<120 { timeline.append(SessionRecording.Frame(steps: 4)) }
    // 1 s is 240 steps, 60 frames of 4.
    #expect(timeline.scrubbable == 60...120)
    #expect(timeline.move(to: 0) == 60 && timeline.move(to: 500) == 120 && timeline.move(to: 100) == 100)
    #expect(timeline.recording(upTo: 100, digest: nil).frames.count == 100)
  }

  @Test func paintsAStripThatMapsBackToPositions() {
    let layout = SandboxLayout(window: Size(width: 1280, height: 800), dock: .none)
    let bar = TimelineStrip.bar(in: layout)
    #expect(layout.status.contains(bar.center) && bar.width > 100)
    #expect(TimelineStrip.position(at: bar.minX - 50, in: layout, range: 10...110) == 10)
    #expect(TimelineStrip.position(at: bar.maxX + 50, in: layout, range: 10...110) == 110)
    #expect(TimelineStrip.position(at: bar.midX, in: layout, range: 10...110) == 60)
    #expect(TimelineStrip.contains(bar.center, in: layout) && !TimelineStrip.contains(Point(x: 5, y: 5), in: layout))
  }

  static func randomFrame(_ r: inout SplitMix) -> SessionRecording.Frame {
    var events: [InputEvent] = []
    if r.chance(0.3) {
      let p = Point(x: r.uniform(0, 800), y: r.uniform(0, 600))
      events.append(
        r.chance(0.5)
          ? .pointerMoved(position: p, delta: Vector(dx: r.uniform(-9, 9), dy: r.uniform(-9, 9)), buttons: .left)
          : .keyDown(.character("i"), modifiers: [], isRepeat: false))
    }
    return SessionRecording.Frame(steps: r.int(0..<6), events: events)
  }

  /// The bytes counted are exactly the recording's frame lines plus its header.
  static func checkBytes(_ timeline: Timeline, seed: UInt64) {
    let text = timeline.recording(upTo: timeline.frames.count, digest: nil).serialized()
    #expect(timeline.bytes == text.utf8.count, "seed \(seed): the byte count drifted from the frames kept")
  }
}
