import Dynamics
import Foundation
import SandboxCore

/// `Ctrl+S`: what was built, written as a scene file that `hooke --scene` reads (and reloads when it
/// changes). The poses and velocities of the moment are recorded first and the window's animator is
/// rebuilt from exactly what was written, so the window and the file go on the same way, bit for bit
/// (`PlaygroundSaveTests`).
extension PlaygroundScene {
  /// The path `Ctrl+S` would write: `savePath`, or the first `hooke-build-<n>.json` not yet taken.
  var nextSavePath: String {
    if let savePath { return savePath }
    var n = 1
    while FileManager.default.fileExists(atPath: "hooke-build-\(n).json") { n += 1 }
    return "hooke-build-\(n).json"
  }

  /// Records the present, rebuilds from it and writes it; the path written, or nil with the reason said.
  @discardableResult
  package func save() -> String? {
    var doc = document
    do {
      try doc.record(currentPoses())
    } catch {
      say("not saved: \(error.message)")
      return nil
    }
    let path = nextSavePath
    do {
      try doc.scene.jsonText.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      say("not saved: could not write \(path): \(error.localizedDescription)")
      return nil
    }
    document = doc
    rebuild()
    lastSavedPath = path
    say("saved \(path) — hooke --scene \(path) opens it")
    return path
  }
}

extension PlaygroundScene {
  /// `Ctrl+B` in a physics scene: a playground holding `animator` as it is now
  /// (`SceneDescription.exporting`), with the status line to show; or nil and why not.
  package static func building(on animator: DynamicAnimator, named name: String) -> (scene: (any Scene)?, line: String)
  {
    do {
      let description = try SceneDescription.exporting(animator, title: "\(name), built on")
      let scene = PlaygroundScene(document: try BuildDocument(opening: description))
      return (scene, "\(name) is now a playground: build on it (Ctrl+S saves it; L or 1–9 leave)")
    } catch {
      return (nil, "Ctrl+B: \(name) cannot be built on: \(error.message)")
    }
  }
}
