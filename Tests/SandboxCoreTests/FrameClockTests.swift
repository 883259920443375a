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

@Suite struct TimeScaleTests {
  @Test func slowMotionIsFewerStepsOfTheSameLength() {
    var clock = FrameClock(stepDuration: 1.0 / 240)
    let slower = clock.changeTimeScale(by: -1)
    #expect(slower && clock.timeScaleLabel == "½×")
    let slowest = clock.changeTimeScale(by: -1)
    #expect(slowest && clock.timeScaleLabel == "¼×")
    let past = clock.changeTimeScale(by: -1)
    #expect(!past, "¼× is the slowest")
    var perFrame: [Int] = []
    for _ in 0..<60 { perFrame.append(clock.tick(realElapsed: 1.0 / 60)) }
    let steps = perFrame.reduce(0, +)
    #expect((59...60).contains(steps), "a second at ¼× is a quarter second of steps, got \(steps)")
    #expect(Set(perFrame).isSubset(of: [0, 3, 4, 5]), "steps come in whole 1× frames: \(perFrame)")
    #expect(clock.stepDuration == 1.0 / 240)
    let back = clock.changeTimeScale(by: 1) && clock.changeTimeScale(by: 1)
    #expect(back && clock.timeScale == 1)
    let beyond = clock.changeTimeScale(by: 1)
    #expect(!beyond, "1× is the fastest")
  }

  @Test func theKeysChangeItAndTheHUDAndStatusLineShowIt() {
    let controller = SandboxController(scene: NoScene(), size: Size(width: 1280, height: 800))
    #expect(controller.dispatch(.keyDown(.character("["), modifiers: [], isRepeat: false)).answer == "time scale ½×")
    #expect(controller.hud.lines.first == "time ½×")
    var list = DrawList()
    controller.draw(into: &list)
    let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
    #expect(texts.contains { $0.contains("slow motion ½×") }, "\(texts)")
    _ = controller.dispatch(.keyDown(.character("]"), modifiers: [], isRepeat: false))
    #expect(controller.clock.timeScale == 1 && controller.hud.lines.first == "time 1×")
  }
}

private final class NoScene: Scene {
  let name = "none"
  func resize(to size: Size) {}
  func handle(_ event: InputEvent) -> Bool { false }
  func advance(by seconds: Double) {}
  func draw(into list: inout DrawList) {}
  func reset() {}
  var stateDigest: UInt64 { 0 }
}
