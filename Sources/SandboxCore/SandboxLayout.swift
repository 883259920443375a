import Geometry2D

/// Where everything sits in the window, so that nothing covers anything: the scene gets the area left of
/// the dock and above the bottom of the dock; the dock on the right holds one panel at a time (the
/// tuning panel or inspector, the scene list or the help); the bottom of the dock holds, under the
/// scene, the toolbar of a scene that has tools (`ToolPalette`), and along the whole width the status
/// bar, with the status line on the left and the HUD on the right. The rects never overlap by
/// construction, and the scene is resized to its area, so no panel lies over a cell being dragged.
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
  /// The buttons of the scene's toolbar; 0 when it has none, and then there is no toolbar.
  package var toolCount: Int

  package init(window: Size, dock: Dock, toolCount: Int = 0) {
    self.window = window
    self.dock = dock
    self.toolCount = toolCount
  }

  private var dockWidth: Double { max(0, min(dock.width, window.width - Self.minimumSceneWidth)) }

  private var columnWidth: Double { max(1, window.width - dockWidth) }

  /// The height of the window above the status bar, shared by the scene and the toolbar.
  private var bodyHeight: Double { max(1, window.height - Self.statusBarHeight) }

  /// The toolbar's height: its rows of buttons, wrapped to the scene's width, but never more than half
  /// of the window above the status bar.
  private var toolbarHeight: Double {
    toolCount == 0 ? 0 : min(DockToolbar.height(buttons: toolCount, width: columnWidth), (bodyHeight / 2).rounded())
  }

  /// The scene's area (its origin is the window's, so scene and window coordinates agree).
  package var scene: Rect {
    Rect(x: 0, y: 0, width: columnWidth, height: max(1, bodyHeight - toolbarHeight))
  }

  /// The toolbar under the scene; nil when the scene has no tools.
  package var toolbar: Rect? {
    toolCount == 0 ? nil : Rect(x: 0, y: scene.maxY, width: columnWidth, height: toolbarHeight)
  }

  /// The dock's area, from the top of the window to the status bar; nil when no panel is open.
  package var dockFrame: Rect? {
    dock == .none ? nil : Rect(x: window.width - dockWidth, y: 0, width: dockWidth, height: bodyHeight)
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
