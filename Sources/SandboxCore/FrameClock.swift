/// Turns the wall-clock time between frames into simulated time, safely.
///
/// A frame's real duration is clamped to `maximumFrameDuration` first, so a stall (a breakpoint, a
/// window drag, a slow disk) costs the simulation at most that much time instead of a burst of catch-up
/// steps that would make springs explode. The clamped time is then cut into whole fixed steps of
/// `stepDuration`; the remainder is carried to the next frame, so the simulation always advances in the
/// same fixed steps whatever the frame rate. Pausing stops the simulated clock; `requestSingleStep`
/// lets exactly one step through while paused.
///
/// The time scale slows the simulated clock, never the step: at ¼× a second of wall time buys a quarter
/// second of the same fixed steps. Slowed time is also handed on in whole display frames
/// (`framePeriod`): at ¼× every fourth frame takes the steps a 1× frame takes, so a slowed run groups
/// its steps into frames as a normal one does. That matters as much as the step: a collection view lays
/// out once per frame, so its motion depends on how steps are grouped (60 Hz and 144 Hz differ), and
/// only the same grouping gives the same bits. The interpolated drawing keeps the slowed motion smooth.
package struct FrameClock: Sendable {
  /// The speeds `[` and `]` step through, slowest first.
  package static let timeScales = [0.25, 0.5, 1.0]
  package var stepDuration: Double
  package var maximumFrameDuration: Double
  package var isPaused = false
  package private(set) var accumulator = 0.0
  /// Simulated seconds so far.
  package private(set) var simulatedTime = 0.0
  package private(set) var frameCount = 0
  private var singleStepRequested = false
  /// Simulated seconds per wall second; one of `timeScales`.
  package private(set) var timeScale = 1.0
  /// The display's frame, in seconds: the window sets it from the refresh rate. Slowed time is released
  /// in frames of this length.
  package var framePeriod = 1.0 / 60
  /// Slowed time not yet released as a frame.
  package private(set) var heldTime = 0.0
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

  /// The time scale shown to a person: "¼×", "½×", "1×".
  package var timeScaleLabel: String {
    switch timeScale {
    case 0.25: "¼×"
    case 0.5: "½×"
    default: "1×"
    }
  }

  /// Moves to the next slower (`by: -1`) or faster (`by: 1`) time scale; false at either end.
  @discardableResult package mutating func changeTimeScale(by direction: Int) -> Bool {
    let scales = FrameClock.timeScales
    let i = scales.firstIndex(of: timeScale) ?? scales.count - 1
    let next = i + direction
    guard scales.indices.contains(next) else { return false }
    timeScale = scales[next]
    if timeScale == 1 {
      // What was held is not lost: it joins the carried time.
      accumulator += heldTime
      heldTime = 0
    }
    return true
  }

  /// The simulated time to draw: a step behind the clock's time (its carried part included), and
  /// slowed, a frame more for the time held back. That is never later than the last state stepped, nor
  /// earlier than the one before, so the drawing moves by exactly each frame's share of time whatever
  /// mix of whole steps the frames took (`FrameInterpolator`). Changing to or from 1× moves it by a
  /// frame once.
  package var drawTime: Double {
    simulatedTime + accumulator + heldTime - (timeScale < 1 ? framePeriod : 0) - stepDuration
  }

  /// Lets one step through on the next `tick` while paused.
  package mutating func requestSingleStep() { singleStepRequested = true }

  /// Accounts for `realElapsed` seconds of wall time and returns how many fixed steps to simulate.
  package mutating func tick(realElapsed: Double) -> Int {
    frameCount += 1
    if isPaused {
      accumulator = 0
      heldTime = 0
      guard singleStepRequested else { return 0 }
      singleStepRequested = false
      simulatedTime += stepDuration
      return 1
    }
    var elapsed = realElapsed.isFinite ? Swift.min(Swift.max(realElapsed, 0), maximumFrameDuration) : 0
    if timeScale < 1 {
      // Slowed: hold the time until it makes a whole frame, then step that frame as 1× would. The
      // tolerance absorbs the rounding of four quarters that should make one.
      heldTime += elapsed * timeScale
      guard heldTime >= framePeriod * (1 - 1e-9) else { return 0 }
      heldTime = Swift.max(heldTime - framePeriod, 0)
      elapsed = framePeriod
    }
    accumulator += elapsed
    let steps = Int((accumulator / stepDuration).rounded(.down))
    accumulator -= Double(steps) * stepDuration
    simulatedTime += Double(steps) * stepDuration
    return steps
  }
}
