import Dynamics
import Geometry2D
import SandboxCore

extension PlaygroundScene {
  /// The built scene (every edit builds a new one; the snapshot brings the old one back) with its
  /// animator's whole state and where its bodies are, the document and its undo history, the tool, the
  /// selection, the gesture under way, the camera, and the rest of what input changes.
  package func takeSnapshot() -> SceneSnapshot? {
    let built = self.built
    let saved = built.animator.takeSnapshot()
    let placed = built.bodies.map { ($0, $0.center, $0.transform) }
    let edits = (document, history, selection, gesture, message)
    let tools = (tool, attachKind, camera, size, settleFrames)
    let rest = (savePath, lastSavedPath, showsFieldView, controlHeld)
    let v = fieldView
    let view = (v.spacing, v.weakest, v.strongest, v.probeMass, v.probeCharge, v.probeVelocity)
    return SceneSnapshot(approximateBytes: saved.approximateBytes + 2048 * (history.undoCount + 1)) {
      self.built = built
      (self.document, self.history, self.selection, self.gesture, self.message) = edits
      (self.tool, self.attachKind, self.camera, self.size, self.settleFrames) = tools
      (self.savePath, self.lastSavedPath, self.showsFieldView, self.controlHeld) = rest
      (v.spacing, v.weakest, v.strongest, v.probeMass, v.probeCharge, v.probeVelocity) = view
      for (body, center, transform) in placed { (body.center, body.transform) = (center, transform) }
      built.animator.restore(saved)
    }
  }
}
