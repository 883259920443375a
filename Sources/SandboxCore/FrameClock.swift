/// Turns the wall-clock time between frames into simulated time, safely.
///
/// A frame's real duration is clamped to `maximumFrameDuration` first, so a stall (a breakpoint, a
/// window drag, a slow disk) costs the simulation at most that much time instead of a burst of catch-up
/// steps that would make springs explode. The clamped time is then cut into whole fixed steps of
/// `stepDuration`; the remainder is carried to the next frame, so the simulation always advances in the
/// same fixed steps whatever the frame rate. Pausing stops the simulated clock; `requestSingleStep`
/// lets exactly one step through while paused.
public struct FrameClock: Sendable {
  public var stepDuration: Double
  public var maximumFrameDuration: Double
  public var isPaused = false
  public private(set) var accumulator = 0.0
  /// Simulated seconds so far.
  public private(set) var simulatedTime = 0.0
  public private(set) var frameCount = 0
  private var singleStepRequested = false
  /// True between `requestSingleStep()` and the tick that takes it.
  public var isSingleStepRequested: Bool { singleStepRequested }

  public init(stepDuration: Double = 1.0 / 240, maximumFrameDuration: Double = 0.1) {
    precondition(stepDuration > 0 && stepDuration.isFinite,
                 "FrameClock stepDuration must be a positive number of seconds, got \(stepDuration)")
    precondition(maximumFrameDuration >= stepDuration,
                 "FrameClock maximumFrameDuration (\(maximumFrameDuration)) must be at least one step (\(stepDuration))")
    self.stepDuration = stepDuration
    self.maximumFrameDuration = maximumFrameDuration
  }

  /// Lets one step through on the next `tick` while paused.
  public mutating func requestSingleStep() { singleStepRequested = true }

  /// Accounts for `realElapsed` seconds of wall time and returns how many fixed steps to simulate.
  public mutating func tick(realElapsed: Double) -> Int {
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
