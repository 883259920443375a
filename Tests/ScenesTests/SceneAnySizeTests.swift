import Foundation
import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// Every scene at every window size a recording or a live window can give it, 0 × 0 included, with
/// random input in between: nothing traps, and every drawn coordinate is finite. (A window dragged
/// shorter than the slide menu's inbox once made an empty range run backwards.)
@Suite struct SceneAnySizeTests {
  /// Sides a window can take: none, a few points, just under and over a scene's fixed parts, huge.
  static let sides: [Double] = [0, 1, 2, 17, 48, 99, 100, 101, 155, 320, 800, 4_000, 16_384]

  /// The built-in scenes and the shipped scene files.
  static let scenes: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Resources").path)) ?? []
    return SceneCatalog.names
      + files.filter { $0.hasSuffix(".json") }.sorted().map { root.appendingPathComponent("Resources/\($0)").path }
  }()

  @Test func theShippedSceneFilesAreAmongThem() {
    #expect(Self.scenes.count(where: { $0.hasSuffix(".json") }) >= 4)
  }

  @Test(arguments: scenes)
  func randomSizesAndInputNeverTrap(scene name: String) {
    for seed in UInt64(1)...10 {
      var r = SplitMix(seed: seed &* 0x9E37_79B9 ^ UInt64(name.utf8.count))
      let entry = SceneCatalog.entry(named: name)!
      let context = SceneContext(seed: seed)
      let controller = SandboxController(
        scene: entry.make(context), size: randomSize(&r), catalog: SceneCatalog.entries,
        context: context)
      for frame in 0..<24 {
        for _ in 0..<r.int(4) { _ = controller.dispatch(randomEvent(&r, size: controller.size)) }
        controller.advance(steps: r.int(3))
        var list = DrawList()
        controller.draw(into: &list)
        let bad = list.commands.first { !allFinite($0) }
        #expect(
          bad == nil, "\(name), seed \(seed), frame \(frame), window \(controller.size): \(String(describing: bad))")
        if bad != nil { return }
      }
    }
  }

  func randomSize(_ r: inout SplitMix) -> Size {
    Size(
      width: r.chance(0.8) ? r.pick(Self.sides) : r.uniform(0, 2_000),
      height: r.chance(0.8) ? r.pick(Self.sides) : r.uniform(0, 2_000))
  }

  func randomEvent(_ r: inout SplitMix, size: Size) -> InputEvent {
    // Positions inside the window mostly, sometimes well outside it.
    let p = Point(x: r.uniform(-50, size.width + 50), y: r.uniform(-50, size.height + 50))
    let keys: [Key] = [
      .character("f"), .character("m"), .character("i"), .character("g"), .character("r"),
      .character("t"), .character("h"), .character("l"), .character("d"), .character("0"), .character("3"),
      .character("9"),
      .space, .tab, .escape, .delete, .backspace, .up, .down, .left, .right, .enter
    ]
    switch r.int(8) {
    case 0: return .resized(randomSize(&r))
    case 1: return .pointerDown(button: .left, position: p, clickCount: 1 + r.int(2))
    case 2: return .pointerUp(button: .left, position: p)
    case 3, 4:
      return .pointerMoved(
        position: p, delta: Vector(dx: r.uniform(-300, 300), dy: r.uniform(-300, 300)), buttons: .left)
    case 5:
      return .wheel(
        WheelEvent(
          preciseDelta: Vector(dx: r.uniform(-40, 40), dy: r.uniform(-40, 40)),
          notches: (r.int(-3..<4), r.int(-3..<4)), isPrecise: r.chance(0.5), position: p))
    default: return .keyDown(r.pick(keys), modifiers: [], isRepeat: false)
    }
  }
}

/// Whether every number a command carries is finite.
private func allFinite(_ c: DrawCommand) -> Bool {
  func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
  func ok(_ s: Size) -> Bool { s.width.isFinite && s.height.isFinite }
  switch c {
  case .clear: return true
  case .rect(let center, let size, let rotation, _, _, let w),
    .ellipse(let center, let size, let rotation, _, _, let w):
    return ok(center) && ok(size) && rotation.isFinite && w.isFinite
  case .polygon(let points, _): return points.allSatisfy(ok)
  case .polyline(let points, _, _, let w): return points.allSatisfy(ok) && w.isFinite
  case .arrow(let a, let b, _, let w, let head): return ok(a) && ok(b) && w.isFinite && head.isFinite
  case .dashedLine(let a, let b, _, let w, let dash, let gap):
    return ok(a) && ok(b) && w.isFinite && dash.isFinite && gap.isFinite
  case .text(_, let p, let size, _, _): return ok(p) && size.isFinite
  }
}
