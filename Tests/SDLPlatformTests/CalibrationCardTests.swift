import Geometry2D
import SandboxCore
import Scenes
import Testing
@testable import SDLPlatform

extension InProcessSDL {
  /// The calibration card, drawn headless: each cell shows its primitive where the card says, and the
  /// output is the same bits every time.
  @Suite(.serialized) struct CalibrationCardTests {
    let size = Size(width: 800, height: 600)

    func renderCard(_ prepare: (CalibrationScene) -> Void = { _ in }) throws -> PixelImage {
      let scene = CalibrationScene()
      scene.resize(to: size)
      prepare(scene)
      let canvas = try HeadlessCanvas(width: 800, height: 600)
      var list = DrawList()
      scene.draw(into: &list)
      canvas.render(list)
      return canvas.image()
    }

    func centre(_ cell: Int) -> (Int, Int) {
      let c = CalibrationScene.stage(cell, in: size).center
      return (Int(c.x), Int(c.y))
    }

    @Test func everyCellShowsItsPrimitive() throws {
      let img = try renderCard()
      func at(_ cell: Int, dx: Int = 0, dy: Int = 0) -> UInt32 {
        let (x, y) = centre(cell)
        return img.pixel(x: x + dx, y: y + dy)
      }
      #expect(at(0) == Color(hex: 0xE8443A).argb, "filled rect")
      #expect(at(1) == Palette.panel.argb, "stroked rect is hollow")
      #expect(at(2) == Palette.good.argb, "rotated rect")
      #expect(at(3) == Palette.warm.argb, "circle")
      #expect(at(4) == Palette.spring.argb, "ellipse")
      #expect(at(5) == Palette.accent.argb, "polygon")
      // Colour bars, left to right.
      let bars = CalibrationScene.barsFrame(in: size)
      let w = bars.width / Double(CalibrationScene.barColours.count)
      for (k, colour) in CalibrationScene.barColours.enumerated() {
        let x = Int(bars.minX + (Double(k) + 0.5) * w)
        #expect(img.pixel(x: x, y: Int(bars.midY)) == colour.argb)
      }
    }

    @Test func sameCardSameBits() throws {
      let a = try renderCard(), b = try renderCard()
      #expect(a.contentHash == b.contentHash)
    }

    @Test func inputStripAnswersDragAndWheel() throws {
      let quiet = try renderCard()
      let busy = try renderCard { scene in
        scene.handle(.pointerDown(button: .left, position: Point(x: 100, y: 100), clickCount: 1))
        scene.handle(.pointerMoved(position: Point(x: 300, y: 100), delta: Vector(dx: 200, dy: 0), buttons: .left))
        scene.handle(
          .wheel(
            WheelEvent(
              preciseDelta: Vector(dx: 0, dy: 5), notches: (0, 5), isPrecise: false,
              position: .zero)))
      }
      #expect(busy.pixel(x: 200, y: 100) == Palette.warm.argb, "the drag trail")
      #expect(quiet.pixel(x: 200, y: 100) != Palette.warm.argb)
      let strip = CalibrationScene.stripFrame(in: size)
      let gaugeY = Int(strip.maxY - 10)
      #expect(busy.pixel(x: Int(strip.midX + 20), y: gaugeY) == Palette.accent.argb, "the wheel gauge grew right")
      #expect(quiet.pixel(x: Int(strip.midX + 20), y: gaugeY) == Palette.panel.argb)
    }
  }
}
