import Geometry2D

/// Saving and restoring the animator's state: a superset of UIKit, which has no way back.
extension DynamicAnimator {
  /// Everything that decides the animator's next step: the items' positions, rotations and velocities,
  /// the contacts and joints with their warm starts, the islands and their rest timers, dragged
  /// anchors in motion, an instantaneous push's `active`, the time carried between steps, and whether
  /// the animator runs. Restoring it and stepping gives the same bits as never having left.
  ///
  /// A state belongs to the animator that saved it and to the configuration it had then: the same
  /// behaviors, with the same items and parameters. What changes that configuration (adding or
  /// removing a behavior or an item, setting a parameter the engine holds, `addLinearVelocity`) makes
  /// earlier states unrestorable; `canRestore(_:)` tells. Moving an attachment's anchor or a snap
  /// point, and `updateItem(usingCurrentState:)`, are motion: a state restores them.
  ///
  /// The engine keeps its state in value types, so a state is a copy of them, as large as the items,
  /// contacts and joints make it; saving costs that copy and restoring a copy back.
  public struct State {
    let world: PhysicsWorld
    let clock: Double
    let stepsConsumed: Int
    let isRunning: Bool
    let configurationVersion: Int
    weak var animator: DynamicAnimator?
    let behaviorMotion: [(behavior: DynamicBehavior, saved: Any)]
    /// Each moving body's item as written then, by slot: an item not yet turned keeps the transform it
    /// was given, which the body's cosine and sine need not reproduce to the last bit.
    let written: [(center: Point, transform: AffineTransform)?]

    /// Simulated seconds stepped when the state was saved.
    public var elapsedTime: Double { world.time }
  }

  /// Saves the animator's state. Pending behavior changes are applied first, as any read of the
  /// animator applies them (`items(in:)`), so saving is a read: a run that saves steps as one that
  /// reads at the same moment.
  public func saveState() -> State {
    applyPendingChanges()
    return State(
      world: world, clock: clock, stepsConsumed: stepsConsumed, isRunning: isRunning,
      configurationVersion: configurationVersion, animator: self,
      behaviorMotion: flatBehaviors.compactMap { b in b.savedMotion.map { (b, $0) } },
      written: items.indices.map { i in
        guard let item = items[i], world.bodies.states[i].isDynamic else { return nil }
        return (item.center, item.transform)
      })
  }

  /// True when `state` was saved by this animator and its behaviors, items and parameters have not
  /// changed since (changes still pending count as changes).
  public func canRestore(_ state: State) -> Bool {
    state.animator === self && !hasPendingChanges && state.configurationVersion == configurationVersion
  }

  /// Puts the animator back in `state`, its items' centres and rotations too. The delegate hears
  /// of a pause or a resume when restoring changes whether the animator runs.
  /// - Precondition: `canRestore(state)`: the state is this animator's, and its configuration is
  ///   unchanged since the state was saved.
  public func restore(_ state: State) {
    precondition(
      canRestore(state),
      "DynamicAnimator.restore(_:): this state was saved by another animator, or this animator's behaviors, items or parameters changed since it was saved; check canRestore(_:) first."
    )
    let wasRunning = isRunning
    // Putting a behavior's motion back may wake the animator; the world restored after undoes that.
    let listener = delegate
    delegate = nil
    for (behavior, saved) in state.behaviorMotion { behavior.restoreMotion(saved) }
    delegate = listener
    world = state.world
    clock = state.clock
    stepsConsumed = state.stepsConsumed
    isRunning = state.isRunning
    for (i, w) in state.written.enumerated() {
      guard let w, let item = items[i] else { continue }
      item.center = w.center
      item.transform = w.transform
    }
    if wasRunning && !isRunning { delegate?.dynamicAnimatorDidPause(self) }
    if !wasRunning && isRunning { delegate?.dynamicAnimatorWillResume(self) }
  }
}
