import Dynamics
import Foundation
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

/// The articles' demos as scenes: each main interaction does what the article's demo does.
@Suite struct DynamicsScenesTests {
  let size = Size(width: 800, height: 600)
  func run<S: Scene>(_ s: S, seconds: Double) { for _ in 0..<Int(seconds * 60) { s.advance(by: 1.0 / 60) } }

  @Test func gravityBallBouncesOnTheTabBarAndReportsTheContact() {
    let s = GravityBallScene()
    s.resize(to: size)
    // Dropped 400 pt with e = 0.7, the bounces add up to about 5.1 s (t₀·(1 + 2e/(1 − e))).
    run(s, seconds: 8)
    #expect(s.contactCount >= 2, "it bounced")
    #expect(s.contacts.contains { $0.hasPrefix("began contact with tabbar at (400, ") })
    #expect(abs(s.ballCenter.y - (s.floorY - 25)) < 2, "it rests on the boundary")
    // A click drops it again from the pointer.
    s.handle(.pointerDown(button: .left, position: Point(x: 200, y: 100), clickCount: 1))
    #expect(s.ballCenter == Point(x: 200, y: 100))
  }

  @Test func theCradlePassesTheKickToTheLastBall() {
    let s = NewtonsCradleScene()
    s.resize(to: size)
    let rest = s.balls.map(\.center)
    run(s, seconds: 0.1)
    #expect(s.balls[0].center.x < rest[0].x - 20, "the kick swings the first ball out")
    run(s, seconds: 0.4)
    #expect(s.balls[4].center.x > rest[4].x + 10, "after the strike the last ball leaves")
    #expect(abs(s.balls[2].center.x - rest[2].x) < 3, "the middle ball stays almost still")
  }

  @Test func aFlickOpensAndClosesTheMenu() {
    let s = SlideMenuScene()
    s.resize(to: size)
    s.handle(.pointerDown(button: .left, position: Point(x: 100, y: 300), clickCount: 1))
    s.advance(by: 1.0 / 60)
    s.handle(.pointerUp(button: .left, position: Point(x: 220, y: 300)))
    #expect(s.isOpen)
    run(s, seconds: 2)
    #expect(abs(s.openFraction - 1) < 0.01, "the menu lies against its boundary, fully open")
    s.handle(.keyDown(.character("m"), modifiers: [], isRepeat: false))
    run(s, seconds: 2)
    #expect(s.openFraction < 0.01)
    // A slow drag is not a flick.
    s.handle(.pointerDown(button: .left, position: Point(x: 100, y: 300), clickCount: 1))
    run(s, seconds: 1)
    s.handle(.pointerUp(button: .left, position: Point(x: 220, y: 300)))
    #expect(!s.isOpen)
  }

  @Test func aFastReleaseThrowsAndTheItemComesBack() {
    let s = DragAndThrowScene(seed: 7)
    s.resize(to: size)
    // A slow drag: the item follows the grabbed point (a rigid attachment).
    s.handle(.pointerDown(button: .left, position: Point(x: 450, y: 330), clickCount: 1))
    for k in 1...30 {
      s.advance(by: 1.0 / 60)
      s.handle(
        .pointerMoved(position: Point(x: 450 + Double(k) * 2, y: 330), delta: Vector(dx: 2, dy: 0), buttons: .left))
    }
    run(s, seconds: 0.2)
    // The grabbed point (50, 30) from the centre, turned with the item, stays under the pointer.
    let grabbed = s.item.center + Vector(dx: 50, dy: 30).rotated(by: s.item.transform.rotationAngle)
    #expect(grabbed.distance(to: Point(x: 510, y: 330)) < 1, "the grabbed point is under the pointer: \(grabbed)")
    // Then a flick: 40 pt a frame, released at once.
    for k in 1...5 {
      s.advance(by: 1.0 / 60)
      s.handle(
        .pointerMoved(position: Point(x: 510 + Double(k) * 40, y: 330), delta: Vector(dx: 40, dy: 0), buttons: .left))
    }
    s.handle(.pointerUp(button: .left, position: Point(x: 710, y: 330)))
    #expect(abs(s.lastReleaseSpeed - 2400) < 50, "40 pt per 1/60 s")
    #expect(s.isThrown && s.throwCount == 1)
    // The card leaves the drag with the pointer's velocity and the push on top: it crosses x = 700 within
    // 0.2 s (it may reach the right edge and come back within that time).
    var farthest = s.item.center.x
    for _ in 0..<12 {
      s.advance(by: 1.0 / 60)
      farthest = max(farthest, s.item.center.x)
    }
    #expect(farthest > 700, "thrown to the right")
    run(s, seconds: 3)
    #expect(!s.isThrown)
    #expect(s.item.center.distance(to: Point(x: 400, y: 300)) < 1, "and back in the middle")
  }

