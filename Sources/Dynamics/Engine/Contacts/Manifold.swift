#if canImport(Glibc)
  import Glibc
#endif

/// The narrow phase's result for one pair of convex shapes: a normal pointing from shape A to shape B and
/// up to two points, each the midpoint between the surfaces, with its separation (negative = overlap)
/// and a feature id that lets the next step's contact find this one's impulses for warm starting.
struct Manifold {
  var normal = Vec2.zero
  var count = 0
  var point0 = Vec2.zero, separation0 = 0.0, id0: UInt32 = 0
  var point1 = Vec2.zero, separation1 = 0.0, id1: UInt32 = 0

  @inline(__always) mutating func add(_ p: Vec2, _ s: Double, _ id: UInt32) {
    if count == 0 {
      point0 = p
      separation0 = s
      id0 = id
    } else {
      point1 = p
      separation1 = s
      id1 = id
    }
    count += 1
  }
}

/// Convex polygon vertices and outward normals (standard positive winding), read through pointers so the
/// narrow phase can take world-space copies from the world's flat arrays or a two-point boundary.
struct PolygonView {
  var vertices: UnsafePointer<Vec2>
  var normals: UnsafePointer<Vec2>
  var count: Int
}

enum Narrowphase {
  /// Circles A and B.
  static func circles(_ ca: Vec2, _ ra: Double, _ cb: Vec2, _ rb: Double, speculative: Double) -> Manifold {
    var m = Manifold()
    let d = cb - ca
    let dist = d.length
    let s = dist - ra - rb
    if s > speculative { return m }
    m.normal = dist > 1e-12 ? Vec2(d.x / dist, d.y / dist) : Vec2(0, 1)
    m.add(ca + m.normal * (ra + 0.5 * s), s, 0)
    return m
  }

  /// Polygon A against circle B; the normal points from the polygon to the circle.
  static func polygonCircle(_ p: PolygonView, _ c: Vec2, _ r: Double, speculative: Double) -> Manifold {
    var m = Manifold()
    var best = -Double.infinity, edge = 0
    for i in 0..<p.count {
      let s = p.normals[i].dot(c - p.vertices[i])
      if s > best {
        best = s
        edge = i
      }
    }
    if best - r > speculative { return m }
    let v1 = p.vertices[edge], v2 = p.vertices[edge + 1 < p.count ? edge + 1 : 0]
    var n = p.normals[edge]
    var s = best - r
    if best > 1e-9 {
      // Outside the polygon: the closest feature may be a vertex rather than the face.
      if (c - v1).dot(v2 - v1) <= 0 {
        let d = c - v1, l = d.length
        s = l - r
        if s > speculative { return m }
        if l > 1e-12 { n = Vec2(d.x / l, d.y / l) }
      } else if (c - v2).dot(v1 - v2) <= 0 {
        let d = c - v2, l = d.length
        s = l - r
        if s > speculative { return m }
        if l > 1e-12 { n = Vec2(d.x / l, d.y / l) }
      }
    }
    m.normal = n
    m.add(c - n * (r + 0.5 * s), s, UInt32(edge))
    return m
  }

  /// The edge of `a` whose outward normal separates the polygons most, and that separation. Stops early
  /// (with that edge) once some edge separates them by more than `limit`: the caller needs no more.
  @inline(__always) static func maxSeparation(_ a: PolygonView, _ b: PolygonView, limit: Double) -> (Int, Double) {
    var bestEdge = 0, best = -Double.infinity
    for i in 0..<a.count {
      let n = a.normals[i]
      let offset = n.dot(a.vertices[i])
      var si = Double.infinity
      for j in 0..<b.count {
        let sj = n.dot(b.vertices[j])
        if sj < si { si = sj }
      }
      si -= offset
      if si > best {
        best = si
        bestEdge = i
        if si > limit { break }
      }
    }
    return (bestEdge, best)
  }

  /// Convex polygons A and B by separating axes, then clipping the incident edge against the reference
  /// face (the method Box2D has used since v2). `b` may be a two-point boundary segment.
  static func polygons(_ a: PolygonView, _ b: PolygonView, speculative: Double) -> Manifold {
    // Two quadrilaterals (boxes: most items) get a copy of their own with the counts known, so every
    // loop unrolls; the arithmetic and its order are the same, and so are the bits.
    if a.count == 4 && b.count == 4 {
      return polygonPair(
        PolygonView(vertices: a.vertices, normals: a.normals, count: 4),
        PolygonView(vertices: b.vertices, normals: b.normals, count: 4), speculative: speculative)
    }
    return polygonPair(a, b, speculative: speculative)
  }

