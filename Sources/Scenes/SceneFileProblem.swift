import Geometry2D
import SandboxCore

/// Shown in place of a scene file that stopped loading between the app's check and the scene's
/// creation: the error, and how to fix it.
final class SceneFileProblem: Scene {
  let path: String
  let name = "scene-file-error"
  init(path: String) { self.path = path }
  func resize(to size: Size) {}
  func handle(_ event: InputEvent) -> Bool { false }
  func advance(by seconds: Double) {}
  func reset() {}
  var stateDigest: UInt64 { 0 }
  /// Nothing in it changes: its snapshot restores nothing.
  func takeSnapshot() -> SceneSnapshot? { SceneSnapshot(approximateBytes: 0) {} }
  /// Still: the message is redrawn with the next input (R reloads).
  var isAnimating: Bool { false }
  func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    let message = SceneCatalog.validateSceneFile(path).map { "\($0)" } ?? "\(path) loads now: press R"
    list.text(message, at: Point(x: 12, y: 12), size: 14, color: Palette.bad)
  }
}
