import CSDL2
import Geometry2D
import SandboxCore

#if canImport(Glibc)
  import Glibc
#endif

/// Replays a `DrawList` on an SDL renderer, in as few `SDL_RenderGeometry` calls as the list allows.
///
/// Text is glyph quads of one atlas texture (`GlyphAtlas`). On an accelerated renderer every shape is
/// triangles too, textured with the atlas's white corner, so a frame of cells, labels, arrows and lines
/// is usually a single batch: one draw call, whatever the number of labels. On the software renderer
/// axis-aligned rectangles and hairlines keep SDL's own fills and lines (exact pixels, and a blended fill
/// costs less there than a textured triangle), while rotated shapes and glyphs go in batches. Batches
/// keep their order, so blending is the same as drawing command by command. Coordinates are points;
/// `scale` is pixels per point (2 on a high-DPI screen).
package final class DrawListRenderer {
  let renderer: OpaquePointer
  private let batch: GeometryBatch
  let text: TextRenderer
  /// SDL's software renderer: rectangles and hairlines use its fills and lines.
  let isSoftware: Bool
  package var scale: Double = 1

  init(renderer: OpaquePointer, environment: [String: String]) {
    self.renderer = renderer
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    isSoftware = (info.flags & SDL_RENDERER_SOFTWARE.rawValue) != 0
    batch = GeometryBatch(renderer: renderer)
    text = TextRenderer(renderer: renderer, batch: batch, copiesGlyphs: isSoftware, environment: environment)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    text.directRaster = { [unowned self] in self.directRaster() }
    batch.fillsUntextured = { [unowned self] vertices, indices in
      guard let raster = self.raster else { return false }
      SDL_RenderFlush(self.renderer)
      raster.fillTriangles(vertices, indices, scale: self.scale)
      return true
    }
  }

  /// The software renderer's surface, when the owner knows it: rectangles and glyphs are then written
  /// into it directly (`SoftwareRaster`) instead of going through SDL's fills and copies.
  package var surface: (() -> UnsafeMutablePointer<SDL_Surface>?)?
  private var raster: SoftwareRaster?

  /// The raster, with everything queued before it drawn first (so the order of drawing holds).
  private func directRaster() -> SoftwareRaster? {
    guard let raster else { return nil }
    batch.flush()
    SDL_RenderFlush(renderer)
    return raster
  }

  /// `SDL_RenderGeometry` calls the last frame made.
  package private(set) var lastFrameBatches = 0

  /// True when text is drawn with the built-in bitmap font because no TrueType font could be opened.
  package var usesFallbackFont: Bool { text.usesFallback }

  /// The size of a line of text in points, as `draw` will place it.
  package func measureText(_ s: String, size: Double) -> Size {
    let m = text.measure(s, size: size, scale: scale)
    return Size(width: m.width, height: m.height)
  }

  package func render(_ list: DrawList) {
    raster = isSoftware ? surface?().flatMap(SoftwareRaster.init(surface:)) : nil
    batch.resetCallCount()
    SDL_RenderSetScale(renderer, Float(scale), Float(scale))
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    for command in list.commands { draw(command) }
    flushBatch()
    lastFrameBatches = batch.calls
  }

  private func draw(_ command: DrawCommand) {
    switch command {
    case .clear(let c):
      flushBatch()
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      setColor(c)
      SDL_RenderClear(renderer)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    case .rect(let center, let size, let rotation, let fill, let stroke, let lineWidth):
      drawRect(center: center, size: size, rotation: rotation, fill: fill, stroke: stroke, lineWidth: lineWidth)
    case .ellipse(let center, let radii, let rotation, let fill, let stroke, let lineWidth):
      drawEllipse(center: center, radii: radii, rotation: rotation, fill: fill, stroke: stroke, lineWidth: lineWidth)
    case .polygon(let points, let fill):
      fillFan(points, fill)
    case .polyline(let points, let closed, let color, let width):
      drawPolyline(points, closed: closed, color: color, width: width)
    case .arrow(let from, let to, let color, let width, let headLength):
      drawArrow(from: from, to: to, color: color, width: width, headLength: headLength)
    case .dashedLine(let from, let to, let color, let width, let dash, let gap):
      drawDashes(from: from, to: to, color: color, width: width, dash: dash, gap: gap)
    case .text(let s, let at, let size, let color, let alignment):
      text.draw(s, at: (at.x, at.y), size: size, color: color, alignment: alignment, scale: scale)
    }
  }

  private func setColor(_ c: Color) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) }

  // MARK: Shapes

  private func drawRect(center: Point, size: Size, rotation: Double, fill: Color?, stroke: Color?, lineWidth: Double) {
    let w = abs(size.width), h = abs(size.height)
    if rotation == 0 {
      let r = Rect(center: center, size: Size(width: w, height: h))
      if let fill { fillAxisRect(r, fill) }
      if let stroke, lineWidth > 0 {
        // Inside the edge, as four bands that do not overlap (overlaps would double the alpha).
        let t = Swift.min(lineWidth, w / 2, h / 2)
        fillAxisRect(Rect(x: r.minX, y: r.minY, width: w, height: t), stroke)
        fillAxisRect(Rect(x: r.minX, y: r.maxY - t, width: w, height: t), stroke)
        fillAxisRect(Rect(x: r.minX, y: r.minY + t, width: t, height: h - 2 * t), stroke)
        fillAxisRect(Rect(x: r.maxX - t, y: r.minY + t, width: t, height: h - 2 * t), stroke)
      }
      return
    }
    let t = AffineTransform(rotationAngle: rotation)
    func corners(_ hw: Double, _ hh: Double, into points: inout [Point]) {
      points.removeAll(keepingCapacity: true)
      points.append(center + Vector(dx: -hw, dy: -hh).applying(t))
      points.append(center + Vector(dx: hw, dy: -hh).applying(t))
      points.append(center + Vector(dx: hw, dy: hh).applying(t))
      points.append(center + Vector(dx: -hw, dy: hh).applying(t))
    }
    corners(w / 2, h / 2, into: &outer)
    if let fill { fillFan(outer, fill) }
    if let stroke, lineWidth > 0 {
      let k = Swift.min(lineWidth, w / 2, h / 2)
      corners(w / 2 - k, h / 2 - k, into: &inner)
      fillRing(outer: outer, inner: inner, stroke)
    }
  }

  /// Scratch outlines, kept between shapes so that drawing allocates nothing once warm.
  private var outer: [Point] = []
  private var inner: [Point] = []

  private func fillAxisRect(_ r: Rect, _ c: Color) {
    guard r.width > 0, r.height > 0 else { return }
    if let raster = directRaster() {
      raster.fill(x: r.minX, y: r.minY, w: r.width, h: r.height, scale: scale, color: c)
      return
    }
    if isSoftware {
      flushBatch()
      setColor(c)
      var fr = SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
      SDL_RenderFillRectF(renderer, &fr)
      return
    }
    useSolid()
    let uv = text.whiteUV
    batch.quad(r.minX, r.minY, r.maxX, r.maxY, sdlColor(c), u0: uv.x, v0: uv.y, u1: uv.x, v1: uv.y)
  }

  /// Enough segments that the chords stay within a quarter pixel of the true curve.
  private func segments(forRadius r: Double) -> Int {
    let rp = r * scale
    guard rp > 0.5 else { return 8 }
    let step = 2 * acos(Swift.max(-1, 1 - 0.25 / rp))
    return Swift.min(256, Swift.max(8, Int((2 * .pi / step).rounded(.up))))
  }

  private func ellipsePoints(
    center: Point, rx: Double, ry: Double, rotation: Double, n: Int, into points: inout [Point]
  ) {
    let t = AffineTransform(rotationAngle: rotation)
    points.removeAll(keepingCapacity: true)
    for i in 0..<n {
      let a = Double(i) / Double(n) * 2 * .pi
      points.append(center + Vector(dx: rx * cos(a), dy: ry * sin(a)).applying(t))
    }
  }

  private func drawEllipse(
    center: Point, radii: Size, rotation: Double, fill: Color?, stroke: Color?,
    lineWidth: Double
  ) {
    let rx = abs(radii.width), ry = abs(radii.height)
    if rx == ry, raster != nil {
      drawCircleDirectly(center: center, radius: rx, fill: fill, stroke: stroke, lineWidth: lineWidth)
      return
    }
    let n = segments(forRadius: Swift.max(rx, ry) + lineWidth / 2)
    if let fill {
      ellipsePoints(center: center, rx: rx, ry: ry, rotation: rotation, n: n, into: &outer)
      fillFan(outer, fill, center: center)
    }
    if let stroke, lineWidth > 0 {
      // Centred on the edge.
      ellipsePoints(
        center: center, rx: rx + lineWidth / 2, ry: ry + lineWidth / 2, rotation: rotation, n: n, into: &outer)
      ellipsePoints(
        center: center, rx: Swift.max(0, rx - lineWidth / 2), ry: Swift.max(0, ry - lineWidth / 2),
        rotation: rotation, n: n, into: &inner)
      fillRing(outer: outer, inner: inner, stroke)
    }
  }

  /// A circle on the software renderer's surface: a disc and a ring tested pixel by pixel.
  private func drawCircleDirectly(center: Point, radius r: Double, fill: Color?, stroke: Color?, lineWidth: Double) {
    guard let raster = directRaster() else { return }
    if let fill {
      raster.fillAnnulus(cx: center.x, cy: center.y, inner: 0, outer: r, scale: scale, color: sdlColor(fill))
    }
    if let stroke, lineWidth > 0 {
      // Centred on the edge, as the triangles draw it.
      raster.fillAnnulus(
        cx: center.x, cy: center.y, inner: Swift.max(0, r - lineWidth / 2), outer: r + lineWidth / 2,
        scale: scale, color: sdlColor(stroke))
    }
  }

  private func drawPolyline(_ pts: [Point], closed: Bool, color: Color, width: Double) {
    guard pts.count > 1 else { return }
    let n = closed ? pts.count : pts.count - 1
    for i in 0..<n { drawSegment(pts[i], pts[(i + 1) % pts.count], color: color, width: width) }
    // Round joins, so thick bends have no notches.
    if width * scale > 2 {
      let joints = closed ? 0..<pts.count : 1..<(pts.count - 1)
      for k in joints { addDisc(pts[k], radius: width / 2, color) }
    }
  }

  /// One straight stroke: a hairline (SDL's exact line on the software renderer, a one-pixel band in the
  /// batch elsewhere) or a band `width` wide.
  private func drawSegment(_ a: Point, _ b: Point, color: Color, width: Double) {
    if width * scale > 1 {
      addSegmentQuad(a, b, width: width, color)
    } else if isSoftware {
      flushBatch()
      setColor(color)
      SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
    } else {
      addSegmentQuad(a, b, width: 1 / scale, color)
    }
  }

  private func addDisc(_ p: Point, radius: Double, _ color: Color) {
    ellipsePoints(center: p, rx: radius, ry: radius, rotation: 0, n: 12, into: &outer)
    addFan(outer, color, center: p)
  }

  private func drawArrow(from a: Point, to b: Point, color: Color, width: Double, headLength: Double) {
    let v = b - a
    let len = v.length
    guard len > 0 else { return }
    let dir = v / len
    let head = Swift.min(headLength, len)
    let base = b - dir * head
    if len > head { drawSegment(a, base, color: color, width: width) }
    let side = dir.perpendicular * (head * 0.45)
    addTriangle(b, base + side, base - side, color)
  }

  private func drawDashes(from a: Point, to b: Point, color: Color, width: Double, dash: Double, gap: Double) {
    let v = b - a
    let len = v.length
    guard len > 0, dash > 0 else { return }
    let dir = v / len
    var s = 0.0
    while s < len {
      let e = Swift.min(len, s + dash)
      drawSegment(a + dir * s, a + dir * e, color: color, width: width)
      s = e + Swift.max(gap, 0.5)
    }
  }

  // MARK: Triangles

  private func flushBatch() { batch.flush() }

  private func sdlColor(_ c: Color) -> SDL_Color { SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a) }

  /// Untextured triangles: on the software renderer a batch with no texture, elsewhere the atlas's white
  /// corner, so shapes and text share one batch.
  private func useSolid() { batch.use(isSoftware ? nil : text.atlasTexture) }

  private var solidUV: SDL_FPoint { isSoftware ? SDL_FPoint(x: 0, y: 0) : text.whiteUV }

  private func vertex(_ p: Point, _ c: SDL_Color) { batch.vertex(p.x, p.y, c, solidUV) }

  /// A convex (or star-shaped about `center`) polygon as a triangle fan.
  private func addFan(_ pts: [Point], _ color: Color, center: Point? = nil) {
    guard pts.count >= 3 else { return }
    useSolid()
    let c = sdlColor(color)
    let base = batch.vertexCount
    let n = Int32(pts.count)
    if let center {
      vertex(center, c)
      for p in pts { vertex(p, c) }
      for i in 0..<n { batch.triangle(base, base + 1 + i, base + 1 + (i + 1) % n) }
    } else {
      for p in pts { vertex(p, c) }
      for i in 1..<(n - 1) { batch.triangle(base, base + i, base + i + 1) }
    }
  }

  private func addTriangle(_ a: Point, _ b: Point, _ c: Point, _ color: Color) {
    useSolid()
    let k = sdlColor(color)
    let base = batch.vertexCount
    vertex(a, k)
    vertex(b, k)
    vertex(c, k)
    batch.triangle(base, base + 1, base + 2)
  }

  private func fillFan(_ pts: [Point], _ c: Color, center: Point? = nil) {
    addFan(pts, c, center: center)
  }

  /// The band between two polygons with matching vertices.
  private func fillRing(outer: [Point], inner: [Point], _ color: Color) {
    useSolid()
    let c = sdlColor(color)
    let base = batch.vertexCount
    let n = Int32(outer.count)
    for p in outer { vertex(p, c) }
    for p in inner { vertex(p, c) }
    for i in 0..<n {
      let j = (i + 1) % n
      batch.triangle(base + i, base + j, base + n + i)
      batch.triangle(base + j, base + n + j, base + n + i)
    }
  }

  private func addSegmentQuad(_ a: Point, _ b: Point, width: Double, _ color: Color) {
    let d = (b - a).normalized
    guard d != .zero else { return }
    if raster != nil, a.x == b.x || a.y == b.y {
      // Upright or level (the springy list's arrows, the carousel's contours): a rectangle.
      let half = width / 2
      let r =
        a.x == b.x
        ? Rect(x: a.x - half, y: Swift.min(a.y, b.y), width: width, height: abs(b.y - a.y))
        : Rect(x: Swift.min(a.x, b.x), y: a.y - half, width: abs(b.x - a.x), height: width)
      fillAxisRect(r, color)
      return
    }
    useSolid()
    let c = sdlColor(color)
    let n = d.perpendicular * (width / 2)
    let base = batch.vertexCount
    vertex(a + n, c)
    vertex(b + n, c)
    vertex(b - n, c)
    vertex(a - n, c)
    batch.triangle(base, base + 1, base + 2)
    batch.triangle(base, base + 2, base + 3)
  }
}
