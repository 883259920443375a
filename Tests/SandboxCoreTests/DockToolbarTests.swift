import Geometry2D
import Testing

@testable import SandboxCore

/// A scene with three tools, counting what reaches it.
final class ToolScene: Scene {
  let name = "tools"
  var handled: [InputEvent] = [], size = Size.zero, chosen = 0
  func resize(to size: Size) { self.size = size }
  func handle(_ event: InputEvent) -> Bool {
    handled.append(event)
    return true
  }
  func advance(by seconds: Double) {}
  func draw(into list: inout DrawList) { list.clear(.black) }
  func reset() {}
  var stateDigest: UInt64 { 0 }
  var toolPalette: ToolPalette? {
    ToolPalette(
      buttons: [.init(key: "V", name: "select"), .init(key: "B", name: "box"), .init(key: "O", name: "ball")],
      chosen: chosen)
  }
  func chooseTool(at index: Int) { chosen = index }
}

/// The toolbar in the dock under the scene: a press on a button picks the tool and never reaches the
/// scene; the scene is resized to leave the toolbar its room, however the dock's panel narrows it.
@Suite struct DockToolbarTests {
  let window = Size(width: 800, height: 600)

  @Test func aPressOnAButtonPicksItsToolAndNotTheScene() throws {
    let scene = ToolScene()
    let c = SandboxController(scene: scene, size: window)
    let bar = try #require(c.layout.toolbar)
    #expect(scene.size.height == bar.minY && bar.maxY == c.layout.statusBar.minY, "the scene ends where it begins")
    let box = DockToolbar.frame(of: 1, in: bar)
    let answer = c.dispatch(.pointerDown(button: .left, position: box.center, clickCount: 1)).answer
    #expect(scene.chosen == 1 && answer == "tool box")
    #expect(scene.handled.isEmpty, "the press on the toolbar spawned nothing in the scene")
    // Between the buttons, and right of the last: still the toolbar's, not the scene's.
    let gap = Point(x: box.maxX + DockToolbar.gap / 2, y: box.midY)
    _ = c.dispatch(.pointerDown(button: .left, position: gap, clickCount: 1))
    _ = c.dispatch(.pointerDown(button: .left, position: Point(x: bar.maxX - 2, y: bar.midY), clickCount: 1))
    #expect(scene.chosen == 1 && scene.handled.isEmpty)
    _ = c.dispatch(.pointerDown(button: .left, position: Point(x: box.midX, y: bar.minY - 5), clickCount: 1))
    #expect(scene.handled.count == 1, "just above the toolbar is the scene")
  }

  @Test func theToolbarWrapsWhenTheDockNarrowsTheSceneAndKeepsItsButtonsApart() throws {
    let scene = ToolScene()
    let c = SandboxController(scene: scene, size: Size(width: 400, height: 300))
    _ = c.dispatch(.keyDown(.tab, modifiers: [], isRepeat: false))
    let bar = try #require(c.layout.toolbar)
    #expect(bar.maxX <= c.layout.dockFrame!.minX && scene.size.width == bar.width)
    let frames = (0..<3).map { DockToolbar.frame(of: $0, in: bar) }
    #expect(frames[2].minY > frames[0].maxY, "a 200 pt scene holds two buttons a row: the third wraps")
    for (i, f) in frames.enumerated() {
      #expect(bar.contains(Point(x: f.maxX - 0.5, y: f.maxY - 0.5)))
      #expect(DockToolbar.button(at: f.center, in: bar, count: 3) == i)
    }
    _ = c.dispatch(.pointerDown(button: .left, position: frames[2].center, clickCount: 1))
    #expect(scene.chosen == 2 && scene.handled.isEmpty)
  }

  @Test func theToolbarIsDrawnInItsPlaceWithTheChosenToolHighlighted() throws {
    let scene = ToolScene()
    let c = SandboxController(scene: scene, size: window)
    scene.chosen = 2
    var list = DrawList()
    c.draw(into: &list)
    let bar = try #require(c.layout.toolbar)
    let labels = list.commands.compactMap { command -> String? in
      if case .text(let s, let at, _, _, _) = command, bar.contains(at) { return s }
      return nil
    }
    #expect(labels == ["V select", "B box", "O ball"])
    let highlighted = list.commands.compactMap { command -> Point? in
      if case .rect(let center, _, _, Palette.accent?, _, _) = command, bar.contains(center) { return center }
      return nil
    }
    #expect(highlighted == [DockToolbar.frame(of: 2, in: bar).center])
  }

  @Test func aSceneWithoutToolsHasNoToolbar() {
    let c = SandboxController(scene: CountingScene(), size: window)
    #expect(c.layout.toolbar == nil && c.layout.scene.height == window.height - SandboxLayout.statusBarHeight)
  }

  @Test func longNotesWrapBetweenWordsKeepingTheirIndent() {
    let lines = "  attachment (plain): damping 0.3, frequency 2, length 262.09".wrapped(toColumns: 30)
    #expect(lines == ["  attachment (plain): damping", "    0.3, frequency 2, length", "    262.09"])
    #expect(lines.allSatisfy { $0.count <= 30 })
    #expect("short".wrapped(toColumns: 30) == ["short"])
  }
}
