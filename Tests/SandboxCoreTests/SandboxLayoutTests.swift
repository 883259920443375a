import Geometry2D
import Testing
@testable import SandboxCore

/// Nothing covers anything: the scene's area, the dock, the status line and the HUD never overlap, for
/// every combination of open panels and for narrow and wide windows; opening a panel resizes the scene
/// to what is left, so no panel lies over a cell.
@Suite struct SandboxLayoutTests {
  static let windows = [
    Size(width: 800, height: 600), Size(width: 1280, height: 800), Size(width: 320, height: 240),
    Size(width: 3000, height: 400)
  ]

  /// True when the two rects share area (touching edges do not count).
  func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  @Test(arguments: windows) func theAreasTileTheWindow(window: Size) {
    for dock in [SandboxLayout.Dock.none, .tuning, .sceneList, .help] {
      for tools in [0, 12] {
        theAreasTile(SandboxLayout(window: window, dock: dock, toolCount: tools))
      }
    }
  }

  func theAreasTile(_ l: SandboxLayout) {
    let (window, dock) = (l.window, l.dock)
    var areas = [("scene", l.scene), ("status", l.status), ("hud", l.hud)]
    if let d = l.dockFrame { areas.append(("dock", d)) }
    if let t = l.toolbar { areas.append(("toolbar", t)) }
    #expect((l.toolbar == nil) == (l.toolCount == 0))
    for i in areas.indices {
      #expect(areas[i].1.width > 0 && areas[i].1.height > 0, "\(areas[i].0) is empty in \(window) with \(dock)")
      #expect(Rect(origin: .zero, size: window).contains(Point(x: areas[i].1.maxX - 0.5, y: areas[i].1.maxY - 0.5)))
      for j in areas.indices where j > i {
        #expect(
          !overlaps(areas[i].1, areas[j].1), "\(areas[i].0) and \(areas[j].0) overlap in \(window) with \(dock)")
      }
    }
    #expect(l.scene.width >= min(SandboxLayout.minimumSceneWidth, window.width))
  }

  @Test func panelsOpenOneAtATimeAndTheSceneGetsTheRest() {
    let scene = CountingScene()
    let c = SandboxController(scene: scene, size: Size(width: 1280, height: 800))
    let key = { (k: Key) in _ = c.dispatch(.keyDown(k, modifiers: [], isRepeat: false)) }
    key(.tab)
    #expect(c.tuning.isVisible && scene.size.width == 1280 - TuningPanel.width)
    #expect(c.tuning.frame(in: c.size) == c.layout.dockFrame)
    key(.character("l"))
    #expect(!c.tuning.isVisible && c.sceneList.isVisible, "the list replaces the panel")
    #expect(scene.size.width == 1280 - SceneListPanel.width)
    #expect(c.sceneList.frame(in: c.size, count: 3).minX == c.layout.dockFrame!.minX)
    key(.character("h"))
    #expect(c.showHelp && !c.sceneList.isVisible)
    key(.character("h"))
    #expect(!c.showHelp && c.layout.dock == .none && scene.size.width == 1280)
  }

  @Test func everyOverlayDrawsInsideItsOwnPlace() {
    for window in Self.windows {
      let c = SandboxController(scene: CountingScene(), size: window)
      for (dock, key) in [(SandboxLayout.Dock.tuning, Key.tab), (.sceneList, .character("l")), (.help, .character("h"))]
      {
        _ = c.dispatch(.keyDown(key, modifiers: [], isRepeat: false))
        #expect(c.layout.dock == dock)
        var list = DrawList()
        c.draw(into: &list)
        let scene = c.layout.scene
        for rect in list.filledRects where rect != c.layout.statusBar {
          #expect(!overlaps(rect, scene), "a \(dock) rect \(rect) lies over the scene \(scene) in \(window)")
        }
        _ = c.dispatch(.keyDown(key, modifiers: [], isRepeat: false))
      }
    }
  }

  @Test func aClickOnTheStatusBarDoesNotReachTheScene() {
    let scene = CountingScene()
    let c = SandboxController(scene: scene, size: Size(width: 800, height: 600))
    _ = c.dispatch(.pointerDown(button: .left, position: Point(x: 100, y: 595), clickCount: 1))
    #expect(scene.handled == 0)
    _ = c.dispatch(.pointerDown(button: .left, position: Point(x: 100, y: 300), clickCount: 1))
    #expect(scene.handled == 1)
  }
}

extension DrawList {
  /// The axis-aligned filled rects in the list, as drawn.
  var filledRects: [Rect] {
    commands.compactMap { command in
      guard case .rect(let center, let size, let rotation, let fill, _, _) = command, fill != nil, rotation == 0 else {
        return nil
      }
      return Rect(center: center, size: size)
    }
  }
}
