import Geometry2D

extension LayoutAttributes {
  /// New attributes between `from` (fraction 0) and `to` (fraction 1): centre, size, alpha and the
  /// transform's components blend linearly, the rotation along the shorter way; identity, z-index and
  /// visibility are `to`'s.
  public static func interpolated(from: LayoutAttributes, to: LayoutAttributes, fraction t: Double) -> LayoutAttributes
  {
    let result = to.copy()
    if t >= 1 { return result }
    result.center = from.center.interpolated(to: to.center, fraction: t)
    result.size = Size(
      width: from.size.width + (to.size.width - from.size.width) * t,
      height: from.size.height + (to.size.height - from.size.height) * t)
    result.alpha = from.alpha + (to.alpha - from.alpha) * t
    if from.transform != to.transform {
      result.transform = interpolatedTransform(from.transform, to.transform, t)
    }
    return result
  }

  /// Blends two transforms by their rotation, scale and translation, so a half-way rotation is a
  /// rotation and not a squashed matrix.
  static func interpolatedTransform(_ a: AffineTransform, _ b: AffineTransform, _ t: Double) -> AffineTransform {
    func parts(_ m: AffineTransform) -> (angle: Double, sx: Double, sy: Double) {
      let sx = (m.a * m.a + m.b * m.b).squareRoot()
      let sy = m.determinant / (sx == 0 ? 1 : sx)
      return (m.rotationAngle, sx, sy)
    }
    let pa = parts(a), pb = parts(b)
    var delta = pb.angle - pa.angle
    while delta > .pi { delta -= 2 * .pi }
    while delta < -.pi { delta += 2 * .pi }
    let angle = pa.angle + delta * t
    let sx = pa.sx + (pb.sx - pa.sx) * t, sy = pa.sy + (pb.sy - pa.sy) * t
    var m = AffineTransform(rotationAngle: angle).scaledBy(x: sx, y: sy)
    m.tx = a.tx + (b.tx - a.tx) * t
    m.ty = a.ty + (b.ty - a.ty) * t
    return m
  }
}
