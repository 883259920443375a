/// A displacement, velocity or force in the plane.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
  public var dx: Double
  public var dy: Double

  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  /// A vector of `length` pointing along `angle` (radians; positive turns clockwise on screen).
  public init(angle: Double, length: Double) {
    self.dx = length * angle.cosine
    self.dy = length * angle.sine
  }

  public static let zero = Vector(dx: 0, dy: 0)

  public var isFinite: Bool { dx.isFinite && dy.isFinite }
  public var lengthSquared: Double { dx * dx + dy * dy }
  public var length: Double { lengthSquared.squareRoot() }
  /// The direction as an angle in radians, from +x toward +y.
  public var angle: Double { arcTangent(dy, dx) }

  /// The unit vector in this direction, or `.zero` for the zero vector.
  public var normalized: Vector {
    let l = length
    return l > 0 ? Vector(dx: dx / l, dy: dy / l) : .zero
  }

  /// This vector turned a quarter turn: (−dy, dx), clockwise on a y-down screen.
  public var perpendicular: Vector { Vector(dx: -dy, dy: dx) }

  public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
  /// The z component of the 3D cross product.
  public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }

  public func rotated(by angle: Double) -> Vector {
    let c = angle.cosine, s = angle.sine
    return Vector(dx: c * dx - s * dy, dy: s * dx + c * dy)
  }

  public func applying(_ t: AffineTransform) -> Vector {
    Vector(dx: t.a * dx + t.c * dy, dy: t.b * dx + t.d * dy)
  }

  public var description: String { "<\(dx), \(dy)>" }

  public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
  public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
  public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
  public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
  public static func * (s: Double, v: Vector) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
  public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
  public static func += (a: inout Vector, b: Vector) { a = a + b }
  public static func -= (a: inout Vector, b: Vector) { a = a - b }
  public static func *= (a: inout Vector, s: Double) { a = a * s }
}
