import SandboxCore

/// The playground's tools as the window's toolbar shows them, in the dock under the scene: a button a
/// tool, its key and its name, and the attach tool named by the kind it makes now, so the button says
/// what a drag will build.
extension PlaygroundScene {
  package var toolPalette: ToolPalette? {
    ToolPalette(
      buttons: BuildTool.allCases.map {
        ToolPalette.Button(key: String($0.key).uppercased(), name: $0 == .attach ? attachKind.rawValue : $0.rawValue)
      },
      chosen: BuildTool.allCases.firstIndex(of: tool))
  }

  /// A click on a tool's button: the same as its key (the attach button again picks the next kind).
  package func chooseTool(at index: Int) {
    guard BuildTool.allCases.indices.contains(index) else { return }
    choose(BuildTool.allCases[index])
    settleFrames = 3
  }
}
