import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

@Suite struct CalibrationSceneTests {
  @Test func drawsEveryCellInsideTheWindow() {
    let scene = CalibrationScene()
    let size = Size(width: 800, height: 600)
    scene.resize(to: size)
    var list = DrawList()
    scene.draw(into: &list)
    let window = Rect(origin: .zero, size: size)
    for i in 0..<CalibrationScene.cellTitles.count {
      let f = CalibrationScene.cellFrame(i, in: size)
      #expect(window.contains(f))
      for j in 0..<i { #expect(!f.intersects(CalibrationScene.cellFrame(j, in: size)), "cells \(i) and \(j) overlap") }
    }
    // Every kind of primitive appears at least once.
    var kinds = Set<String>()
    for c in list.commands {
      switch c {
      case .clear: kinds.insert("clear")
      case .rect(_, _, let rot, _, _, _): kinds.insert(rot == 0 ? "rect" : "rotated-rect")
      case .ellipse: kinds.insert("ellipse")
      case .polygon: kinds.insert("polygon")
      case .polyline(_, _, _, let w): kinds.insert(w > 1 ? "thick" : "hairline")
      case .arrow: kinds.insert("arrow")
      case .dashedLine: kinds.insert("dashed")
      case .text: kinds.insert("text")
      }
    }
    #expect(
      kinds == ["clear", "rect", "rotated-rect", "ellipse", "polygon", "thick", "hairline", "arrow", "dashed", "text"])
  }

  @Test func answersInput() {
    let scene = CalibrationScene()
    scene.resize(to: Size(width: 800, height: 600))
    #expect(scene.handle(.pointerDown(button: .left, position: Point(x: 1, y: 1), clickCount: 1)))
    scene.handle(.pointerMoved(position: Point(x: 5, y: 5), delta: Vector(dx: 4, dy: 4), buttons: .left))
    scene.handle(.pointerMoved(position: Point(x: 9, y: 9), delta: Vector(dx: 4, dy: 4), buttons: []))
    #expect(scene.dragPath.count == 2, "only moves with the button held extend the trail")
    scene.handle(
      .wheel(WheelEvent(preciseDelta: Vector(dx: 0, dy: 1), notches: (0, 1), isPrecise: false, position: .zero)))
    scene.handle(
      .wheel(WheelEvent(preciseDelta: Vector(dx: 0.5, dy: 0.25), notches: (0, 0), isPrecise: true, position: .zero)))
    #expect(scene.wheelTotal == Vector(dx: 0.5, dy: 1.25))
    scene.handle(.keyDown(.character("q"), modifiers: [], isRepeat: false))
    #expect(scene.lastKey == "q")
    scene.resize(to: Size(width: 640, height: 480))
    #expect(scene.resizeCount == 1)
    scene.reset()
    #expect(scene.dragPath.isEmpty && scene.wheelTotal == .zero && scene.lastKey == nil)
  }

  @Test func catalogNamesAreUniqueAndTheDefaultExists() {
    #expect(Set(SceneCatalog.names).count == SceneCatalog.names.count)
    #expect(SceneCatalog.entry(named: SceneCatalog.defaultName) != nil)
    #expect(SceneCatalog.entry(named: "no-such-scene") == nil)
  }
}
