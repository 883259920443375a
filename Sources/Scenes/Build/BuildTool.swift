import Geometry2D
import SandboxCore

/// The playground's tools, each with its key and its button in the toolbar. The keys avoid the ones
/// the window keeps for itself (`docs/architecture.md`, "Input": `R`, `S`, `W`, `H`, `L`, the digits)
/// and `D`/`F`, the debug and field views.
package enum BuildTool: String, CaseIterable, Sendable {
  case select, box, ball, ellipse, polygon, wall, loop, attach, snap, push, anchor, delete

  package var key: Character {
    switch self {
    case .select: "v"
    case .box: "b"
    case .ball: "o"
    case .ellipse: "e"
    case .polygon: "p"
    case .wall: "g"
    case .loop: "k"
    case .attach: "a"
    case .snap: "n"
    case .push: "u"
    case .anchor: "m"
    case .delete: "x"
    }
  }

  package static func forKey(_ c: Character) -> BuildTool? { allCases.first { $0.key == c } }

  /// What a press and drag does with this tool, for the help and the status line.
  package var summary: String {
    switch self {
    case .select: "click: inspect; drag: move (through a spring, or exactly when anchored)"
    case .box, .ball, .ellipse, .polygon: "drag out a \(rawValue) (a click makes a 60 pt one)"
    case .wall: "drag a boundary segment"
    case .loop: "drag a closed rectangular boundary"
    case .attach: "drag from an item to another item or to a point; A again: the next kind"
    case .snap: "drag from an item to where it snaps"
    case .push: "drag from an item along the push"
    case .anchor: "click an item: anchor it, or free it"
    case .delete: "click an item, a boundary or an attachment"
    }
  }

  /// The spawn shape this tool makes, if it makes one.
  var shape: SpawnShape? {
    switch self {
    case .box: .box
    case .ball: .ball
    case .ellipse: .ellipse
    case .polygon: .polygon
    default: nil
    }
  }
}

/// The row of tool buttons along the top of the playground, drawn by the scene and clicked like keys.
package enum BuildToolbar {
  static let buttonWidth = 62.0
  static let height = 24.0
  static let origin = Point(x: 8, y: 6)

  /// Buttons a row holds in a scene `width` wide (the toolbar wraps when the dock narrows the scene).
  static func columns(in width: Double) -> Int {
    max(1, Int((width - origin.x) / (buttonWidth + 2)))
  }

  /// The button of `tool` in a scene `width` wide.
  static func frame(of tool: BuildTool, width: Double) -> Rect {
    let i = BuildTool.allCases.firstIndex(of: tool)!, n = columns(in: width)
    return Rect(
      x: origin.x + Double(i % n) * (buttonWidth + 2), y: origin.y + Double(i / n) * (height + 2),
      width: buttonWidth, height: height)
  }

  /// The tool whose button is under `p`.
  static func tool(at p: Point, width: Double) -> BuildTool? {
    BuildTool.allCases.first { frame(of: $0, width: width).contains(p) }
  }

  /// Where the toolbar ends; the scene's own text starts below it.
  static func bottom(width: Double) -> Double {
    let rows = (BuildTool.allCases.count + columns(in: width) - 1) / columns(in: width)
    return origin.y + Double(rows) * (height + 2) + 2
  }

  static func draw(current: BuildTool, attachKind: AttachKind, width: Double, into list: inout DrawList) {
    for tool in BuildTool.allCases {
      let r = frame(of: tool, width: width)
      let on = tool == current
      list.append(
        .rect(
          center: r.center, size: r.size, rotation: 0, fill: on ? Palette.accent : Palette.panel, stroke: Palette.grid,
          lineWidth: 1))
      let label = tool == .attach ? attachKind.rawValue : tool.rawValue
      list.text(
        "\(String(tool.key).uppercased()) \(label)", at: r.center, size: 11,
        color: on ? Palette.background : Palette.text, alignment: .center)
    }
  }
}
