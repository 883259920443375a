#if canImport(Glibc)
  import Glibc
#endif
import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// The field view (`F`) of the physics layouts: the forces a person feels while dragging, drawn in the
/// fields scene's log scale and colours (`FieldViewOverlay.arrowStyle`).
///
/// - Each displayed cell on a spring gets an arrow from its centre along the acceleration its spring gives
///   it now: ω²·(stretch) towards the anchor, with ω = 2π·frequency (the attachment's stiffness per unit
///   mass, so the arrow does not depend on the cell's size); its anchor is a small ring.
/// - Around the pointer, the scroll-resistance field: where a cell lags ¼, ½ and all of a scroll delta.
///   The springy list's lag is (|Δx| + |Δy|) ÷ scrollResistance, so its contours are diamonds; the
///   carousel's is min(1, |Δx| ÷ 500), so its contours are vertical lines either side of the pointer.
/// - Uniform pulls (the carousel's and the Newtonian layout's gravity) are drawn once, in the legend.
package struct LayoutForceOverlay {
  /// The arrow scale shared with the fields scene.
  private let scale = FieldViewOverlay()
  /// The fractions of a scroll delta the contours mark.
  package static let lagFractions = [0.25, 0.5, 1.0]

  package init() {}

  /// The acceleration (pt/s²) a spring gives its item: ω² × the stretch beyond its length, towards the
  /// anchor. Zero for a rigid attachment (frequency 0), whose pull is a constraint rather than a force.
  package static func springAcceleration(item: Point, anchor: Point, length: Double, frequency: Double) -> Vector {
    let d = Vector(dx: anchor.x - item.x, dy: anchor.y - item.y)
    let distance = d.length
    guard frequency > 0, distance > 1e-9 else { return .zero }
    let omega = 2 * Double.pi * frequency
    return d / distance * (omega * omega * (distance - length))
  }

  /// The distances from the pointer (|Δx| + |Δy|, points) at which the springy list's cells lag each of
  /// `lagFractions` of a scroll delta.
  package static func listContourRadii(scrollResistance: Double) -> [Double] {
    lagFractions.map { $0 * scrollResistance }
  }

  /// Arrows for the springs of the displayed cells (window coordinates), and a ring at each anchor.
  package func drawSprings(_ springs: [LayoutSpring], in view: CollectionView, into list: inout DrawList) {
    let shift = Vector(dx: view.frame.minX - view.contentOffset.x, dy: view.frame.minY - view.contentOffset.y)
    let visible = view.bounds
    for s in springs {
      let a = s.attributes
      guard visible.intersects(a.frame), s.attachment.attachedBehaviorType == .anchor else { continue }
      let center = a.center + shift, anchor = s.attachment.anchorPoint + shift
      list.circle(center: anchor, radius: 2.5, fill: nil, stroke: Palette.dimText, lineWidth: 1)
      let acceleration = Self.springAcceleration(
        item: a.center, anchor: s.attachment.anchorPoint,
        length: s.attachment.length, frequency: s.attachment.frequency)
      drawArrow(from: center, acceleration: acceleration, into: &list)
    }
  }

  /// One arrow of an acceleration from `origin`, in the log scale; nothing below the scale's floor.
  package func drawArrow(from origin: Point, acceleration: Vector, into list: inout DrawList) {
    let m = acceleration.length
    guard m.isFinite, m >= scale.weakest else { return }
    let style = scale.arrowStyle(magnitude: m)
    list.arrow(
      from: origin, to: origin + acceleration / m * style.length, style.color,
      width: 2, headLength: min(7, style.length * 0.45))
  }

  /// The springy list's contours: diamonds of |Δx| + |Δy| = r around `pointer` (window points), labelled.
  package func drawDiamondContours(around pointer: Point, radii: [Double], clip: Rect, into list: inout DrawList) {
    for (r, fraction) in zip(radii, Self.lagFractions) {
      let corners = [
        Point(x: pointer.x, y: pointer.y - r), Point(x: pointer.x + r, y: pointer.y),
        Point(x: pointer.x, y: pointer.y + r), Point(x: pointer.x - r, y: pointer.y)
      ]
      for i in 0..<4 {
        guard let s = clipped(corners[i], corners[(i + 1) % 4], to: clip) else { continue }
        list.dashedLine(from: s.0, to: s.1, contourColour(fraction), width: 2, dash: 10, gap: 5)
      }
      label(fraction, at: Point(x: pointer.x + r / 2 + 6, y: pointer.y - r / 2), clip: clip, into: &list)
    }
    list.circle(center: pointer, radius: 4, fill: nil, stroke: Palette.spring, lineWidth: 1.5)
  }

  /// The carousel's contours: vertical lines at ±r from the pointer (only |Δx| counts), labelled.
  package func drawBandContours(around pointer: Point, radii: [Double], clip: Rect, into list: inout DrawList) {
    for (r, fraction) in zip(radii, Self.lagFractions) {
      for x in [pointer.x - r, pointer.x + r] where x >= clip.minX && x <= clip.maxX {
        list.dashedLine(
          from: Point(x: x, y: clip.minY), to: Point(x: x, y: clip.maxY), contourColour(fraction),
          width: 2, dash: 10, gap: 5)
        label(fraction, at: Point(x: x + 4, y: clip.minY + 14), clip: clip, into: &list)
      }
    }
    list.circle(center: pointer, radius: 4, fill: nil, stroke: Palette.spring, lineWidth: 1.5)
  }

  private func contourColour(_ fraction: Double) -> Color {
    Palette.spring.mixed(with: Palette.warning, fraction)
  }

  private func label(_ fraction: Double, at p: Point, clip: Rect, into list: inout DrawList) {
    guard clip.contains(p) else { return }
    let text = fraction >= 1 ? "lags all" : fraction == 0.5 ? "lags ½" : "lags ¼"
    list.text(text, at: p, size: 12, color: contourColour(fraction), alignment: .centerLeft)
  }

  /// The part of the segment a–b inside `r` (Liang–Barsky), or nil.
  private func clipped(_ a: Point, _ b: Point, to r: Rect) -> (Point, Point)? {
    var t0 = 0.0, t1 = 1.0
    let dx = b.x - a.x, dy = b.y - a.y
    for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
      if p == 0 { if q < 0 { return nil } else { continue } }
      let t = q / p
      if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
      if t0 > t1 { return nil }
    }
    return (Point(x: a.x + t0 * dx, y: a.y + t0 * dy), Point(x: a.x + t1 * dx, y: a.y + t1 * dy))
  }
}
