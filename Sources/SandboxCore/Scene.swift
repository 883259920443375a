import Geometry2D

/// What a scene reports about its own costs for the HUD, in seconds (nil when it has no such stage).
package struct SceneTimings: Sendable {
  package var physics: Double?
  package var layout: Double?
  package var awakeBodies: Int?
  package init(physics: Double? = nil, layout: Double? = nil, awakeBodies: Int? = nil) {
    self.physics = physics
    self.layout = layout
    self.awakeBodies = awakeBodies
  }
}

/// A demo in the sandbox: state, input handling and drawing, with no platform code. The app owns the
/// window and the clock; it forwards input, advances the scene in fixed steps and asks it to draw.
package protocol Scene: AnyObject {
  /// The scene's name on the command line and in the window title (`springy-list`).
  var name: String { get }
  /// Keys the scene answers, as (key, what it does), shown by `H` and `hooke --help`.
  var keyHelp: [(key: String, action: String)] { get }
  /// Called once with the window size before the first frame, and again on every resize.
  func resize(to size: Size)
  /// Input the app does not keep for itself. Returns true when the scene used it.
  @discardableResult func handle(_ event: InputEvent) -> Bool
  /// Advances simulated time by `seconds` (a whole number of the clock's fixed steps).
  func advance(by seconds: Double)
  /// Appends this frame's drawing; the app then draws the HUD and overlays over it.
  func draw(into list: inout DrawList)
  /// What the scene measured during the last `advance`, for the HUD.
  var timings: SceneTimings { get }
  /// Back to the state the scene started in.
  func reset()
  /// What the tuning panel (`Tab`) lets a person change live; empty when nothing.
  var parameters: [TunableParameter] { get }
  /// The spring the scene's parameters describe, shown by the tuning panel in every toolkit's units with
  /// its step response; nil when the scene has none.
  var spring: SpringParameters? { get }
  /// True while the scene changes without input (bodies awake, content coasting, an animation running).
  /// When it is false and no input arrives, the app draws nothing and sleeps (docs/architecture.md, "The frame loop").
  var isAnimating: Bool { get }
  /// A digest of everything that moves, equal exactly when the state is equal bit for bit: a replayed
  /// session must end on the same digest as the recorded one.
  var stateDigest: UInt64 { get }
  /// `Ctrl+B`: a playground holding this scene as it is now, to build on, with a line saying so; or
  /// nil and why not.
  func buildOn() -> (scene: (any Scene)?, line: String)
  /// The tools the dock's toolbar offers for this scene; nil when it has none (and no toolbar).
  var toolPalette: ToolPalette? { get }
  /// A click on button `index` of the toolbar: the same as that tool's key.
  func chooseTool(at index: Int)
  /// Lines the dock's panel shows under the parameters: what they belong to and how it is connected
  /// (the playground's inspector: the selection and every behavior it belongs to).
  var inspection: [String] { get }
  /// The scene's whole state, to restore later (a superset of UIKit); nil when the scene cannot take
  /// one, and a seek then re-simulates it from the start of the session.
  func takeSnapshot() -> SceneSnapshot?
}

/// What a scene is made with: its random seed, recorded with a session so a replay is exact.
package struct SceneContext: Sendable {
  package var seed: UInt64
  package init(seed: UInt64 = 1) { self.seed = seed }
}

extension Scene {
  package var keyHelp: [(key: String, action: String)] { [] }
  package var parameters: [TunableParameter] { [] }
  package var spring: SpringParameters? { nil }
  package var timings: SceneTimings { SceneTimings() }
  package var isAnimating: Bool { true }
  package var toolPalette: ToolPalette? { nil }
  package func chooseTool(at index: Int) {}
  package var inspection: [String] { [] }
  package func takeSnapshot() -> SceneSnapshot? { nil }
  package func buildOn() -> (scene: (any Scene)?, line: String) {
    (nil, "Ctrl+B: \(name) has no physics to build on; the dynamics scenes and scene files do")
  }
}
