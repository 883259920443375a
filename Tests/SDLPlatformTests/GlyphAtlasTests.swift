import Geometry2D
import SandboxCore
import Testing
@testable import SDLPlatform

extension InProcessSDL {
  /// The glyph atlas and the software renderer's direct raster, against SDL's own drawing on the same
  /// headless surface.
  @Suite(.serialized) struct GlyphAtlasTests {
    let bg = Color(hex: 0x102030)

    /// Draws `list` on a fresh canvas, with the direct raster or with SDL's fills and copies only.
    func render(_ list: DrawList, direct: Bool, width: Int = 240, height: Int = 120) throws -> PixelImage {
      let canvas = try HeadlessCanvas(width: width, height: height)
      if !direct { canvas.renderer.surface = nil }
      canvas.render(list)
      return canvas.image()
    }

    /// Opaque and translucent rectangles, hairlines, triangles and text in any order: the direct raster
    /// writes the pixels SDL writes for rectangles (its placement and blend arithmetic), and text lands in
    /// the same places (glyph edges may differ by SDL's rounding of the colour modulation: ±2 a channel).
    @Test func theDirectRasterMatchesSDL() throws {
      var list = DrawList()
      list.clear(bg)
      list.fillRect(Rect(x: 10.6, y: 5.2, width: 50.7, height: 30.9), .white)
      list.fillRect(Rect(x: 30, y: 20, width: 80, height: 40), Color.red.withAlpha(128))
      list.text("Hooke 0123 ✓", at: Point(x: 12, y: 70), size: 16, color: Color(hex: 0xFFCC33))
      list.fillRect(Rect(x: 150, y: 10, width: 60, height: 60), Color(hex: 0x22AA66).withAlpha(200))
      list.polyline([Point(x: 0, y: 110), Point(x: 240, y: 100)], .white, width: 1)
      list.text("over", at: Point(x: 155, y: 30), size: 12, color: .white)
      let direct = try render(list, direct: true), sdl = try render(list, direct: false)
      var worst = 0, differing = 0
      for y in 0..<direct.height {
        for x in 0..<direct.width where direct.pixel(x: x, y: y) != sdl.pixel(x: x, y: y) {
          differing += 1
          let a = direct.pixel(x: x, y: y), b = sdl.pixel(x: x, y: y)
          for shift in [0, 8, 16] as [UInt32] {
            worst = max(worst, abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)))
          }
        }
      }
      #expect(worst <= 2, "the direct raster differs from SDL by up to \(worst) in a channel (\(differing) pixels)")
    }

    /// More glyphs than the atlas holds (every size from 6 to 160 pt of a long alphabet): it starts over,
    /// and a line drawn after that is the same as on a fresh renderer.
    @Test func aFullAtlasStartsOverAndTextStaysRight() throws {
      var probe = DrawList()
      probe.clear(bg)
      probe.text("Springs 42", at: Point(x: 4, y: 4), size: 18, color: .white)
      let fresh = try render(probe, direct: true)

      let canvas = try HeadlessCanvas(width: 240, height: 120)
      let atlas = try #require(canvas.renderer.text.atlas)
      let startGeneration = atlas.generation
      let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
      var size = 6.0
      while atlas.generation == startGeneration && size < 400 {
        var list = DrawList()
        list.text(alphabet, at: Point(x: 0, y: 0), size: size, color: .white)
        canvas.render(list)
        size += 2
      }
      #expect(atlas.generation > startGeneration, "the atlas never filled up (sizes up to \(size))")
      canvas.render(probe)
      #expect(canvas.image() == fresh, "text drawn after the atlas started over differs from a fresh renderer's")
    }

    /// Measuring and drawing agree: the lit pixels of a line fall inside its measured box.
    @Test func textStaysInsideItsMeasuredBox() throws {
      let canvas = try HeadlessCanvas(width: 300, height: 60)
      let size = canvas.renderer.measureText("Hooke ⟷ springs", size: 16)
      var list = DrawList()
      list.clear(bg)
      list.text("Hooke ⟷ springs", at: Point(x: 20, y: 20), size: 16, color: .white)
      canvas.render(list)
      let img = canvas.image()
      var minX = Int.max, maxX = Int.min, lit = 0
      for y in 0..<img.height {
        for x in 0..<img.width where img.pixel(x: x, y: y) != bg.argb {
          lit += 1
          minX = min(minX, x)
          maxX = max(maxX, x)
        }
      }
      #expect(lit > 100)
      #expect(minX >= 20 && Double(maxX) <= 20 + size.width + 2, "lit x \(minX)…\(maxX), measured width \(size.width)")
    }
  }
}
