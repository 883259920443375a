import SandboxCore

/// Every scene, in the order of the scene list and the number keys.
public enum SceneCatalog {
  public static let entries: [SceneEntry] = [
    SceneEntry(name: "calibration", summary: "test card: every primitive the renderer draws, and live input",
               make: { _ in CalibrationScene() }),
    SceneEntry(name: "flow-grid", summary: "a sectioned grid of 1,000 items: scroll, select, insert, delete, grid ↔ list",
               make: { _ in FlowGridScene() }),
    SceneEntry(name: "fields", summary: "seed 004 §6: radial gravity + vortex on a ball, every field kind, the field view (F)",
               make: { FieldsScene(seed: $0.seed) }),
  ]

  /// The scene `hooke` opens when none is named.
  public static let defaultName = "calibration"

  public static func entry(named name: String) -> SceneEntry? { entries.first { $0.name == name } }

  public static var names: [String] { entries.map(\.name) }
}
