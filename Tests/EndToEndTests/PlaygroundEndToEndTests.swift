import Foundation
import SDLPlatform
import Scenes
import Testing

extension EndToEnd {
  /// The playground in the real window under Xvfb, driven with xdotool: a pendulum on a spring over a
  /// stack on a floor, built with the tools, undone and redone, inspected, saved with Ctrl+S, run, and
  /// the saved file reopened with `hooke --scene`. Every expectation fails if its action did nothing.
  @Suite(.serialized) struct PlaygroundEndToEndTests {
    static let spring: UInt32 = 0xFFC7_7DFF  // the ball (the fourth item's colour)
    static let accent: UInt32 = 0xFF4F_A3FF  // the spring's anchor, and the first box

    /// Paused: a floor, three boxes, a ball, a spring from the ball to a point up and right.
    static let buildTheMachine = [
      "key", "space", "key", "g", "drag", "60", "520", "680", "0", "4",
      "key", "b", "drag", "450", "470", "48", "48", "2", "drag", "450", "418", "48", "48", "2",
      "drag", "450", "366", "48", "48", "2",
      "key", "o", "drag", "180", "300", "48", "48", "2",
      "key", "a", "drag", "204", "324", "196", "-174", "4"
    ]

    func count(_ colour: UInt32, in image: PixelImage?) -> Int { image?.pixels.filter { $0 == colour }.count ?? 0 }

    @Test(.enabled(if: SceneEndToEndTests.enabled)) func buildUndoInspectSaveRunAndReopen() throws {
      let r = try SceneEndToEndTests().drive(
        "playground",
        Self.buildTheMachine + [
          "wait", "0.2", "shot", "built",
          "key", "ctrl+z", "wait", "0.2", "shot", "undone",
          "key", "ctrl+shift+z", "wait", "0.2", "shot", "redone",
          "key", "v", "click", "474", "494", "key", "Tab", "wait", "0.2", "shot", "inspected", "key", "Tab",
          "key", "ctrl+s", "wait", "0.2", "key", "space", "wait", "1.5", "shot", "swinging"
        ])
      #expect(r.exitCode == "0")
      #expect(r.shots["built"]?.pixel(x: 400, y: 150) == Self.accent, "the spring's anchor")
      #expect(r.shots["built"]?.pixel(x: 300, y: 520) == 0xFF8A_91A0, "the floor")
      #expect(count(Self.spring, in: r.shots["built"]) > 1200, "the ball")
      #expect(r.shots["undone"]?.pixel(x: 400, y: 150) != Self.accent, "undo took the spring away")
      #expect(r.shots["redone"]?.pixel(x: 400, y: 150) == Self.accent, "and redo brought it back")
      // The inspector's last row, "rotates: yes", is a full slider.
      #expect(r.shots["inspected"]?.pixel(x: 700, y: 374) == Self.accent, "the inspector in the dock")
      #expect(r.shots["redone"]?.pixel(x: 700, y: 374) != Self.accent)
      #expect(r.shots["swinging"]?.pixel(x: 204, y: 324) != Self.spring, "the pendulum swung away")
      #expect(r.log.contains { $0.contains("key=s modifiers=2") && $0.hasSuffix("handled it") })

      // The saved file is the machine; reopened with --scene, it is all there.
      let saved = URL(fileURLWithPath: r.session).deletingLastPathComponent().appendingPathComponent(
        "hooke-build-1.json")
      let machine = try SceneDescription.load(path: saved.path)
      #expect(machine.items.map(\.shape) == ["rectangle", "rectangle", "rectangle", "ellipse"])
      #expect(machine.behaviors.filter { $0.type == .attachment }.count == 1)
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-e2e-machine.json-\(getpid())")
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      let copy = out.appendingPathComponent("machine.json")
      try? FileManager.default.removeItem(at: copy)
      try FileManager.default.copyItem(at: saved, to: copy)
      let reopened = try SceneEndToEndTests().drive("machine.json", ["key", "space", "wait", "0.2", "shot", "reopened"])
      #expect(reopened.exitCode == "0")
      #expect(count(Self.spring, in: reopened.shots["reopened"]) > 1200, "the ball")
      #expect(count(Self.accent, in: reopened.shots["reopened"]) > 1500, "the first box and the anchor")
    }

    /// The dock's toolbar at 800 × 600: one row under the scene, above the status bar; button i is
    /// 64 × 24 pt at x = 4 + 66 i, y = 550.
    static func button(_ i: Int) -> (x: String, y: String) { (String(4 + 66 * i + 32), "562") }

    @Test(.enabled(if: SceneEndToEndTests.enabled)) func aClickOnTheDockToolbarPicksTheTool() throws {
      let box = Self.button(1), ball = Self.button(2)
      let r = try SceneEndToEndTests().drive(
        "playground",
        [
          "key", "space", "shot", "start", "click", box.x, box.y, "wait", "0.2", "shot", "picked",
          "drag", "300", "200", "60", "60", "2", "click", ball.x, ball.y, "click", "500", "200", "wait", "0.2",
          "shot", "built"
        ])
      #expect(r.exitCode == "0")
      #expect(r.shots["start"]?.pixel(x: 7, y: 553) == Self.accent, "the select tool is highlighted at first")
      #expect(r.shots["picked"]?.pixel(x: 73, y: 553) == Self.accent, "the box button is highlighted")
      #expect(r.shots["picked"]?.pixel(x: 7, y: 553) != Self.accent, "and select no longer")
      #expect(r.shots["picked"]?.pixel(x: 102, y: 530) != Self.accent, "the click spawned nothing over the toolbar")
      #expect(r.log.contains { $0.contains("pointer-down") && $0.hasSuffix("tool box") })
      #expect(r.shots["built"]?.pixel(x: 330, y: 230) == Self.accent, "the box tool drew a box")
      #expect(r.shots["built"]?.pixel(x: 139, y: 553) == Self.accent, "then the ball button")
      #expect(count(0xFFFF_8A3D, in: r.shots["built"]) > 2000, "and the ball tool made a ball (the second colour)")
    }

    @Test(.enabled(if: SceneEndToEndTests.enabled)) func deleteAnchorAndRefusals() throws {
      let r = try SceneEndToEndTests().drive(
        "playground",
        [
          "key", "space", "key", "g", "drag", "60", "300", "680", "0", "4",
          "key", "b", "drag", "300", "200", "60", "60", "2", "shot", "box",
          "drag", "500", "280", "60", "60", "2", "shot", "refused",
          "key", "x", "click", "330", "230", "wait", "0.2", "shot", "deleted"
        ])
      #expect(r.exitCode == "0")
      #expect(r.shots["box"]?.pixel(x: 330, y: 215) == Self.accent)
      #expect(r.shots["refused"]?.pixel(x: 530, y: 290) != Self.accent, "no box across the wall")
      #expect(count(0xFFFF_5A5A, in: r.shots["refused"]) > 50, "the refusal, in red")
      #expect(r.shots["deleted"]?.pixel(x: 330, y: 215) != Self.accent, "the delete tool removed it")
    }
  }
}
