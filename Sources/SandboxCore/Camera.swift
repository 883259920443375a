import Geometry2D

/// A view onto a world larger than the window: which world point sits at the scene's top-left corner,
/// and how many screen points one world point takes. A scene draws the world in world coordinates and
/// then hands the commands to `apply`, so everything it drew, the engine's debug view and the field
/// view included, follows the camera with no code of their own; input goes the other way through
/// `world(_:)`.
package struct Camera: Equatable, Sendable {
  /// The world point drawn at the scene's top-left corner.
  package var origin = Point.zero
  /// Screen points per world point.
  package private(set) var zoom = 1.0
  package static let zoomRange = 0.1...8.0

  package init() {}

  package var isIdentity: Bool { origin == .zero && zoom == 1 }

  package func screen(_ p: Point) -> Point { Point(x: (p.x - origin.x) * zoom, y: (p.y - origin.y) * zoom) }
  package func world(_ p: Point) -> Point { Point(x: p.x / zoom + origin.x, y: p.y / zoom + origin.y) }

  /// Moves the view by `delta` screen points (the world follows the pointer).
  package mutating func pan(by delta: Vector) {
    origin = Point(x: origin.x - delta.dx / zoom, y: origin.y - delta.dy / zoom)
  }

  /// Zooms by `factor` keeping the world point under `pivot` (a screen point) where it is.
  package mutating func zoom(by factor: Double, about pivot: Point) {
    guard factor.isFinite, factor > 0 else { return }
    let anchor = world(pivot)
    zoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    origin = Point(x: anchor.x - pivot.x / zoom, y: anchor.y - pivot.y / zoom)
  }

  /// Frames `rect` (world) in a view of `view` size, with a margin, at no more than 1:1.
  package mutating func frame(_ rect: Rect, in view: Size, margin: Double = 40) {
    guard rect.isFinite, rect.width >= 0, rect.height >= 0 else { return }
    let fit = min(
      (view.width - 2 * margin) / max(rect.width, 1), (view.height - 2 * margin) / max(rect.height, 1))
    zoom = min(max(min(fit, 1), Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    origin = Point(x: rect.midX - view.width / 2 / zoom, y: rect.midY - view.height / 2 / zoom)
  }

  /// Puts every command from `start` on into screen coordinates. Text keeps its size, so labels stay
  /// readable at any zoom; lines get thinner or thicker with the zoom but never under a point.
  package func apply(to list: inout DrawList, from start: Int) {
    guard !isIdentity, start < list.count else { return }
    let moved = list.commands[start...].map(transformed)
    list.replaceCommands(from: start, with: moved)
  }

  private func width(_ w: Double) -> Double { max(1, w * zoom) }
  private func scaled(_ s: Size) -> Size { Size(width: s.width * zoom, height: s.height * zoom) }

  func transformed(_ c: DrawCommand) -> DrawCommand {
    switch c {
    case .clear: c
    case .rect(let center, let size, let r, let fill, let stroke, let w):
      .rect(center: screen(center), size: scaled(size), rotation: r, fill: fill, stroke: stroke, lineWidth: width(w))
    case .ellipse(let center, let radii, let r, let fill, let stroke, let w):
      .ellipse(
        center: screen(center), radii: scaled(radii), rotation: r, fill: fill, stroke: stroke, lineWidth: width(w))
    case .polygon(let pts, let fill): .polygon(pts.map(screen), fill: fill)
    case .polyline(let pts, let closed, let color, let w):
      .polyline(pts.map(screen), closed: closed, color: color, width: width(w))
    case .arrow(let a, let b, let color, let w, let head):
      .arrow(from: screen(a), to: screen(b), color: color, width: width(w), headLength: head)
    case .dashedLine(let a, let b, let color, let w, let dash, let gap):
      .dashedLine(from: screen(a), to: screen(b), color: color, width: width(w), dash: dash, gap: gap)
    case .text(let s, let at, let size, let color, let alignment):
      .text(s, at: screen(at), size: size, color: color, alignment: alignment)
    }
  }
}
