import Foundation
import Testing

extension EndToEnd {
  /// The renderer the window picks, and what it costs in draw calls: the springy list at 1280×800 (about
  /// 340 labelled cells) in the real window under Xvfb, from the app's event log.
  @Suite(.serialized) struct RendererEndToEndTests {
    static let enabled = WindowEndToEndTests.required || WindowEndToEndTests.toolsPresent

    /// Runs 40 frames of the springy list with `flags`; returns the log's lines.
    func run(_ flags: [String]) throws -> [String] {
      let binary = WindowEndToEndTests.root.appendingPathComponent(".build/debug/hooke").path
      try #require(
        FileManager.default.isExecutableFile(atPath: binary), "build hooke first: swift build --product hooke")
      let (status, data) = try EndToEnd.underXvfb(
        [
          binary, "--scene", "springy-list", "--size", "1280x800", "--frames", "40",
          "--log-events"
        ] + flags, screen: "1280x800x24")
      #expect(status == 0)
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func renderer(_ log: [String]) -> String {
      log.first { $0.hasPrefix("answer started") }?.split(separator: " ").first { $0.hasPrefix("renderer=") }
        .map { String($0.dropFirst("renderer=".count)) } ?? ""
    }

    /// With no GPU (Xvfb's GL is Mesa's llvmpipe, or none), the window draws with the software renderer
    /// and says why; `--accelerated` keeps the GL renderer, which then draws a frame of cells and labels in
    /// at most three geometry calls.
    @Test(.enabled(if: enabled)) func aSoftwareGLGivesWayAndAGPUFrameIsAFewBatches() throws {
      let chosen = renderer(try run([]))
      #expect(chosen.hasPrefix("software"), "picked \(chosen)")
      let kept = try run(["--accelerated"])
      let name = renderer(kept)
      guard name.hasPrefix("opengl") else { return }  // no GL on this display at all: nothing to count
      #expect(name.contains("_on_"), "the HUD and log name the software GL: \(name)")
      let batches = kept.compactMap { line -> Int? in
        guard line.hasPrefix("answer drew ") else { return nil }
        return line.split(separator: " ").first { $0.hasPrefix("batches=") }.flatMap { Int($0.dropFirst(8)) }
      }
      #expect(batches.count >= 30)
      #expect(batches.dropFirst().allSatisfy { $0 >= 1 && $0 <= 3 }, "geometry calls a frame: \(batches)")
    }
  }
}
