import TestSupport
import Testing
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The narrow phase's polygon manifolds (`Narrowphase.polygons`): what names a contact point from one
/// collision pass to the next, and the normal two polygons get when their corners are what is nearest.
@Suite struct ManifoldTests {
  /// A box's vertices (positive signed area) and outward normals, centred at (x, y), turned by `angle`.
  struct Box {
    var vertices: [Vec2]
    var normals: [Vec2]

    init(x: Double, y: Double, hx: Double, hy: Double, angle: Double = 0) {
      let c = cos(angle), s = sin(angle)
      let corners = [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)]
      let placed = corners.map { $0.rotated(cos: c, sin: s) + Vec2(x, y) }
      vertices = placed
      normals = (0..<4).map { i in
        let e = placed[(i + 1) % 4] - placed[i]
        return Vec2(e.y, -e.x).normalized
      }
    }
  }

  static func manifold(_ a: Box, _ b: Box, speculative: Double = PhysicsWorld.speculativeDistance) -> Manifold {
    a.vertices.withUnsafeBufferPointer { av in
      a.normals.withUnsafeBufferPointer { an in
        b.vertices.withUnsafeBufferPointer { bv in
          b.normals.withUnsafeBufferPointer { bn in
            Narrowphase.polygons(
              PolygonView(vertices: av.baseAddress!, normals: an.baseAddress!, count: 4),
              PolygonView(vertices: bv.baseAddress!, normals: bn.baseAddress!, count: 4), speculative: speculative)
          }
        }
      }
    }
  }

  static func points(_ m: Manifold) -> [(point: Vec2, id: UInt32)] {
    [(m.point0, m.id0), (m.point1, m.id1)].prefix(m.count).map { $0 }
  }

  /// Seeded: a box resting on another, their faces within a hair of parallel, is one pair of contact
  /// points whichever box is A, and so whichever face is the reference (the first argument's is
  /// preferred): each point's id names A's vertex and B's vertex at its end, so the same place has the
  /// same id with the roles swapped, and a resting pair whose reference face flips from one pass to
  /// the next keeps its warm start. (Ids that named the reference face changed with every flip, and
  /// Box2D's 5,050-box pyramid spread.)
  @Test(arguments: 0..<64)
  func aPointKeepsItsIdWhicheverFaceIsTheReference(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let lower = Box(x: 0, y: 0, hx: r.uniform(10, 100), hy: r.uniform(10, 100), angle: r.uniform(-0.004, 0.004))
    let hx = r.uniform(10, 100), hy = r.uniform(10, 100)
    // Resting on top (y grows downward), overlapping by up to the slop, its middle over the lower face.
    let top = lower.vertices[0].y
    let upper = Box(
      x: r.uniform(-0.8, 0.8) * min(hx, lower.vertices[1].x), y: top - hy + r.uniform(0, PhysicsWorld.linearSlop),
      hx: hx, hy: hy, angle: r.uniform(-0.004, 0.004))
    let m = Self.manifold(lower, upper), swapped = Self.manifold(upper, lower)
    #expect(m.count == 2 && swapped.count == 2, "seed \(seed): \(m.count) and \(swapped.count) points")
    #expect(m.count < 2 || m.id0 != m.id1, "seed \(seed): both points have id \(m.id0)")
    #expect((m.normal + swapped.normal).length < 0.01, "seed \(seed): normals \(m.normal), \(swapped.normal)")
    for p in Self.points(m) {
      let mirrored = (p.id & 0xFF) << 8 | p.id >> 8
      let twin = Self.points(swapped).first { $0.id == mirrored }
      #expect(twin != nil, "seed \(seed): no point named \(String(mirrored, radix: 16)) with the roles swapped")
      if let twin { #expect((twin.point - p.point).length < 1, "seed \(seed): \(p.point) and \(twin.point)") }
    }
  }

  /// Two cards 0.2 pt thick leaning towards each other at ±25°, their top corners 0.3 pt apart (the
  /// card house's top pair): one contact point, between the corners, with the normal along the line
  /// joining them. A face's normal (tilted 25° from it) let the pair slide apart under its own weight.
  @Test func cornersThatAreNearestMeetAlongTheLineBetweenThem() {
    let tilt = 25 * Double.pi / 180
    let left = Box(x: 0, y: 0, hx: 0.1, hy: 20, angle: tilt)
    // The left card's upper right corner, and the right card placed so that its upper left corner is
    // 0.3 pt to the right of it.
    let corner = left.vertices.max { $0.x - $0.y < $1.x - $1.y }!
    var right = Box(x: 0, y: 0, hx: 0.1, hy: 20, angle: -tilt)
    let rightCorner = right.vertices.min { $0.x + $0.y < $1.x + $1.y }!
    let shift = corner + Vec2(0.3, 0) - rightCorner
    right = Box(x: shift.x, y: shift.y, hx: 0.1, hy: 20, angle: -tilt)
    let m = Self.manifold(left, right)
    #expect(m.count == 1)
    #expect(abs(m.separation0 - 0.3) < 1e-9, "separation \(m.separation0)")
    #expect((m.normal - Vec2(1, 0)).length < 1e-9, "normal \(m.normal)")
    #expect((m.point0 - (corner + Vec2(0.15, 0))).length < 1e-9, "point \(m.point0)")
  }

  /// Seeded: the closest points of two segments are no farther apart than any other pair of points on
  /// them, and a fraction is exactly 0 or 1 where the closest point is an end.
  @Test(arguments: 0..<32)
  func segmentDistanceFindsTheClosestPoints(seed: UInt64) {
    var r = SplitMix(seed: seed)
    func point() -> Vec2 { Vec2(r.uniform(-100, 100), r.uniform(-100, 100)) }
    let p1 = point(), q1 = point(), p2 = point(), q2 = point()
    let d = SegmentDistance(p1, q1, p2, q2)
    #expect((0...1).contains(d.fraction1) && (0...1).contains(d.fraction2), "seed \(seed)")
    for _ in 0..<200 {
      let a = p1 + (q1 - p1) * r.unit(), b = p2 + (q2 - p2) * r.unit()
      #expect(d.distance <= (b - a).length + 1e-9, "seed \(seed): \(d.distance) > \((b - a).length)")
    }
    let ends = [p1, q1].flatMap { a in [p2, q2].map { b in (b - a).length } }
    if d.isCornerPair { #expect(abs(d.distance - ends.min()!) < 1e-9, "seed \(seed)") }
  }
}
