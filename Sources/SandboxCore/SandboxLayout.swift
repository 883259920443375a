import Geometry2D

/// Where everything sits in the window, so that nothing covers anything: the scene gets the area left of
/// the dock and above the status bar; the dock on the right holds one panel at a time (the tuning panel,
/// the scene list or the help); the status bar along the bottom holds the status line on the left and the
/// HUD on the right. The rects never overlap by construction, and the scene is resized to its area, so no
/// panel lies over a cell being dragged.
package struct SandboxLayout: Equatable, Sendable {
  /// The panel the dock shows.
  package enum Dock: Equatable, Sendable {
    case none, tuning, sceneList, help

    /// Points the dock takes from the scene's width.
    package var width: Double {
      switch self {
      case .none: 0
      case .tuning: TuningPanel.width
      case .sceneList: SceneListPanel.width
      case .help: SandboxKeys.helpWidth
      }
    }
  }

  package static let statusBarHeight = 22.0
  /// The HUD's share of the status bar, from the right (a line of about 70 characters at 12 pt).
  package static let hudWidth = 470.0
  /// The scene keeps at least this much width, so a narrow window shrinks the dock instead.
  package static let minimumSceneWidth = 200.0

  package var window: Size
  package var dock: Dock

  package init(window: Size, dock: Dock) {
    self.window = window
    self.dock = dock
  }

  private var dockWidth: Double { max(0, min(dock.width, window.width - Self.minimumSceneWidth)) }

  /// The scene's area (its origin is the window's, so scene and window coordinates agree).
  package var scene: Rect {
    Rect(x: 0, y: 0, width: max(1, window.width - dockWidth), height: max(1, window.height - Self.statusBarHeight))
  }

  /// The dock's area; nil when no panel is open.
  package var dockFrame: Rect? {
    dock == .none ? nil : Rect(x: window.width - dockWidth, y: 0, width: dockWidth, height: scene.height)
  }

  /// The strip along the bottom of the window.
  package var statusBar: Rect {
    Rect(x: 0, y: window.height - Self.statusBarHeight, width: window.width, height: Self.statusBarHeight)
  }

  /// The HUD's part of the status bar (right).
  package var hud: Rect {
    let w = min(Self.hudWidth, window.width / 2)
    return Rect(x: window.width - w, y: statusBar.minY, width: w, height: Self.statusBarHeight)
  }

  /// The status line's part of the status bar (left of the HUD).
  package var status: Rect {
    Rect(x: 0, y: statusBar.minY, width: hud.minX, height: Self.statusBarHeight)
  }
}