  @inline(__always) static func polygonPair(_ a: PolygonView, _ b: PolygonView, speculative: Double) -> Manifold {
    var m = Manifold()
    let (edgeA, sepA) = maxSeparation(a, b, limit: speculative)
    if sepA > speculative { return m }
    let (edgeB, sepB) = maxSeparation(b, a, limit: speculative)
    if sepB > speculative { return m }
    // Prefer A's face unless B's is clearly better, so the reference face does not flicker.
    let flip = sepB > sepA + 0.1 * PhysicsWorld.linearSlop
    let ref = flip ? b : a, inc = flip ? a : b
    let refEdge = flip ? edgeB : edgeA
    let n = ref.normals[refEdge]
    // Incident edge: the one whose normal is most anti-parallel to the reference normal.
    var incEdge = 0, minDot = Double.infinity
    for i in 0..<inc.count {
      let d = n.dot(inc.normals[i])
      if d < minDot {
        minDot = d
        incEdge = i
      }
    }
    let refNext = refEdge + 1 < ref.count ? refEdge + 1 : 0
    let incNext = incEdge + 1 < inc.count ? incEdge + 1 : 0
    let r1 = ref.vertices[refEdge], r2 = ref.vertices[refNext]
    var i1 = inc.vertices[incEdge], i2 = inc.vertices[incNext]
    let (e1, e2) = (i1, i2)
    // Clip the incident segment to the slab between the reference edge's end planes. The incident edge
    // runs against the reference edge, so i1 lies at r2's end and i2 at r1's.
    let t = (r2 - r1).normalized
    let clipped = clipToSlab(&i1, &i2, along: t, from: t.dot(r1), to: t.dot(r2))
    let s1 = n.dot(i1 - r1), s2 = n.dot(i2 - r1)
    // Separated polygons may meet corner to corner (`corners`). The corners are no nearer than either
    // polygon's separation, so they can win only where the faces' clip is empty or its points are
    // farther than that: most separated pairs (faces about parallel: a falling pile's) need not look.
    let separation = Swift.max(sepA, sepB), margin = 0.1 * PhysicsWorld.linearSlop
    if separation > margin && (!clipped || Swift.min(s1, s2) > separation + margin),
      let m = corners(
        ref: (r1, r2, refEdge, refNext), inc: (e1, e2, incEdge, incNext), flip: flip,
        faces: clipped ? Swift.min(s1, s2) : .infinity, speculative: speculative)
    {
      return m
    }
    guard clipped else { return m }
    m.normal = flip ? -n : n
    if s1 <= speculative { m.add(i1 - n * (0.5 * s1), s1, pointID(ref: refNext, inc: incEdge, flip: flip)) }
    if s2 <= speculative { m.add(i2 - n * (0.5 * s2), s2, pointID(ref: refEdge, inc: incNext, flip: flip)) }
    return m
  }

  /// A point's id names the vertex of A and the vertex of B at its end, whichever face is the reference:
  /// when a resting pair's reference face flips (their faces are parallel, their separations equal),
  /// each point keeps its id and its warm start.
  @inline(__always) static func pointID(ref r: Int, inc i: Int, flip: Bool) -> UInt32 {
    flip ? UInt32(i) << 8 | UInt32(r) : UInt32(r) << 8 | UInt32(i)
  }

  /// Separated polygons meeting corner to corner, where no face's normal is the direction between them
  /// (two leaning cards' top corners): when the closest points of the reference and incident edges are
  /// a corner of each and clearly nearer than the faces' clipped points (`faces`, their smallest
  /// separation; infinite when the clip is empty), one point between the corners with the normal along
  /// the line joining them (from A to B). An empty manifold when the edges are beyond `speculative`;
  /// nil when the faces' clip stands. Apart from the step's hot path: it is rare.
  @inline(never) static func corners(
    ref: (Vec2, Vec2, Int, Int), inc: (Vec2, Vec2, Int, Int), flip: Bool, faces: Double, speculative: Double
  ) -> Manifold? {
    let d = SegmentDistance(ref.0, ref.1, inc.0, inc.1)
    if d.distance > speculative { return Manifold() }
    guard d.isCornerPair && d.distance > 0 && d.distance + 0.1 * PhysicsWorld.linearSlop < faces else { return nil }
    var m = Manifold()
    let between = (d.point2 - d.point1) * (1 / d.distance)
    m.normal = flip ? -between : between
    let refVertex = d.fraction1 == 0 ? ref.2 : ref.3, incVertex = d.fraction2 == 0 ? inc.2 : inc.3
    m.add((d.point1 + d.point2) * 0.5, d.distance, pointID(ref: refVertex, inc: incVertex, flip: flip))
    return m
  }

