import SandboxCore

/// Every scene, in the order of the scene list and the number keys.
package enum SceneCatalog {
  package static let entries: [SceneEntry] = [
    SceneEntry(
      name: "springy-list", summary: "the iOS 7 Messages list: 10,000 cells on springs that lag behind the scroll",
      make: { _ in SpringyListScene() }),
    SceneEntry(
      name: "springy-carousel", summary: "a horizontal carousel of tiles on springs under gravity; I drops a tile in",
      make: { _ in SpringyCarouselScene() }),
    SceneEntry(
      name: "newtonian", summary: "items hanging from one point on long springs; I swings one in, Delete lets one fall",
      make: { _ in NewtonianScene() }),
    SceneEntry(
      name: "newtons-cradle", summary: "five balls on rigid attachments, elasticity 1; drag pushes the first",
      make: { _ in NewtonsCradleScene() }),
    SceneEntry(
      name: "gravity-ball", summary: "a ball falls on a boundary and bounces (elasticity 0.7); contacts reported",
      make: { _ in GravityBallScene() }),
    SceneEntry(
      name: "slide-menu", summary: "a half-width menu flicked in and out: gravity, a boundary, a push of 20",
      make: { _ in SlideMenuScene() }),
    SceneEntry(
      name: "drag-and-throw", summary: "drag a card by where you hold it; throw it faster than 1000 pt/s",
      make: { context in DragAndThrowScene(seed: context.seed) }),
    SceneEntry(
      name: "snap", summary: "click anywhere: the item snaps there (damping 0.3)",
      make: { _ in SnapScene() }),
    SceneEntry(
      name: "fields", summary: "radial gravity + vortex on a ball, every field kind, the field view (F)",
      make: { FieldsScene(seed: $0.seed) }),
    SceneEntry(
      name: "flow-grid", summary: "a sectioned grid of 1,000 items: scroll, select, insert, delete, grid ↔ list",
      make: { _ in FlowGridScene() }),
    SceneEntry(
      name: "calibration", summary: "test card: every primitive the renderer draws, and live input",
      make: { _ in CalibrationScene() }),
    SceneEntry(
      name: "playground", summary: "build your own: spawn, draw boundaries, attach, inspect, undo, save (Ctrl+S)",
      make: { _ in PlaygroundScene() })
  ]

  /// The scene `hooke` opens when none is named.
  package static let defaultName = "springy-list"

  /// The scene called `name`, or a scene file when `name` ends in `.json` (read when the scene is made).
  package static func entry(named name: String) -> SceneEntry? {
    if let path = playgroundFile(name) {
      return SceneEntry(
        name: name, summary: "scene file in the playground",
        make: { _ -> any Scene in
          guard let d = try? SceneDescription.load(path: path), let doc = try? BuildDocument(opening: d) else {
            return SceneFileProblem(path: path)
          }
          return PlaygroundScene(document: doc)
        })
    }
    if name.hasSuffix(".json") {
      return SceneEntry(
        name: name, summary: "scene file",
        make: { _ -> any Scene in
          // The app checks the file before making the scene (`validateSceneFile`), so this only fails if
          // the file changed in between; then the error itself is shown as the scene.
          if let scene = try? FileScene(path: name) { return scene }
          return SceneFileProblem(path: name)
        })
    }
    return entries.first { $0.name == name }
  }

  /// The file of `playground:path.json`, a scene file opened in the playground to build on; nil for
  /// other names.
  package static func playgroundFile(_ name: String) -> String? {
    name.hasPrefix("playground:") && name.hasSuffix(".json") ? String(name.dropFirst("playground:".count)) : nil
  }

  /// Reads a scene file (`playground:` before it is allowed) and returns its error, or nil when it loads.
  package static func validateSceneFile(_ name: String) -> SceneFileError? {
    let path = playgroundFile(name) ?? name
    do {
      _ = try SceneDescription.load(path: path)
      return nil
    } catch { return error }
  }

  package static var names: [String] { entries.map(\.name) }
}
