import Geometry2D

/// The scene list in the dock on the right (`L`): every scene with its number key; a click opens one.
package struct SceneListPanel {
  package var isVisible = false
  package static let width = 230.0
  static let rowHeight = 24.0

  package init() {}

  /// The panel's place in a window of `size`: the top of the dock (`SandboxLayout`).
  package func frame(in size: Size, count: Int) -> Rect {
    let dock = SandboxLayout(window: size, dock: .sceneList).dockFrame!
    return Rect(
      x: dock.minX, y: dock.minY, width: dock.width, height: min(dock.height, 40 + Double(count) * Self.rowHeight))
  }

  /// The index of the scene under `p`, if the panel is open and `p` is on a row.
  package func row(at p: Point, count: Int, size: Size) -> Int? {
    guard isVisible else { return nil }
    let f = frame(in: size, count: count)
    guard f.contains(p) else { return nil }
    let i = Int(((p.y - f.minY - 32) / Self.rowHeight).rounded(.down))
    return (0..<count).contains(i) ? i : nil
  }

  package func draw(entries: [SceneEntry], current: String, into list: inout DrawList, size: Size) {
    guard isVisible else { return }
    let f = frame(in: size, count: entries.count)
    list.fillRect(f, Palette.panel.withAlpha(250))
    list.strokeRect(f, Palette.accent)
    list.text("Scenes", at: Point(x: f.minX + 12, y: f.minY + 8), size: 14, color: Palette.accent)
    for (i, e) in entries.enumerated() {
      let y = f.minY + 32 + Double(i) * Self.rowHeight
      if e.name == current {
        list.fillRect(Rect(x: f.minX + 4, y: y - 2, width: f.width - 8, height: Self.rowHeight - 2), Palette.grid)
      }
      list.text(i < 9 ? "\(i + 1)" : " ", at: Point(x: f.minX + 12, y: y + 2), size: 13, color: Palette.warning)
      list.text(e.name, at: Point(x: f.minX + 34, y: y + 2), size: 13, color: Palette.text)
    }
  }
}
