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
    let sourceRB = (UInt32(c.r) * a / 255) << 16 | UInt32(c.b) * a / 255
    let sourceAG = a << 16 | UInt32(c.g) * a / 255
    for row in top..<bottom {
      let line = pixels + row * stride + left
      for k in 0..<count { line[k] = SoftwareRaster.blend(line[k], inverse: inverse, sourceRB: sourceRB, sourceAG: sourceAG) }
    }
  }

  /// SDL's blend of one pixel, two channels at a time: each of red/blue and alpha/green becomes
  /// source + destination × (255 − a) / 255, the division exact (x / 255 = (x + 1 + x >> 8) >> 8 for every
  /// x up to 255²).
  @inline(__always) static func blend(_ d: UInt32, inverse: UInt32, sourceRB: UInt32, sourceAG: UInt32) -> UInt32 {
    var rb = (d & 0x00FF_00FF) &* inverse
    rb = ((rb &+ 0x0001_0001 &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((d >> 8) & 0x00FF_00FF) &* inverse
    ag = ((ag &+ 0x0001_0001 &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    return (rb &+ sourceRB) | (ag &+ sourceAG) << 8
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
        let sourceRB = (cr * a / 255) << 16 | cb * a / 255, sourceAG = a << 16 | cg * a / 255
        line[k] = SoftwareRaster.blend(line[k], inverse: 255 - a, sourceRB: sourceRB, sourceAG: sourceAG)
      }
    }
  }
}

extension SoftwareRaster {
  /// Fills the triangles of a batch of untextured vertices (positions in points, `scale` pixels per
  /// point), each in its first vertex's colour. A pixel is covered when its centre is inside, or on a
  /// top or left edge, so triangles sharing an edge (a fan, a ring) cover every pixel once and a
  /// translucent shape blends evenly.
  func fillTriangles(_ vertices: UnsafeBufferPointer<SDL_Vertex>, _ indices: UnsafeBufferPointer<Int32>, scale: Double) {
    var t = 0
    while t + 2 < indices.count {
      let a = vertices[Int(indices[t])], b = vertices[Int(indices[t + 1])], c = vertices[Int(indices[t + 2])]
      fillTriangle(Double(a.position.x) * scale, Double(a.position.y) * scale, Double(b.position.x) * scale,
                   Double(b.position.y) * scale, Double(c.position.x) * scale, Double(c.position.y) * scale,
                   color: a.color)
      t += 3
    }
  }

  private func fillTriangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                            color: SDL_Color) {
    // Counter-clockwise on screen (y down: positive area), so "inside" is every edge function ≥ 0.
    var (ax, ay, bx, by, cx, cy) = (x0, y0, x1, y1, x2, y2)
    let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    guard area.isFinite, area != 0 else { return }
    if area < 0 { swap(&bx, &cx); swap(&by, &cy) }
    let top = Swift.max(0, Int((Swift.min(ay, by, cy) - 0.5).rounded(.up)))
    let bottom = Swift.min(height - 1, Int((Swift.max(ay, by, cy) - 0.5).rounded(.down)))
    guard top <= bottom else { return }
    let edges = (Edge(ax, ay, bx, by), Edge(bx, by, cx, cy), Edge(cx, cy, ax, ay))
    let opaque = color.a == 255
    let value = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    let a = UInt32(color.a), inverse = 255 - a
    let sourceRB = (UInt32(color.r) * a / 255) << 16 | UInt32(color.b) * a / 255
    let sourceAG = a << 16 | UInt32(color.g) * a / 255
    for y in top...bottom {
      // The row's span: the pixels whose centres every edge covers.
      let py = Double(y) + 0.5
      var first = 0, last = width - 1
      edges.0.clip(py, &first, &last); edges.1.clip(py, &first, &last); edges.2.clip(py, &first, &last)
      guard first <= last else { continue }
      let line = pixels + y * stride
      if opaque {
        (line + first).update(repeating: value, count: last - first + 1)
      } else {
        for x in first...last { line[x] = SoftwareRaster.blend(line[x], inverse: inverse, sourceRB: sourceRB, sourceAG: sourceAG) }
      }
    }
  }
}

