/// A displacement, velocity or force in the plane.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal component (positive to the right).
  public var dx: Double
  /// The vertical component (positive downward).
  public var dy: Double

  /// The vector (`dx`, `dy`).
  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  /// A vector of `length` pointing along `angle` (radians; positive turns clockwise on screen).
  public init(angle: Double, length: Double) {
    self.dx = length * angle.cosine
    self.dy = length * angle.sine
  }

  /// The zero vector.
  public static let zero = Vector(dx: 0, dy: 0)

  /// True when both components are finite.
  public var isFinite: Bool { dx.isFinite && dy.isFinite }
  /// dx² + dy²: the squared length, without a square root.
  public var lengthSquared: Double { dx * dx + dy * dy }
  /// The Euclidean length.
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

  /// The dot product.
  public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
  /// The z component of the 3D cross product.
  public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }

  /// The vector turned by `angle` radians (clockwise on a y-down screen for positive angles).
  public func rotated(by angle: Double) -> Vector {
    let c = angle.cosine, s = angle.sine
    return Vector(dx: c * dx - s * dy, dy: s * dx + c * dy)
  }

  /// The vector mapped by `t`'s linear part (translation does not move a vector).
  public func applying(_ t: AffineTransform) -> Vector {
    Vector(dx: t.a * dx + t.c * dy, dy: t.b * dx + t.d * dy)
  }

  public var description: String { "<\(dx), \(dy)>" }

  /// The vector pointing the other way.
  public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
  /// The sum, component by component.
  public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
  /// The difference, component by component.
  public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
  /// The vector scaled by `s`.
  public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
  /// The vector scaled by `s`.
  public static func * (s: Double, v: Vector) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
  /// The vector divided by `s`.
  public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
  /// Adds `b` to `a`.
  public static func += (a: inout Vector, b: Vector) { a = a + b }
  /// Subtracts `b` from `a`.
  public static func -= (a: inout Vector, b: Vector) { a = a - b }
  /// Scales `a` by `s`.
  public static func *= (a: inout Vector, s: Double) { a = a * s }
}
