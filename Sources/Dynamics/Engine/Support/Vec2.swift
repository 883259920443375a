#if canImport(Glibc)
  import Glibc
#endif

/// The engine's own 2-vector. Geometry2D's `Vector` is public API in another module and its operators
/// are not guaranteed to inline across the module boundary; the solver's inner loops need them to.
struct Vec2: Equatable {
  var x: Double
  var y: Double

  @inline(__always) init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  static let zero = Vec2(0, 0)

  @inline(__always) static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
  @inline(__always) static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
  @inline(__always) static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
  @inline(__always) static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
  @inline(__always) static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
  @inline(__always) static func += (a: inout Vec2, b: Vec2) {
    a.x += b.x
    a.y += b.y
  }
  @inline(__always) static func -= (a: inout Vec2, b: Vec2) {
    a.x -= b.x
    a.y -= b.y
  }

  @inline(__always) func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
  /// z of the 3-D cross product.
  @inline(__always) func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
  @inline(__always) var lengthSquared: Double { x * x + y * y }
  @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
  /// The left perpendicular (−y, x), the direction ω × r takes for ω = 1.
  @inline(__always) var perp: Vec2 { Vec2(-y, x) }
  @inline(__always) var normalized: Vec2 {
    let l = length
    return l > 0 ? Vec2(x / l, y / l) : .zero
  }
  /// Rotates by the rotation whose cosine and sine are given.
  @inline(__always) func rotated(cos c: Double, sin s: Double) -> Vec2 { Vec2(c * x - s * y, s * x + c * y) }
  /// The inverse rotation.
  @inline(__always) func unrotated(cos c: Double, sin s: Double) -> Vec2 { Vec2(c * x + s * y, -s * x + c * y) }
}

/// ω × r for a scalar angular velocity.
@inline(__always) func crossSV(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }
