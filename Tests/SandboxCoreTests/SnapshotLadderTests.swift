import Geometry2D
import Testing

@testable import SandboxCore

/// `SnapshotLadder`: a rung every `interval` frames and where forced, the nearest at or before a
/// position, the future's rungs dropped, those before the scrubbable stretch let go (but the last), and
/// the oldest thinned to stay within the budget while the newest stay.
@Suite struct SnapshotLadderTests {
  /// A scene whose snapshot is a counter and a fixed size.
  final class Counter: Scene {
    let name = "counter"
    var value = 0
    var bytes = 1000
    func resize(to size: Size) {}
    func handle(_ event: InputEvent) -> Bool { false }
    func advance(by seconds: Double) { value += 1 }
    func draw(into list: inout DrawList) {}
    func reset() { value = 0 }
    var stateDigest: UInt64 { UInt64(value) }
    func takeSnapshot() -> SceneSnapshot? {
      let v = value
      return SceneSnapshot(approximateBytes: bytes) { self.value = v }
    }
  }

  static func controller() -> (SandboxController, Counter) {
    let scene = Counter()
    return (SandboxController(scene: scene, size: Size(width: 400, height: 300)), scene)
  }

  @Test func rungsComeEveryIntervalAndWhereForced() {
    let (c, scene) = Self.controller()
    var ladder = SnapshotLadder(interval: 4, byteBudget: 1 << 20)
    for p in 0...10 {
      scene.value = p
      ladder.keep(c, at: p, scrubbable: 0...p)
    }
    ladder.keep(c, at: 10, force: true, scrubbable: 0...10)
    #expect(ladder.rungs.map(\.position) == [0, 4, 8, 10])
    #expect(ladder.nearest(atOrBefore: 7)?.position == 4)
    ladder.nearest(atOrBefore: 7)!.snapshot.sceneSnapshot.restore()
    #expect(scene.value == 4)
    ladder.dropAfter(5)
    #expect(ladder.rungs.map(\.position) == [0, 4])
  }

  @Test func rungsBeforeTheStretchGoButTheLast() {
    let (c, scene) = Self.controller()
    var ladder = SnapshotLadder(interval: 10, byteBudget: 1 << 20)
    for p in stride(from: 0, through: 100, by: 10) {
      scene.value = p
      ladder.keep(c, at: p, scrubbable: max(0, p - 35)...p)
    }
    // The stretch starts at 65: the rung at 60 stays, where a seek to 65 starts.
    #expect(ladder.rungs.map(\.position) == [60, 70, 80, 90, 100])
  }

  @Test func overBudgetTheOldestAreThinnedAndTheNewestStay() {
    let (c, scene) = Self.controller()
    var ladder = SnapshotLadder(interval: 1, byteBudget: 10_000)
    for p in 0..<40 {
      scene.value = p
      ladder.keep(c, at: p, scrubbable: 0...p)
      #expect(ladder.bytes <= 10_000, "frame \(p): \(ladder.bytes) bytes kept")
    }
    let positions = ladder.rungs.map(\.position)
    #expect(positions.last == 39 && positions.contains(38) && positions.first == 0)
    #expect(ladder.bytes == positions.count * 1000)
  }

  @Test func anotherControllerStartsTheLadderAgain() {
    let (a, _) = Self.controller()
    let (b, _) = Self.controller()
    var ladder = SnapshotLadder(interval: 1)
    ladder.keep(a, at: 0, scrubbable: 0...0)
    ladder.keep(a, at: 1, scrubbable: 0...1)
    ladder.keep(b, at: 2, scrubbable: 0...2)
    #expect(ladder.keeper === b && ladder.rungs.map(\.position) == [2])
  }
}
