import CSDL2
import SandboxCore

/// Rectangles, glyphs, triangles and circles written straight into the software renderer's 32-bit
/// surface.
///
/// Profiled on the springy list at 1280×800, SDL's software renderer spent 65 % of a frame in its blended
/// rectangle fill (about 30 instructions a pixel, even for opaque colours; its opaque fill uses
/// non-temporal stores that make the labels blended on top miss the cache) and a quarter in copying
/// glyphs (some 7,000 instructions of set-up a copy). Here every pixel gets a `Paint`: an opaque colour
/// as is, a translucent one by SDL's own blend arithmetic, so the pixels match SDL's; a glyph is a loop
/// over its coverage in the atlas's alpha plane. Lines and clearing stay with SDL.
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
      let p = surface.pointee.pixels
    else { return nil }
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
    let paint = Paint(c.r, c.g, c.b, c.a)
    for row in top..<bottom { paint.span(pixels + row * stride + left, count: right - left) }
  }

  /// Blends the glyph whose coverage is the `w`×`h` block at (`sx`, `sy`) of `coverage` (rows `side`
  /// long) in colour `c`, its top-left pixel at (`dx`, `dy`).
  func glyph(
    _ coverage: UnsafePointer<UInt8>, side: Int, sx: Int, sy: Int, w: Int, h: Int, dx: Int, dy: Int, color c: Color
  ) {
    let left = Swift.max(dx, 0), right = Swift.min(dx + w, width)
    let top = Swift.max(dy, 0), bottom = Swift.min(dy + h, height)
    guard left < right, top < bottom else { return }
    let ca = UInt32(c.a)
    for row in top..<bottom {
      let source = coverage + (sy + row - dy) * side + (sx + left - dx)
      let line = pixels + row * stride + left
      for k in 0..<(right - left) where source[k] != 0 {
        // The colour's alpha modulated by the coverage, then blended as SDL blends.
        line[k] = Paint(c.r, c.g, c.b, UInt8(UInt32(source[k]) * ca / 255)).over(line[k])
      }
    }
  }
}
