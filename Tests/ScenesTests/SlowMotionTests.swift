import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// Slow motion is fewer steps a frame, never a different step: in every scene, a session that slows to
/// ¼× after a stretch of seeded input passes through the same states, bit for bit, as one that stays at
/// 1×, drawing every frame (a draw reads the scene) as the window does.
@Suite struct SlowMotionTests {
  @Test(arguments: SceneAnySizeTests.scenes)
  func aSlowedRunIsTheSameMotion(scene name: String) {
    let normal = Self.run(name, slowed: false)
    let slowed = Self.run(name, slowed: true)
    #expect(slowed.steps == normal.steps)
    #expect(slowed.digest == normal.digest, "\(name): ¼× ended elsewhere than 1×")
  }

  /// 60 frames of seeded input at 60 Hz, then the same 240 steps at 1× or, slowed, at ¼×.
  static func run(_ name: String, slowed: Bool) -> (steps: Int, digest: UInt64) {
    var r = SplitMix(seed: 0x510_3010 ^ UInt64(name.utf8.count))
    let context = SceneContext(seed: 7)
    let controller = SandboxController(
      scene: SceneCatalog.entry(named: name)!.make(context), size: Size(width: 800, height: 600),
      catalog: SceneCatalog.entries, context: context)
    var list = DrawList()
    func frame(_ steps: Int) {
      controller.advance(steps: steps)
      list.removeAll()
      _ = controller.drawFrame(into: &list)
    }
    for _ in 0..<60 {
      if r.chance(0.5) { _ = controller.dispatch(SceneGoldenDigestTests.event(&r)) }
      frame(controller.clock.tick(realElapsed: 1.0 / 60))
    }
    // Let go of anything held, so the rest is the scene's own motion.
    _ = controller.dispatch(.pointerUp(button: .left, position: Point(x: 400, y: 300)))
    if slowed {
      _ = controller.dispatch(.keyDown(.character("["), modifiers: [], isRepeat: false))
      _ = controller.dispatch(.keyDown(.character("["), modifiers: [], isRepeat: false))
    }
    var steps = 0
    while steps < 240 {
      let s = min(controller.clock.tick(realElapsed: 1.0 / 60), 240 - steps)
      frame(s)
      steps += s
    }
    return (steps, controller.scene.stateDigest)
  }
}
