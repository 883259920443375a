/// A shape made of straight segments: a list of subpaths, each an open polyline or a closed polygon.
/// Curves (arcs, ellipses, quadratic and cubic Béziers) are flattened to segments as they are added,
/// to within `flatness` points of the true curve, so every consumer (collision boundaries, the renderer,
/// regions) only ever sees segments.
public struct Path: Hashable, Sendable {
  /// One connected run of points.
  public struct Subpath: Hashable, Sendable {
    /// The subpath's points in order.
    public var points: [Point]
    /// True when an edge joins the last point back to the first.
    public var isClosed: Bool

    /// A subpath of `points`, closed or open.
    public init(points: [Point], isClosed: Bool) {
      self.points = points
      self.isClosed = isClosed
    }

    /// Each edge, including the closing one for a closed subpath.
    public var segments: [Segment] {
      guard points.count > 1 else { return [] }
      var result: [Segment] = []
      result.reserveCapacity(points.count)
      for i in 0..<(points.count - 1) { result.append(Segment(from: points[i], to: points[i + 1])) }
      if isClosed, points.first != points.last {
        result.append(Segment(from: points[points.count - 1], to: points[0]))
      }
      return result
    }
  }

  /// The connected runs of points, in the order they were built.
  public private(set) var subpaths: [Subpath] = []
  /// The largest distance, in points, that a flattened curve may stray from the true one.
  public var flatness: Double = 0.25

  /// An empty path.
  public init() {}

  /// An open polyline, or a closed polygon when `closed` is true.
  public init(points: [Point], closed: Bool = false) {
    subpaths = points.isEmpty ? [] : [Subpath(points: points, isClosed: closed)]
  }

  /// A closed polygon through `points`.
  public init(polygon points: [Point]) { self.init(points: points, closed: true) }

  /// One segment.
  public init(from a: Point, to b: Point) { self.init(points: [a, b]) }

  /// The rectangle as a closed polygon, clockwise on screen from its top-left corner.
  public init(rect: Rect) { self.init(polygon: rect.corners) }

  /// The ellipse inscribed in `rect`, flattened.
  public init(ellipseIn rect: Rect, flatness: Double = 0.25) {
    self.flatness = flatness
    let rx = rect.width / 2, ry = rect.height / 2
    let n = Path.segmentCount(radius: Swift.max(rx, ry), sweep: 2 * .pi, flatness: flatness)
    var pts: [Point] = []
    pts.reserveCapacity(n)
    for i in 0..<n {
      let t = Double(i) / Double(n) * 2 * .pi
      pts.append(Point(x: rect.midX + rx * t.cosine, y: rect.midY + ry * t.sine))
    }
    subpaths = [Subpath(points: pts, isClosed: true)]
  }

  /// A rectangle with rounded corners, flattened.
  public init(roundedRect rect: Rect, cornerRadius r: Double) {
    let r = Swift.min(r, rect.width / 2, rect.height / 2)
    var p = Path()
    p.move(to: Point(x: rect.minX + r, y: rect.minY))
    p.addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
    p.addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
    p.addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
    p.addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
    p.close()
    self = p
  }

  // MARK: Building

  /// True when no subpath has a point.
  public var isEmpty: Bool { subpaths.allSatisfy { $0.points.isEmpty } }
  /// The last point of the open subpath being built, or nil when there is none (empty, or just closed).
  public var currentPoint: Point? { subpaths.last?.isClosed == false ? subpaths.last?.points.last : nil }

  /// Starts a new subpath at `p`.
  public mutating func move(to p: Point) {
    subpaths.append(Subpath(points: [p], isClosed: false))
  }

  /// A straight segment from the current point (a new subpath if there is none).
  public mutating func addLine(to p: Point) {
    guard currentPoint != nil else {
      move(to: p)
      return
    }
    subpaths[subpaths.count - 1].points.append(p)
  }

