import Dynamics
import Geometry2D
import SandboxCore

/// Draws what the engine's debug view reports (UIKit's private `debugEnabled`, made visible): bodies
/// outlined (blue awake, grey asleep, hatched orange anchored), attachments as lines coloured by their
/// stretch with their anchors ringed, snap points, boundaries, and contact points with their normals.
enum DynamicsDebugOverlay {
  static func draw(_ d: DynamicsDebugDrawing, into list: inout DrawList, offset: Vector = .zero) {
    for s in d.boundaries {
      list.line(from: s.start + offset, to: s.end + offset, Palette.warning, width: 2)
    }
    for b in d.bodies {
      let colour = b.isAnchored ? Palette.warm : (b.isAwake ? Palette.accent : Palette.dimText)
      list.polyline(b.polygon.map { $0 + offset }, colour, width: 1.5, closed: true)
      list.circle(center: b.center + offset, radius: 2, fill: colour)
    }
    for a in d.attachments {
      // Green at rest, through yellow to red at 50 pt of stretch either way.
      let t = min(1, abs(a.stretch) / 50)
      let colour =
        t < 0.5
        ? Palette.good.mixed(with: Palette.warning, t * 2) : Palette.warning.mixed(with: Palette.bad, (t - 0.5) * 2)
      list.line(from: a.from + offset, to: a.to + offset, colour, width: 1.5)
      if a.fromIsAnchor {
        list.circle(center: a.from + offset, radius: 4, fill: nil, stroke: Palette.spring, lineWidth: 1.5)
      }
      list.circle(center: a.to + offset, radius: 2.5, fill: Palette.spring)
    }
    for p in d.snapPoints {
      let q = p + offset
      list.line(from: q - Vector(dx: 8, dy: 0), to: q + Vector(dx: 8, dy: 0), Palette.good, width: 2)
      list.line(from: q - Vector(dx: 0, dy: 8), to: q + Vector(dx: 0, dy: 8), Palette.good, width: 2)
      list.circle(center: q, radius: 10, fill: nil, stroke: Palette.good, lineWidth: 1)
    }
    for c in d.contacts {
      let q = c.point + offset
      list.circle(center: q, radius: 3, fill: Palette.bad)
      list.arrow(from: q, to: q + c.normal * 16, Palette.bad, width: 1.5, headLength: 5)
    }
  }
}
