import Dynamics
import Geometry2D
import SandboxCore

/// What every dynamics demo shares: an animator whose reference bounds are the window, built afresh by
/// `build()` on resize and reset (keeping the debug view on or off), the physics time and awake bodies
/// for the HUD, and `D` for the engine's debug view. Subclasses set up their items and behaviors in
/// `build()` and add their own input and drawing.
package class AnimatorScene {
  /// The size the scene lays out in: the window's, but never under `smallestLayout`.
  package private(set) var size = Size(width: 800, height: 600)
  /// Under this the demos' geometry (balls a twelfth of the width, a menu half of it, a tab bar) would
  /// shrink to nothing or below zero; a smaller window shows the top-left of this size instead.
  package static let smallestLayout = Size(width: 240, height: 200)
  package private(set) var animator = DynamicAnimator()
  private var physicsTime = 0.0

  init() {}

  /// Makes the scene's items and behaviors; subclasses override it and call `newAnimator()` first.
  func build() {}

  /// A fresh animator for the window, with the debug view as it was.
  @discardableResult func newAnimator() -> DynamicAnimator {
    let debug = animator.isDebugEnabled
    animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: size))
    animator.isDebugEnabled = debug
    return animator
  }

  package func resize(to window: Size) {
    let size = Size(
      width: max(window.width, Self.smallestLayout.width), height: max(window.height, Self.smallestLayout.height))
    guard size != self.size else { return }
    self.size = size
    build()
  }

  package func reset() { build() }

  package func advance(by seconds: Double) {
    physicsTime = Stopwatch.time { animator.advance(by: seconds) }
  }

  package var timings: SceneTimings { SceneTimings(physics: physicsTime, awakeBodies: animator.awakeBodyCount) }

  /// Moving while the animator runs (it pauses when every body sleeps).
  package var isAnimating: Bool { animator.isRunning }

  /// `D` toggles the debug view; true when the event was that key.
  func handleDebugKey(_ event: InputEvent) -> Bool {
    guard case .keyDown(.character("d"), _, _) = event else { return false }
    animator.isDebugEnabled.toggle()
    return true
  }

  /// `Ctrl+B`: a playground holding this scene's animator as it is now.
  package func buildOn() -> (scene: (any Scene)?, line: String) {
    PlaygroundScene.building(on: animator, named: (self as? any Scene)?.name ?? "the scene")
  }

  /// The base's part of a scene snapshot: the animator (a rebuilt scene has a new one; the snapshot
  /// brings the old one back) with its whole state, the size laid out for, and where the scene's
  /// `bodies` are (one no behavior names yet, which the animator's snapshot does not know, moves when
  /// a behavior takes it up). Restore it first; the subclass then puts back its own variables.
  func snapshotBase(bodies: [DynamicBody]) -> (approximateBytes: Int, restore: () -> Void) {
    let (animator, size) = (self.animator, self.size)
    let saved = animator.takeSnapshot()
    let placed = bodies.map { ($0, $0.center, $0.transform) }
    return (
      saved.approximateBytes,
      {
        self.animator = animator
        self.size = size
        for (body, center, transform) in placed { (body.center, body.transform) = (center, transform) }
        animator.restore(saved)
      }
    )
  }

  /// Draws the engine's debug view when it is on.
  func drawDebug(into list: inout DrawList) {
    if animator.isDebugEnabled { DynamicsDebugOverlay.draw(animator.debugDrawing(), into: &list) }
  }
}
