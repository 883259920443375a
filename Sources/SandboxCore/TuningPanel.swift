import Geometry2D

/// The `Tab` panel: the current scene's parameters, changed with the mouse (click or drag a slider) or
/// the keys (↑↓ choose, ←→ step, Shift for ten steps, Enter to type a value, Enter again to apply,
/// Esc to cancel typing), applied live. When the scene has a spring, the panel shows it in every
/// toolkit's units and plots its step response with the settle time and overshoot marked. Values out of
/// range are refused with a message, never applied.
package struct TuningPanel {
  package var isVisible = false
  package private(set) var selected = 0
  package private(set) var typing: String?
  package private(set) var message: String?
  /// A confirmation shown under the parameters (e.g. what `C` copied); cleared by the next change.
  package var notice: String?
  private var draggingRow: Int?

  package static let width = 340.0
  static let rowHeight = 38.0
  static let top = 44.0

  package init() {}

  /// The panel's place in a window of `size`: the dock (`SandboxLayout`).
  package func frame(in size: Size) -> Rect {
    SandboxLayout(window: size, dock: .tuning).dockFrame!
  }

  func sliderFrame(row: Int, in size: Size) -> Rect {
    let f = frame(in: size)
    return Rect(
      x: f.minX + 14, y: f.minY + Self.top + Double(row) * Self.rowHeight + 22, width: f.width - 28, height: 8)
  }

  /// Handles input while the panel is open. Returns true when the panel used the event (the scene then
  /// does not see it).
  package mutating func handle(_ event: InputEvent, parameters: [TunableParameter], size: Size) -> Bool {
    guard isVisible else { return false }
    if selected >= parameters.count { selected = max(0, parameters.count - 1) }
    switch event {
    case .keyDown(let key, let mods, _):
      if typing != nil { return handleTyping(key, parameters: parameters) }
      switch key {
      case .up: selected = max(0, selected - 1)
      case .down: selected = min(max(0, parameters.count - 1), selected + 1)
      case .left, .right:
        guard parameters.indices.contains(selected) else { return true }
        parameters[selected].nudge(by: (key == .left ? -1 : 1) * (mods.contains(.shift) ? 10 : 1))
        message = nil
        notice = nil
      case .enter:
        if parameters.indices.contains(selected), parameters[selected].choices == nil { typing = "" }
      default:
        return false
      }
      return true
    case .pointerDown(.left, let p, _):
      guard frame(in: size).contains(p) else { return false }
      for row in parameters.indices where sliderFrame(row: row, in: size).insetBy(dx: -4, dy: -8).contains(p) {
        selected = row
        draggingRow = row
        setFromSlider(p, parameters[row], row: row, size: size)
      }
      return true
    case .pointerMoved(let p, _, let buttons):
      guard let row = draggingRow, buttons.contains(.left), parameters.indices.contains(row) else {
        return frame(in: size).contains(p)
      }
      setFromSlider(p, parameters[row], row: row, size: size)
      return true
    case .pointerUp(_, let p):
      let used = draggingRow != nil || frame(in: size).contains(p)
      draggingRow = nil
      return used
    case .wheel(let w):
      return frame(in: size).contains(w.position)
    default:
      return false
    }
  }

  private mutating func setFromSlider(_ p: Point, _ parameter: TunableParameter, row: Int, size: Size) {
    let s = sliderFrame(row: row, in: size)
    parameter.setFraction((p.x - s.minX) / s.width)
    message = nil
    notice = nil
  }

  private mutating func handleTyping(_ key: Key, parameters: [TunableParameter]) -> Bool {
    guard var text = typing else { return false }
    switch key {
    case .escape:
      typing = nil
      return true
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .enter:
      typing = nil
      guard parameters.indices.contains(selected) else { return true }
      guard let v = Double(text) else {
        message = "'\(text)' is not a number; \(parameters[selected].name) unchanged"
        return true
      }
      message = parameters[selected].set(v)
      return true
    case .character(let c) where c.isNumber || c == "." || c == "-" || c == "e":
      text.append(c)
    default:
      return true
    }
    typing = text
    return true
  }

  /// Draws the panel on the right of a window of `size`.
  package func draw(
    sceneName: String, parameters: [TunableParameter], notes: [String] = [], spring: SpringParameters?,
    into list: inout DrawList, size: Size
  ) {
    guard isVisible else { return }
    let f = frame(in: size)
    list.fillRect(f, Palette.panel.withAlpha(250))
    list.strokeRect(f, Palette.accent)
    // Notes are what a scene's inspector says about its selection: the panel then inspects.
    let title = "\(notes.isEmpty ? "Tuning" : "Inspector") — \(sceneName)"
    list.text(title, at: Point(x: f.minX + 14, y: f.minY + 12), size: 15, color: Palette.accent)
    if parameters.isEmpty, notes.isEmpty {
      list.text(
        "this scene has nothing to tune", at: Point(x: f.minX + 14, y: f.minY + Self.top), size: 13,
        color: Palette.dimText)
    }
    for (row, p) in parameters.enumerated() {
      let y = f.minY + Self.top + Double(row) * Self.rowHeight
      if row == selected {
        list.fillRect(Rect(x: f.minX + 4, y: y - 4, width: f.width - 8, height: Self.rowHeight - 2), Palette.grid)
      }
      list.text(p.name, at: Point(x: f.minX + 14, y: y), size: 13, color: Palette.text)
      let shown = row == selected && typing != nil ? "\(typing!)▏" : p.displayValue
      list.text(
        shown, at: Point(x: f.maxX - 14, y: y), size: 13,
        color: row == selected && typing != nil ? Palette.warning : Palette.text, alignment: .topRight)
      let s = sliderFrame(row: row, in: size)
      list.fillRect(s, Palette.background)
      list.fillRect(Rect(x: s.minX, y: s.minY, width: s.width * p.fraction, height: s.height), Palette.accent)
      list.fillRect(
        Rect(center: Point(x: s.minX + s.width * p.fraction, y: s.midY), size: Size(width: 4, height: 14)),
        Palette.text)
    }
    // The rows drawn above: the parameters, or the line saying there are none (notes take its place).
    let rows = parameters.isEmpty && !notes.isEmpty ? 0 : max(1, parameters.count)
    var y = f.minY + Self.top + Double(rows) * Self.rowHeight + (rows == 0 ? 0 : 6)
    y = drawNotes(notes, from: y, frame: f, into: &list)
    if let message {
      list.text(message, at: Point(x: f.minX + 14, y: y), size: 12, color: Palette.bad)
      y += 20
    }
    if let notice {
      list.text(notice, at: Point(x: f.minX + 14, y: y), size: 12, color: Palette.good)
      y += 20
    }
    // The hints only where they apply: no rows to choose in an empty inspector, no spring to copy
    // from an item's.
    if !parameters.isEmpty {
      list.text(
        "↑↓ choose  ←→ step (⇧ ×10)  Enter types a value", at: Point(x: f.minX + 14, y: y), size: 11,
        color: Palette.dimText)
      y += 16
    }
    if let spring, spring.isValid {
      list.text(
        "C copies the spring as code (UIKit, SwiftUI, …)", at: Point(x: f.minX + 14, y: y), size: 11,
        color: Palette.dimText)
      y += 22
      drawSpring(spring, at: y, frame: f, into: &list)
    }
  }

  /// The scene's notes under the parameters, wrapped to the panel's width; returns where they end.
  private func drawNotes(_ notes: [String], from top: Double, frame f: Rect, into list: inout DrawList) -> Double {
    guard !notes.isEmpty else { return top }
    // About 6.5 pt a character at 12 pt, as in the status bar.
    let columns = Int((f.width - 28) / 6.5)
    var y = top
    for (i, note) in notes.enumerated() {
      for line in note.wrapped(toColumns: columns) where y < f.maxY - 16 {
        list.text(
          line, at: Point(x: f.minX + 14, y: y), size: 12, color: i == 0 ? Palette.text : Palette.dimText)
        y += 16
      }
    }
    return y + 8
  }

  /// Origami's figures, or why the spring has none (a negative tension would mean nothing there).
  static func origamiLine(_ o: SpringParameters.OrigamiEquivalent, _ n: (Double, Int) -> String) -> String {
    switch o {
    case .tensionFriction(let t, let f): "Rebound / Origami  tension \(n(t, 1)), friction \(n(f, 1))"
    case .none(let reason): "no Origami equivalent: \(reason)"
    }
  }

  private func drawSpring(_ s: SpringParameters, at top: Double, frame f: Rect, into list: inout DrawList) {
    func n(_ v: Double, _ places: Int = 2) -> String {
      var k = 1.0
      for _ in 0..<places { k *= 10 }
      return String((v * k).rounded() / k)
    }
    let lines = [
      "UIKit  frequency \(n(s.frequency)) Hz, damping \(n(s.dampingRatio))",
      "SwiftUI  response \(n(s.response)) s, dampingFraction \(n(s.dampingRatio))",
      "Android, framer  stiffness \(n(s.stiffness, 1)), damping \(n(s.damping, 1)), mass \(n(s.mass, 1))",
      Self.origamiLine(s.origami, n)
    ]
    for (i, line) in lines.enumerated() {
      list.text(line, at: Point(x: f.minX + 14, y: top + Double(i) * 17), size: 11, color: Palette.text)
    }
    let plot = Rect(x: f.minX + 14, y: top + 80, width: f.width - 28, height: min(150, f.maxY - top - 110))
    guard plot.height > 40 else { return }
    list.fillRect(plot, Palette.background)
    let settle = s.settleTime()
    let span = settle.isFinite ? max(settle * 1.4, 0.2) : 5
    let peak = 1 + s.overshoot
    let yMax = max(1.2, peak + 0.1)
    func map(_ t: Double, _ v: Double) -> Point {
      Point(x: plot.minX + t / span * plot.width, y: plot.maxY - v / yMax * plot.height)
    }
    list.dashedLine(from: map(0, 1), to: map(span, 1), Palette.dimText, dash: 3, gap: 3)
    var pts: [Point] = []
    let samples = 160
    for i in 0...samples {
      let t = span * Double(i) / Double(samples)
      pts.append(map(t, min(yMax, max(0, s.stepResponse(at: t)))))
    }
    list.polyline(pts, Palette.spring, width: 2)
    if settle.isFinite {
      list.dashedLine(from: map(settle, 0), to: map(settle, yMax), Palette.good, dash: 4, gap: 3)
      // The label sits on whichever side of the line has room.
      let right = map(settle, 0).x < plot.midX
      list.text(
        "settles (2 %) \(n(settle)) s", at: map(settle, 0) + Vector(dx: right ? 4 : -4, dy: -3), size: 11,
        color: Palette.good, alignment: right ? .bottomLeft : .bottomRight)
    }
    if s.overshoot > 0.001 {
      list.dashedLine(from: map(0, peak), to: map(span, peak), Palette.warm, dash: 4, gap: 3)
      list.text(
        "overshoot \(n(s.overshoot * 100, 1)) %", at: map(span, peak) + Vector(dx: -4, dy: -2), size: 11,
        color: Palette.warm, alignment: .bottomRight)
    }
    list.text(
      "step response, 0 … \(n(span)) s", at: Point(x: plot.minX, y: plot.maxY + 4), size: 11, color: Palette.dimText)
  }
}
