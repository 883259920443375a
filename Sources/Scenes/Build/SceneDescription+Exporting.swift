import Dynamics
import Geometry2D

/// A running animator written down as a scene file's description, so that any physics scene can be
/// built on in the playground (`Ctrl+B`): its items where they are and moving as they move, and every
/// behavior with the properties it set. What a scene file cannot hold (a behavior of the scene's own, a
/// custom field, a field's seed, an attachment's friction or range, reference bounds with insets) is
/// refused by name rather than left out.
extension SceneDescription {
  package static func exporting(_ animator: DynamicAnimator, title: String) throws(BuildRefusal) -> SceneDescription {
    let bodies = animator.dynamicItems
    var ids: [ObjectIdentifier: String] = [:]
    var items: [Item] = []
    for (k, item) in bodies.enumerated() {
      let id = "item-\(k + 1)"
      ids[ObjectIdentifier(item)] = id
      let shape =
        item.collisionBoundsType == .ellipse ? "ellipse" : item.collisionBoundsType == .path ? "path" : "rectangle"
      items.append(
        Item(
          id: id, center: item.center, size: item.bounds.size, shape: shape,
          path: shape == "path" ? item.collisionBoundingPath?.polygon : nil, rotation: item.transform.rotationAngle,
          color: nil))
    }
    var behaviors: [Behavior] = []
    for b in Self.flattened(animator.behaviors) {
      behaviors.append(try Self.exported(b, ids: ids))
    }
    // Each item's motion now, in its own item behavior (the first that holds it alone, where
    // `BuildDocument` keeps it too), or in a new one that sets nothing else.
    for item in bodies {
      let id = ids[ObjectIdentifier(item)]!
      let v = animator.linearVelocity(of: item), w = animator.angularVelocity(of: item)
      guard v != .zero || w != 0 else { continue }
      let own =
        behaviors.firstIndex { $0.type == .itemBehavior && $0.items == [id] }
        ?? {
          behaviors.append(BuildDocument.behavior(.itemBehavior, items: [id]))
          return behaviors.count - 1
        }()
      if v != .zero { behaviors[own].points["linearVelocity"] = Point(x: v.dx, y: v.dy) }
      if w != 0 { behaviors[own].numbers["angularVelocity"] = w }
    }
    return SceneDescription(
      title: title, referenceBounds: animator.referenceBounds != nil, background: nil, items: items,
      behaviors: behaviors)
  }

  /// The behaviors in the order the animator applies them, children after their parent.
  static func flattened(_ behaviors: [DynamicBehavior]) -> [DynamicBehavior] {
    behaviors.flatMap { [$0] + flattened($0.childBehaviors) }.filter { !$0.isPlainParent }
  }

  static func exported(_ b: DynamicBehavior, ids: [ObjectIdentifier: String]) throws(BuildRefusal) -> Behavior {
    func names(_ items: [any DynamicItem]) -> [String] { items.compactMap { ids[ObjectIdentifier($0)] } }
    switch b {
    case let g as GravityBehavior:
      var d = BuildDocument.behavior(.gravity, items: names(g.items))
      d.points["gravityDirection"] = Point(x: g.gravityDirection.dx, y: g.gravityDirection.dy)
      return d
    case let c as CollisionBehavior: return try exported(c, names(c.items))
    case let p as PushBehavior:
      var d = BuildDocument.behavior(.push, items: names(p.items))
      d.strings["mode"] = p.mode == .instantaneous ? "instantaneous" : "continuous"
      d.points["pushDirection"] = Point(x: p.pushDirection.dx, y: p.pushDirection.dy)
      d.flags["active"] = p.active
      return d
    case let a as AttachmentBehavior: return try exported(a, names)
    case let s as SnapBehavior:
      var d = BuildDocument.behavior(.snap, items: names([s.item]))
      d.points["snapPoint"] = s.snapPoint
      d.numbers["damping"] = s.damping
      return d
    case let m as DynamicItemBehavior:
      var d = BuildDocument.behavior(.itemBehavior, items: names(m.items))
      d.numbers = m.setNumbers
      d.flags = m.setFlags
      return d
    case let f as FieldBehavior: return try exported(f, names(f.items))
    default:
      throw BuildRefusal("the scene has a behavior of its own (\(type(of: b))) that a scene file cannot hold")
    }
  }
}

extension DynamicBehavior {
  /// A bare `DynamicBehavior` that only groups children: its children are exported, it is not.
  fileprivate var isPlainParent: Bool { type(of: self) == DynamicBehavior.self && !childBehaviors.isEmpty }
}
