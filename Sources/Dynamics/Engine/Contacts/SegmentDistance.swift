/// The closest points of two segments, as fractions along each: the narrow phase's test for two
/// separated polygons whose nearest features are corners, not faces.
struct SegmentDistance {
  /// Where the closest points lie: 0 at a segment's first point, 1 at its second.
  var fraction1: Double
  var fraction2: Double
  /// The closest points themselves and their distance.
  var point1: Vec2
  var point2: Vec2
  var distance: Double

  /// The closest points of segments p1–q1 and p2–q2. A fraction clamped to an end is exactly 0 or 1, so
  /// the caller can tell a corner from a face.
  init(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) {
    let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
    let a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r)
    let tiny = 1e-18
    var s = 0.0, t = 0.0
    if a <= tiny {
      t = e <= tiny ? 0 : SegmentDistance.unit(f / e)
    } else {
      let c = d1.dot(r)
      if e <= tiny {
        s = SegmentDistance.unit(-c / a)
      } else {
        // The lines' closest point on the first, clamped; then the second's for it, and if that needs
        // clamping, the first's again for the clamped end.
        let b = d1.dot(d2), denominator = a * e - b * b
        s = denominator > 0 ? SegmentDistance.unit((b * f - c * e) / denominator) : 0
        t = (b * s + f) / e
        if t < 0 {
          t = 0
          s = SegmentDistance.unit(-c / a)
        } else if t > 1 {
          t = 1
          s = SegmentDistance.unit((b - c) / a)
        }
      }
    }
    fraction1 = s
    fraction2 = t
    point1 = p1 + d1 * s
    point2 = p2 + d2 * t
    distance = (point2 - point1).length
  }

  @inline(__always) static func unit(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), 1) }

  /// Whether both closest points are ends of their segments (a corner against a corner).
  var isCornerPair: Bool { (fraction1 == 0 || fraction1 == 1) && (fraction2 == 0 || fraction2 == 1) }
}
