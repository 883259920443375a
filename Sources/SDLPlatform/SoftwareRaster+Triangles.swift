import CSDL2

extension SoftwareRaster {
  /// Fills the triangles of a batch of untextured vertices (positions in points, `scale` pixels per
  /// point), each in its first vertex's colour. A pixel is covered when its centre is inside, or on a
  /// top or left edge, so triangles sharing an edge (a fan, a ring) cover every pixel once and a
  /// translucent shape blends evenly.
  func fillTriangles(_ vertices: UnsafeBufferPointer<SDL_Vertex>, _ indices: UnsafeBufferPointer<Int32>, scale: Double)
  {
    var t = 0
    while t + 2 < indices.count {
      let a = vertices[Int(indices[t])], b = vertices[Int(indices[t + 1])], c = vertices[Int(indices[t + 2])]
      fillTriangle(
        Double(a.position.x) * scale, Double(a.position.y) * scale, Double(b.position.x) * scale,
        Double(b.position.y) * scale, Double(c.position.x) * scale, Double(c.position.y) * scale,
        color: a.color)
      t += 3
    }
  }

  private func fillTriangle(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    color: SDL_Color
  ) {
    // Counter-clockwise on screen (y down: positive area), so "inside" is every edge function ≥ 0.
    var (ax, ay, bx, by, cx, cy) = (x0, y0, x1, y1, x2, y2)
    let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    guard area.isFinite, area != 0 else { return }
    if area < 0 {
      swap(&bx, &cx)
      swap(&by, &cy)
    }
    let top = Swift.max(0, Int((Swift.min(ay, by, cy) - 0.5).rounded(.up)))
    let bottom = Swift.min(height - 1, Int((Swift.max(ay, by, cy) - 0.5).rounded(.down)))
    guard top <= bottom else { return }
    let edges = (Edge(ax, ay, bx, by), Edge(bx, by, cx, cy), Edge(cx, cy, ax, ay))
    let paint = Paint(color.r, color.g, color.b, color.a)
    for y in top...bottom {
      // The row's span: the pixels whose centres every edge covers.
      let py = Double(y) + 0.5
      var first = 0, last = width - 1
      edges.0.clip(py, &first, &last)
      edges.1.clip(py, &first, &last)
      edges.2.clip(py, &first, &last)
      guard first <= last else { continue }
      paint.span(pixels + y * stride + first, count: last - first + 1)
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
    self.ax = ax
    self.ay = ay
    dx = bx - ax
    dy = by - ay
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
      if !(k > 0 || (k == 0 && ownsBoundary)) {
        first = 1
        last = 0
      }
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
