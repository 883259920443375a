import Geometry2D

/// The keys every scene shares; scenes add their own through `Scene.keyHelp`.
package enum SandboxKeys {
  package static let global: [(key: String, action: String)] = [
    ("H", "show or hide this help"),
    ("L", "show or hide the scene list (1–9 open a scene)"),
    ("Tab", "show or hide the tuning panel"),
    ("C", "with the tuning panel open: copy the spring as code"),
    ("Ctrl+B", "build on this scene in the playground"),
    ("Space", "pause or resume the simulation"),
    (".", "advance one step while paused"),
    ("←  →", "while paused: a frame back or forward; drag the strip to scrub"),
    ("[  ]", "slower or faster: ¼×, ½×, 1× (the same steps, fewer a second)"),
    ("R", "reset the scene"),
    ("S", "save a screenshot (hooke-<scene>-<n>.png)"),
    ("W", "save the session up to the frame shown (hooke --replay plays it)"),
    ("`", "show or hide the HUD"),
    ("Esc", "quit")
  ]

  /// The help's width in the dock: the longest scene key line at 12 pt.
  package static let helpWidth = 520.0

  /// Draws, in the dock, a panel listing the global keys and the scene's keys.
  package static func drawHelp(
    sceneName: String, sceneKeys: [(key: String, action: String)],
    into list: inout DrawList, size: Size
  ) {
    let rows = [("", "Hooke — \(sceneName)")] + global + (sceneKeys.isEmpty ? [] : [("", "")] + sceneKeys)
    let dock = SandboxLayout(window: size, dock: .help).dockFrame!
    let box = Rect(
      x: dock.minX, y: dock.minY, width: dock.width, height: Swift.min(dock.height, Double(rows.count) * 20 + 24))
    list.fillRect(box, Palette.panel.withAlpha(235))
    list.strokeRect(box, Palette.accent, width: 1)
    for (i, row) in rows.enumerated() {
      let y = box.minY + 12 + Double(i) * 20
      if row.0.isEmpty {
        list.text(row.1, at: Point(x: box.minX + 16, y: y), size: 14, color: Palette.accent)
      } else {
        list.text(row.0, at: Point(x: box.minX + 16, y: y), size: 12, color: Palette.warning)
        list.text(row.1, at: Point(x: box.minX + 90, y: y), size: 12, color: Palette.text)
      }
    }
  }
}
