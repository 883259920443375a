import Geometry2D

/// A sandbox's state at one frame of its session, for the `Rewinder` to restore: the scene shown (the
/// number keys may have opened another) with its own snapshot, and what the sandbox keeps about the
/// session beside it (its size, the open panel, the status line, the held button, the motion drawn
/// between states). The clock and the HUD belong to the window and are not in it.
package struct SandboxSnapshot {
  let scene: any Scene
  let sceneSnapshot: SceneSnapshot
  let size: Size
  let showHelp: Bool
  let status: String?
  let tuning: TuningPanel
  let sceneList: SceneListPanel
  let interpolator: FrameInterpolator
  let isHolding: Bool
  /// The controller that took it: the only one it restores.
  let controller: ObjectIdentifier

  package var approximateBytes: Int { sceneSnapshot.approximateBytes }
}

extension SandboxController {
  /// The sandbox's state now; nil when its scene cannot take a snapshot.
  package func takeSnapshot() -> SandboxSnapshot? {
    guard let s = scene.takeSnapshot() else { return nil }
    return SandboxSnapshot(
      scene: scene, sceneSnapshot: s, size: size, showHelp: showHelp, status: status, tuning: tuning,
      sceneList: sceneList, interpolator: interpolator, isHolding: isHolding, controller: ObjectIdentifier(self))
  }

  /// Puts the sandbox back as `snapshot` found it.
  /// - Precondition: this controller took the snapshot.
  package func restore(_ snapshot: SandboxSnapshot) {
    precondition(snapshot.controller == ObjectIdentifier(self), "SandboxController.restore: another sandbox's snapshot")
    scene = snapshot.scene
    snapshot.sceneSnapshot.restore()
    size = snapshot.size
    showHelp = snapshot.showHelp
    status = snapshot.status
    tuning = snapshot.tuning
    sceneList = snapshot.sceneList
    interpolator = snapshot.interpolator
    isHolding = snapshot.isHolding
    setNeedsDraw()
  }
}