  /// An arc of a circle from `startAngle` to `endAngle` (radians; increasing angles turn clockwise on a
  /// y-down screen). With `clockwise` false the arc runs the other way. A line joins the current point
  /// to the arc's start, as in UIBezierPath.
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double,
    clockwise: Bool = true
  ) {
    var sweep = endAngle - startAngle
    if clockwise { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
    let n = Path.segmentCount(radius: radius, sweep: abs(sweep), flatness: flatness)
    for i in 0...n {
      let t = startAngle + sweep * Double(i) / Double(n)
      addLine(to: Point(x: center.x + radius * t.cosine, y: center.y + radius * t.sine))
    }
  }

  /// A quadratic Bézier from the current point.
  public mutating func addQuadCurve(to end: Point, control: Point) {
    guard let start = currentPoint else {
      move(to: end)
      return
    }
    // The same curve as a cubic, whose control points are 2/3 of the way to the quadratic's.
    let c1 = start + (control - start) * (2.0 / 3), c2 = end + (control - end) * (2.0 / 3)
    let n = Path.curveSegmentCount(start, c1, c2, end, flatness: flatness)
    for i in 1...n {
      let t = Double(i) / Double(n), u = 1 - t
      addLine(
        to: Point(
          x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
          y: u * u * start.y + 2 * u * t * control.y + t * t * end.y))
    }
  }

  /// A cubic Bézier from the current point.
  public mutating func addCurve(to end: Point, control1 c1: Point, control2 c2: Point) {
    guard let start = currentPoint else {
      move(to: end)
      return
    }
    let n = Path.curveSegmentCount(start, c1, c2, end, flatness: flatness)
    for i in 1...n {
      let t = Double(i) / Double(n), u = 1 - t
      let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
      addLine(
        to: Point(
          x: a * start.x + b * c1.x + c * c2.x + d * end.x,
          y: a * start.y + b * c1.y + c * c2.y + d * end.y))
    }
  }

  /// Closes the current subpath back to its first point.
  public mutating func close() {
    guard !subpaths.isEmpty else { return }
    var last = subpaths[subpaths.count - 1]
    if last.points.count > 1, last.points.first == last.points.last { last.points.removeLast() }
    last.isClosed = true
    subpaths[subpaths.count - 1] = last
  }

  /// Appends every subpath of `other`.
  public mutating func append(_ other: Path) { subpaths += other.subpaths }

  // MARK: Queries

  /// Every edge of every subpath.
  public var segments: [Segment] { subpaths.flatMap(\.segments) }

  /// The smallest rectangle holding every point of the path.
  public var boundingBox: Rect { Rect(boundingPoints: subpaths.lazy.flatMap(\.points)) }

  /// The path with every point transformed by `t`.
  public func applying(_ t: AffineTransform) -> Path {
    var p = self
    for i in p.subpaths.indices { p.subpaths[i].points = p.subpaths[i].points.map { $0.applying(t) } }
    return p
  }

  /// The polygon of a path that is a single closed subpath, else nil.
  public var polygon: [Point]? {
    guard subpaths.count == 1, subpaths[0].isClosed, subpaths[0].points.count >= 3 else { return nil }
    return subpaths[0].points
  }

  /// Signed area of the single polygon: positive when its points run clockwise on a y-down screen.
  public var signedArea: Double? { polygon.map(Path.signedArea) }

  /// The turning direction of a polygon on a y-down screen, or degenerate when its signed area is 0.
  public enum Winding: Sendable { case clockwise, counterClockwise, degenerate }

  /// The turning direction of the single polygon as seen on screen (y down).
  public var winding: Winding? {
    signedArea.map { $0 > 0 ? .clockwise : ($0 < 0 ? .counterClockwise : .degenerate) }
  }

  /// True when the path is a single closed polygon with non-zero area that never turns both ways
  /// (collinear points are allowed) and does not wind round more than once.
  public var isConvex: Bool {
    guard let pts = polygon else { return false }
    var sign = 0.0, turning = 0.0
    let n = pts.count
    for i in 0..<n {
      let e0 = pts[(i + 1) % n] - pts[i], e1 = pts[(i + 2) % n] - pts[(i + 1) % n]
      let c = e0.cross(e1)
      if c != 0 {
        if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
      }
      turning += arcTangent(c, e0.dot(e1))
    }
    return sign != 0 && abs(abs(turning) - 2 * .pi) < 1e-6
  }

  /// The centroid of the single polygon (area-weighted), or nil.
  public var centroid: Point? {
    guard let pts = polygon else { return nil }
    let area = Path.signedArea(pts)
    guard area != 0 else { return nil }
    var cx = 0.0, cy = 0.0
    for i in 0..<pts.count {
      let p = pts[i], q = pts[(i + 1) % pts.count]
      let w = p.x * q.y - q.x * p.y
      cx += (p.x + q.x) * w
      cy += (p.y + q.y) * w
    }
    return Point(x: cx / (6 * area), y: cy / (6 * area))
  }

  /// Even-odd containment over all closed subpaths.
  public func contains(_ p: Point) -> Bool {
    var inside = false
    for sub in subpaths where sub.isClosed {
      let pts = sub.points
      var j = pts.count - 1
      for i in 0..<pts.count {
        let a = pts[i], b = pts[j]
        if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
        j = i
      }
    }
    return inside
  }

  /// The convex hull of every point, clockwise on screen (Andrew's monotone chain).
  public var convexHull: Path {
    let pts = subpaths.flatMap(\.points).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    guard pts.count >= 3 else { return Path(polygon: pts) }
    func chain(_ seq: [Point]) -> [Point] {
      var h: [Point] = []
      for p in seq {
        while h.count >= 2, (h[h.count - 1] - h[h.count - 2]).cross(p - h[h.count - 1]) <= 0 { h.removeLast() }
        h.append(p)
      }
      return h
    }
    let lower = chain(pts), upper = chain(pts.reversed())
    return Path(polygon: Array(lower.dropLast() + upper.dropLast()))
  }

  // MARK: Flattening

  static func signedArea(_ pts: [Point]) -> Double {
    var s = 0.0
    for i in 0..<pts.count {
      let p = pts[i], q = pts[(i + 1) % pts.count]
      s += p.x * q.y - q.x * p.y
    }
    return s / 2
  }

  /// Segments for an arc so that the chord's sagitta r(1 − cos(θ/2)) stays within `flatness`.
  static func segmentCount(radius: Double, sweep: Double, flatness: Double) -> Int {
    guard radius > flatness, sweep > 0 else { return Swift.max(1, Int((sweep / (.pi / 2)).rounded(.up))) }
    let step = 2 * arcCosine(1 - flatness / radius)
    return Swift.min(1024, Swift.max(4, Int((sweep / step).rounded(.up))))
  }

  /// Segments for a cubic Bézier so that the chords stay within `flatness` of the curve: the error of n
  /// uniform chords is at most (3/4)·max‖second difference‖ / n² (Wang's bound).
  static func curveSegmentCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, flatness: Double) -> Int {
    let d1 = (p0 - p1) + (p2 - p1), d2 = (p1 - p2) + (p3 - p2)
    let l = Swift.max(d1.length, d2.length)
    let n = (0.75 * l / Swift.max(flatness, 1e-6)).squareRoot().rounded(.up)
    return Swift.min(512, Swift.max(1, Int(n)))
  }
}
