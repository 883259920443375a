import Foundation
import Geometry2D
import SandboxCore
import Scenes
import TestSupport
import Testing

/// Every built-in scene and shipped scene file driven by seeded pointer, wheel and key input at a fixed
/// window size, its state digest compared with the one recorded when the test was written: a change
/// of the engine or the layouts that must not alter any motion keeps every digest. A change meant to
/// alter the motion updates the table, which the failure message prints.
@Suite struct SceneGoldenDigestTests {
  @Test func everySceneMovesAsRecorded() {
    var got: [String: UInt64] = [:]
    for name in SceneAnySizeTests.scenes {
      let key = name.hasSuffix(".json") ? URL(fileURLWithPath: name).lastPathComponent : name
      got[key] = Self.digest(of: name, key: key)
    }
    let table = got.keys.sorted().map { "\"\($0)\": 0x\(String(got[$0]!, radix: 16, uppercase: true))" }
    #expect(got == Self.recorded, "the motion changed; the digests now are [\(table.joined(separator: ", "))]")
  }

  /// The scene's digest after 150 frames of 4 steps with seeded input in an 800 × 600 window.
  /// Seeded by `key` (the scene's name, or the file's name without its folder), so the input does not
  /// depend on where the repository is.
  static func digest(of name: String, key: String) -> UInt64 {
    var r = SplitMix(seed: 0x601D_E9 ^ UInt64(key.utf8.count))
    let context = SceneContext(seed: 7)
    let controller = SandboxController(
      scene: SceneCatalog.entry(named: name)!.make(context), size: Size(width: 800, height: 600),
      catalog: SceneCatalog.entries, context: context)
    for _ in 0..<150 {
      if r.chance(0.4) { _ = controller.dispatch(event(&r)) }
      controller.advance(steps: 4)
    }
    return controller.scene.stateDigest
  }

  /// Drags, wheel turns and the scenes' own keys (insert, remove, menu, field kinds); never a key
  /// that switches or resets the scene.
  static func event(_ r: inout SplitMix) -> InputEvent {
    let p = Point(x: r.uniform(0, 800), y: r.uniform(0, 600))
    switch r.int(6) {
    case 0: return .pointerDown(button: .left, position: p, clickCount: 1)
    case 1: return .pointerUp(button: .left, position: p)
    case 2, 3:
      return .pointerMoved(position: p, delta: Vector(dx: r.uniform(-60, 60), dy: r.uniform(-60, 60)), buttons: .left)
    case 4:
      return .wheel(
        WheelEvent(
          preciseDelta: Vector(dx: 0, dy: r.uniform(-30, 30)), notches: (0, r.int(-2..<3)),
          isPrecise: true, position: p))
    default:
      return .keyDown(
        r.pick([.character("i"), .character("m"), .character("n"), .character("b"), .delete]),
        modifiers: [], isRepeat: false)
    }
  }

  // Recorded with the engine as it was when this test was written.
  static let recorded: [String: UInt64] = [
    "calibration": 0x2CFBBBA1E441048D,
    "drag-and-throw": 0xA470B1471D59B9EF,
    "fields": 0x4B1127FD6C83BB37,
    "fields.json": 0x151092EA0BC29FAA,
    "flow-grid": 0xED7634CD81ABEB3,
    "gravity-ball": 0xEB8CF534D59D1F86,
    "gravity-ball.json": 0x4B23466E7F2C96B4,
    "newtonian": 0x6824E762323E50B,
    "newtons-cradle": 0x7AEE30B98405B85E,
    "newtons-cradle.json": 0xDE904220BCD585B2,
    "playground": 0x789183C26107F20B,
    "slide-menu": 0x44F7524570DA2E3,
    "snap": 0x83E4B7A4C5BACD58,
    "snap.json": 0xD09FF31DA38CCF2E,
    "springy-carousel": 0x402AA97E2937BB13,
    "springy-list": 0x6D56452CFB7C712F
  ]
}
