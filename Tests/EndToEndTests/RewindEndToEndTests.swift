import Foundation
import Testing

extension EndToEnd {
  /// Rewinds the real window (`drive-rewind.sh` under Xvfb): Newton's cradle pushed and paused mid-swing,
  /// ten frames back with `←`, a drag back along the strip, five frames forward with `→`, `W`, and a
  /// resume. Checks from the window's log that each key moved one frame, that `→` replayed one frame
  /// each, that the strip went back, and that the saved range renders headless to the digest it was
  /// saved with. Skipped without xvfb-run and xdotool, as the other window tests.
  @Suite(.serialized) struct RewindEndToEndTests {
    typealias Window = WindowEndToEndTests

    @Test(
      .enabled(if: Window.required || Window.toolsPresent, "needs xvfb-run and xdotool (scripts/test installs them)"))
    func arrowsStripAndWRewindTheLiveCradle() throws {
      try #require(Window.toolsPresent, "xvfb-run and xdotool are missing: run scripts/install-deps.sh --test")
      let binary = Window.root.appendingPathComponent(".build/debug/hooke").path
      try #require(
        FileManager.default.isExecutableFile(atPath: binary), "build hooke first: swift build --product hooke")
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-rewind-\(getpid())")
      try? FileManager.default.removeItem(at: out)
      _ = try EndToEnd.underXvfb(
        [
          Window.root.appendingPathComponent("Tests/EndToEndTests/drive-rewind.sh").path, binary, out.path,
          "newtons-cradle", "push"
        ], screen: "1400x900x24")

      let log = (try? String(contentsOf: out.appendingPathComponent("events.log"), encoding: .utf8)) ?? ""
      let rc = (try? String(contentsOf: out.appendingPathComponent("rc"), encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(rc == "0", "hooke exited with \(rc ?? "nothing")")
      let seeks = log.split(separator: "\n").filter { $0.hasPrefix("answer seek ") }.map { line in
        Dictionary(
          uniqueKeysWithValues: line.split(separator: " ").dropFirst(2).compactMap { field -> (String, Double)? in
            let kv = field.split(separator: "=")
            return kv.count == 2 ? (String(kv[0]), Double(kv[1]) ?? -1) : nil
          })
      }
      try #require(seeks.count >= 16, "expected ten ←, a scrub and five →; the log:\n\(log)")
      let frames = seeks.map { Int($0["frame"] ?? -1) }
      let end = Int(seeks[0]["of"] ?? -1)
      // Ten ← from the live end: one frame back each.
      #expect(Array(frames[0..<10]) == Array((end - 10)..<end).reversed(), "\(frames)")
      // Five → at the end: one frame forward each, one frame replayed each.
      let last5 = seeks.suffix(5)
      #expect(last5.allSatisfy { $0["replayed"] == 1 }, "\(Array(last5))")
      #expect(zip(frames.suffix(5), frames.suffix(4)).allSatisfy { $0 + 1 == $1 })
      // The strip took the window further back than the arrows did.
      #expect(frames[10..<(frames.count - 5)].min()! < end - 10)
      #expect(log.contains("-> resumed"))

      // W saved the session up to the frame shown: rendered headless, it ends on the digest it was saved with.
      let saved = try String(contentsOf: out.appendingPathComponent("hooke-session-1.txt"), encoding: .utf8)
      let digest = try #require(saved.split(separator: "\n").last { $0.hasPrefix("digest ") }?.dropFirst(7))
      let count = saved.split(separator: "\n").filter { $0.hasPrefix("frame ") }.count
      let capture = Process(), pipe = Pipe()
      capture.executableURL = URL(fileURLWithPath: binary)
      capture.arguments = [
        "capture", "--replay", out.appendingPathComponent("hooke-session-1.txt").path, "--frames", "\(count)",
        "--output", out.appendingPathComponent("saved.png").path
      ]
      capture.standardOutput = pipe
      try capture.run()
      let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      capture.waitUntilExit()
      #expect(printed.contains("digest \(digest))"), "capture printed: \(printed)")
    }
  }
}
