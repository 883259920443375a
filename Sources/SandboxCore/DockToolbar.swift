import Geometry2D

/// The toolbar in the bottom of the dock, under the scene: a scene's `ToolPalette` as a row of buttons
/// (wrapped to more rows when the dock's panel narrows the scene), the tool in use highlighted. A press
/// on it belongs to the toolbar, never to the scene under nothing.
package enum DockToolbar {
  static let buttonSize = Size(width: 64, height: 24)
  static let gap = 2.0
  static let inset = 4.0

  /// Buttons a row holds in a toolbar `width` wide.
  static func columns(in width: Double) -> Int {
    max(1, Int((width - 2 * inset + gap) / (buttonSize.width + gap)))
  }

  /// The height of a toolbar holding `buttons` in `width`.
  static func height(buttons: Int, width: Double) -> Double {
    let rows = (buttons + columns(in: width) - 1) / columns(in: width)
    return 2 * inset + Double(rows) * (buttonSize.height + gap) - gap
  }

  /// Button `index` of a toolbar occupying `bar`.
  package static func frame(of index: Int, in bar: Rect) -> Rect {
    let n = columns(in: bar.width)
    return Rect(
      x: bar.minX + inset + Double(index % n) * (buttonSize.width + gap),
      y: bar.minY + inset + Double(index / n) * (buttonSize.height + gap), width: buttonSize.width,
      height: buttonSize.height)
  }

  /// The index of the button under `p`, among `count` in `bar`.
  package static func button(at p: Point, in bar: Rect, count: Int) -> Int? {
    (0..<count).first { frame(of: $0, in: bar).contains(p) && bar.contains(p) }
  }

  /// Draws `palette` over the whole of `bar`, so nothing the scene drew past its area shows through.
  package static func draw(_ palette: ToolPalette, in bar: Rect, into list: inout DrawList) {
    list.fillRect(bar, Palette.panel)
    list.line(from: Point(x: bar.minX, y: bar.minY), to: Point(x: bar.maxX, y: bar.minY), Palette.grid, width: 1)
    for (i, b) in palette.buttons.enumerated() {
      let r = frame(of: i, in: bar)
      // A window too short for every row keeps the rows that fit.
      guard r.maxY <= bar.maxY + 0.5 else { break }
      let on = i == palette.chosen
      list.append(
        .rect(
          center: r.center, size: r.size, rotation: 0, fill: on ? Palette.accent : Palette.background,
          stroke: Palette.grid, lineWidth: 1))
      list.text(
        "\(b.key) \(b.name)", at: r.center, size: 11, color: on ? Palette.background : Palette.text,
        alignment: .center)
    }
  }
}
