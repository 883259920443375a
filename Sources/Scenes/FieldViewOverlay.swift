#if canImport(Glibc)
  import Glibc
#endif
import Dynamics
import Geometry2D
import SandboxCore

/// The field view (`F`): what a set of fields would do to a probe, as arrows on a grid over the window,
/// with each field's region outlined (dashed), its minimum radius ringed and its centre marked.
///
/// Arrows show the probe's acceleration (force ÷ mass, points/s²), or for a velocity field the velocity
/// it imposes (points/s, drawn in the spring colour). Length and colour follow the logarithm of the
/// magnitude from `weakest` to `strongest`, so a field that spans five decades (radial gravity with
/// falloff 4) still reads everywhere: dim blue at the weak end, through cyan and yellow, to red.
/// Drawing allocates nothing per arrow; outlines are cached per field until its region changes.
package final class FieldViewOverlay {
  /// Grid spacing in points.
  package var spacing = 32.0
  /// Magnitudes (pt/s² or pt/s) mapped to the shortest dim arrow and the longest red one.
  package var weakest = 1.0, strongest = 100_000.0
  /// The probe the arrows describe; a scene sets it to its item so velocity- and charge-dependent
  /// fields (magnetic, drag, turbulence, electric) show what that item would feel.
  package var probeMass = 1.0, probeCharge = 1.0, probeVelocity = Vector.zero

  private var outlines: [ObjectIdentifier: (region: Region, segments: [(from: Point, to: Point)])] = [:]

  package init() {}

  /// Appends the view for `fields` over a window of `size`, at each field's animator time.
  package func draw(_ fields: [FieldBehavior], size: Size, into list: inout DrawList) {
    drawArrows(fields, size: size, into: &list)
    for f in fields { drawRegion(of: f, into: &list) }
  }

  /// The arrow for a magnitude: length in points and colour. Exposed for tests.
  package func arrowStyle(magnitude m: Double) -> (length: Double, color: Color) {
    let t = min(1, max(0, log(m / weakest) / log(strongest / weakest)))
    let length = 5 + t * (spacing * 0.9 - 5)
    let colour: Color
    if t < 1.0 / 3 {
      colour = Color(hex: 0x3A5BA0).mixed(with: Color(hex: 0x3FD0E0), t * 3)
    } else if t < 2.0 / 3 {
      colour = Color(hex: 0x3FD0E0).mixed(with: Palette.warning, (t - 1.0 / 3) * 3)
    } else {
      colour = Palette.warning.mixed(with: Palette.bad, (t - 2.0 / 3) * 3)
    }
    return (length, colour)
  }

  private func drawArrows(_ fields: [FieldBehavior], size: Size, into list: inout DrawList) {
    guard !fields.isEmpty, spacing >= 4 else { return }
    let columns = Int(size.width / spacing), rows = Int(size.height / spacing)
    let x0 = (size.width - Double(columns - 1) * spacing) / 2, y0 = (size.height - Double(rows - 1) * spacing) / 2
    let cutoff = weakest * 0.1
    for j in 0..<rows {
      for i in 0..<columns {
        let p = Point(x: x0 + Double(i) * spacing, y: y0 + Double(j) * spacing)
        var force = Vector.zero
        var imposed: Vector?
        for f in fields {
          let s = f.sample(at: p, velocity: probeVelocity, mass: probeMass, charge: probeCharge)
          force += s.force
          if let v = s.velocity { imposed = v }
        }
        let shown = imposed ?? force / probeMass
        let m = shown.length
        guard m > cutoff, m.isFinite else { continue }
        let style = arrowStyle(magnitude: m)
        let d = shown / m * style.length
        // Centred on the grid point so neighbouring arrows never overlap.
        let from = p - d * 0.5, to = p + d * 0.5
        list.arrow(
          from: from, to: to, imposed == nil ? style.color : Palette.spring.mixed(with: style.color, 0.3),
          width: 1.5, headLength: min(7, style.length * 0.45))
      }
    }
  }

  private func drawRegion(of f: FieldBehavior, into list: inout DrawList) {
    let key = ObjectIdentifier(f)
    if outlines[key]?.region != f.region {
      outlines[key] = (f.region, f.region.outline(circleSegments: 96))
    }
    let c = f.position
    let colour = Palette.text.withAlpha(150)
    for s in outlines[key]!.segments {
      list.dashedLine(
        from: c + Vector(dx: s.from.x, dy: s.from.y), to: c + Vector(dx: s.to.x, dy: s.to.y),
        colour, width: 1.5, dash: 7, gap: 5)
    }
    if f.minimumRadius >= 1 {
      list.circle(center: c, radius: f.minimumRadius, fill: nil, stroke: Palette.warm, lineWidth: 1.5)
    }
    list.circle(center: c, radius: 3, fill: Palette.warm)
  }

  /// Forgets cached outlines (call when the scene replaces its fields).
  package func removeCachedOutlines() { outlines.removeAll(keepingCapacity: true) }
}
