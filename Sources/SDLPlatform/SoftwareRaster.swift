import CSDL2
import SandboxCore

/// Rectangles and glyphs written straight into the software renderer's 32-bit surface.
///
/// Profiled on the springy list at 1280×800, SDL's software renderer spent 65 % of a frame in its blended
/// rectangle fill (about 30 instructions a pixel, even for opaque colours; its opaque fill uses
/// non-temporal stores that make the labels blended on top miss the cache) and a quarter in copying
/// glyphs (some 7,000 instructions of set-up a copy). Here an opaque span is a plain fill, a translucent
/// one SDL's own blend arithmetic, and a glyph a loop over its coverage in the atlas's alpha plane, so
/// the pixels match SDL's. Everything else (triangles, lines, clearing) stays with SDL.
struct SoftwareRaster {
  let pixels: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int
  /// Pixels per row.
  let stride: Int

  /// A raster over `surface`, when its pixels are 32-bit ARGB or XRGB and need no locking.
  init?(surface: UnsafeMutablePointer<SDL_Surface>) {
    let format = surface.pointee.format.pointee.format
    guard format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue,
          (surface.pointee.flags & UInt32(SDL_RLEACCEL)) == 0,
          let p = surface.pointee.pixels else { return nil }
    pixels = p.assumingMemoryBound(to: UInt32.self)
    width = Int(surface.pointee.w)
    height = Int(surface.pointee.h)
    stride = Int(surface.pointee.pitch) / 4
  }

  /// Fills the rectangle (in points; `scale` pixels per point), placed as SDL's software renderer places
  /// a float rectangle: origin and size each truncated, at least one pixel.
  func fill(x: Double, y: Double, w: Double, h: Double, scale: Double, color c: Color) {
    let x0 = Int(x * scale), y0 = Int(y * scale)
    let x1 = x0 + Swift.max(Int(w * scale), 1), y1 = y0 + Swift.max(Int(h * scale), 1)
    let left = Swift.max(x0, 0), right = Swift.min(x1, width)
    let top = Swift.max(y0, 0), bottom = Swift.min(y1, height)
    guard left < right, top < bottom else { return }
    let count = right - left
    if c.a == 255 {
      let value = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
      for row in top..<bottom { (pixels + row * stride + left).update(repeating: value, count: count) }
      return
    }
    let a = UInt32(c.a), inverse = 255 - a
    let r = UInt32(c.r) * a / 255, g = UInt32(c.g) * a / 255, b = UInt32(c.b) * a / 255
    for row in top..<bottom {
      let line = pixels + row * stride + left
      for k in 0..<count {
        let d = line[k]
        let dr = (d >> 16) & 0xFF, dg = (d >> 8) & 0xFF, db = d & 0xFF, da = d >> 24
        line[k] = (inverse * da / 255 + a) << 24 | (inverse * dr / 255 + r) << 16 | (inverse * dg / 255 + g) << 8 | (inverse * db / 255 + b)
      }
    }
  }

  /// Blends the glyph whose coverage is the `w`×`h` block at (`sx`, `sy`) of `coverage` (rows `side`
  /// long) in colour `c`, its top-left pixel at (`dx`, `dy`).
  func glyph(_ coverage: UnsafePointer<UInt8>, side: Int, sx: Int, sy: Int, w: Int, h: Int, dx: Int, dy: Int, color c: Color) {
    let left = Swift.max(dx, 0), right = Swift.min(dx + w, width)
    let top = Swift.max(dy, 0), bottom = Swift.min(dy + h, height)
    guard left < right, top < bottom else { return }
    let cr = UInt32(c.r), cg = UInt32(c.g), cb = UInt32(c.b), ca = UInt32(c.a)
    for row in top..<bottom {
      let source = coverage + (sy + row - dy) * side + (sx + left - dx)
      let line = pixels + row * stride + left
      for k in 0..<(right - left) {
        let cover = UInt32(source[k])
        if cover == 0 { continue }
        // The colour modulated by the coverage and the colour's alpha, then blended as SDL blends.
        let a = cover * ca / 255
        if a == 255 {
          line[k] = 0xFF00_0000 | cr << 16 | cg << 8 | cb
          continue
        }
        let inverse = 255 - a
        let d = line[k]
        let dr = (d >> 16) & 0xFF, dg = (d >> 8) & 0xFF, db = d & 0xFF, da = d >> 24
        line[k] = (a + inverse * da / 255) << 24 | (cr * a / 255 + inverse * dr / 255) << 16
          | (cg * a / 255 + inverse * dg / 255) << 8 | (cb * a / 255 + inverse * db / 255)
      }
    }
  }
}
