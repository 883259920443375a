import Geometry2D
import SandboxCore

/// The playground's tools, each with its key and its button in the dock's toolbar. The keys avoid the ones
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
