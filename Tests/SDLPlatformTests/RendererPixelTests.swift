import Geometry2D
import SandboxCore
import Testing
@testable import SDLPlatform

extension InProcessSDL {
  /// Exact pixels from the software renderer on a headless surface. SDL and its fonts keep global state,
  /// so these run one at a time.
  @Suite(.serialized) struct RendererPixelTests {
    let bg = Color(hex: 0x102030)

    func render(
      width: Int = 120, height: Int = 90, environment: [String: String] = [:],
      _ build: (inout DrawList) -> Void
    ) throws -> PixelImage {
      let canvas = try HeadlessCanvas(width: width, height: height, environment: environment)
      var list = DrawList()
      list.clear(bg)
      build(&list)
      canvas.render(list)
      return canvas.image()
    }

    @Test func clearFillsEveryPixel() throws {
      let img = try render { _ in }
      #expect(img.pixels.allSatisfy { $0 == bg.argb })
    }

    @Test func axisRectCoversExactlyItsPixels() throws {
      let red = Color(hex: 0xE8443A)
      let img = try render { $0.fillRect(Rect(x: 10, y: 20, width: 30, height: 15), red) }
      #expect(img.pixel(x: 10, y: 20) == red.argb)
      #expect(img.pixel(x: 39, y: 34) == red.argb)
      #expect(img.pixel(x: 9, y: 20) == bg.argb)
      #expect(img.pixel(x: 40, y: 20) == bg.argb)
      #expect(img.pixel(x: 10, y: 35) == bg.argb)
      #expect(img.pixels.filter { $0 == red.argb }.count == 30 * 15)
    }

    @Test func strokedRectIsInsideItsEdge() throws {
      let img = try render { $0.strokeRect(Rect(x: 10, y: 10, width: 40, height: 30), .white, width: 3) }
      #expect(img.pixel(x: 10, y: 10) == Color.white.argb)
      #expect(img.pixel(x: 12, y: 25) == Color.white.argb)
      #expect(img.pixel(x: 13, y: 25) == bg.argb, "three pixels wide, no more")
      #expect(img.pixel(x: 30, y: 25) == bg.argb, "hollow")
      #expect(img.pixel(x: 49, y: 39) == Color.white.argb)
      #expect(img.pixel(x: 50, y: 39) == bg.argb)
      // The four bands do not overlap, so the count is exact: the frame minus the hole.
      #expect(img.pixels.filter { $0 == Color.white.argb }.count == 40 * 30 - 34 * 24)
    }

    @Test func rotatedRectTurnsClockwise() throws {
      let green = Color(hex: 0x55D17A)
      // A long thin bar turned 45° clockwise on screen runs from top-left to bottom-right.
      let img = try render {
        $0.rect(center: Point(x: 60, y: 45), size: Size(width: 80, height: 8), rotation: .pi / 4, fill: green)
      }
      #expect(img.pixel(x: 60, y: 45) == green.argb)
      #expect(img.pixel(x: 40, y: 25) == green.argb, "up-left of centre is on the bar")
      #expect(img.pixel(x: 80, y: 65) == green.argb, "down-right of centre is on the bar")
      #expect(img.pixel(x: 80, y: 25) == bg.argb, "up-right is not")
      #expect(img.pixel(x: 40, y: 65) == bg.argb, "down-left is not")
    }

    @Test func circleAndRing() throws {
      let orange = Color(hex: 0xFF8A3D)
      let img = try render {
        $0.circle(center: Point(x: 60, y: 45), radius: 20, fill: orange)
        $0.circle(center: Point(x: 60, y: 45), radius: 35, fill: nil, stroke: .white, lineWidth: 4)
      }
      #expect(img.pixel(x: 60, y: 45) == orange.argb)
      #expect(img.pixel(x: 60 + 18, y: 45) == orange.argb)
      #expect(img.pixel(x: 60, y: 45 - 18) == orange.argb)
      #expect(img.pixel(x: 60 + 22, y: 45) == bg.argb)
      // SDL's triangle rasteriser may lose up to a pixel at a curved edge, so the diagonal checks keep
      // that margin: r ≈ 17.7 is inside, r ≈ 21.9 outside.
      #expect(img.pixel(x: 60 + 12, y: 45 + 12) == orange.argb)
      #expect(img.pixel(x: 60 + 15, y: 45 + 15) == bg.argb, "outside")
      #expect(img.pixel(x: 60 + 35, y: 45) == Color.white.argb, "the ring is centred on r = 35")
      #expect(img.pixel(x: 60, y: 45 + 35) == Color.white.argb)
      #expect(img.pixel(x: 60 + 30, y: 45) == bg.argb)
    }

    @Test func ellipseRadiiAndRotation() throws {
      let c = Color(hex: 0xC77DFF)
      let img = try render {
        $0.append(
          .ellipse(
            center: Point(x: 60, y: 45), radii: Size(width: 40, height: 10), rotation: .pi / 2,
            fill: c, stroke: nil, lineWidth: 0))
      }
      // Turned a quarter turn, the long axis is vertical.
      #expect(img.pixel(x: 60, y: 45 + 35) == c.argb)
      #expect(img.pixel(x: 60 + 35, y: 45) == bg.argb)
    }

