import CSDL2
import SandboxCore

/// Draws text with SDL2_ttf, caching one texture per (string, size, colour) so labels that do not change
/// cost one copy per frame. When no TrueType font can be opened it warns once and falls back to the
/// built-in bitmap font, so the window still works.
final class TextRenderer {
  /// Where the font is looked for, in order. `HOOKE_FONT` overrides them all.
  static let fontSearchPath = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
  ]

  private let renderer: OpaquePointer
  private let fontPath: String?
  private var fonts: [Int32: OpaquePointer] = [:]
  private var cache: [CacheKey: CachedText] = [:]
  private var frameIndex = 0
  private static let cacheLimit = 1024
  /// True once a font failed and the bitmap font took over.
  private(set) var usesFallback = false

  private struct CacheKey: Hashable {
    var text: String
    var pixelSize: Int32
    var color: Color
  }

  private struct CachedText {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
    var lastUsed: Int
  }

  init(renderer: OpaquePointer, environment: [String: String]) {
    self.renderer = renderer
    if TTF_WasInit() == 0, TTF_Init() != 0 {
      warn("hooke: warning: SDL2_ttf could not start (\(String(cString: SDL_GetError()))); using the built-in bitmap font")
      fontPath = nil
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
      warn("hooke: warning: no TrueType font could be opened (tried \(candidates.joined(separator: ", "))); using the built-in bitmap font — install fonts-dejavu-core for proper text")
    }
  }

  deinit {
    for entry in cache.values { SDL_DestroyTexture(entry.texture) }
    // Fonts belong to SDL2_ttf; after TTF_Quit they are already gone.
    if TTF_WasInit() != 0 { for font in fonts.values { TTF_CloseFont(font) } }
  }

  /// Marks the start of a frame, for the cache's least-recently-used eviction.
  func beginFrame() {
    frameIndex += 1
    if cache.count > TextRenderer.cacheLimit {
      // Drop everything not used in the last second or so; labels that change every frame (timers)
      // would otherwise fill the cache.
      for (key, entry) in cache where entry.lastUsed < frameIndex - 60 {
        SDL_DestroyTexture(entry.texture)
        cache[key] = nil
      }
    }
  }

  /// Draws `text` with its anchor at `origin` (in points), `size` in points, scaled by `scale` pixels per
  /// point for high-DPI windows.
  func draw(_ text: String, at anchor: (x: Double, y: Double), size: Double, color: Color,
            alignment: TextAlignment, scale: Double) {
    guard !text.isEmpty else { return }
    if usesFallback || fontPath == nil {
      drawBitmap(text, at: anchor, size: size, color: color, alignment: alignment)
      return
    }
    let pixelSize = Int32(Swift.max(4, (size * scale).rounded()))
    let key = CacheKey(text: text, pixelSize: pixelSize, color: color)
    var entry: CachedText
    if let hit = cache[key] {
      entry = hit
    } else if let made = makeTexture(key) {
      entry = made
    } else {
      drawBitmap(text, at: anchor, size: size, color: color, alignment: alignment)
      return
    }
    entry.lastUsed = frameIndex
    cache[key] = entry
    let w = Double(entry.width) / scale, h = Double(entry.height) / scale
    let f = alignment.fraction
    var dst = SDL_FRect(x: Float((anchor.x - w * f.x).rounded()), y: Float((anchor.y - h * f.y).rounded()),
                        w: Float(w), h: Float(h))
    SDL_RenderCopyF(renderer, entry.texture, nil, &dst)
  }

  /// The size of `text` in points.
  func measure(_ text: String, size: Double, scale: Double) -> (width: Double, height: Double) {
    if usesFallback { return bitmapSize(text, size: size) }
    guard let font = font(pixelSize: Int32(Swift.max(4, (size * scale).rounded()))) else {
      return bitmapSize(text, size: size)
    }
    var w: Int32 = 0, h: Int32 = 0
    TTF_SizeUTF8(font, text, &w, &h)
    return (Double(w) / scale, Double(h) / scale)
  }

  private func font(pixelSize: Int32) -> OpaquePointer? {
    if let f = fonts[pixelSize] { return f }
    guard let path = fontPath, let f = TTF_OpenFont(path, pixelSize) else { return nil }
    fonts[pixelSize] = f
    return f
  }

  private func makeTexture(_ key: CacheKey) -> CachedText? {
    guard let font = font(pixelSize: key.pixelSize) else { return nil }
    let c = SDL_Color(r: key.color.r, g: key.color.g, b: key.color.b, a: key.color.a)
    guard let surface = TTF_RenderUTF8_Blended(font, key.text, c) else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    return CachedText(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frameIndex)
  }

  // MARK: Bitmap fallback

  private func bitmapSize(_ text: String, size: Double) -> (width: Double, height: Double) {
    let cell = Swift.max(1, (size / 7).rounded())
    return (Double(text.count) * cell * Double(BitmapFont.columns + 1), cell * Double(BitmapFont.rows + 2))
  }

  private func drawBitmap(_ text: String, at anchor: (x: Double, y: Double), size: Double, color: Color,
                          alignment: TextAlignment) {
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
            var r = SDL_FRect(x: Float(x + Double(col) * cell), y: Float(y + Double(row) * cell),
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
