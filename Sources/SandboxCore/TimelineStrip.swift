import Geometry2D

/// The timeline strip in the status bar while paused: how far back the shown frame is, and a bar over
/// the scrubbable stretch (the last minute) with the kept frames, the position, and the live end.
/// Dragging on the bar scrubs. It lies over the status line's part of the bar, so showing it resizes
/// nothing (a scene resized on pause would move).
package enum TimelineStrip {
  /// The bar: the right half of the status line's part of the status bar.
  package static func bar(in layout: SandboxLayout) -> Rect {
    let s = layout.status
    let x = s.minX + (s.width / 2).rounded()
    return Rect(x: x, y: s.minY + 5, width: max(1, s.maxX - 10 - x), height: s.height - 10)
  }

  /// The position under `x` on the bar, within `range`.
  package static func position(at x: Double, in layout: SandboxLayout, range: ClosedRange<Int>) -> Int {
    let bar = bar(in: layout)
    let f = min(max((x - bar.minX) / bar.width, 0), 1)
    return range.lowerBound + Int((f * Double(range.count - 1)).rounded())
  }

  /// True when a press at `p` belongs to the strip (the bar and a little around it, easy to hit).
  package static func contains(_ p: Point, in layout: SandboxLayout) -> Bool {
    let bar = bar(in: layout)
    return layout.statusBar.contains(p) && p.x >= bar.minX - 6 && p.x <= bar.maxX + 6
  }

  /// Draws the label and the bar over the status line; `note` (a key's answer) replaces the label.
  package static func draw(_ timeline: Timeline, note: String?, into list: inout DrawList, layout: SandboxLayout) {
    let status = layout.status
    list.fillRect(status, Palette.panel)
    let range = timeline.scrubbable
    let back = timeline.time(at: timeline.frames.count) - timeline.time(at: timeline.position)
    let label =
      note
      ?? (timeline.isAtEnd
        ? "paused — ← steps back, drag the strip to scrub, Space resumes"
        : "\((back * 100).rounded() / 100) s back — ←/→ a frame, Space resumes from here")
    let bar = bar(in: layout)
    let fits = max(0, Int((bar.minX - status.minX - 16) / 6.5))
    list.text(
      label.count <= fits ? label : String(label.prefix(max(0, fits - 1))) + "…",
      at: Point(x: status.minX + 8, y: status.midY), size: 12, color: Palette.warning, alignment: .centerLeft)
    list.fillRect(bar, Palette.background)
    let x = { (p: Int) in
      bar.minX + bar.width * (range.count > 1 ? Double(p - range.lowerBound) / Double(range.count - 1) : 1)
    }
    let shown = x(timeline.position)
    list.fillRect(Rect(x: bar.minX, y: bar.minY, width: max(0, shown - bar.minX), height: bar.height), Palette.accent)
    list.fillRect(Rect(x: shown - 1.5, y: bar.minY - 3, width: 3, height: bar.height + 6), Palette.text)
    if timeline.isFull {
      list.text(
        "full", at: Point(x: bar.maxX - 4, y: bar.midY), size: 10, color: Palette.warning, alignment: .centerRight)
    }
  }
}
