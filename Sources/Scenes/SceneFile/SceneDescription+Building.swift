import Dynamics
import Geometry2D
import SandboxCore

/// A scene file made real: the bodies with their colours, and an animator with every behavior.
struct BuiltScene {
  var animator: DynamicAnimator
  var bodies: [DynamicBody]
  var colours: [Color]
  var shapes: [String]
  /// The behavior each of the description's behaviors made, in the same order.
  var behaviors: [DynamicBehavior] = []

  /// The bodies' centres and rotations, folded: what a file scene and a playground report as their state.
  var stateDigest: UInt64 {
    var d = StateDigest()
    for b in bodies {
      d.combine(b.center.x)
      d.combine(b.center.y)
      d.combine(b.transform.rotationAngle)
    }
    return d.value
  }
}

extension SceneDescription {
  /// Builds the bodies and behaviors in a window of `size`. Everything was checked when the file was
  /// read, so building cannot fail half-way.
  func build(size: Size) -> BuiltScene {
    let animator = DynamicAnimator(referenceBounds: referenceBounds ? Rect(origin: .zero, size: size) : nil)
    var byID: [String: DynamicBody] = [:]
    var bodies: [DynamicBody] = []
    var colours: [Color] = []
    let palette = [Palette.accent, Palette.warm, Palette.good, Palette.spring, Palette.warning]
    for (i, item) in items.enumerated() {
      let type: CollisionBoundsType = item.shape == "ellipse" ? .ellipse : item.shape == "path" ? .path : .rectangle
      let body = DynamicBody(
        center: item.center, size: item.size, collisionBoundsType: type,
        collisionBoundingPath: item.path.map { Path(polygon: $0) })
      body.transform = AffineTransform(rotationAngle: item.rotation)
      byID[item.id] = body
      bodies.append(body)
      colours.append(item.color.flatMap(SceneColor.parse).map { Color(hex: $0) } ?? palette[i % palette.count])
    }
    var made: [DynamicBehavior] = []
    for behavior in behaviors {
      let before = animator.behaviors.count
      defer { made.append(animator.behaviors[before]) }
      let targets = behavior.items.compactMap { byID[$0] }
      let n = behavior.numbers, p = behavior.points, f = behavior.flags, s = behavior.strings
      switch behavior.type {
      case .gravity:
        let g = GravityBehavior(items: targets)
        if let d = p["gravityDirection"] { g.gravityDirection = Vector(dx: d.x, dy: d.y) }
        if let a = n["angle"] { g.angle = a }
        if let m = n["magnitude"] { g.magnitude = m }
        animator.addBehavior(g)
      case .collision:
        let c = CollisionBehavior(items: targets)
        switch s["collisionMode"] {
        case "items": c.collisionMode = .items
        case "boundaries": c.collisionMode = .boundaries
        default: c.collisionMode = .everything
        }
        c.translatesReferenceBoundsIntoBoundary = f["translatesReferenceBoundsIntoBoundary"] ?? false
        for b in behavior.boundaries {
          c.addBoundary(withIdentifier: b.identifier, for: Path(points: b.points, closed: b.closed))
        }
        animator.addBehavior(c)
      case .push:
        let push = PushBehavior(items: targets, mode: s["mode"] == "instantaneous" ? .instantaneous : .continuous)
        if let d = p["pushDirection"] { push.pushDirection = Vector(dx: d.x, dy: d.y) }
        if let a = n["angle"] { push.angle = a }
        if let m = n["magnitude"] { push.magnitude = m }
        if let active = f["active"] { push.active = active }
        animator.addBehavior(push)
      case .attachment:
        animator.addBehavior(behavior.buildAttachment(item: targets[0], other: s["attachedTo"].flatMap { byID[$0] }))
      case .snap:
        let snap = SnapBehavior(item: targets[0], snapTo: p["snapPoint"]!)
        if let d = n["damping"] { snap.damping = d }
        animator.addBehavior(snap)
      case .itemBehavior:
        let m = DynamicItemBehavior(items: targets)
        if let v = n["elasticity"] { m.elasticity = v }
        if let v = n["friction"] { m.friction = v }
        if let v = n["density"] { m.density = v }
        if let v = n["resistance"] { m.resistance = v }
        if let v = n["angularResistance"] { m.angularResistance = v }
        if let v = n["charge"] { m.charge = v }
        if let v = f["isAnchored"] { m.isAnchored = v }
        if let v = f["allowsRotation"] { m.allowsRotation = v }
        animator.addBehavior(m)
        if let v = p["linearVelocity"] { for t in targets { m.addLinearVelocity(Vector(dx: v.x, dy: v.y), for: t) } }
        if let w = n["angularVelocity"] { for t in targets { m.addAngularVelocity(w, for: t) } }
      case .field:
        animator.addBehavior(buildField(behavior, items: targets))
      }
    }
    return BuiltScene(
      animator: animator, bodies: bodies, colours: colours, shapes: items.map(\.shape), behaviors: made)
  }
}
