import Testing
import Geometry2D
@testable import SandboxCore

@Suite struct FrameClockTests {
  @Test func cutsTimeIntoFixedStepsAndCarriesTheRest() {
    var clock = FrameClock(stepDuration: 0.01, maximumFrameDuration: 0.1)
    #expect(clock.tick(realElapsed: 0.025) == 2)
    #expect(abs(clock.accumulator - 0.005) < 1e-12)
    #expect(clock.tick(realElapsed: 0.006) == 1, "the carried 5 ms plus 6 ms make one more step")
    #expect(abs(clock.simulatedTime - 0.03) < 1e-12)
  }

  @Test func aLongFrameIsClampedSoTheSimulationNeverExplodes() {
    var clock = FrameClock(stepDuration: 1.0 / 240, maximumFrameDuration: 0.1)
    let steps = clock.tick(realElapsed: 5)  // a five-second stall
    #expect(steps == 24, "at most 0.1 s of steps")
    #expect(clock.tick(realElapsed: -1) == 0, "a clock going backwards adds nothing")
    #expect(clock.tick(realElapsed: .nan) == 0)
  }

  @Test func sixtyFramesMakeOneSecond() {
    var clock = FrameClock(stepDuration: 1.0 / 240)
    var steps = 0
    for _ in 0..<60 { steps += clock.tick(realElapsed: 1.0 / 60) }
    #expect((239...240).contains(steps))
    #expect(clock.frameCount == 60)
  }

  @Test func pauseStopsTimeAndSingleStepLetsOneThrough() {
    var clock = FrameClock(stepDuration: 0.01)
    clock.isPaused = true
    #expect(clock.tick(realElapsed: 0.05) == 0)
    clock.requestSingleStep()
    #expect(clock.tick(realElapsed: 0.05) == 1)
    #expect(clock.tick(realElapsed: 0.05) == 0, "one request, one step")
    clock.isPaused = false
    #expect(clock.tick(realElapsed: 0.05) == 5, "time paused does not pile up")
  }
}

@Suite struct HUDTests {
  @Test func firstFrameIsTakenAsIsThenSmoothed() {
    var hud = HUD()
    hud.record(frameTime: 0.020, scene: SceneTimings(physics: 0.001), drawTime: 0.005)
    #expect(hud.frameTime == 0.020 && hud.physicsTime == 0.001 && hud.layoutTime == nil)
    #expect(abs(hud.framesPerSecond - 50) < 1e-9)
    hud.record(frameTime: 0.010, scene: SceneTimings(physics: 0.001, awakeBodies: 3), drawTime: 0.005)
    #expect(hud.frameTime < 0.020 && hud.frameTime > 0.019, "moves a thirtieth of the way")
    #expect(hud.lines.contains("awake 3"))
    #expect(hud.lines.contains("layout –"))
  }

  @Test func drawsOneLineInTheStatusBar() {
    var hud = HUD()
    hud.record(frameTime: 1.0 / 60, scene: SceneTimings(), drawTime: 0.001)
    var list = DrawList()
    hud.draw(into: &list, size: Size(width: 800, height: 600))
    #expect(list.count == 1)
    hud.isVisible = false
    var hidden = DrawList()
    hud.draw(into: &hidden, size: Size(width: 800, height: 600))
    #expect(hidden.count == 0)
  }
}