    @Test func thickPolylineAndHairline() throws {
      let y = Color(hex: 0xFFD24A)
      let img = try render {
        $0.polyline([Point(x: 10, y: 10), Point(x: 60, y: 60), Point(x: 110, y: 10)], y, width: 6)
        $0.line(from: Point(x: 5.5, y: 80.5), to: Point(x: 100.5, y: 80.5), .white)
      }
      #expect(img.pixel(x: 35, y: 35) == y.argb)
      #expect(img.pixel(x: 37, y: 35) == y.argb, "width 6 covers ±2 px across the line")
      #expect(img.pixel(x: 45, y: 35) == bg.argb)
      #expect(img.pixel(x: 60, y: 58) == y.argb, "the join is filled")
      #expect(img.pixel(x: 50, y: 80) == Color.white.argb)
      #expect(img.pixel(x: 50, y: 79) == bg.argb && img.pixel(x: 50, y: 81) == bg.argb, "a hairline is one pixel")
    }

    @Test func arrowHeadAndDashes() throws {
      let g = Color(hex: 0x55D17A)
      let img = try render {
        $0.arrow(from: Point(x: 10, y: 20), to: Point(x: 110, y: 20), g, width: 2, headLength: 20)
        $0.dashedLine(from: Point(x: 10, y: 60), to: Point(x: 110, y: 60), .white, width: 4, dash: 10, gap: 10)
      }
      #expect(img.pixel(x: 50, y: 20) == g.argb, "shaft")
      #expect(img.pixel(x: 95, y: 26) == g.argb, "the head is wider than the shaft")
      #expect(img.pixel(x: 50, y: 26) == bg.argb)
      #expect(img.pixel(x: 15, y: 60) == Color.white.argb, "first dash 10…20")
      #expect(img.pixel(x: 25, y: 60) == bg.argb, "first gap 20…30")
      #expect(img.pixel(x: 35, y: 60) == Color.white.argb, "second dash 30…40")
    }

    @Test func convexPolygon() throws {
      let img = try render {
        $0.append(.polygon([Point(x: 60, y: 5), Point(x: 110, y: 85), Point(x: 10, y: 85)], fill: .red))
      }
      #expect(img.pixel(x: 60, y: 60) == Color.red.argb)
      #expect(img.pixel(x: 15, y: 10) == bg.argb)
    }

    @Test func alphaBlendsOverTheBackground() throws {
      let img = try render {
        $0.fillRect(Rect(x: 0, y: 0, width: 60, height: 90), .white)
        $0.fillRect(Rect(x: 20, y: 20, width: 80, height: 40), Color.red.withAlpha(128))
      }
      // Over white: r = 255, g = b = 255·(1 − 128/255) = 127; over the dark background it mixes halfway.
      // SDL's integer blend may round either way, so each channel gets ±1.
      func channels(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }
      let overWhite = channels(img.pixel(x: 30, y: 30))
      #expect(overWhite.0 == 255 && abs(overWhite.1 - 127) <= 1 && abs(overWhite.2 - 127) <= 1)
      let overDark = channels(img.pixel(x: 90, y: 30))
      let expected = (Double(bg.r) * 127 + 255 * 128) / 255
      #expect(abs(Double(overDark.0) - expected) <= 1)
      #expect(abs(Double(overDark.1) - Double(bg.g) * 127 / 255) <= 1)
    }

    @Test func textLightsPixelsWhereItIsAnchored() throws {
      let img = try render(width: 200, height: 60) {
        $0.text("Hooke", at: Point(x: 10, y: 10), size: 20, color: .white)
        $0.text("R", at: Point(x: 190, y: 50), size: 14, color: .white, alignment: .bottomRight)
      }
      func lit(_ r: Rect) -> Int {
        var n = 0
        for y in Int(r.minY)..<Int(r.maxY) {
          for x in Int(r.minX)..<Int(r.maxX) where img.pixel(x: x, y: y) != bg.argb { n += 1 }
        }
        return n
      }
      #expect(lit(Rect(x: 10, y: 10, width: 70, height: 25)) > 60)
      #expect(lit(Rect(x: 0, y: 0, width: 200, height: 9)) == 0, "nothing above the top-left anchor")
      #expect(lit(Rect(x: 175, y: 32, width: 15, height: 18)) > 10, "bottom-right text sits up and left of its anchor")
      #expect(lit(Rect(x: 190, y: 0, width: 10, height: 60)) == 0)
    }

    @Test func missingFontFallsBackToTheBitmapFont() throws {
      let env = ["HOOKE_FONT": "/nonexistent/font.ttf"]
      let canvas = try HeadlessCanvas(width: 100, height: 40, environment: env)
      #expect(canvas.renderer.usesFallbackFont)
      var list = DrawList()
      list.clear(bg)
      list.text("HI 42", at: Point(x: 5, y: 5), size: 14, color: .white)
      canvas.render(list)
      let lit = canvas.image().pixels.filter { $0 == Color.white.argb }.count
      // H and I are 2×2 cells per bitmap pixel: H has 11 lit bits, I 9, 4 has 9, 2 has 8 (4 px each).
      #expect(lit == (11 + 9 + 9 + 8) * 4)
    }

    @Test func pngRoundTripKeepsEveryPixel() throws {
      let img = try render { $0.circle(center: Point(x: 60, y: 45), radius: 30, fill: Color.green.withAlpha(200)) }
      let path = "/tmp/hooke-roundtrip-\(img.contentHash).png"
      try img.savePNG(path: path)
      #expect(try PixelImage.load(path: path) == img)
    }
  }
}
