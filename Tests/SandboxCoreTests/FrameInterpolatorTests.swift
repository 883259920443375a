import Geometry2D
import Testing

@testable import SandboxCore

/// A box gliding right at a constant speed: the simplest motion in which an uneven frame shows.
private final class Glider: Scene {
  let name = "glider"
  static let speed = 1000.0
  var x = 0.0
  func resize(to size: Size) {}
  func handle(_ event: InputEvent) -> Bool { false }
  func advance(by seconds: Double) { x += Glider.speed * seconds }
  func draw(into list: inout DrawList) {
    list.rect(center: Point(x: x, y: 100), size: Size(width: 20, height: 20), fill: Palette.accent)
  }
  func reset() { x = 0 }
  var stateDigest: UInt64 { x.bitPattern }
}

@Suite struct FrameInterpolatorTests {
  /// Where the glider is drawn in each of `frames` frames at `hertz`, interpolated or as stepped.
  static func drawnPositions(hertz: Double, frames: Int, interpolated: Bool) -> [Double] {
    let controller = SandboxController(scene: Glider(), size: Size(width: 800, height: 600))
    controller.interpolatesMotion = interpolated
    controller.clock.framePeriod = 1 / hertz
    var list = DrawList()
    var xs: [Double] = []
    for _ in 0..<frames {
      controller.advance(steps: controller.clock.tick(realElapsed: 1 / hertz))
      list.removeAll()
      controller.draw(into: &list)
      guard case .rect(let center, _, _, _, _, _) = list.commands[0] else { return [] }
      xs.append(center.x)
    }
    return xs
  }

  @Test(arguments: [60.0, 75, 120, 144, 165])
  func aConstantSpeedMovesTheSameDistanceEveryFrame(hertz: Double) {
    // The first frames fill the interpolator; from then on every frame is between two kept states.
    let xs = Self.drawnPositions(hertz: hertz, frames: 200, interpolated: true).dropFirst(4)
    let expected = Glider.speed / hertz
    let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
    let worst = steps.map { abs($0 - expected) }.max() ?? .infinity
    #expect(worst < 0.1, "at \(hertz) Hz a frame moved \(steps.min()!)…\(steps.max()!) pt, not \(expected)")
  }

  @Test(arguments: [60.0, 144])
  func slowMotionMovesEvenlyToo(hertz: Double) {
    let controller = SandboxController(scene: Glider(), size: Size(width: 800, height: 600))
    controller.interpolatesMotion = true
    controller.clock.framePeriod = 1 / hertz
    _ = controller.dispatch(.keyDown(.character("["), modifiers: [], isRepeat: false))
    _ = controller.dispatch(.keyDown(.character("["), modifiers: [], isRepeat: false))
    var list = DrawList()
    var xs: [Double] = []
    for _ in 0..<200 {
      controller.advance(steps: controller.clock.tick(realElapsed: 1 / hertz))
      list.removeAll()
      controller.draw(into: &list)
      if case .rect(let center, _, _, _, _, _) = list.commands[0] { xs.append(center.x) }
    }
    let moves = zip(xs.dropFirst(8), xs.dropFirst(9)).map { $1 - $0 }
    let expected = Glider.speed / hertz / 4
    #expect(moves.allSatisfy { abs($0 - expected) < 0.1 }, "at ¼× and \(hertz) Hz: \(moves.min()!)…\(moves.max()!)")
  }

  @Test func whatIsDrawnIsThisFramesListOnlyPlacedBetween() {
    var interpolator = FrameInterpolator()
    func box(x: Double, _ fill: Color) -> DrawCommand {
      .rect(
        center: Point(x: x, y: 0), size: Size(width: 1, height: 1), rotation: 0, fill: fill, stroke: nil, lineWidth: 1)
    }
    _ = interpolator.blend([box(x: 0, Palette.text)], at: 0, drawTime: 0)
    _ = interpolator.blend([box(x: 10, Palette.text)], at: 1, drawTime: 0.5)
    // At rest now: no new time, but the scene drew something new (a colour, an overlay).
    let drawn = interpolator.blend([box(x: 10, Palette.accent), box(x: 99, Palette.text)], at: 1, drawTime: 0.5)
    #expect(drawn == [box(x: 5, Palette.accent), box(x: 99, Palette.text)])
  }

