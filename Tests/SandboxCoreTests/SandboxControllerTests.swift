import Geometry2D
import Testing
@testable import SandboxCore

/// A scene that counts what reaches it.
final class CountingScene: Scene {
  let name = "counting"
  var handled = 0, resets = 0, time = 0.0, size = Size.zero
  func resize(to size: Size) { self.size = size }
  func handle(_ event: InputEvent) -> Bool {
    handled += 1
    return true
  }
  func advance(by seconds: Double) { time += seconds }
  func draw(into list: inout DrawList) { list.clear(.black) }
  func reset() {
    resets += 1
    time = 0
  }
  var stateDigest: UInt64 { time.bitPattern }
}

@Suite struct SandboxControllerTests {
  @Test func appKeysAreKeptAndTheRestReachTheScene() {
    let scene = CountingScene()
    let c = SandboxController(scene: scene, size: Size(width: 100, height: 50))
    #expect(scene.size == Size(width: 100, height: 50 - SandboxLayout.statusBarHeight), "all but the status bar")
    #expect(c.dispatch(.keyDown(.escape, modifiers: [], isRepeat: false)).request == .quit)
    #expect(c.dispatch(.quit).request == .quit)
    #expect(c.dispatch(.keyDown(.character("s"), modifiers: [], isRepeat: false)).request == .screenshot)
    _ = c.dispatch(.keyDown(.space, modifiers: [], isRepeat: false))
    #expect(c.clock.isPaused)
    _ = c.dispatch(.keyDown(.character("h"), modifiers: [], isRepeat: false))
    #expect(c.showHelp)
    _ = c.dispatch(.keyDown(.character("h"), modifiers: [], isRepeat: false))
    _ = c.dispatch(.keyDown(.character("r"), modifiers: [], isRepeat: false))
    #expect(scene.resets == 1)
    _ = c.dispatch(.resized(Size(width: 300, height: 200)))
    #expect(c.size == Size(width: 300, height: 200) && scene.size == c.sceneSize)
    #expect(scene.size == Size(width: 300, height: 200 - SandboxLayout.statusBarHeight))
    #expect(scene.handled == 0, "none of those reached the scene")
    #expect(c.dispatch(.keyDown(.character("x"), modifiers: [], isRepeat: false)).answer == "scene counting handled it")
    #expect(scene.handled == 1)
  }

  @Test func advancesWholeStepsAndDrawsOverlays() {
    let scene = CountingScene()
    let c = SandboxController(
      scene: scene, size: Size(width: 100, height: 50), clock: FrameClock(stepDuration: 0.25, maximumFrameDuration: 1))
    c.advance(steps: 3)
    #expect(scene.time == 0.75)
    var list = DrawList()
    c.hud.isVisible = false
    c.draw(into: &list)
    #expect(list.count == 2, "the scene and the status bar")
    _ = c.dispatch(.keyDown(.space, modifiers: [], isRepeat: false))
    list.removeAll()
    c.draw(into: &list)
    #expect(list.count == 3, "the pause note in the status bar")
  }
}
