import Testing
@testable import Geometry2D

@Suite struct PointVectorTests {
  @Test func arithmetic() {
    let p = Point(x: 1, y: 2) + Vector(dx: 3, dy: 4)
    #expect(p == Point(x: 4, y: 6))
    #expect(p - Point(x: 1, y: 1) == Vector(dx: 3, dy: 5))
    #expect(Vector(dx: 3, dy: 4).length == 5)
    #expect(Vector(dx: 3, dy: 4).normalized == Vector(dx: 0.6, dy: 0.8))
    #expect(Vector.zero.normalized == .zero)
    #expect(Vector(dx: 1, dy: 0).cross(Vector(dx: 0, dy: 1)) == 1)
    #expect(Vector(dx: 2, dy: 3).dot(Vector(dx: 4, dy: -1)) == 5)
    #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
  }

  @Test func rotationIsClockwiseOnScreen() {
    // +x turned a quarter turn goes to +y, which is down: clockwise on a y-down screen.
    let v = Vector(dx: 1, dy: 0).rotated(by: .pi / 2)
    #expect(abs(v.dx) < 1e-12 && abs(v.dy - 1) < 1e-12)
    #expect(abs(Vector(angle: .pi / 2, length: 2).dy - 2) < 1e-12)
    #expect(Vector(dx: 1, dy: 0).perpendicular == Vector(dx: 0, dy: 1))
  }
}

@Suite struct RectTests {
  let r = Rect(x: 10, y: 20, width: 100, height: 50)

  @Test func edgesAndCentre() {
    #expect(r.minX == 10 && r.maxX == 110 && r.minY == 20 && r.maxY == 70)
    #expect(r.center == Point(x: 60, y: 45))
    #expect(Rect(center: Point(x: 60, y: 45), size: r.size) == r)
    #expect(Rect(x: 10, y: 10, width: -5, height: 5).standardized == Rect(x: 5, y: 10, width: 5, height: 5))
  }

  @Test func insetsAndOffsets() {
    #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 90, height: 30))
    #expect(r.insetBy(dx: -100, dy: 0).width == 300)
    #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
    #expect(r.offsetBy(dx: 1, dy: -1).origin == Point(x: 11, y: 19))
  }

  @Test func containmentIsHalfOpen() {
    #expect(r.contains(Point(x: 10, y: 20)))
    #expect(!r.contains(Point(x: 110, y: 20)))
    #expect(r.contains(Rect(x: 20, y: 30, width: 10, height: 10)))
    #expect(!r.contains(Rect(x: 100, y: 30, width: 20, height: 10)))
  }

  @Test func intersectionAndUnion() {
    let o = Rect(x: 100, y: 60, width: 50, height: 50)
    #expect(r.intersects(o))
    #expect(r.intersection(o) == Rect(x: 100, y: 60, width: 10, height: 10))
    #expect(!r.intersects(Rect(x: 110, y: 20, width: 5, height: 5)), "touching edges do not intersect")
    #expect(r.intersection(Rect(x: 500, y: 0, width: 1, height: 1)) == nil)
    #expect(r.union(o) == Rect(x: 10, y: 20, width: 140, height: 90))
  }

  @Test func boundingBoxAfterRotation() {
    let square = Rect(x: -1, y: -1, width: 2, height: 2)
    let b = square.applying(AffineTransform(rotationAngle: .pi / 4))
    #expect(abs(b.width - 2 * 2.0.squareRoot()) < 1e-12)
    #expect(Rect(boundingPoints: [Point]()) == .zero)
  }
}

@Suite struct AffineTransformTests {
  @Test func rotationAngleRoundTrips() {
    for angle in [-3.0, -1, 0, 0.5, 2, 3.1] {
      #expect(abs(AffineTransform(rotationAngle: angle).rotationAngle - angle) < 1e-12)
    }
    // Scale does not disturb the rotation that the engine reads.
    let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 2)
    #expect(abs(t.rotationAngle - 0.7) < 1e-12)
  }

  @Test func concatenationOrderAndInverse() {
    let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
    #expect(Point(x: 1, y: 1).applying(t) == Point(x: 22, y: 2), "translate first, then scale")
    let inv = t.inverted()!
    let back = Point(x: 22, y: 2).applying(inv)
    #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    #expect(AffineTransform.identity.isIdentity)
  }
}

@Suite struct RangeInsetOffsetTests {
  @Test func floatRange() {
    let r = FloatRange(minimum: -1, maximum: 2)
    #expect(r.contains(0) && !r.contains(3))
    #expect(r.clamp(5) == 2 && r.clamp(-5) == -1)
    #expect(FloatRange.infinite.isInfinite && FloatRange.infinite.contains(1e300))
    #expect(FloatRange.zero.contains(0))
  }

  @Test func insetsAndOffset() {
    #expect(EdgeInsets(all: 3).horizontal == 6)
    #expect(Offset(horizontal: 1, vertical: -2).vector == Vector(dx: 1, dy: -2))
  }
}

@Suite struct SegmentTests {
  @Test func closestPointAndIntersection() {
    let s = Segment(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0))
    #expect(s.closestPoint(to: Point(x: 5, y: 3)) == Point(x: 5, y: 0))
    #expect(s.closestPoint(to: Point(x: -5, y: 3)) == Point(x: 0, y: 0))
    #expect(s.distance(to: Point(x: 13, y: 4)) == 5)
    let t = Segment(from: Point(x: 5, y: -5), to: Point(x: 5, y: 5))
    #expect(s.intersection(with: t) == Point(x: 5, y: 0))
    #expect(s.intersection(with: Segment(from: Point(x: 0, y: 1), to: Point(x: 10, y: 1))) == nil)
  }
}
