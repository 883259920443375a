import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The physics layouts' field view (`F`) at 1280×800: the springy list mid-drag drawn with the view off
/// and on, so the difference is the overlay's cost (about 450 cells' arrows and rings, and the contours).
/// Budget: 0.5 ms a frame in release.
func runLayoutForceViewBenchmarks(_ harness: BenchmarkHarness) {
  let f = InputEvent.keyDown(.character("f"), modifiers: [], isRepeat: false)
  for on in [false, true] {
    let scene = SpringyListScene()
    scene.resize(to: Size(width: 1280, height: 800))
    scene.advance(by: 1.0 / 60)
    if on { scene.handle(f) }
    scene.handle(.pointerDown(button: .left, position: Point(x: 640, y: 700), clickCount: 1))
    for k in 1...6 {
      scene.handle(
        .pointerMoved(position: Point(x: 640, y: 700 - 40 * Double(k)), delta: Vector(dx: 0, dy: -40), buttons: .left))
      scene.advance(by: 1.0 / 60)
    }
    var list = DrawList()
    harness.measure(group: "field", name: "springy-list-draw-1280x800-field-view-\(on ? "on" : "off")", iterations: 300)
    {
      list.removeAll()
      scene.draw(into: &list)
    }
    // And what the software renderer takes to draw it: the overlay's arrows, rings and dashes are triangles.
    if let canvas = try? HeadlessCanvas(width: 1280, height: 800) {
      harness.measure(
        group: "field", name: "springy-list-render-1280x800-field-view-\(on ? "on" : "off")", iterations: 100
      ) {
        canvas.render(list)
      }
    }
  }
}
