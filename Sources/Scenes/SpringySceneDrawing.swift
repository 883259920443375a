import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// Drawing shared by the springy scenes: cells as coloured tiles with their number, and the debug view
/// (the engine's springs, anchors and bodies, plus the layout's tiling rect).
enum SpringySceneDrawing {
  /// Draws every displayed cell of `view` (content → window), filled with `colour(number)`.
  static func drawCells(of view: CollectionView, number: (IndexPath) -> Int?, colour: (Int) -> Color,
                        textSize: Double, into list: inout DrawList) {
    for element in view.displayedElements {
      let a = element.attributes
      guard a.representedElementCategory == .cell, !a.isHidden, a.alpha > 0 else { continue }
      let frame = view.convertToSuperview(a.frame)
      let alpha = UInt8(max(0, min(255, (a.alpha * 255).rounded())))
      let n = number(a.indexPath)
      list.rect(center: frame.center, size: frame.size, rotation: a.transform.rotationAngle,
                fill: colour(n ?? 0).withAlpha(alpha), stroke: nil, lineWidth: 0)
      if let n {
        list.text("\(n)", at: frame.center, size: textSize, color: Palette.background.withAlpha(alpha), alignment: .center)
      }
    }
  }

  /// The engine's debug view in window points, and the tiling rect when there is one.
  static func drawDebug(_ animator: DynamicAnimator, in view: CollectionView, tilingRect: Rect?, into list: inout DrawList) {
    let offset = Vector(dx: view.frame.minX - view.contentOffset.x, dy: view.frame.minY - view.contentOffset.y)
    DynamicsDebugOverlay.draw(animator.debugDrawing(), into: &list, offset: offset)
    if let r = tilingRect, r != .zero {
      let w = view.convertToSuperview(r)
      let corners = [Point(x: w.minX, y: w.minY), Point(x: w.maxX, y: w.minY), Point(x: w.maxX, y: w.maxY),
                     Point(x: w.minX, y: w.maxY)]
      for i in 0..<4 {
        list.dashedLine(from: corners[i], to: corners[(i + 1) % 4], Palette.warning, width: 1.5, dash: 8, gap: 6)
      }
      list.text("tiling rect", at: Point(x: w.minX + 6, y: max(view.frame.minY + 8, w.minY + 8)), size: 11,
                color: Palette.warning, alignment: .topLeft)
    }
  }

  /// A one-line title bar across the top of the window.
  static func drawTitle(_ title: String, message: String?, width: Double, into list: inout DrawList) {
    list.fillRect(Rect(x: 0, y: 0, width: width, height: 40), Palette.panel)
    list.text(title, at: Point(x: 12, y: 20), size: 14, color: Palette.text, alignment: .centerLeft)
    if let message {
      list.text(message, at: Point(x: width - 12, y: 20), size: 12, color: Palette.warning, alignment: .centerRight)
    }
  }
}
