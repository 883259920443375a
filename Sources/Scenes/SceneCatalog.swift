import SandboxCore

/// Every scene, in the order of the scene list and the number keys.
public enum SceneCatalog {
  public static let entries: [SceneEntry] = [
    SceneEntry(name: "springy-list", summary: "the iOS 7 Messages list: 10,000 cells on springs that lag behind the scroll",
               make: { _ in SpringyListScene() }),
    SceneEntry(name: "springy-carousel", summary: "a horizontal carousel of tiles on springs under gravity; I drops a tile in",
               make: { _ in SpringyCarouselScene() }),
    SceneEntry(name: "newtonian", summary: "items hanging from one point on long springs; I swings one in, Delete lets one fall",
               make: { _ in NewtonianScene() }),
    SceneEntry(name: "calibration", summary: "test card: every primitive the renderer draws, and live input",
               make: { _ in CalibrationScene() }),
    SceneEntry(name: "flow-grid", summary: "a sectioned grid of 1,000 items: scroll, select, insert, delete, grid ↔ list",
               make: { _ in FlowGridScene() }),
  ]

  /// The scene `hooke` opens when none is named.
  public static let defaultName = "springy-list"

  public static func entry(named name: String) -> SceneEntry? { entries.first { $0.name == name } }

  public static var names: [String] { entries.map(\.name) }
}
