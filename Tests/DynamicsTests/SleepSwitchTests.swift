import Geometry2D
import Testing

@testable import Dynamics

/// `allowsSleeping`: off, nothing sleeps and the animator never pauses while an item can move (the same
/// work every step, as Box2D's benchmarks run); turning it off wakes what sleeps; on again, the scene
/// comes to rest as before. A change of configuration for saved states.
@Suite struct SleepSwitchTests {
  /// A box resting on the floor of a 400 × 400 box.
  private func restingBox() -> (DynamicAnimator, DynamicBody) {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
    let item = box(200, 370)
    let collision = CollisionBehavior(items: [item])
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    animator.addBehavior(GravityBehavior(items: [item]))
    return (animator, item)
  }

  @Test func offKeepsEverythingAwakeAndRunning() {
    let (animator, item) = restingBox()
    animator.allowsSleeping = false
    run(animator, seconds: 5)
    #expect(animator.isRunning, "with sleeping off the animator paused")
    #expect(animator.awakeBodyCount == 1)
    #expect(!animator.world.sleep.anyAsleep)
    #expect(abs(item.center.y - 378) < 1, "the box rests on the floor: \(item.center)")
  }

  @Test func turningItOffWakesAndOnLetsItRest() {
    let (animator, _) = restingBox()
    run(animator, seconds: 5)
    #expect(!animator.isRunning, "the resting box paused the animator")
    animator.allowsSleeping = false
    #expect(animator.isRunning, "turning sleeping off resumes the animator")
    run(animator, seconds: 3)
    #expect(animator.isRunning)
    animator.allowsSleeping = true
    run(animator, seconds: 5)
    #expect(!animator.isRunning, "sleeping on again: the animator pauses")
  }

  /// Off, the rest timers stand (nothing reads them); back on, they start again from zero, so a box that
  /// rested all along still takes the rest time to pause, and no longer.
  @Test func backOnTheRestTimersStartAgain() {
    let (animator, _) = restingBox()
    animator.allowsSleeping = false
    run(animator, seconds: 3)
    // The box is the animator's only body, slot 0.
    #expect(animator.world.bodies.sims[0].sleepTime == 0, "the timer ran while sleeping was off")
    animator.allowsSleeping = true
    run(animator, seconds: PhysicsWorld.timeToSleep - 0.1)
    #expect(animator.isRunning, "paused before the rest time had passed since sleeping came back on")
    run(animator, seconds: 0.5)
    #expect(!animator.isRunning, "the resting box did not pause within the rest time and a bit")
  }

  @Test func anEmptyAnimatorStillPauses() {
    let animator = DynamicAnimator()
    animator.allowsSleeping = false
    animator.addBehavior(GravityBehavior())
    run(animator, seconds: 1)
    #expect(!animator.isRunning, "nothing can move, yet the animator runs")
  }

  @Test func aStateSavedBeforeTheChangeNoLongerRestores() {
    let (animator, _) = restingBox()
    run(animator, seconds: 0.5)
    let state = animator.saveState()
    #expect(animator.canRestore(state))
    animator.allowsSleeping = false
    #expect(!animator.canRestore(state), "the switch is a change of configuration")
    let snapshot = animator.takeSnapshot()
    animator.allowsSleeping = true
    animator.restore(snapshot)
    #expect(animator.allowsSleeping == false, "a snapshot brings the setting back")
  }
}
