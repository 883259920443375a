import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// Drawing shared by the springy scenes: cells as coloured tiles with their number, and the debug view
/// (the engine's springs, anchors and bodies, plus the layout's tiling rect).
enum SpringySceneDrawing {
  /// Draws every displayed cell of `view` (content → window), filled with `colour(number)` (its alpha times
  /// the cell's).
  static func drawCells(
    of view: CollectionView, number: (IndexPath) -> Int?, colour: (Int) -> Color,
    textSize: Double, into list: inout DrawList
  ) {
    for element in view.displayedElements {
      let a = element.attributes
      guard a.representedElementCategory == .cell, !a.isHidden, a.alpha > 0 else { continue }
      let frame = view.convertToSuperview(a.frame)
      let alpha = UInt8(max(0, min(255, (a.alpha * 255).rounded())))
      let n = number(a.indexPath)
      let fill = colour(n ?? 0)
      list.rect(
        center: frame.center, size: frame.size, rotation: a.transform.rotationAngle,
        fill: fill.withAlpha(UInt8((Double(fill.a) * a.alpha).rounded())), stroke: nil, lineWidth: 0)
      if let n {
        list.text(
          "\(n)", at: frame.center, size: textSize, color: Palette.background.withAlpha(alpha), alignment: .center)
      }
    }
  }

  /// The engine's debug view in window points, and the tiling rect when there is one.
  static func drawDebug(
    _ animator: DynamicAnimator, in view: CollectionView, tilingRect: Rect?, into list: inout DrawList
  ) {
    let offset = Vector(dx: view.frame.minX - view.contentOffset.x, dy: view.frame.minY - view.contentOffset.y)
    DynamicsDebugOverlay.draw(animator.debugDrawing(), into: &list, offset: offset)
    if let r = tilingRect, r != .zero {
      drawTilingMap(tilingRect: r, animator: animator, in: view, into: &list)
    }
  }

  /// The tiling rect is larger than the window (that is its point), so the debug view shows it on a
  /// map in the top-left corner: the tiling rect dashed, the visible rect solid, each body a dot
  /// (coloured by how far it is from its anchor).
  static func drawTilingMap(
    tilingRect r: Rect, animator: DynamicAnimator, in view: CollectionView, into list: inout DrawList
  ) {
    let scale = min(200 / max(r.width, 1), 160 / max(r.height, 1))
    let mapSize = Size(width: r.width * scale, height: r.height * scale)
    let origin = Point(x: view.frame.minX + 16, y: view.frame.minY + 16)
    func map(_ p: Point) -> Point { Point(x: origin.x + (p.x - r.minX) * scale, y: origin.y + (p.y - r.minY) * scale) }
    list.fillRect(
      Rect(x: origin.x - 8, y: origin.y - 8, width: mapSize.width + 16, height: mapSize.height + 30),
      Palette.panel.withAlpha(230))
    let t0 = map(Point(x: r.minX, y: r.minY)), t1 = map(Point(x: r.maxX, y: r.maxY))
    let corners = [t0, Point(x: t1.x, y: t0.y), t1, Point(x: t0.x, y: t1.y)]
    for i in 0..<4 {
      list.dashedLine(from: corners[i], to: corners[(i + 1) % 4], Palette.warning, width: 1.5, dash: 5, gap: 4)
    }
    let b = view.bounds
    let v0 = map(Point(x: b.minX, y: b.minY)), v1 = map(Point(x: b.maxX, y: b.maxY))
    list.strokeRect(Rect(x: v0.x, y: v0.y, width: v1.x - v0.x, height: v1.y - v0.y), Palette.text, width: 1)
    for d in animator.debugDrawing().attachments {
      let t = min(1, abs(d.stretch) / 30)
      list.circle(center: map(d.to), radius: 1.5, fill: Palette.good.mixed(with: Palette.bad, t))
    }
    list.text(
      "tiling rect ±\(Int(max(b.minY - r.minY, b.minX - r.minX).rounded())) pt",
      at: Point(x: origin.x, y: origin.y + mapSize.height + 12),
      size: 11, color: Palette.warning, alignment: .centerLeft)
  }

  /// A title bar across the top of the window (40 pt): the title, a message on the right, and under the
  /// title an optional second line (the field view's legend), so nothing is drawn over the cells.
  static func drawTitle(
    _ title: String, message: String?, width: Double, legend: String? = nil, into list: inout DrawList
  ) {
    list.fillRect(Rect(x: 0, y: 0, width: width, height: 40), Palette.panel)
    // The scene's area ends at `width` (the dock may be open beside it): cut the lines to fit, at about
    // 0.55 × the font size a character.
    func fitted(_ s: String, _ size: Double, _ room: Double) -> String {
      let n = max(1, Int(room / (0.55 * size)))
      return s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
    let room = width - 24 - (message.map { Double($0.count) * 0.55 * 12 + 16 } ?? 0)
    let title = fitted(title, 14, room), legend = legend.map { fitted($0, 11, width - 24) }
    list.text(
      title, at: Point(x: 12, y: legend == nil ? 20 : 12), size: legend == nil ? 14 : 13, color: Palette.text,
      alignment: .centerLeft)
    if let legend {
      list.text(legend, at: Point(x: 12, y: 30), size: 11, color: Palette.dimText, alignment: .centerLeft)
    }
    if let message {
      list.text(
        message, at: Point(x: width - 12, y: legend == nil ? 20 : 12), size: 12, color: Palette.warning,
        alignment: .centerRight)
    }
  }
}
