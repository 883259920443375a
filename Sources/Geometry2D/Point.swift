/// A location in the plane, in points. y grows downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The straight-line distance to `other`.
  public func distance(to other: Point) -> Double { (other - self).length }

  /// The point `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other`).
  public func interpolated(to other: Point, fraction t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  public func applying(_ t: AffineTransform) -> Point {
    Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }

  public var description: String { "(\(x), \(y))" }

  public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
  public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
  public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
  public static func += (p: inout Point, v: Vector) { p = p + v }
  public static func -= (p: inout Point, v: Vector) { p = p - v }
}
