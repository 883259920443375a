#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Turns an item's collision bounds into engine shapes (body-local, unrotated) and mass properties.
enum ShapeBuilder {
  struct Geometry {
    var isCircle: Bool
    var center: Vec2
    var radius: Double
    /// Polygon vertices with positive standard signed area, and their outward edge normals.
    var vertices: [Vec2]
    var normals: [Vec2]
  }

  /// Vertices used for an ellipse whose axes differ (a circle stays a true circle).
  static let ellipseSegments = 24

  static func shapes(for item: any DynamicItem) -> [Geometry] {
    if let group = item as? DynamicItemGroup {
      var out: [Geometry] = []
      for (k, child) in group.items.enumerated() {
        let o = Vec2(group.offsets[k].dx, group.offsets[k].dy)
        let a = group.angles[k]
        for var g in shapes(for: child) {
          let c = cos(a), s = sin(a)
          g.center = o + g.center.rotated(cos: c, sin: s)
          g.vertices = g.vertices.map { o + $0.rotated(cos: c, sin: s) }
          g.normals = g.normals.map { $0.rotated(cos: c, sin: s) }
          out.append(g)
        }
      }
      return out
    }
    let size = item.bounds.size
    let hw = size.width / 2, hh = size.height / 2
    switch item.collisionBoundsType {
    case .rectangle:
      return [polygon([Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)])]
    case .ellipse:
      if abs(hw - hh) <= 1e-9 * max(hw, hh) {
        return [Geometry(isCircle: true, center: .zero, radius: hw, vertices: [], normals: [])]
      }
      let n = ellipseSegments
      return [
        polygon(
          (0..<n).map { k in
            let t = 2 * Double.pi * Double(k) / Double(n)
            return Vec2(hw * cos(t), hh * sin(t))
          })
      ]
    case .path:
      let path = item.collisionBoundingPath!
      let pts = (path.isConvex ? path : path.convexHull).polygon ?? []
      return [polygon(pts.map { Vec2($0.x, $0.y) })]
    }
  }

  /// A convex polygon, rewound if needed so its standard signed area is positive.
  static func polygon(_ input: [Vec2]) -> Geometry {
    var v = input
    var area = 0.0
    for i in 0..<v.count { area += v[i].cross(v[(i + 1) % v.count]) }
    if area < 0 { v.reverse() }
    // Drop repeated points so every edge has a normal.
    var clean: [Vec2] = []
    for p in v where clean.last.map({ ($0 - p).lengthSquared > 1e-18 }) ?? true { clean.append(p) }
    if clean.count > 1, (clean[0] - clean[clean.count - 1]).lengthSquared <= 1e-18 { clean.removeLast() }
    let normals = (0..<clean.count).map { i -> Vec2 in
      let e = clean[(i + 1) % clean.count] - clean[i]
      return Vec2(e.y, -e.x).normalized
    }
    return Geometry(isCircle: false, center: .zero, radius: 0, vertices: clean, normals: normals)
  }

  /// Mass = density × area / 10 000 (`docs/architecture.md`, "Units and time"), rotational inertia about the body's centre, and the
  /// bounding radius.
  static func massProperties(_ shapes: [Geometry], density: Double) -> (mass: Double, inertia: Double, extent: Double) {
    var mass = 0.0, inertia = 0.0, extent = 0.0
    let k = density / 10_000
    for g in shapes {
      if g.isCircle {
        let m = k * Double.pi * g.radius * g.radius
        mass += m
        inertia += 0.5 * m * g.radius * g.radius + m * g.center.lengthSquared
        extent = max(extent, g.center.length + g.radius)
      } else {
        // Triangle fan about the body centre: ∫ r² dm over each triangle (0, v_i, v_i+1).
        let v = g.vertices
        for i in 0..<v.count {
          let p = v[i], q = v[(i + 1) % v.count]
          let cr = p.cross(q)
          mass += k * 0.5 * cr
          inertia += k * cr / 12 * (p.dot(p) + p.dot(q) + q.dot(q))
          extent = max(extent, p.length)
        }
      }
    }
    return (mass, inertia, extent)
  }

  /// The smallest inner radius over the shapes: a circle's radius, or a polygon's least distance from its
  /// vertex centroid to an edge. The continuous pass compares a step's motion with it.
  static func minExtent(_ shapes: [Geometry]) -> Double {
    var result = Double.infinity
    for g in shapes {
      if g.isCircle {
        result = min(result, g.radius)
        continue
      }
      guard !g.vertices.isEmpty else { continue }
      var c = Vec2.zero
      for v in g.vertices { c += v }
      c = c * (1 / Double(g.vertices.count))
      for i in g.vertices.indices { result = min(result, g.normals[i].dot(g.vertices[i] - c)) }
    }
    return result.isFinite ? max(result, 0) : 0
  }
}
