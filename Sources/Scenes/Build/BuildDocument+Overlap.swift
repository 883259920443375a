#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Items and boundaries never overlap when they are made. An item spawned across a boundary, or a
/// boundary drawn through an item, would leave the solver to push the item out on one side or the
/// other, and an item inside a closed boundary could end up outside it; so such a spawn, drawing or
/// move is refused, and what is inside a closed boundary stays inside.
extension BuildDocument {
  /// The item's outline in the world: its corners, its polygon, or 24 points round its ellipse.
  static func outline(of item: SceneDescription.Item) -> [Point] {
    let w = item.size.width / 2, h = item.size.height / 2
    let local: [Point]
    switch item.shape {
    case "path": local = item.path ?? []
    case "ellipse":
      local = (0..<24).map { k in
        let a = Double(k) * Double.pi / 12
        return Point(x: w * cos(a), y: h * sin(a))
      }
    default: local = [Point(x: -w, y: -h), Point(x: w, y: -h), Point(x: w, y: h), Point(x: -w, y: h)]
    }
    return local.map { item.center + Vector(dx: $0.x, dy: $0.y).rotated(by: item.rotation) }
  }

  /// True when segment `s` crosses the convex polygon `outline` or lies inside it.
  static func crosses(_ s: Segment, _ outline: [Point]) -> Bool {
    for i in outline.indices
    where s.intersection(with: Segment(from: outline[i], to: outline[(i + 1) % outline.count])) != nil {
      return true
    }
    return contains(outline, s.start)
  }

  /// `p` is inside the convex polygon (either winding).
  static func contains(_ polygon: [Point], _ p: Point) -> Bool {
    var sign = 0.0
    for i in polygon.indices {
      let a = polygon[i], b = polygon[(i + 1) % polygon.count]
      let c = (b - a).cross(p - a)
      if c == 0 { continue }
      if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
    }
    return true
  }

  /// The segments of every boundary, closed ones back to their first point.
  static func segments(of boundaries: [SceneDescription.Boundary]) -> [(id: String, segment: Segment)] {
    boundaries.flatMap { b in
      let pts = b.closed ? b.points + [b.points[0]] : b.points
      return zip(pts, pts.dropFirst()).map { (b.identifier, Segment(from: $0, to: $1)) }
    }
  }

  /// Refuses `item` placed where it would overlap a boundary of `scene`.
  static func checkClear(_ item: SceneDescription.Item, in scene: SceneDescription) throws(BuildRefusal) {
    let outline = outline(of: item)
    let walls = scene.behaviors.first { $0.type == .collision }?.boundaries ?? []
    for (id, s) in segments(of: walls) where crosses(s, outline) {
      throw BuildRefusal("\(item.id) would overlap the boundary \(id); place it clear of boundaries")
    }
  }

  /// Refuses a boundary that would cross an item of `scene`.
  static func checkClear(_ boundary: SceneDescription.Boundary, in scene: SceneDescription) throws(BuildRefusal) {
    for item in scene.items {
      let outline = outline(of: item)
      for (_, s) in segments(of: [boundary]) where crosses(s, outline) {
        throw BuildRefusal("the boundary would cross \(item.id); draw it clear of items")
      }
    }
  }
}
