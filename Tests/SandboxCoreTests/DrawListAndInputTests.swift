import Geometry2D
import Testing
@testable import SandboxCore

@Suite struct DrawListTests {
  @Test func helpersMakeTheCommandsTheySay() {
    var list = DrawList()
    list.fillRect(Rect(x: 0, y: 0, width: 10, height: 20), .red)
    list.circle(center: Point(x: 1, y: 2), radius: 3, fill: nil, stroke: .blue, lineWidth: 2)
    list.stroke(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)), .white)
    #expect(
      list.commands[0]
        == .rect(
          center: Point(x: 5, y: 10), size: Size(width: 10, height: 20), rotation: 0,
          fill: .red, stroke: nil, lineWidth: 0))
    #expect(
      list.commands[1]
        == .ellipse(
          center: Point(x: 1, y: 2), radii: Size(width: 3, height: 3), rotation: 0,
          fill: nil, stroke: .blue, lineWidth: 2))
    guard case .polyline(let pts, let closed, _, _) = list.commands[2] else {
      Issue.record("a path strokes as a polyline")
      return
    }
    #expect(pts.count == 4 && closed)
    list.removeAll()
    #expect(list.count == 0)
  }

  @Test func colours() {
    #expect(Color(hex: 0x123456).argb == 0xFF12_3456)
    #expect(Color.black.mixed(with: .white, 0.5) == Color(r: 128, g: 128, b: 128))
    #expect(TextAlignment.bottomRight.fraction == (1, 1))
  }
}

@Suite struct InputEventTests {
  @Test func logLinesAreShortAndStable() {
    #expect(
      InputEvent.pointerDown(button: .left, position: Point(x: 200, y: 201.5), clickCount: 1).logLine
        == "pointer-down button=left at=200,201.5 clicks=1")
    #expect(
      InputEvent.keyDown(.character("k"), modifiers: .shift, isRepeat: false).logLine
        == "key-down key=k modifiers=1 repeat=false")
    #expect(InputEvent.resized(Size(width: 640, height: 480)).logLine == "resized size=640x480")
    let w = WheelEvent(preciseDelta: Vector(dx: 0, dy: 0.25), notches: (0, 0), isPrecise: true, position: .zero)
    #expect(InputEvent.wheel(w).logLine == "wheel delta=0,0.25 notches=0,0 precise=true at=0,0")
    #expect(InputEvent.pinch(scale: 1.05127, center: Point(x: 10, y: 20.5)).logLine == "pinch scale=1.051 at=10,20.5")
  }
}
