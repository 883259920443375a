import Foundation
import Testing

extension EndToEnd.SceneEndToEndTests {
  static let clipboardReadable = EndToEnd.WindowEndToEndTests.onPath("xclip")

  /// `Tab` then `C` in the real window puts the carousel's spring on the X clipboard as code, the same
  /// text the app prints on stdout; read back with xclip from outside the app.
  @Test(.enabled(if: enabled && (EndToEnd.WindowEndToEndTests.required || clipboardReadable)))
  func cInTheTuningPanelCopiesTheSpringToTheClipboard() throws {
    try #require(Self.clipboardReadable, "xclip is missing: run scripts/install-deps.sh --test")
    let r = try drive(
      "springy-carousel", ["key", "Tab", "wait", "0.2", "key", "c", "wait", "0.3", "clipboard", "copied"])
    #expect(r.exitCode == "0")
    let folder = URL(fileURLWithPath: r.session).deletingLastPathComponent()
    let copied = try String(contentsOf: folder.appendingPathComponent("copied.txt"), encoding: .utf8)
    #expect(copied.hasPrefix("// Hooke — springy-carousel: spring frequency 0.8 Hz, damping ratio 0.5"), "\(copied)")
    #expect(copied.contains("Animation.spring(response: 1.25, dampingFraction: 0.5)"))
    #expect(copied.contains("SpringForce().setStiffness(25.266f).setDampingRatio(0.5f)"))
    #expect(copied.contains("no Origami equivalent: stiffness 25.3 < 85.4 (tension 0)"))
    let stdout = try String(contentsOf: folder.appendingPathComponent("events.log"), encoding: .utf8)
    #expect(stdout.contains(copied), "the same text is printed on stdout")
    #expect(r.log.contains { $0.hasPrefix("event key-down key=c") && $0.hasSuffix("copied the spring as code") })
  }
}
