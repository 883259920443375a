import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// The playground in the window: its tools in the dock's toolbar, its inspector in the dock's panel,
/// and the same toolbar in a physics scene turned into a playground with `Ctrl+B`.
@Suite struct PlaygroundDockTests {
  static let window = Size(width: 800, height: 600)

  func press(_ c: SandboxController, _ p: Point) -> String? {
    let answer = c.dispatch(.pointerDown(button: .left, position: p, clickCount: 1)).answer
    _ = c.dispatch(.pointerUp(button: .left, position: p))
    return answer
  }

  func button(_ c: SandboxController, _ tool: BuildTool) throws -> Point {
    let bar = try #require(c.layout.toolbar)
    return DockToolbar.frame(of: BuildTool.allCases.firstIndex(of: tool)!, in: bar).center
  }

  @Test func aClickOnTheToolbarPicksTheToolAndSpawnsNothing() throws {
    let scene = PlaygroundScene()
    let c = SandboxController(scene: scene, size: Self.window)
    _ = c.dispatch(.keyDown(.space, modifiers: [], isRepeat: false))
    #expect(scene.tool == .select)
    #expect(press(c, try button(c, .box)) == "tool box")
    #expect(scene.tool == .box && scene.document.scene.items.isEmpty, "the click picked the tool, spawned nothing")
    _ = press(c, Point(x: 300, y: 200))
    #expect(scene.document.scene.items.count == 1, "a click in the scene spawns with the picked tool")
    _ = press(c, try button(c, .attach))
    #expect(press(c, try button(c, .attach)) == "tool rigid", "the attach button again: the next kind")
    #expect(scene.tool == .attach && scene.attachKind == .rigid)
    #expect(scene.toolPalette?.buttons[7].name == "rigid" && scene.toolPalette?.chosen == 7)
    #expect(scene.document.scene.items.count == 1 && scene.document.scene.behaviors.count == 3)
  }

  @Test func theSceneDrawsNoToolbarOfItsOwn() {
    let scene = PlaygroundScene()
    let c = SandboxController(scene: scene, size: Self.window)
    var list = DrawList()
    scene.draw(into: &list)
    let labels = list.commands.compactMap { command -> String? in
      if case .text(let s, _, _, _, _) = command { return s }
      return nil
    }
    #expect(!labels.contains("V select"))
    list = DrawList()
    c.draw(into: &list)
    #expect(list.commands.contains { if case .text("V select", _, _, _, _) = $0 { true } else { false } })
  }

  @Test func theDockShowsTheSelectionAndEveryBehaviorItBelongsTo() throws {
    let scene = PlaygroundScene()
    let c = SandboxController(scene: scene, size: Self.window)
    let d = PlaygroundDriver(scene)
    d.key(" ")
    d.key("b")
    d.click(Point(x: 200, y: 200))
    d.click(Point(x: 400, y: 200))
    d.key("a")
    d.drag(Point(x: 200, y: 200), Point(x: 400, y: 200))
    d.key("v")
    d.click(Point(x: 200, y: 200))
    _ = c.dispatch(.keyDown(.tab, modifiers: [], isRepeat: false))
    var list = DrawList()
    c.draw(into: &list)
    let dock = try #require(c.layout.dockFrame)
    let inDock = list.commands.compactMap { command -> String? in
      if case .text(let s, let at, _, _, _) = command, dock.contains(at) { return s }
      return nil
    }
    #expect(inDock.contains("Inspector — playground"))
    #expect(inDock.contains("box-1: rectangle, 60 × 60 pt") && inDock.contains("in 4 behaviors:"))
    for kind in ["gravity", "collision", "itemBehavior", "attachment (plain) box-1 → box-2"] {
      #expect(inDock.contains { $0.hasPrefix("  " + kind) }, "\(kind) in \(inDock)")
    }
    #expect(inDock.contains("density"), "with its properties")
  }

  @Test func aBoundaryOrAnAttachmentSaysWhatItIsAndWhatItHolds() {
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("g")
    d.drag(Point(x: 100, y: 500), Point(x: 700, y: 500))
    d.key("b")
    d.click(Point(x: 200, y: 300))
    d.key("a")
    d.drag(Point(x: 200, y: 300), Point(x: 400, y: 100))
    d.key("v")
    d.click(Point(x: 400, y: 500))
    #expect(d.scene.inspection.first == "boundary wall-1: open, 2 points")
    #expect(d.scene.inspection.contains("  (100, 500) (700, 500)"))
    d.click(Point(x: 300, y: 200))
    #expect(d.scene.inspection.first?.hasPrefix("attachment (plain)") == true)
    #expect(d.scene.inspection.contains("joins box-2 to the point (400, 100)"), "\(d.scene.inspection)")
    d.click(Point(x: 600, y: 100))
    #expect(d.scene.inspection.first?.hasPrefix("nothing selected") == true)
  }

  @Test func aPhysicsSceneBuiltOnHasTheToolbarToo() throws {
    let c = SandboxController(
      scene: SceneCatalog.entry(named: "gravity-ball")!.make(SceneContext()), size: Self.window,
      catalog: SceneCatalog.entries)
    #expect(c.layout.toolbar == nil)
    _ = c.dispatch(.keyDown(.character("b"), modifiers: .control, isRepeat: false))
    let playground = try #require(c.scene as? PlaygroundScene)
    #expect(c.layout.toolbar != nil && c.sceneSize == c.layout.scene.size)
    _ = press(c, try button(c, .ball))
    #expect(playground.tool == .ball)
  }
}