  @Test func theSpinIsSignedAndSeeded() {
    func spinAfterThrow(seed: UInt64) -> Double {
      let s = DragAndThrowScene(seed: seed)
      s.resize(to: size)
      s.handle(.pointerDown(button: .left, position: Point(x: 400, y: 300), clickCount: 1))
      for k in 1...3 {
        s.advance(by: 1.0 / 60)
        s.handle(
          .pointerMoved(position: Point(x: 400 + Double(k) * 40, y: 300), delta: Vector(dx: 40, dy: 0), buttons: .left))
      }
      s.handle(.pointerUp(button: .left, position: Point(x: 520, y: 300)))
      run(s, seconds: 0.1)
      return s.item.transform.rotationAngle
    }
    let spins = (1...12).map { spinAfterThrow(seed: UInt64($0)) }
    #expect(spins.contains { $0 > 0 } && spins.contains { $0 < 0 }, "both ways: \(spins)")
    #expect(spins.allSatisfy { abs($0) < 1.2 }, "never the tutorial's huge unsigned spins")
    #expect(spinAfterThrow(seed: 3) == spinAfterThrow(seed: 3), "the same seed, the same spin")
  }

  @Test func aClickSnapsTheItemThere() {
    let s = SnapScene()
    s.resize(to: size)
    s.handle(.pointerDown(button: .left, position: Point(x: 150, y: 450), clickCount: 1))
    run(s, seconds: 2)
    #expect(s.item.center.distance(to: Point(x: 150, y: 450)) < 0.5)
    #expect(abs(s.item.transform.rotationAngle) < 0.01)
  }
}

@Suite(.serialized) struct FileSceneTests {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-scenes-\(getpid())")

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url.path
  }

  @Test func shippedExamplesLoadAndMove() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for name in ["gravity-ball", "snap", "newtons-cradle", "fields"] {
      let s = try FileScene(path: root.appendingPathComponent("Resources/\(name).json").path)
      s.resize(to: Size(width: 800, height: 600))
      let before = s.bodies.map(\.center)
      for _ in 0..<30 { s.advance(by: 1.0 / 60) }
      #expect(s.bodies.map(\.center) != before, "\(name) moves")
    }
  }

  @Test func reloadsOnChangeAndKeepsThePreviousSceneOnError() throws {
    let ball = """
      { "items": [ { "id": "b", "center": [100, 100], "size": [40, 40] } ],
        "behaviors": [ { "type": "gravity", "items": ["b"] } ] }
      """
    let path = try write("live.json", ball)
    let s = try FileScene(path: path)
    for _ in 0..<10 { s.advance(by: 1.0 / 60) }
    #expect(s.bodies[0].center.y > 100)
    // A broken edit: the old scene keeps running and the error names the field.
    sleep(1)
    _ = try write("live.json", ball.replacingOccurrences(of: "[40, 40]", with: "[40, -4]"))
    s.reloadIfChanged()
    #expect(
      s.loadError == "\(path):1: items[0].size[1]: expected a size in points greater than 0 and at most 100000, got -4")
    #expect(s.bodies.count == 1 && s.reloadCount == 0)
    // A good edit: two items now.
    sleep(1)
    _ = try write(
      "live.json",
      ball.replacingOccurrences(
        of: "\"items\": [ {", with: "\"items\": [ { \"id\": \"c\", \"center\": [300, 100], \"size\": [20, 20] }, {"))
    s.reloadIfChanged()
    #expect(s.loadError == nil && s.reloadCount == 1 && s.bodies.count == 2)
  }

  @Test func aMissingFileIsAClearError() {
    #expect(
      SceneCatalog.validateSceneFile("/nonexistent/x.json")?.description
        == "/nonexistent/x.json: could not read the file (No such file or directory); check the path")
  }
}
