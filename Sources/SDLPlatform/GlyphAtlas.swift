import CSDL2

/// Every glyph the app has drawn, each rasterized once by SDL2_ttf (white, with its coverage in alpha)
/// into one texture, so a frame's text is quads of that texture, coloured per vertex, in the same
/// `SDL_RenderGeometry` batches as the shapes: the cost of text follows the glyphs on screen, not the
/// number of distinct labels, and no label ever needs a texture of its own.
///
/// Glyphs are packed in shelves one line of their font high. The atlas also holds a white block at its
/// corner, so untextured shapes can share a batch with text (`whiteUV`). When it fills up it starts over
/// empty, after `willReset` (the renderer sends its pending quads while their glyphs are still there);
/// `generation` tells a caller holding glyphs that they moved.
final class GlyphAtlas {
  /// A glyph's place in the atlas and how it sits on the line, in pixels.
  struct Glyph {
    var u0: Float, v0: Float, u1: Float, v1: Float
    /// Its top-left pixel in the atlas.
    var x: Int32, y: Int32
    /// The glyph's box: as wide as SDL2_ttf renders the character alone, as high as the line.
    var width: Int32, height: Int32
    /// How far the pen moves after it.
    var advance: Int32
  }

  static let side: Int32 = 2048
  private let renderer: OpaquePointer
  let texture: OpaquePointer
  /// The texture coordinates of the middle of the white block.
  let whiteUV: SDL_FPoint
  /// Bumped each time the atlas starts over: quads made before point at glyphs no longer there.
  private(set) var generation = 0
  /// Called just before the atlas starts over.
  var willReset: () -> Void = {}
  private var shelfX: Int32 = 0, shelfY: Int32 = 0, shelfHeight: Int32 = 0
  /// Per pixel size: ASCII glyphs by code (a flat table: the common case needs no hashing), others by
  /// scalar value.
  private var ascii: [Int32: [Glyph?]] = [:]
  private var others: [Int32: [UInt32: Glyph]] = [:]
  /// The atlas's alpha plane, `side` × `side`, kept only for a renderer that draws glyphs on the CPU.
  private(set) var coverage: [UInt8] = []
  let keepsCoverage: Bool

  init?(renderer: OpaquePointer, keepsCoverage: Bool) {
    guard
      let t = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        GlyphAtlas.side, GlyphAtlas.side)
    else { return nil }
    self.renderer = renderer
    self.keepsCoverage = keepsCoverage
    if keepsCoverage { coverage = [UInt8](repeating: 0, count: Int(GlyphAtlas.side) * Int(GlyphAtlas.side)) }
    texture = t
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
    let half = 1 / Float(GlyphAtlas.side)
    whiteUV = SDL_FPoint(x: 2 * half, y: 2 * half)
    reset()
  }

  // No deinit destroys the texture: it belongs to the SDL renderer, which frees it with itself. The
  // atlas goes when its owner's `DrawListRenderer` goes, and that is after the owner (`HeadlessCanvas`,
  // `SDLWindow`) has destroyed the SDL renderer in its own deinit; destroying the texture then reached
  // into memory SDL had already freed, where another thread's allocation may already live.

  /// Empties the atlas but for its white block (a 4×4 corner: sampling its middle never bleeds).
  private func reset() {
    ascii.removeAll(keepingCapacity: true)
    others.removeAll(keepingCapacity: true)
    var white = [UInt32](repeating: 0xFFFF_FFFF, count: 16)
    var rect = SDL_Rect(x: 0, y: 0, w: 4, h: 4)
    _ = white.withUnsafeMutableBytes { SDL_UpdateTexture(texture, &rect, $0.baseAddress, 16) }
    shelfX = 6
    shelfY = 0
    shelfHeight = 6
    generation += 1
  }

  /// The glyph for `scalar` in `font` (opened at `pixelSize`), rasterizing it on first use; nil when the
  /// font cannot render it.
  func glyph(_ scalar: UInt32, font: OpaquePointer, pixelSize: Int32) -> Glyph? {
    if scalar < 128 {
      if let table = ascii[pixelSize], let g = table[Int(scalar)] { return g }
    } else if let g = others[pixelSize]?[scalar] {
      return g
    }
    guard let g = rasterize(scalar, font: font) else { return nil }
    if scalar < 128 {
      var table = ascii[pixelSize] ?? [Glyph?](repeating: nil, count: 128)
      table[Int(scalar)] = g
      ascii[pixelSize] = table
    } else {
      others[pixelSize, default: [:]][scalar] = g
    }
    return g
  }

  private func rasterize(_ scalar: UInt32, font: OpaquePointer) -> Glyph? {
    var advance: Int32 = 0
    var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0
    guard TTF_GlyphMetrics32(font, scalar, &minX, &maxX, &minY, &maxY, &advance) == 0 else { return nil }
    let lineHeight = TTF_FontHeight(font)
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let rendered = TTF_RenderGlyph32_Blended(font, scalar, white) else {
      // Blank glyphs (a space) render nothing but still move the pen.
      return Glyph(u0: 0, v0: 0, u1: 0, v1: 0, x: 0, y: 0, width: 0, height: lineHeight, advance: advance)
    }
    defer { SDL_FreeSurface(rendered) }
    guard let argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
    defer { SDL_FreeSurface(argb) }
    let w = argb.pointee.w, h = argb.pointee.h
    guard let (x, y) = place(width: w, height: h) else { return nil }
    var rect = SDL_Rect(x: x, y: y, w: w, h: h)
    SDL_UpdateTexture(texture, &rect, argb.pointee.pixels, argb.pointee.pitch)
    let s = Float(GlyphAtlas.side)
    if keepsCoverage { copyCoverage(of: argb, x: Int(x), y: Int(y)) }
    return Glyph(
      u0: Float(x) / s, v0: Float(y) / s, u1: Float(x + w) / s, v1: Float(y + h) / s,
      x: x, y: y, width: w, height: h, advance: advance)
  }

  /// Keeps the glyph's alpha in `coverage`, for drawing it on the CPU.
  private func copyCoverage(of argb: UnsafeMutablePointer<SDL_Surface>, x: Int, y: Int) {
    let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch) / 4
    guard let base = argb.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return }
    let side = Int(GlyphAtlas.side)
    coverage.withUnsafeMutableBufferPointer { c in
      for row in 0..<h {
        for col in 0..<w { c[(y + row) * side + x + col] = UInt8(base[row * pitch + col] >> 24) }
      }
    }
  }

  /// A free spot of `width`×`height` with a pixel of gap around it, starting over when the atlas is full.
  private func place(width: Int32, height: Int32) -> (Int32, Int32)? {
    let side = GlyphAtlas.side
    guard width + 1 <= side, height + 1 <= side else { return nil }
    if shelfX + width + 1 > side {
      shelfY += shelfHeight + 1
      shelfX = 0
      shelfHeight = 0
    }
    if shelfY + height + 1 > side {
      willReset()
      reset()
      shelfY = shelfHeight + 1
      shelfX = 0
      shelfHeight = 0
    }
    defer {
      shelfX += width + 1
      shelfHeight = max(shelfHeight, height)
    }
    return (shelfX, shelfY)
  }
}
