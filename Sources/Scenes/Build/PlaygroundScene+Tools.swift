import Dynamics
import Geometry2D

/// What each tool does with a press and its release (world points).
extension PlaygroundScene {
  func begin(at p: Point) {
    history.breakCoalescing()
    let hit = itemIndex(at: p)
    switch tool {
    case .select: grab(at: p, item: hit)
    case .box, .ball, .ellipse, .polygon: gesture = .spawn(tool.shape!, from: p, to: p)
    case .wall, .loop: gesture = .boundary(closed: tool == .loop, from: p, to: p)
    case .attach, .snap, .push:
      guard let hit else { return say("\(tool.rawValue): start the drag on an item") }
      gesture = .join(tool, id: document.scene.items[hit].id, offset: localOffset(of: p, inItem: hit), from: p, to: p)
    case .anchor:
      guard let hit else { return say("anchor: click an item to anchor or free it") }
      let id = document.scene.items[hit].id
      let anchored = !isAnchored(id)
      perform(anchored ? "anchored \(id)" : "freed \(id)") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.setAnchored(id, anchored)
      }
    case .delete:
      guard let s = pick(at: p) else { return say("delete: nothing there") }
      delete(s)
    }
  }

  func isAnchored(_ id: String) -> Bool {
    effective("isAnchored", of: id, in: \.flags) ?? false
  }

  /// The select tool's press: picks what is under it; an item is also held, a dynamic one through an
  /// attachment from the grabbed point to the pointer, an anchored one moved exactly.
  private func grab(at p: Point, item hit: Int?) {
    selection = pick(at: p)
    guard let hit else { return }
    let body = built.bodies[hit], id = document.scene.items[hit].id
    if isAnchored(id) {
      var before = document
      try? before.record(currentPoses())
      gesture = .dragAnchored(body: body, grab: p - body.center, before: before)
    } else {
      let offset = localOffset(of: p, inItem: hit)
      let a = AttachmentBehavior(
        item: body, offsetFromCenter: Offset(horizontal: offset.dx, vertical: offset.dy), attachedToAnchor: p)
      built.animator.addBehavior(a)
      gesture = .dragDynamic(a)
    }
  }

  func finish(_ g: BuildGesture, at p: Point) {
    switch g {
    case .spawn(let shape, let from, _):
      var id = ""
      perform("spawned a \(shape.rawValue)") { (d: inout BuildDocument) throws(BuildRefusal) in
        id = try d.spawn(shape, in: BuildGesture.rect(from: from, to: p))
      }
      if !id.isEmpty { selection = .item(id) }
    case .boundary(let closed, let from, _):
      let points: [Point]
      if closed {
        let r = Rect(x: min(from.x, p.x), y: min(from.y, p.y), width: abs(p.x - from.x), height: abs(p.y - from.y))
        points = [
          Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
          Point(x: r.minX, y: r.maxY)
        ]
      } else {
        points = [from, p]
      }
      perform(closed ? "drew a closed boundary" : "drew a boundary") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.addBoundary(points, closed: closed)
      }
    case .join(let t, let id, let offset, let from, _):
      finishJoin(t, id: id, offset: offset, from: from, to: p)
    case .dragDynamic(let grab):
      built.animator.removeBehavior(grab)
    case .dragAnchored(let body, _, let before):
      guard let i = built.bodies.firstIndex(where: { $0 === body }) else { return }
      let id = document.scene.items[i].id
      let placed = perform("moved \(id)", before: before) { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.place(id, at: body.center, rotation: body.transform.rotationAngle)
      }
      if !placed {
        // Refused (it would overlap a boundary): back where the drag began.
        body.center = before.scene.items[i].center
        built.animator.updateItem(usingCurrentState: body)
      }
    case .pan:
      break
    }
  }

  private func finishJoin(_ t: BuildTool, id: String, offset: Vector, from: Point, to p: Point) {
    switch t {
    case .snap:
      perform("\(id) snaps to a point") { (d: inout BuildDocument) throws(BuildRefusal) in try d.addSnap(id, to: p) }
    case .push:
      perform("\(id) is pushed") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.addPush(id, along: p - from)
      }
    default:
      var target = BuildTarget.point(p)
      if let hit = itemIndex(at: p), document.scene.items[hit].id != id {
        target = .item(document.scene.items[hit].id, offset: localOffset(of: p, inItem: hit))
      }
      let kind = attachKind
      perform("attached \(id) (\(kind.rawValue))") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.attach(id, at: offset, to: target, kind: kind)
      }
    }
  }
}
