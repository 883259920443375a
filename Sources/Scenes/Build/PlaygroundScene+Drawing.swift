import Dynamics
import Geometry2D
import SandboxCore

/// Drawing the playground: the world (boundaries, items, joins, the gesture under way, the debug view)
/// in world coordinates put through the camera, then the lines of text on top. The toolbar and the
/// inspector are the window's, in the dock (`toolPalette`, `inspection`).
extension PlaygroundScene {
  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    let start = list.count
    for boundary in document.boundaries {
      let selected = selection == .boundary(boundary.identifier)
      list.polyline(boundary.points, selected ? Palette.warning : Palette.dimText, width: 3, closed: boundary.closed)
    }
    for (i, body) in built.bodies.enumerated() { drawItem(body, colour: built.colours[i], into: &list) }
    for i in document.scene.behaviors.indices { drawJoin(i, into: &list) }
    if showsFieldView {
      fieldView.draw(built.behaviors.compactMap { $0 as? FieldBehavior }, size: size, into: &list)
    }
    if case .item(let id) = selection, let body = body(id) {
      list.rect(
        center: body.center, size: Size(width: body.size.width + 8, height: body.size.height + 8),
        rotation: body.transform.rotationAngle, fill: nil, stroke: Palette.warning, lineWidth: 2)
    }
    drawGesture(into: &list)
    if built.animator.isDebugEnabled { DynamicsDebugOverlay.draw(built.animator.debugDrawing(), into: &list) }
    camera.apply(to: &list, from: start)
    drawText(into: &list)
  }

  private func drawItem(_ body: DynamicBody, colour: Color, into list: inout DrawList) {
    let angle = body.transform.rotationAngle
    switch body.collisionBoundsType {
    case .ellipse:
      list.append(
        .ellipse(
          center: body.center, radii: Size(width: body.size.width / 2, height: body.size.height / 2),
          rotation: angle, fill: colour, stroke: nil, lineWidth: 0))
    case .path:
      let pts = body.collisionBoundingPath?.polygon?.map { body.center + Vector(dx: $0.x, dy: $0.y).rotated(by: angle) }
      list.append(.polygon(pts ?? [], fill: colour))
    case .rectangle:
      list.rect(center: body.center, size: body.size, rotation: angle, fill: colour)
    }
    // A line from the centre shows the turn.
    list.line(
      from: body.center, to: body.center + Vector(dx: body.size.width / 2, dy: 0).rotated(by: angle),
      Palette.background, width: 1.5)
  }

  private func drawJoin(_ i: Int, into list: inout DrawList) {
    guard let ends = joinEnds(i) else { return }
    let b = document.scene.behaviors[i]
    let colour = selection == .join(i) ? Palette.warning : b.type == .attachment ? Palette.spring : Palette.good
    switch (b.type, b.attachmentKind) {
    case (.push, _): list.arrow(from: ends.from, to: ends.to, colour, width: 2)
    case (.snap, _):
      list.dashedLine(from: ends.from, to: ends.to, colour, width: 1.5)
      list.circle(center: ends.to, radius: 5, fill: nil, stroke: colour, lineWidth: 2)
    case (_, "limit"): list.dashedLine(from: ends.from, to: ends.to, colour, width: 2)
    case (_, "plain") where (b.numbers["frequency"] ?? 0) > 0:
      list.polyline(Self.zigzag(from: ends.from, to: ends.to), colour, width: 1.5)
    default:
      if let pivot = ends.pivot {
        list.line(from: ends.from, to: pivot, colour, width: 2)
        list.line(from: pivot, to: ends.to, colour, width: 2)
        list.circle(center: pivot, radius: 5, fill: Palette.background, stroke: colour, lineWidth: 2)
      } else {
        list.line(from: ends.from, to: ends.to, colour, width: 2.5)
      }
    }
    if b.points["anchor"] != nil, b.strings["attachedTo"] == nil {
      list.circle(center: ends.to, radius: 4, fill: Palette.accent)
    }
  }

  /// A spring's coil: ten zigs across the line between the ends.
  static func zigzag(from a: Point, to b: Point) -> [Point] {
    let d = b - a
    guard d.length > 1 else { return [a, b] }
    let across = Vector(dx: -d.dy, dy: d.dx) / d.length * 6
    var pts = [a]
    for k in 1..<20 { pts.append(a + d * (Double(k) / 20) + across * (k % 2 == 0 ? -1 : 1)) }
    pts.append(b)
    return pts
  }

  private func drawGesture(into list: inout DrawList) {
    switch gesture {
    case .spawn(let shape, let from, let to)?:
      let r = BuildGesture.rect(from: from, to: to)
      if shape == .box {
        list.strokeRect(r, Palette.accent, width: 1.5)
      } else {
        list.ellipse(in: r, fill: nil, stroke: Palette.accent, lineWidth: 1.5)
      }
    case .boundary(let closed, let from, let to)?:
      if closed {
        list.strokeRect(BuildGesture.rect(from: from, to: to), Palette.warning, width: 2)
      } else {
        list.line(from: from, to: to, Palette.warning, width: 2)
      }
    case .join(_, _, _, let from, let to)?:
      list.dashedLine(from: from, to: to, Palette.spring, width: 2)
    case .dragDynamic(let grab)?:
      list.circle(center: grab.anchorPoint, radius: 5, fill: Palette.warning)
    default: break
    }
  }

  private func drawText(into list: inout DrawList) {
    let zoom = camera.zoom == 1 ? "" : "  ·  zoom \(Int((camera.zoom * 100).rounded())) %"
    func counted(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    let items = counted(document.scene.items.count, "item", "items")
    let walls = counted(document.boundaries.count, "boundary", "boundaries")
    list.text(
      "\(document.scene.title ?? "playground") — \(items), \(walls)\(zoom)",
      at: Point(x: 12, y: 8), size: 13, color: Palette.dimText)
    if let message {
      list.text(
        message, at: Point(x: 12, y: 26), size: 13, color: message.hasPrefix("refused") ? Palette.bad : Palette.text)
    }
    if let selected = inspection.first, selection != nil {
      list.text("\(selected) — Tab: the inspector", at: Point(x: 12, y: 44), size: 12, color: Palette.dimText)
    }
  }
}
