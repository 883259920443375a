import CSDL2
import SandboxCore

/// Draws text with SDL2_ttf through the glyph atlas: each glyph is rasterized once, and a line of text is
/// a quad per glyph in the renderer's geometry batch. When no TrueType font can be opened it warns once
/// and falls back to the built-in bitmap font, so the window still works.
final class TextRenderer {
  /// Where the font is looked for, in order. `HOOKE_FONT` overrides them all.
  static let fontSearchPath = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf"
  ]

  private let renderer: OpaquePointer
  private let batch: GeometryBatch
  private let fontPath: String?
  private var fonts: [Int32: OpaquePointer] = [:]
  let atlas: GlyphAtlas?
  /// The current line's glyphs (scratch, kept between lines so drawing allocates nothing).
  private var line: [GlyphAtlas.Glyph] = []
  /// True once a font failed and the bitmap font took over.
  private(set) var usesFallback = false
  /// Where glyphs may be written directly (the software renderer's surface, with SDL's queue flushed),
  /// if anywhere.
  var directRaster: () -> SoftwareRaster? = { nil }
  /// Glyphs are copied one by one (the software renderer) instead of batched as quads.
  let copiesGlyphs: Bool

  init(renderer: OpaquePointer, batch: GeometryBatch, copiesGlyphs: Bool, environment: [String: String]) {
    self.renderer = renderer
    self.batch = batch
    self.copiesGlyphs = copiesGlyphs
    if TTF_WasInit() == 0, TTF_Init() != 0 {
      warn(
        "hooke: warning: SDL2_ttf could not start (\(String(cString: SDL_GetError()))); using the built-in bitmap font")
      fontPath = nil
      atlas = nil
      usesFallback = true
      return
    }
    let candidates = environment["HOOKE_FONT"].map { [$0] } ?? TextRenderer.fontSearchPath
    if let found = candidates.first(where: { path in
      guard let f = TTF_OpenFont(path, 12) else { return false }
      TTF_CloseFont(f)
      return true
    }) {
      fontPath = found
    } else {
      fontPath = nil
      usesFallback = true
      warn(
        "hooke: warning: no TrueType font could be opened (tried \(candidates.joined(separator: ", "))); using the built-in bitmap font — install fonts-dejavu-core for proper text"
      )
    }
    atlas = GlyphAtlas(renderer: renderer, keepsCoverage: copiesGlyphs)
    atlas?.willReset = { [batch] in batch.flush() }
  }

  deinit {
    // Fonts belong to SDL2_ttf; after TTF_Quit they are already gone.
    if TTF_WasInit() != 0 { for font in fonts.values { TTF_CloseFont(font) } }
  }

  /// The atlas texture, whose white corner untextured shapes may use to share a batch with text.
  var atlasTexture: OpaquePointer? { atlas?.texture }
  var whiteUV: SDL_FPoint { atlas?.whiteUV ?? SDL_FPoint(x: 0, y: 0) }

  /// Draws `text` with its anchor at `anchor` (in points), `size` in points, scaled by `scale` pixels per
  /// point for high-DPI windows.
  func draw(
    _ text: String, at anchor: (x: Double, y: Double), size: Double, color: Color,
    alignment: TextAlignment, scale: Double
  ) {
    guard !text.isEmpty else { return }
    let pixelSize = Int32(Swift.max(4, (size * scale).rounded()))
    guard !usesFallback, let atlas, let font = font(pixelSize: pixelSize) else {
      batch.flush()
      drawBitmap(text, at: anchor, size: size, color: color, alignment: alignment)
      return
    }
    // Look every glyph up first: rasterizing one may start the atlas over, and then the line's
    // earlier glyphs are looked up again in the fresh atlas.
    var generation = atlas.generation
    var width: Int32 = 0
    repeat {
      generation = atlas.generation
      line.removeAll(keepingCapacity: true)
      width = 0
      for scalar in text.unicodeScalars {
        guard let g = atlas.glyph(scalar.value, font: font, pixelSize: pixelSize) else { continue }
        line.append(g)
        width += g.advance
      }
    } while atlas.generation != generation
    let w = Double(width) / scale, h = Double(TTF_FontHeight(font)) / scale
    let f = alignment.fraction
    var x = (anchor.x - w * f.x).rounded()
    let y = (anchor.y - h * f.y).rounded()
    let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    if copiesGlyphs {
      copyGlyphs(from: atlas, x: x, y: y, color: c, scale: scale)
      return
    }
    batch.use(atlas.texture)
    for g in line {
      if g.width > 0 {
        batch.quad(
          x, y, x + Double(g.width) / scale, y + Double(g.height) / scale, c, u0: g.u0, v0: g.v0, u1: g.u1, v1: g.v1)
      }
      x += Double(g.advance) / scale
    }
  }

  /// The software renderer's way with the same glyphs: a copy of each from the atlas, tinted by the
  /// texture's colour modulation. Its triangle rasterizer costs five times as many instructions per
  /// glyph as its blitter (measured with callgrind on the springy list).
  private func copyGlyphs(from atlas: GlyphAtlas, x: Double, y: Double, color c: SDL_Color, scale: Double) {
    if let raster = directRaster() {
      writeGlyphs(atlas, into: raster, x: x, y: y, color: Color(r: c.r, g: c.g, b: c.b, a: c.a), scale: scale)
      return
    }
    batch.flush()
    SDL_SetTextureColorMod(atlas.texture, c.r, c.g, c.b)
    SDL_SetTextureAlphaMod(atlas.texture, c.a)
    let side = Float(GlyphAtlas.side)
    var x = x
    for g in line {
      if g.width > 0 {
        var source = SDL_Rect(x: Int32(g.u0 * side), y: Int32(g.v0 * side), w: g.width, h: g.height)
        var target = SDL_FRect(
          x: Float(x), y: Float(y), w: Float(Double(g.width) / scale), h: Float(Double(g.height) / scale))
        SDL_RenderCopyF(renderer, atlas.texture, &source, &target)
      }
      x += Double(g.advance) / scale
    }
  }

  /// The glyphs written into the software renderer's surface from the atlas's coverage.
  private func writeGlyphs(
    _ atlas: GlyphAtlas, into raster: SoftwareRaster, x: Double, y: Double, color: Color, scale: Double
  ) {
    let side = Int(GlyphAtlas.side)
    var pen = x * scale
    let top = Int((y * scale).rounded())
    atlas.coverage.withUnsafeBufferPointer { c in
      guard let coverage = c.baseAddress else { return }
      for g in line {
        if g.width > 0 {
          raster.glyph(
            coverage, side: side, sx: Int(g.x), sy: Int(g.y), w: Int(g.width), h: Int(g.height),
            dx: Int(pen.rounded()), dy: top, color: color)
        }
        pen += Double(g.advance)
      }
    }
  }

  /// The size of `text` in points, as `draw` places it: the glyphs' advances, one line high.
  func measure(_ text: String, size: Double, scale: Double) -> (width: Double, height: Double) {
    let pixelSize = Int32(Swift.max(4, (size * scale).rounded()))
    guard !usesFallback, let font = font(pixelSize: pixelSize) else { return bitmapSize(text, size: size) }
    var width: Int32 = 0
    for scalar in text.unicodeScalars {
      var advance: Int32 = 0, minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0
      if TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 { width += advance }
    }
    return (Double(width) / scale, Double(TTF_FontHeight(font)) / scale)
  }

  private func font(pixelSize: Int32) -> OpaquePointer? {
    if let f = fonts[pixelSize] { return f }
    guard let path = fontPath, let f = TTF_OpenFont(path, pixelSize) else { return nil }
    fonts[pixelSize] = f
    return f
  }

  // MARK: Bitmap fallback

  private func bitmapSize(_ text: String, size: Double) -> (width: Double, height: Double) {
    let cell = Swift.max(1, (size / 7).rounded())
    return (Double(text.count) * cell * Double(BitmapFont.columns + 1), cell * Double(BitmapFont.rows + 2))
  }

  private func drawBitmap(
    _ text: String, at anchor: (x: Double, y: Double), size: Double, color: Color,
    alignment: TextAlignment
  ) {
    let cell = Swift.max(1, (size / 7).rounded())
    let box = bitmapSize(text, size: size)
    let f = alignment.fraction
    var x = (anchor.x - box.width * f.x).rounded()
    let y = (anchor.y - box.height * f.y).rounded() + cell
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    for ch in text {
      if let rows = BitmapFont.glyph(for: ch) {
        for (row, bits) in rows.enumerated() {
          for col in 0..<BitmapFont.columns where bits & (1 << (BitmapFont.columns - 1 - col)) != 0 {
            var r = SDL_FRect(
              x: Float(x + Double(col) * cell), y: Float(y + Double(row) * cell),
              w: Float(cell), h: Float(cell))
            SDL_RenderFillRectF(renderer, &r)
          }
        }
      } else {
        var r = SDL_FRect(x: Float(x), y: Float(y), w: Float(cell * 3), h: Float(cell * 5))
        SDL_RenderDrawRectF(renderer, &r)
      }
      x += cell * Double(BitmapFont.columns + 1)
    }
  }
}

/// Writes one line to standard error.
func warn(_ message: String) {
  hooke_write_stderr(message + "\n")
}
