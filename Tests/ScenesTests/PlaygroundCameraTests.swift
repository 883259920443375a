import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// The playground's camera: pan, zoom about the pointer, Home frames the scene, and the tools and the
/// drawing (the debug view's too) follow it.
@Suite struct PlaygroundCameraTests {
  @Test func zoomKeepsThePointUnderThePointerAndPanMovesTheWorldWithIt() {
    var c = Camera()
    let pivot = Point(x: 300, y: 200)
    let under = c.world(pivot)
    c.zoom(by: 2.5, about: pivot)
    #expect(c.world(pivot).distance(to: under) < 1e-9)
    #expect(c.screen(c.world(Point(x: 17, y: 33))).distance(to: Point(x: 17, y: 33)) < 1e-9)
    let before = c.world(Point(x: 100, y: 100))
    c.pan(by: Vector(dx: 50, dy: -20))
    #expect(c.world(Point(x: 150, y: 80)).distance(to: before) < 1e-9, "the world moved with the pointer")
    c.zoom(by: 1e9, about: pivot)
    #expect(c.zoom == Camera.zoomRange.upperBound)
    c.zoom(by: .nan, about: pivot)
    #expect(c.zoom == Camera.zoomRange.upperBound, "a bad factor changes nothing")
  }

  @Test func aPinchZoomsAboutItsCentreAndBackAgain() {
    let d = PlaygroundDriver()
    let center = Point(x: 500, y: 120)
    let under = d.scene.camera.world(center)
    #expect(d.scene.handle(.pinch(scale: 1.5, center: center)))
    #expect(d.scene.handle(.pinch(scale: 1.2, center: center)))
    #expect(abs(d.scene.camera.zoom - 1.8) < 1e-12)
    #expect(d.scene.camera.world(center).distance(to: under) < 1e-9, "the point between the fingers stays put")
    d.scene.handle(.pinch(scale: 1 / 1.8, center: center))
    #expect(abs(d.scene.camera.zoom - 1) < 1e-12 && d.scene.camera.origin.distance(to: .zero) < 1e-9)
  }

  @Test func toolsWorkInWorldCoordinatesUnderTheCamera() {
    let d = PlaygroundDriver()
    d.key(" ")
    d.scene.handle(.keyDown(.other(1), modifiers: .control, isRepeat: false))
    let wheel = WheelEvent(preciseDelta: Vector(dx: 0, dy: -7.27), notches: (0, -7), isPrecise: false, position: .zero)
    d.scene.handle(.wheel(wheel))
    #expect(abs(d.scene.camera.zoom - 2) < 0.01, "Ctrl + wheel up zooms in: \(d.scene.camera.zoom)")
    d.scene.handle(.keyUp(.other(1), modifiers: []))
    d.drag(Point(x: 200, y: 200), Point(x: 300, y: 300), button: .right)
    #expect(d.scene.camera.world(Point(x: 300, y: 300)).distance(to: Point(x: 100, y: 100)) < 1)
    d.key("b")
    d.click(Point(x: 300, y: 300))
    #expect(d.items.first.map { $0.center.distance(to: Point(x: 100, y: 100)) < 1 } == true)
    var list = DrawList()
    d.scene.draw(into: &list)
    let box = list.commands.compactMap { c -> Size? in
      if case .rect(_, let size, _, .some, _, _) = c, size.width > 100, size.width < 130 { return size }
      return nil
    }
    #expect(box.count == 1, "the 60 pt box is drawn twice as large")
  }

  @Test func homeFramesEverything() {
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("g")
    d.drag(Point(x: 100, y: 500), Point(x: 700, y: 500))
    d.scene.camera.pan(by: Vector(dx: 5000, dy: 3000))
    d.scene.handle(.keyDown(.home, modifiers: [], isRepeat: false))
    let c = d.scene.camera
    for p in [Point(x: 100, y: 500), Point(x: 700, y: 500)] {
      let s = c.screen(p)
      #expect(s.x >= 0 && s.x <= 800 && s.y >= 0 && s.y <= 578, "\(p) in view at \(s)")
    }
  }
}
