import Testing
import Glibc
@testable import Geometry2D

@Suite struct PathTests {
  @Test func rectIsAClockwiseConvexPolygon() {
    let p = Path(rect: Rect(x: 0, y: 0, width: 10, height: 20))
    #expect(p.segments.count == 4)
    #expect(p.winding == .clockwise)
    #expect(p.signedArea == 200)
    #expect(p.isConvex)
    #expect(p.centroid == Point(x: 5, y: 10))
    #expect(p.contains(Point(x: 5, y: 5)) && !p.contains(Point(x: 15, y: 5)))
  }

  @Test func reversedPolygonWindsCounterClockwise() {
    let p = Path(polygon: Rect(x: 0, y: 0, width: 10, height: 10).corners.reversed())
    #expect(p.winding == .counterClockwise)
    #expect(p.isConvex)
  }

  @Test func concaveAndOpenAndSelfIntersectingAreNotConvex() {
    let arrow = Path(polygon: [Point(x: 0, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 10), Point(x: 3, y: 5)])
    #expect(!arrow.isConvex)
    #expect(!Path(points: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)]).isConvex)
    // A pentagram turns one way at every corner but winds round twice.
    let star = (0..<5).map { i -> Point in
      let a = Double(i * 2) * 2 * .pi / 5
      return Point(x: 10 * cos(a), y: 10 * sin(a))
    }
    #expect(!Path(polygon: star).isConvex)
  }

  @Test func ellipseStaysWithinFlatness() {
    let rect = Rect(x: 0, y: 0, width: 200, height: 100)
    let p = Path(ellipseIn: rect, flatness: 0.25)
    #expect(p.isConvex)
    // Every vertex is on the ellipse; every chord midpoint is within the flatness of it.
    for s in p.segments {
      let m = s.midpoint
      let dx = (m.x - 100) / 100, dy = (m.y - 50) / 50
      let r = (dx * dx + dy * dy).squareRoot()
      #expect((1 - r) * 100 <= 0.26)
    }
    let area = abs(p.signedArea!)
    #expect(abs(area - Double.pi * 100 * 50) / (Double.pi * 100 * 50) < 0.01)
  }

  @Test func arcFlattening() {
    var p = Path()
    p.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2)
    let pts = p.subpaths[0].points
    #expect(pts.first == Point(x: 100, y: 0))
    #expect(abs(pts.last!.x) < 1e-9 && abs(pts.last!.y - 100) < 1e-9, "clockwise on screen from +x to +y")
    for s in p.segments { #expect(100 - s.midpoint.distance(to: .zero) <= 0.25 + 1e-9) }
    var ccw = Path()
    ccw.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    #expect(ccw.subpaths[0].points.contains { $0.y < -50 }, "the long way round through negative y")
  }

  @Test func curvesEndWhereAsked() {
    var p = Path()
    p.move(to: .zero)
    p.addQuadCurve(to: Point(x: 100, y: 0), control: Point(x: 50, y: 100))
    p.addCurve(to: Point(x: 200, y: 0), control1: Point(x: 120, y: -50), control2: Point(x: 180, y: 50))
    #expect(p.subpaths.count == 1)
    #expect(p.subpaths[0].points.last == Point(x: 200, y: 0))
    // The quadratic's apex is at y = 50.
    #expect(abs(p.subpaths[0].points.map(\.y).max()! - 50) < 0.5)
  }

  @Test func roundedRectAndHull() {
    let rr = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
    #expect(rr.isConvex)
    #expect(rr.boundingBox.width > 99.9 && rr.boundingBox.height > 49.9)
    let cloud = Path(points: [
      Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 5), Point(x: 10, y: 10), Point(x: 0, y: 10)
    ])
    let hull = cloud.convexHull
    #expect(hull.polygon?.count == 4)
    #expect(hull.isConvex)
  }

  @Test func transformMovesEveryPoint() {
    let p = Path(from: Point(x: 1, y: 0), to: Point(x: 2, y: 0)).applying(AffineTransform(translationX: 0, y: 5))
    #expect(p.segments == [Segment(from: Point(x: 1, y: 5), to: Point(x: 2, y: 5))])
  }
}
