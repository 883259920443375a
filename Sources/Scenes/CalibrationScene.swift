import Geometry2D
import SandboxCore

/// The test card: one labelled cell per primitive the renderer has (filled, stroked and rotated
/// rectangles, circles and ellipses, convex polygons, thick and hairline polylines, arrows, dashed lines,
/// alpha blending and text at several sizes and alignments), colour bars, rulers every 10 points, and a
/// live input strip that answers the pointer, the wheel, keys and resizes. The pixel tests check its
/// cells; the end-to-end test checks its input strip.
package final class CalibrationScene: Scene {
  package let name = "calibration"
  package private(set) var size = Size(width: 800, height: 600)
  /// Everything the input strip shows, kept so tests can read it.
  package private(set) var pointer: Point?
  package private(set) var dragPath: [Point] = []
  package private(set) var wheelTotal = Vector.zero
  package private(set) var lastKey: String?
  package private(set) var resizeCount = 0
  private var time = 0.0

  package init() {}

  package var keyHelp: [(key: String, action: String)] {
    [("drag", "draws a trail"), ("wheel", "adds to the wheel total"), ("any key", "shows its name")]
  }

  package static let columns = 4
  package static let rows = 3
  package static let titleHeight = 36.0
  package static let stripHeight = 64.0
  package static let margin = 12.0

  /// The frame of cell `index` (row-major) in a window of `size`; tests find primitives with it.
  package static func cellFrame(_ index: Int, in size: Size) -> Rect {
    let top = titleHeight, bottom = size.height - stripHeight - 16
    let w = (size.width - margin * Double(columns + 1)) / Double(columns)
    let h = (bottom - top - margin * Double(rows - 1)) / Double(rows)
    let col = index % columns, row = index / columns
    return Rect(x: margin + Double(col) * (w + margin), y: top + Double(row) * (h + margin), width: w, height: h)
  }

  /// The area of a cell below its label.
  package static func stage(_ index: Int, in size: Size) -> Rect {
    let f = cellFrame(index, in: size)
    return Rect(x: f.minX + 8, y: f.minY + 24, width: f.width - 16, height: f.height - 32)
  }

  package static let cellTitles = [
    "filled rect", "stroked rect", "rotated rect 30°", "circle + ring",
    "rotated ellipse", "convex polygon", "thick polyline", "hairlines",
    "arrows", "dashed lines", "alpha blending", "text"
  ]

  package func resize(to size: Size) {
    if size != self.size { resizeCount += 1 }
    self.size = size
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      pointer = p
      dragPath = [p]
    case .pointerMoved(let p, _, let buttons):
      pointer = p
      if buttons.contains(.left) { dragPath.append(p) }
    case .pointerUp(_, let p):
      pointer = p
    case .wheel(let w):
      wheelTotal += w.isPrecise ? w.preciseDelta : Vector(dx: Double(w.notches.x), dy: Double(w.notches.y))
    case .keyDown(let k, _, _):
      lastKey = k.description
    default:
      return false
    }
    return true
  }

  package func advance(by seconds: Double) { time += seconds }

  /// The card changes only with input: its clock hand turns while the window is busy, not at rest.
  package var isAnimating: Bool { false }

  /// The scene is its variables: no animator, nothing else that moves.
  package func takeSnapshot() -> SceneSnapshot? {
    let saved = (size, pointer, dragPath, wheelTotal, lastKey, resizeCount)
    let time = self.time
    return SceneSnapshot(approximateBytes: 256 + 16 * dragPath.count) {
      (self.size, self.pointer, self.dragPath, self.wheelTotal, self.lastKey, self.resizeCount) = saved
      self.time = time
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    for p in dragPath {
      d.combine(p.x)
      d.combine(p.y)
    }
    d.combine(wheelTotal.dx)
    d.combine(wheelTotal.dy)
    d.combine(time)
    d.combine(resizeCount)
    for u in (lastKey ?? "").unicodeScalars { d.combine(Int(u.value)) }
    return d.value
  }

  package func reset() {
    pointer = nil
    dragPath = []
    wheelTotal = .zero
    lastKey = nil
    time = 0
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    drawRulers(into: &list)
    list.text(
      "Hooke calibration card — \(Int(size.width))×\(Int(size.height)) pt", at: Point(x: Self.margin, y: 10),
      size: 16, color: Palette.text)
    for i in 0..<Self.cellTitles.count {
      let f = Self.cellFrame(i, in: size)
      list.fillRect(f, Palette.panel)
      list.text(Self.cellTitles[i], at: Point(x: f.minX + 8, y: f.minY + 5), size: 13, color: Palette.dimText)
      drawCell(i, stage: Self.stage(i, in: size), into: &list)
    }
    drawColourBars(into: &list)
    drawInputStrip(into: &list)
  }

  // MARK: Cells

  private func drawCell(_ i: Int, stage s: Rect, into list: inout DrawList) {
    let c = s.center
    let r = Swift.min(s.width, s.height) / 2
    switch i {
    case 0:
      list.fillRect(Rect(center: c, size: Size(width: r * 1.6, height: r * 1.2)), Color(hex: 0xE8443A))
    case 1:
      list.strokeRect(Rect(center: c, size: Size(width: r * 1.6, height: r * 1.2)), Palette.accent, width: 4)
      list.strokeRect(Rect(center: c, size: Size(width: r * 0.8, height: r * 0.5)), Palette.text, width: 1)
    case 2:
      list.rect(
        center: c, size: Size(width: r * 1.5, height: r * 0.8), rotation: .pi / 6,
        fill: Palette.good, stroke: Palette.text, lineWidth: 2)
    case 3:
      list.circle(center: c, radius: r * 0.55, fill: Palette.warm)
      list.circle(center: c, radius: r * 0.8, fill: nil, stroke: Palette.warning, lineWidth: 3)
    case 4:
      list.append(
        .ellipse(
          center: c, radii: Size(width: r * 0.9, height: r * 0.45), rotation: -.pi / 8,
          fill: Palette.spring, stroke: Palette.text, lineWidth: 1.5))
    case 5:
      let hex = (0..<6).map { k in c + Vector(angle: Double(k) * .pi / 3, length: r * 0.8) }
      list.append(.polygon(hex, fill: Palette.accent))
    case 6:
      let zig = (0..<6).map { k in
        Point(
          x: s.minX + 10 + Double(k) * (s.width - 20) / 5,
          y: k % 2 == 0 ? s.maxY - 12 : s.minY + 12)
      }
      list.polyline(zig, Palette.warning, width: 6)
    case 7:
      for k in 0..<5 {
        let y = s.minY + 8 + Double(k) * (s.height - 16) / 4
        list.line(from: Point(x: s.minX + 8, y: y), to: Point(x: s.maxX - 8, y: y + Double(k - 2) * 6), Palette.text)
      }
    case 8:
      list.arrow(
        from: Point(x: s.minX + 10, y: c.y), to: Point(x: s.maxX - 10, y: c.y), Palette.good, width: 2,
        headLength: 12)
      list.arrow(from: c, to: Point(x: c.x, y: s.minY + 6), Palette.bad, width: 3, headLength: 10)
      list.arrow(from: c, to: Point(x: s.minX + 20, y: s.maxY - 6), Palette.accent, width: 1, headLength: 8)
    case 9:
      for k in 0..<3 {
        let y = s.minY + 12 + Double(k) * (s.height - 24) / 2
        list.dashedLine(
          from: Point(x: s.minX + 8, y: y), to: Point(x: s.maxX - 8, y: y), Palette.text,
          width: Double(k + 1), dash: Double(4 + 4 * k), gap: 4)
      }
    case 10:
      // Three translucent discs over a half-white, half-black backdrop: the overlaps show the blend.
      list.fillRect(Rect(x: s.minX, y: s.minY, width: s.width / 2, height: s.height), .white)
      list.fillRect(Rect(x: s.midX, y: s.minY, width: s.width / 2, height: s.height), .black)
      let d = r * 0.35
      list.circle(center: c + Vector(dx: 0, dy: -d * 0.6), radius: r * 0.5, fill: Color.red.withAlpha(128))
      list.circle(center: c + Vector(dx: -d * 0.7, dy: d * 0.5), radius: r * 0.5, fill: Color.green.withAlpha(128))
      list.circle(center: c + Vector(dx: d * 0.7, dy: d * 0.5), radius: r * 0.5, fill: Color.blue.withAlpha(128))
    case 11:
      list.text("DejaVu 10 pt", at: Point(x: s.minX, y: s.minY), size: 10)
      list.text("DejaVu 14 pt — ✓ é", at: Point(x: s.minX, y: s.minY + 14), size: 14)
      list.text("20 pt", at: Point(x: s.minX, y: s.minY + 34), size: 20, color: Palette.warning)
      list.text("right", at: Point(x: s.maxX, y: s.maxY), size: 12, color: Palette.accent, alignment: .bottomRight)
      list.circle(center: Point(x: s.maxX, y: s.maxY), radius: 2, fill: Palette.bad)
    default:
      break
    }
  }

  private func drawRulers(into list: inout DrawList) {
    var x = 0.0
    while x < size.width {
      let long = Int(x) % 100 == 0
      list.line(from: Point(x: x, y: 0), to: Point(x: x, y: long ? 8 : 4), Palette.dimText)
      x += 10
    }
    var y = 0.0
    while y < size.height {
      let long = Int(y) % 100 == 0
      list.line(from: Point(x: 0, y: y), to: Point(x: long ? 8 : 4, y: y), Palette.dimText)
      y += 10
    }
  }

  package static let barColours: [Color] = [
    .white, Color(hex: 0xFFFF00), Color(hex: 0x00FFFF), .green, Color(hex: 0xFF00FF), .red, .blue, .black
  ]

  /// The colour bars' strip, just above the input strip.
  package static func barsFrame(in size: Size) -> Rect {
    Rect(x: margin, y: size.height - stripHeight - 12, width: size.width - 2 * margin, height: 8)
  }

  private func drawColourBars(into list: inout DrawList) {
    let f = Self.barsFrame(in: size)
    let w = f.width / Double(Self.barColours.count)
    for (k, colour) in Self.barColours.enumerated() {
      list.fillRect(Rect(x: f.minX + Double(k) * w, y: f.minY, width: w, height: f.height), colour)
    }
  }

  /// The strip at the bottom that shows what input the card has seen.
  package static func stripFrame(in size: Size) -> Rect {
    Rect(x: margin, y: size.height - stripHeight, width: size.width - 2 * margin, height: stripHeight - margin)
  }

  private func drawInputStrip(into list: inout DrawList) {
    let f = Self.stripFrame(in: size)
    list.fillRect(f, Palette.panel)
    let pointerText = pointer.map { "pointer \(Int($0.x)),\(Int($0.y))" } ?? "pointer –"
    let wheelText = "wheel \(short(wheelTotal.dx)),\(short(wheelTotal.dy))"
    let keyText = "key " + (lastKey ?? "–")
    let dragText = "drag \(dragPath.count) pts"
    list.text(
      "\(pointerText)   \(dragText)   \(wheelText)   \(keyText)   resizes \(resizeCount)",
      at: Point(x: f.minX + 10, y: f.minY + 8), size: 14, color: Palette.text)
    // A wheel gauge: a bar whose length follows the wheel total, so a screenshot shows it moved.
    let gauge = Swift.max(-1, Swift.min(1, wheelTotal.dy / 10))
    let mid = f.midX
    list.fillRect(
      Rect(
        x: Swift.min(mid, mid + gauge * f.width / 2), y: f.maxY - 14,
        width: abs(gauge) * f.width / 2, height: 8), Palette.accent)
    list.line(from: Point(x: mid, y: f.maxY - 18), to: Point(x: mid, y: f.maxY - 2), Palette.dimText)
    // Sweep hand, so a live window visibly runs.
    let hand = Point(x: f.maxX - 20, y: f.minY + 20)
    list.circle(center: hand, radius: 12, fill: nil, stroke: Palette.dimText, lineWidth: 1)
    list.line(from: hand, to: hand + Vector(angle: time * 2 * .pi / 4 - .pi / 2, length: 11), Palette.warning, width: 2)
    if dragPath.count > 1 { list.polyline(dragPath, Palette.warm, width: 3) }
    if let p = pointer {
      list.line(from: p - Vector(dx: 10, dy: 0), to: p + Vector(dx: 10, dy: 0), Palette.bad)
      list.line(from: p - Vector(dx: 0, dy: 10), to: p + Vector(dx: 0, dy: 10), Palette.bad)
    }
  }

  private func short(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10)
  }
}