  @Test func heldFramesShowTheStateItself() {
    let controller = SandboxController(scene: Glider(), size: Size(width: 800, height: 600))
    controller.interpolatesMotion = true
    var list = DrawList()
    _ = controller.dispatch(.pointerDown(button: .left, position: Point(x: 400, y: 300), clickCount: 1))
    for _ in 0..<10 {
      controller.advance(steps: controller.clock.tick(realElapsed: 1.0 / 144))
      list.removeAll()
      controller.draw(into: &list)
    }
    guard case .rect(let center, _, _, _, _, _) = list.commands[0] else {
      Issue.record("no rect")
      return
    }
    #expect(center.x == (controller.scene as! Glider).x)
  }

  @Test func asSteppedThe144HertzFramesAlternateOneAndTwoSteps() {
    // What the interpolation removes: 4.2 and 8.3 pt by turns at 1,000 pt/s.
    let xs = Self.drawnPositions(hertz: 144, frames: 100, interpolated: false)
    let steps = Set(zip(xs, xs.dropFirst()).map { (($1 - $0) * 10).rounded() / 10 })
    #expect(steps.count > 1 && steps.max()! - steps.min()! > 4, "\(steps)")
  }

  @Test func pausedFramesShowTheStateItself() {
    let controller = SandboxController(scene: Glider(), size: Size(width: 800, height: 600))
    controller.interpolatesMotion = true
    var list = DrawList()
    for _ in 0..<10 {
      controller.advance(steps: controller.clock.tick(realElapsed: 1.0 / 144))
      list.removeAll()
      controller.draw(into: &list)
    }
    _ = controller.dispatch(.keyDown(.space, modifiers: [], isRepeat: false))
    controller.advance(steps: controller.clock.tick(realElapsed: 1.0 / 144))
    list.removeAll()
    controller.draw(into: &list)
    guard case .rect(let center, _, _, _, _, _) = list.commands[0] else {
      Issue.record("no rect")
      return
    }
    #expect(center.x == (controller.scene as! Glider).x)
  }

  @Test func labelledThingsBlendWithThemselvesWhenTheOrderChanges() {
    // A scrolling list: cell 2 leaves, cell 4 comes, cell 3 moves up in the drawing order.
    func cell(_ n: Int, y: Double) -> [DrawCommand] {
      [
        .rect(
          center: Point(x: 0, y: y), size: Size(width: 10, height: 10), rotation: 0, fill: nil, stroke: nil,
          lineWidth: 1),
        .text("\(n)", at: Point(x: 0, y: y), size: 12, color: Palette.text, alignment: .center)
      ]
    }
    let earlier = cell(1, y: 100) + cell(2, y: 200) + cell(3, y: 300)
    let later = cell(3, y: 290) + cell(1, y: 90) + cell(4, y: 390)
    let pairs = FrameInterpolator.counterparts(of: later, in: earlier)
    #expect(pairs == [4, 5, 0, 1, nil, nil])
  }

  @Test func anglesBlendTheShortWayRound() {
    let a = DrawCommand.rect(
      center: .zero, size: Size(width: 1, height: 1), rotation: 3.1, fill: nil, stroke: nil, lineWidth: 1)
    let b = DrawCommand.rect(
      center: .zero, size: Size(width: 1, height: 1), rotation: -3.1, fill: nil, stroke: nil, lineWidth: 1)
    guard case .rect(_, _, let r, _, _, _) = DrawCommand.blend(a, b, 0.5) else {
      Issue.record("no rect")
      return
    }
    #expect(abs(abs(r) - .pi) < 1e-9, "half way from 3.1 to −3.1 is ±π, got \(r)")
  }
}
