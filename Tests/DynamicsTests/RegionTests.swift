import Testing
import Geometry2D
@testable import Dynamics

@Suite("Region: shapes, algebra and outlines")
struct RegionTests {
  /// The four points of the truth tables: in the disc only, in the bar only, in both, in neither.
  /// Disc A: radius 10. Bar B: 40 × 4.
  static let a = Region(radius: 10)
  static let b = Region(size: Size(width: 40, height: 4))
  static let points = [Point(x: 0, y: 8), Point(x: 15, y: 0), Point(x: 0, y: 0), Point(x: 15, y: 15)]

  private func table(_ r: Region) -> [Bool] { RegionTests.points.map(r.contains) }

  @Test func shapesIncludeTheirEdges() {
    let disc = Region(radius: 10)
    #expect(disc.contains(Point(x: 0, y: 0)) && disc.contains(Point(x: 10, y: 0)) && disc.contains(Point(x: 0, y: -10)))
    #expect(!disc.contains(Point(x: 7.1, y: 7.1)) && disc.contains(Point(x: -7, y: 7)))
    let rect = Region(size: Size(width: 20, height: 10))
    #expect(rect.contains(Point(x: 10, y: 5)) && rect.contains(Point(x: -10, y: -5)))
    #expect(!rect.contains(Point(x: 10.01, y: 0)) && !rect.contains(Point(x: 0, y: -5.01)))
    #expect(Region.infinite.contains(Point(x: 1e9, y: -1e9)))
    #expect(!Region.infinite.inverse().contains(Point(x: 0, y: 0)))
    #expect(Region.infinite.isInfinite && !Region.infinite.inverse().isInfinite)
  }

  @Test func truthTables() {
    let a = RegionTests.a, b = RegionTests.b
    #expect(table(a) == [true, false, true, false])
    #expect(table(b) == [false, true, true, false])
    #expect(table(a.union(b)) == [true, true, true, false])
    #expect(table(a.intersection(b)) == [false, false, true, false])
    #expect(table(a.difference(b)) == [true, false, false, false])
    #expect(table(b.difference(a)) == [false, true, false, false])
    #expect(table(a.inverse()) == [false, true, false, true])
    #expect(table(a.union(b).inverse()) == [false, false, false, true])
    // De Morgan, through composition.
    #expect(table(a.inverse().intersection(b.inverse())) == table(a.union(b).inverse()))
    #expect(table(Region.infinite.difference(a)) == table(a.inverse()))
  }

  /// 2 001 nested operations (past the 64-deep stack buffer) and 200 rings in one union.
  @Test func composesToAnyDepth() {
    var r = Region(radius: 5)
    for _ in 0..<2_000 { r = r.inverse() }  // even count: back to the disc
    #expect(r.contains(Point(x: 4, y: 0)) && !r.contains(Point(x: 6, y: 0)))
    r = r.inverse()
    #expect(!r.contains(Point(x: 4, y: 0)) && r.contains(Point(x: 6, y: 0)))

    var rings = Region.infinite.inverse()
    for k in 0..<200 {
      let ring = Region(radius: Double(2 * k) + 1).difference(Region(radius: Double(2 * k)))
      rings = rings.union(ring)
    }
    #expect(rings.contains(Point(x: 0.5, y: 0)))  // in ring 0
    #expect(!rings.contains(Point(x: 1.5, y: 0)))  // between rings 0 and 1
    #expect(rings.contains(Point(x: 0, y: -398.5)))  // in ring 199
    #expect(!rings.contains(Point(x: 0, y: 401)))  // outside all
  }

  /// A circle's outline lies on it; a union of two overlapping discs draws only the outer edge; an
  /// annulus draws both of its circles; the infinite region has no edge.
  @Test func outlines() {
    let disc = Region(radius: 50).outline(circleSegments: 72)
    #expect(disc.count == 72)
    #expect(disc.allSatisfy { abs(($0.from - .zero).length - 50) < 1e-9 })

    let ring = Region(radius: 50).difference(Region(radius: 20)).outline(circleSegments: 72)
    #expect(ring.count == 144)

    let two = Region(radius: 50).union(Region(size: Size(width: 40, height: 40))).outline(circleSegments: 72)
    // The square lies inside the disc: only the disc's edge remains.
    #expect(two.count == 72)
    #expect(Region.infinite.outline().isEmpty)
  }
}
