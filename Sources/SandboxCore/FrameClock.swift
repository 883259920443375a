/// Turns the wall-clock time between frames into simulated time, safely.
///
/// A frame's real duration is clamped to `maximumFrameDuration` first, so a stall (a breakpoint, a
/// window drag, a slow disk) costs the simulation at most that much time instead of a burst of catch-up
/// steps that would make springs explode. The clamped time is then cut into whole fixed steps of
/// `stepDuration`; the remainder is carried to the next frame, so the simulation always advances in the
/// same fixed steps whatever the frame rate. Pausing stops the simulated clock; `requestSingleStep`
/// lets exactly one step through while paused.
package struct FrameClock: Sendable {
  package var stepDuration: Double
  package var maximumFrameDuration: Double
  package var isPaused = false
  package private(set) var accumulator = 0.0
  /// Simulated seconds so far.
  package private(set) var simulatedTime = 0.0
  package private(set) var frameCount = 0
  private var singleStepRequested = false
  /// True between `requestSingleStep()` and the tick that takes it.
  package var isSingleStepRequested: Bool { singleStepRequested }

  package init(stepDuration: Double = 1.0 / 240, maximumFrameDuration: Double = 0.1) {
    precondition(
      stepDuration > 0 && stepDuration.isFinite,
      "FrameClock stepDuration must be a positive number of seconds, got \(stepDuration)")
    precondition(
      maximumFrameDuration >= stepDuration,
      "FrameClock maximumFrameDuration (\(maximumFrameDuration)) must be at least one step (\(stepDuration))")
    self.stepDuration = stepDuration
    self.maximumFrameDuration = maximumFrameDuration
  }

  /// Lets one step through on the next `tick` while paused.
  package mutating func requestSingleStep() { singleStepRequested = true }

  /// Accounts for `realElapsed` seconds of wall time and returns how many fixed steps to simulate.
  package mutating func tick(realElapsed: Double) -> Int {
    frameCount += 1
    if isPaused {
      accumulator = 0
      guard singleStepRequested else { return 0 }
      singleStepRequested = false
      simulatedTime += stepDuration
      return 1
    }
    let elapsed = realElapsed.isFinite ? Swift.min(Swift.max(realElapsed, 0), maximumFrameDuration) : 0
    accumulator += elapsed
    let steps = Int((accumulator / stepDuration).rounded(.down))
    accumulator -= Double(steps) * stepDuration
    simulatedTime += Double(steps) * stepDuration
    return steps
  }
}