/// One edge of a counter-clockwise triangle, as the function that is positive on its inner side.
struct Edge {
  let ax: Double, ay: Double, dx: Double, dy: Double
  /// A top edge (horizontal, running right to left here) or a left edge (running downwards… upwards on
  /// screen): pixels exactly on it belong to this triangle, not to its neighbour.
  let ownsBoundary: Bool

  init(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    self.ax = ax; self.ay = ay; dx = bx - ax; dy = by - ay
    ownsBoundary = (dy == 0 && dx < 0) || dy > 0
  }

  @inline(__always) func covers(_ px: Double, _ py: Double) -> Bool {
    let w = dx * (py - ay) - dy * (px - ax)
    return w > 0 || (w == 0 && ownsBoundary)
  }

  /// Narrows [first, last] to the pixels x of row py whose centres (x + ½) the edge covers: the edge
  /// function dx·(py − ay) − dy·(px − ax) is linear in px, so it is a bound on one side (or all or none).
  @inline(__always) func clip(_ py: Double, _ first: inout Int, _ last: inout Int) {
    let k = dx * (py - ay)
    if dy == 0 {
      if !(k > 0 || (k == 0 && ownsBoundary)) { first = 1; last = 0 }
      return
    }
    // The crossing, px = ax + k / dy, as a pixel index (centres at x + ½), kept within Int's reach.
    let cross = Swift.max(-1e9, Swift.min(1e9, ax + k / dy - 0.5))
    if dy > 0 {
      // Covered left of the crossing.
      let end = ownsBoundary ? Int(cross.rounded(.down)) : Int(cross.rounded(.up)) - 1
      last = Swift.min(last, end)
    } else {
      let start = ownsBoundary ? Int(cross.rounded(.up)) : Int(cross.rounded(.down)) + 1
      first = Swift.max(first, start)
    }
  }
}

extension SoftwareRaster {
  /// Fills the pixels whose centres lie between `inner` and `outer` from the centre (points; `scale`
  /// pixels per point): a disc when `inner` is 0, a ring otherwise. A circle costs a test per pixel of its
  /// bounds instead of a fan or ring of triangles (the field view draws a small ring at every cell).
  func fillAnnulus(cx: Double, cy: Double, inner: Double, outer: Double, scale: Double, color: SDL_Color) {
    let x0 = cx * scale, y0 = cy * scale, ro = outer * scale, ri = inner * scale
    guard ro > 0, ro.isFinite, x0.isFinite, y0.isFinite else { return }
    let ro2 = ro * ro, ri2 = ri * ri
    let top = Swift.max(0, Int((y0 - ro - 0.5).rounded(.up))), bottom = Swift.min(height - 1, Int((y0 + ro - 0.5).rounded(.down)))
    let left = Swift.max(0, Int((x0 - ro - 0.5).rounded(.up))), right = Swift.min(width - 1, Int((x0 + ro - 0.5).rounded(.down)))
    guard top <= bottom, left <= right else { return }
    let opaque = color.a == 255
    let value = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    let a = UInt32(color.a), inverse = 255 - a
    let sourceRB = (UInt32(color.r) * a / 255) << 16 | UInt32(color.b) * a / 255
    let sourceAG = a << 16 | UInt32(color.g) * a / 255
    for y in top...bottom {
      let dy = Double(y) + 0.5 - y0
      let line = pixels + y * stride
      for x in left...right {
        let dx = Double(x) + 0.5 - x0
        let d2 = dx * dx + dy * dy
        guard d2 < ro2, d2 >= ri2 else { continue }
        line[x] = opaque ? value : SoftwareRaster.blend(line[x], inverse: inverse, sourceRB: sourceRB, sourceAG: sourceAG)
      }
    }
  }
}
