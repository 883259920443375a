/// A location in the plane, in points. y grows downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate, in points, growing to the right.
  public var x: Double
  /// The vertical coordinate, in points, growing downward (UIKit's convention).
  public var y: Double

  /// The point (`x`, `y`).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// True when both coordinates are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The straight-line distance to `other`.
  public func distance(to other: Point) -> Double { (other - self).length }

  /// The point `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other`).
  public func interpolated(to other: Point, fraction t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  /// The point mapped by `t`, translation included.
  public func applying(_ t: AffineTransform) -> Point {
    Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }

  public var description: String { "(\(x), \(y))" }

  /// The point moved by `v`.
  public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
  /// The point moved by −`v`.
  public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
  /// The vector from `b` to `a`.
  public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
  /// Moves the point by `v`.
  public static func += (p: inout Point, v: Vector) { p = p + v }
  /// Moves the point by −`v`.
  public static func -= (p: inout Point, v: Vector) { p = p - v }
}
