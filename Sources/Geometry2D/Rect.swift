/// An axis-aligned rectangle: an origin (its top-left corner, y down) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The corner the size is measured from (the top left for a standardized rectangle).
  public var origin: Point
  /// The width and height; negative values extend left or up from the origin, as in CGRect.
  public var size: Size

  /// The rectangle of `size` at `origin`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rectangle at (`x`, `y`) of `width` × `height`.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The rectangle of `size` whose centre is `center`.
  public init(center: Point, size: Size) {
    self.init(
      x: center.x - size.width / 2, y: center.y - size.height / 2,
      width: size.width, height: size.height)
  }

  /// The smallest rectangle that holds every point (`.zero` for none).
  public init(boundingPoints points: some Sequence<Point>) {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    for p in points {
      minX = Swift.min(minX, p.x)
      maxX = Swift.max(maxX, p.x)
      minY = Swift.min(minY, p.y)
      maxY = Swift.max(maxY, p.y)
    }
    if minX > maxX {
      self = .zero
      return
    }
    self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  /// A rectangle that contains every finite point.
  public static let infinite = Rect(
    x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  /// The width as stored (negative for a rectangle that extends left).
  public var width: Double { size.width }
  /// The height as stored (negative for a rectangle that extends up).
  public var height: Double { size.height }
  /// The smallest x of the rectangle, whatever the sign of its width.
  public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
  /// The largest x of the rectangle, whatever the sign of its width.
  public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
  /// The smallest y (the top edge on screen), whatever the sign of its height.
  public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
  /// The largest y (the bottom edge on screen), whatever the sign of its height.
  public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
  /// The x of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The y of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }
  /// True when the rectangle has no area (a zero width or height).
  public var isEmpty: Bool { size.isEmpty }
  /// True when the origin and size are finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The four corners, clockwise on screen from the top-left.
  public var corners: [Point] {
    [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
  }

  /// The same rectangle with a non-negative size.
  public var standardized: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

  /// Shrinks by `dx` on the left and right and `dy` on the top and bottom (negative values grow it).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let s = standardized
    return Rect(x: s.minX + dx, y: s.minY + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
  }

  /// The rectangle shrunk by `insets` on each edge (grown where an inset is negative).
  public func inset(by insets: EdgeInsets) -> Rect {
    let s = standardized
    return Rect(
      x: s.minX + insets.left, y: s.minY + insets.top,
      width: s.width - insets.horizontal, height: s.height - insets.vertical)
  }

  /// The rectangle moved by (`dx`, `dy`).
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rectangle moved by `v`.
  public func offset(by v: Vector) -> Rect { offsetBy(dx: v.dx, dy: v.dy) }

  /// True when the point lies inside or on the top/left edge (half-open, like CGRectContainsPoint).
  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }

  /// True when `r` lies wholly inside this rectangle (edges included).
  public func contains(_ r: Rect) -> Bool {
    r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
  }

  /// True when the interiors overlap (touching edges do not count).
  public func intersects(_ r: Rect) -> Bool {
    r.minX < maxX && minX < r.maxX && r.minY < maxY && minY < r.maxY
  }

  /// The overlap, or nil when the rectangles do not overlap.
  public func intersection(_ r: Rect) -> Rect? {
    guard intersects(r) else { return nil }
    let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
    return Rect(x: x0, y: y0, width: Swift.min(maxX, r.maxX) - x0, height: Swift.min(maxY, r.maxY) - y0)
  }

  /// The smallest rectangle that holds both.
  public func union(_ r: Rect) -> Rect {
    let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
    return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
  }

  /// The axis-aligned bounding box of this rectangle after `t`.
  public func applying(_ t: AffineTransform) -> Rect {
    Rect(boundingPoints: corners.map { $0.applying(t) })
  }

  /// The point of the rectangle nearest to `p` (p itself when inside).
  public func clamp(_ p: Point) -> Point {
    Point(x: Swift.min(Swift.max(p.x, minX), maxX), y: Swift.min(Swift.max(p.y, minY), maxY))
  }

  public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