  /// Clips the incident segment i1–i2 to the slab lo ≤ t·p ≤ hi (the reference edge's end planes); false
  /// when the segment lies wholly outside.
  static func clipToSlab(_ i1: inout Vec2, _ i2: inout Vec2, along t: Vec2, from lo: Double, to hi: Double) -> Bool {
    var d1 = t.dot(i1) - lo, d2 = t.dot(i2) - lo
    if d1 < 0 && d2 < 0 { return false }
    if d1 < 0 {
      i1 = i1 + (i2 - i1) * (d1 / (d1 - d2))
    } else if d2 < 0 {
      i2 = i2 + (i1 - i2) * (d2 / (d2 - d1))
    }
    d1 = hi - t.dot(i1)
    d2 = hi - t.dot(i2)
    if d1 < 0 && d2 < 0 { return false }
    if d1 < 0 {
      i1 = i1 + (i2 - i1) * (d1 / (d1 - d2))
    } else if d2 < 0 {
      i2 = i2 + (i1 - i2) * (d2 / (d2 - d1))
    }
    return true
  }

  /// Polygon A against a one-sided wall from `a` to `b` whose inside is along `n`: the wall's normal is
  /// the only axis (a side of the reference-bounds box, where the neighbouring side covers the corner).
  /// The incident edge is A's most anti-parallel to `n`, clipped to the wall's extent; the normal points
  /// from A to the wall, as `polygons` gives with the wall as reference face.
  static func polygonWall(_ p: PolygonView, _ a: Vec2, _ b: Vec2, inward n: Vec2, speculative: Double) -> Manifold {
    var m = Manifold()
    var incEdge = 0, minDot = Double.infinity, deepest = Double.infinity
    for i in 0..<p.count {
      let d = n.dot(p.normals[i])
      if d < minDot {
        minDot = d
        incEdge = i
      }
      deepest = Swift.min(deepest, n.dot(p.vertices[i] - a))
    }
    if deepest > speculative { return m }
    var i1 = p.vertices[incEdge], i2 = p.vertices[incEdge + 1 < p.count ? incEdge + 1 : 0]
    let t = (b - a).normalized
    guard clipToSlab(&i1, &i2, along: t, from: t.dot(a), to: t.dot(b)) else { return m }
    m.normal = -n
    // The wall has no vertices: a point is named by the body's vertex alone.
    let s1 = n.dot(i1 - a), s2 = n.dot(i2 - a)
    if s1 <= speculative { m.add(i1 - n * (0.5 * s1), s1, UInt32(incEdge)) }
    if s2 <= speculative { m.add(i2 - n * (0.5 * s2), s2, UInt32(incEdge + 1 < p.count ? incEdge + 1 : 0)) }
    return m
  }

  /// True when polygon `p` lies beyond one of the segment's ends along its own direction, an axis the
  /// face normals of a two-point "polygon" do not cover.
  static func separatedBeyondEnds(_ p: PolygonView, _ a: Vec2, _ b: Vec2, radius: Double, speculative: Double) -> Bool {
    let d = (b - a).normalized
    var minB = Double.infinity, minA = Double.infinity
    for i in 0..<p.count {
      let v = p.vertices[i]
      minB = Swift.min(minB, d.dot(v - b))
      minA = Swift.min(minA, -d.dot(v - a))
    }
    return minB - radius > speculative || minA - radius > speculative
  }

  /// Circle A against segment B; the normal points from the circle to the segment.
  static func circleSegment(_ c: Vec2, _ r: Double, _ a: Vec2, _ b: Vec2, speculative: Double) -> Manifold {
    var m = Manifold()
    let e = b - a
    let ee = e.lengthSquared
    let f = ee > 0 ? Swift.min(Swift.max((c - a).dot(e) / ee, 0), 1) : 0
    let q = a + e * f
    let d = q - c
    let l = d.length
    let s = l - r
    if s > speculative { return m }
    m.normal = l > 1e-12 ? Vec2(d.x / l, d.y / l) : e.perp.normalized
    m.add(c + m.normal * (r + 0.5 * s), s, 0)
    return m
  }
}
