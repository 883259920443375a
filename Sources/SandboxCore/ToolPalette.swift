/// The tools a scene offers to be picked with a click as well as a key: one button each, with its key
/// and name, and the one in use. The window draws them in the dock's toolbar (`DockToolbar`) and hands
/// a click on one to the scene (`Scene.chooseTool(at:)`), so a scene with tools draws no buttons itself.
package struct ToolPalette: Equatable, Sendable {
  /// One tool's button.
  package struct Button: Equatable, Sendable {
    /// The key that picks the tool too, as printed on the button (`V`).
    package var key: String
    /// What the tool is (`select`; the attach tool names the kind of attachment it makes).
    package var name: String

    package init(key: String, name: String) {
      self.key = key
      self.name = name
    }
  }

  /// The buttons in the toolbar's order, which is the order `chooseTool(at:)` counts in.
  package var buttons: [Button]
  /// The index of the tool in use.
  package var chosen: Int?

  package init(buttons: [Button], chosen: Int?) {
    self.buttons = buttons
    self.chosen = chosen
  }
}
