import Dynamics
import Geometry2D

/// What the inspector shows and the delete tool removes: an item, a drawn boundary, or an attachment,
/// snap or push (by its index among the document's behaviors).
package enum BuildSelection: Equatable, Sendable {
  case item(String)
  case boundary(String)
  case join(Int)

  func exists(in document: BuildDocument) -> Bool {
    switch self {
    case .item(let id): document.itemIndex(id) != nil
    case .boundary(let id): document.boundaries.contains { $0.identifier == id }
    case .join(let i):
      document.scene.behaviors.indices.contains(i)
        && [.attachment, .snap, .push].contains(document.scene.behaviors[i].type)
    }
  }
}

/// Finding what is under the pointer, in world coordinates, and where joins are drawn.
extension PlaygroundScene {
  /// How near (screen points) a line must pass to the pointer to be picked.
  static let pickDistance = 6.0

  /// The topmost item whose outline contains `p`.
  func itemIndex(at p: Point) -> Int? {
    built.bodies.indices.last { i in
      let body = built.bodies[i]
      let local = (p - body.center).rotated(by: -body.transform.rotationAngle)
      let a = body.size.width / 2, b = body.size.height / 2
      if body.collisionBoundsType == .ellipse {
        return (local.dx * local.dx) / (a * a) + (local.dy * local.dy) / (b * b) <= 1
      }
      return abs(local.dx) <= a && abs(local.dy) <= b
    }
  }

  /// Where `p` lies in item `i`'s own frame.
  func localOffset(of p: Point, inItem i: Int) -> Vector {
    let body = built.bodies[i]
    return (p - body.center).rotated(by: -body.transform.rotationAngle)
  }

  /// What a click at `p` picks: an item first, then an attachment, snap or push, then a boundary.
  func pick(at p: Point) -> BuildSelection? {
    if let i = itemIndex(at: p) { return .item(document.scene.items[i].id) }
    let reach = Self.pickDistance / camera.zoom
    for i in document.scene.behaviors.indices.reversed() {
      guard let ends = joinEnds(i), Segment(from: ends.from, to: ends.to).distance(to: p) <= reach else { continue }
      return .join(i)
    }
    for boundary in document.boundaries.reversed() {
      var pts = boundary.points
      if boundary.closed, let first = pts.first { pts.append(first) }
      if zip(pts, pts.dropFirst()).contains(where: { Segment(from: $0, to: $1).distance(to: p) <= reach }) {
        return .boundary(boundary.identifier)
      }
    }
    return nil
  }

  /// The body of item `id` in the running animator.
  func body(_ id: String) -> DynamicBody? { document.itemIndex(id).map { built.bodies[$0] } }

  /// Where a point fixed to item `id` (given where the document last placed it) is now.
  func carried(_ p: Point, with id: String) -> Point {
    guard let i = document.itemIndex(id) else { return p }
    let placed = document.scene.items[i], body = built.bodies[i]
    return body.center + (p - placed.center).rotated(by: body.transform.rotationAngle - placed.rotation)
  }

  /// The two ends of behavior `index` as drawn, when it is an attachment, a snap or a push; for a pin,
  /// weld or slide between items, `pivot` is the joined point.
  func joinEnds(_ index: Int) -> (from: Point, to: Point, pivot: Point?)? {
    let b = document.scene.behaviors[index]
    // Most behaviors are items' materials: leave them before looking their item up.
    guard [.attachment, .snap, .push].contains(b.type), let id = b.items.first, let one = body(id) else { return nil }
    let turn = { (o: Point?, body: DynamicBody) -> Point in
      body.center + Vector(dx: o?.x ?? 0, dy: o?.y ?? 0).rotated(by: body.transform.rotationAngle)
    }
    switch b.type {
    case .snap: return (one.center, b.points["snapPoint"] ?? one.center, nil)
    case .push:
      let d = b.points["pushDirection"] ?? .zero
      return (one.center, one.center + Vector(dx: d.x * 100, dy: d.y * 100), nil)
    case .attachment:
      let other = b.strings["attachedTo"].flatMap(body)
      switch b.attachmentKind {
      case "pin", "fixed", "sliding":
        guard let anchor = b.points["anchor"] else { return nil }
        guard let other else { return (one.center, anchor, nil) }
        return (one.center, other.center, carried(anchor, with: id))
      default:
        let from = turn(b.points["offsetFromCenter"], one)
        let to = other.map { turn(b.points["attachedOffsetFromCenter"], $0) } ?? b.points["anchor"] ?? from
        return (from, to, nil)
      }
    default: return nil
    }
  }
}
