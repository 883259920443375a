import Geometry2D
import Testing
@testable import SandboxCore

/// A scene with one spring to tune.
final class SpringyStub: Scene {
  let name = "stub"
  var frequency = 1.0, damping = 0.8, mode = 0
  func resize(to size: Size) {}
  func handle(_ event: InputEvent) -> Bool { false }
  func advance(by seconds: Double) {}
  func draw(into list: inout DrawList) {}
  func reset() {}
  var stateDigest: UInt64 { 0 }
  var parameters: [TunableParameter] {
    [
      TunableParameter(
        "frequency", unit: "Hz", range: 0.1...10, step: 0.1, get: { self.frequency }, set: { self.frequency = $0 }),
      TunableParameter("damping", range: 0...1, step: 0.05, get: { self.damping }, set: { self.damping = $0 }),
      TunableParameter(
        choice: "physics", options: ["iOS", "Flutter", "Android"], get: { self.mode }, set: { self.mode = $0 })
    ]
  }
  var spring: SpringParameters? { SpringParameters(frequency: frequency, dampingRatio: damping) }
}

@Suite struct TuningPanelTests {
  let size = Size(width: 1000, height: 700)

  func key(_ k: Key, _ m: KeyModifiers = []) -> InputEvent { .keyDown(k, modifiers: m, isRepeat: false) }

  @Test func keysChooseStepAndType() {
    let scene = SpringyStub()
    let c = SandboxController(scene: scene, size: size)
    _ = c.dispatch(key(.tab))
    #expect(c.tuning.isVisible)
    _ = c.dispatch(key(.right))
    #expect(abs(scene.frequency - 1.1) < 1e-9)
    _ = c.dispatch(key(.left, .shift))
    #expect(abs(scene.frequency - 0.1) < 1e-9, "ten steps down, stopped at the bottom of the range")
    _ = c.dispatch(key(.down))
    _ = c.dispatch(key(.enter))
    for ch in "0.35" { _ = c.dispatch(key(.character(ch))) }
    #expect(c.tuning.typing == "0.35")
    _ = c.dispatch(key(.enter))
    #expect(scene.damping == 0.35 && c.tuning.message == nil)
    _ = c.dispatch(key(.down))
    _ = c.dispatch(key(.right))
    #expect(scene.mode == 1, "a choice steps through its options")
  }

  @Test func outOfRangeIsRefusedWithAMessageAndNotApplied() {
    let scene = SpringyStub()
    let c = SandboxController(scene: scene, size: size)
    _ = c.dispatch(key(.tab))
    _ = c.dispatch(key(.enter))
    for ch in "12" { _ = c.dispatch(key(.character(ch))) }
    _ = c.dispatch(key(.enter))
    #expect(scene.frequency == 1)
    #expect(c.tuning.message == "frequency must be between 0.10 and 10.00 Hz; 12.00 refused")
    // Escape while typing cancels the typing instead of quitting.
    _ = c.dispatch(key(.enter))
    #expect(c.dispatch(key(.escape)).request == nil)
    #expect(c.tuning.typing == nil)
  }

  @Test func theMouseDragsASlider() {
    let scene = SpringyStub()
    let c = SandboxController(scene: scene, size: size)
    _ = c.dispatch(key(.tab))
    let slider = c.tuning.sliderFrame(row: 1, in: size)
    _ = c.dispatch(
      .pointerDown(button: .left, position: Point(x: slider.minX + slider.width * 0.5, y: slider.midY), clickCount: 1))
    #expect(abs(scene.damping - 0.5) < 1e-9)
    _ = c.dispatch(.pointerMoved(position: Point(x: slider.maxX + 50, y: slider.midY), delta: .zero, buttons: .left))
    #expect(scene.damping == 1, "dragging past the end stops at the maximum")
    #expect(c.dispatch(.pointerUp(button: .left, position: .zero)).answer == "tuning")
  }

  @Test func drawsConversionsAndTheStepResponse() {
    let c = SandboxController(scene: SpringyStub(), size: size)
    _ = c.dispatch(key(.tab))
    var list = DrawList()
    c.hud.isVisible = false
    c.draw(into: &list)
    let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
    #expect(texts.contains("UIKit  frequency 1.0 Hz, damping 0.8"))
    #expect(texts.contains { $0.hasPrefix("SwiftUI  response 1.0 s") })
    #expect(texts.contains { $0.hasPrefix("settles (2 %)") })
    #expect(texts.contains { $0.hasPrefix("overshoot 1.5 %") }, "ζ 0.8 overshoots exp(−0.8π/0.6) ≈ 1.5 %")
  }

  @Test func sceneListAndNumberKeysSwitchScenes() {
    let entries = [
      SceneEntry(name: "stub", summary: "", make: { _ in SpringyStub() }),
      SceneEntry(name: "counting", summary: "", make: { _ in CountingScene() })
    ]
    let c = SandboxController(scene: SpringyStub(), size: size, catalog: entries)
    #expect(c.dispatch(key(.character("2"))).request == .sceneChanged("counting"))
    #expect(c.scene.name == "counting")
    #expect(c.dispatch(key(.character("9"))).request == nil, "no ninth scene")
    _ = c.dispatch(key(.character("l")))
    let f = c.sceneList.frame(in: size, count: 2)
    #expect(
      c.dispatch(.pointerDown(button: .left, position: Point(x: f.midX, y: f.minY + 32 + 5), clickCount: 1)).request
        == .sceneChanged("stub"))
  }
}
