#if canImport(Glibc)
  import Glibc
#endif
import Dynamics
import Geometry2D
import Testing

/// A boundary segment ends where it ends: a body beside its end, across the line the segment lies on,
/// is not in the segment. A long thin pentagon falling past the end of a slanting segment used to read
/// as sunk deep into it (the wall hold measured only the segment's own axes) and was thrown through the
/// box's wall; found by the playground's random build sessions.
@Suite struct SegmentEndTests {
  @Test func aThinPolygonBesideASegmentsEndFallsStraight() {
    let w = 10.591524378125996, h = 322.9098911715654
    let pentagon = (0..<5).map { k in
      let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
      return Point(x: w / 2 * cos(a), y: h / 2 * sin(a))
    }
    let sliver = DynamicBody(
      center: Point(x: 733.6473477024479, y: 291.69401272729044), size: Size(width: w, height: h),
      collisionBoundsType: .path, collisionBoundingPath: Path(polygon: pentagon))
    let animator = DynamicAnimator()
    let collision = CollisionBehavior(items: [sliver])
    collision.addBoundary(
      withIdentifier: "box",
      for: Path(
        points: [Point(x: 30, y: 60), Point(x: 770, y: 60), Point(x: 770, y: 560), Point(x: 30, y: 560)], closed: true))
    collision.addBoundary(
      withIdentifier: "slant", from: Point(x: 670.9001505460308, y: 390.19375363978014),
      to: Point(x: 313.9674296039693, y: 145.36223297803303))
    animator.addBehavior(collision)
    animator.addBehavior(GravityBehavior(items: [sliver]))
    for frame in 0..<90 {
      animator.advance(by: 1.0 / 60)
      guard abs(sliver.center.x - 733.65) < 1 else {
        Issue.record("frame \(frame): thrown sideways to \(sliver.center)")
        return
      }
    }
  }
}
