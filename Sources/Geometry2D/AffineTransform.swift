/// A 2D affine transform with CGAffineTransform's layout:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
/// On a y-down screen a positive rotation angle turns clockwise.
public struct AffineTransform: Hashable, Sendable {
  /// The six coefficients, as in CGAffineTransform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  /// A transform with the six coefficients given.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that leaves every point where it is.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A rotation by `angle` radians about the origin; positive turns clockwise on a y-down screen.
  public init(rotationAngle angle: Double) {
    let cs = angle.cosine, sn = angle.sine
    self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// A translation by (`x`, `y`).
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `sx` along x and `sy` along y, about the origin.
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// True when the transform is exactly ``identity``.
  public var isIdentity: Bool { self == .identity }

  /// The rotation this transform applies, in radians in (−π, π]. Scale and translation are ignored,
  /// which is all UIKit Dynamics reads of an item's transform.
  public var rotationAngle: Double { arcTangent(b, a) }

  /// a·d − b·c: the factor by which the transform scales areas (negative when it mirrors).
  public var determinant: Double { a * d - b * c }

  /// `self` followed by `t`.
  public func concatenating(_ t: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * t.a + b * t.c, b: a * t.b + b * t.d,
      c: c * t.a + d * t.c, d: c * t.b + d * t.d,
      tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
  }

  /// The inverse, or nil when the transform is singular.
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  /// A rotation applied before this transform.
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// A translation applied before this transform.
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before this transform.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }
}
