import Geometry2D
import SandboxCore
import TestSupport

@testable import Scenes

/// A seeded random build session in the playground: tools chosen at random, drags between random
/// points (mostly starting on an item, so joins get made), time passing, undo and redo, and inspector
/// edits with values in and out of range. Every point falls inside `area`, so what is built there stays
/// there if the engine keeps its promises.
struct RandomBuildSession {
  var random: SplitMix
  let driver: PlaygroundDriver
  let area: Rect
  /// What each step did, for a failure's message.
  var log: [String] = []

  init(
    seed: UInt64, area: Rect = Rect(x: 40, y: 80, width: 720, height: 460),
    scene: PlaygroundScene = PlaygroundScene()
  ) {
    random = SplitMix(seed: seed)
    driver = PlaygroundDriver(scene)
    self.area = area
  }

  var scene: PlaygroundScene { driver.scene }

  mutating func point() -> Point {
    if random.chance(0.6), !scene.bodies.isEmpty {
      let c = random.pick(scene.bodies).center
      if area.insetBy(dx: 2, dy: 2).contains(c) { return c }
    }
    return Point(x: random.uniform(area.minX, area.maxX), y: random.uniform(area.minY, area.maxY))
  }

  /// One random action. Returns a short description of it.
  @discardableResult mutating func step() -> String {
    let what: String
    switch random.int(10) {
    case 0..<5:
      let tool = random.pick(BuildTool.allCases)
      driver.key(tool.key)
      if tool == .attach { for _ in 0..<random.int(5) { driver.key("a") } }
      let a = point(), b = random.chance(0.2) ? a : point()
      driver.drag(a, b)
      what = "\(tool.rawValue)/\(scene.attachKind.rawValue) \(a) → \(b)"
    case 5:
      scene.undo()
      what = "undo"
    case 6:
      scene.redo()
      what = "redo"
    case 7:
      what = edit()
    default:
      let frames = random.int(1..<30)
      driver.run(Double(frames) / 60)
      what = "run \(frames) frames"
    }
    log.append(what)
    return what
  }

  /// Sets one of the selection's inspector parameters to a value that may lie outside its range.
  mutating func edit() -> String {
    if scene.selection == nil, let item = scene.document.scene.items.first {
      scene.selection = .item(item.id)
    }
    let parameters = scene.parameters
    guard !parameters.isEmpty else { return "edit: nothing selected" }
    let p = random.pick(parameters)
    let span = p.range.upperBound - p.range.lowerBound
    let v =
      random.chance(0.2)
      ? random.pick([-1, .nan, .infinity, p.range.upperBound + 1, p.range.lowerBound - span])
      : p.range.lowerBound + random.unit() * span
    let refusal = p.set(p.choices == nil ? v : v.rounded())
    return "edit \(p.name) = \(v)\(refusal.map { " (refused: \($0))" } ?? "")"
  }
}
