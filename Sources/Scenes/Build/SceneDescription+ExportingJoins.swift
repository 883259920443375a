import Dynamics
import Geometry2D

/// The behaviors with more to write down than a list of numbers: collisions with their boundaries,
/// attachments of every kind, fields.
extension SceneDescription {
  static func exported(_ c: CollisionBehavior, _ items: [String]) throws(BuildRefusal) -> Behavior {
    guard c.referenceBoundsInsets == .zero else {
      throw BuildRefusal("a collision behavior insets the reference bounds, which a scene file cannot say")
    }
    var d = BuildDocument.behavior(.collision, items: items)
    d.strings["collisionMode"] =
      c.collisionMode == .items ? "items" : c.collisionMode == .boundaries ? "boundaries" : "everything"
    d.flags["translatesReferenceBoundsIntoBoundary"] = c.translatesReferenceBoundsIntoBoundary
    for id in c.boundaryIdentifiers {
      guard let path = c.boundary(withIdentifier: id), path.subpaths.count == 1, let sub = path.subpaths.first,
        sub.points.count >= 2
      else { throw BuildRefusal("the boundary \"\(id)\" is not one line or loop; a scene file holds only those") }
      d.boundaries.append(Boundary(identifier: id, points: sub.points, closed: sub.isClosed))
    }
    return d
  }

  static func exported(
    _ a: AttachmentBehavior, _ names: ([any DynamicItem]) -> [String]
  ) throws(BuildRefusal) -> Behavior {
    guard a.frictionTorque == 0, a.attachmentRange == .infinite else {
      throw BuildRefusal("an attachment has a friction torque or a range, which a scene file cannot hold")
    }
    let ids = names(a.items)
    var d = BuildDocument.behavior(.attachment, items: [ids[0]])
    let kind = a.kindName
    if kind != "plain" { d.strings["kind"] = kind }
    if ids.count > 1 { d.strings["attachedTo"] = ids[1] }
    let (o1, o2) = a.offsetsFromCenters
    switch kind {
    case "pin", "fixed": d.points["anchor"] = a.currentAnchor
    case "sliding":
      d.points["anchor"] = a.currentAnchor
      d.points["axis"] = Point(x: a.currentAxis.dx, y: a.currentAxis.dy)
    default:
      d.points["offsetFromCenter"] = Point(x: o1.dx, y: o1.dy)
      if ids.count > 1 {
        d.points["attachedOffsetFromCenter"] = Point(x: o2.dx, y: o2.dy)
      } else {
        d.points["anchor"] = a.anchorPoint
      }
      d.numbers["length"] = a.length
      if kind == "plain" {
        d.numbers["frequency"] = a.frequency
        d.numbers["damping"] = a.damping
      }
    }
    return d
  }

  static func exported(_ f: FieldBehavior, _ items: [String]) throws(BuildRefusal) -> Behavior {
    guard f.kind != .custom else { throw BuildRefusal("a custom field is code, which a scene file cannot hold") }
    guard f.seed == 0 else {
      throw BuildRefusal("a \(f.kind.rawValue) field has a seed, which a scene file cannot hold")
    }
    var d = BuildDocument.behavior(.field, items: items)
    d.strings["kind"] = f.kind.rawValue
    d.points["position"] = f.position
    d.points["direction"] = Point(x: f.direction.dx, y: f.direction.dy)
    d.numbers["strength"] = f.strength
    d.numbers["falloff"] = f.falloff
    d.numbers["minimumRadius"] = f.minimumRadius
    d.numbers["smoothness"] = f.smoothness
    d.numbers["animationSpeed"] = f.animationSpeed
    if !f.region.isInfinite {
      d.region = f.region.fold(
        everything: SceneDescription.Region.infinite, circle: { .radius($0) },
        rectangle: { .size(Size(width: $0, height: $1)) }, not: { .inverse($0) }, or: { .union($0, $1) },
        and: { .intersection($0, $1) }, andNot: { .difference($0, $1) })
    }
    return d
  }
}
