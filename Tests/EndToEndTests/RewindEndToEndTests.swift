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
      try #require(seeks.count >= 4, "expected seeks for ←, the strip and →; the log:\n\(log)")
      let end = Int(seeks[0]["of"] ?? -1)
      let lines = log.split(separator: "\n")
      // A seek still under way when the next key comes takes it on, so keys and seeks need not pair up:
      // what counts is where each stretch of keys left the window.
      let scrubLine = try #require(lines.firstIndex { $0.contains("-> scrub to frame") }, "no strip press:\n\(log)")
      let scrubEnd = try #require(lines.lastIndex { $0.contains("scrub ended at frame") }, "the strip drag never ended")
      func lastSeek(before line: Int) -> [String: Double]? {
        lines[..<line].last { $0.hasPrefix("answer seek ") }.map { l in
          Dictionary(
            uniqueKeysWithValues: l.split(separator: " ").dropFirst(2).compactMap { f -> (String, Double)? in
              let kv = f.split(separator: "=")
              return kv.count == 2 ? (String(kv[0]), Double(kv[1]) ?? -1) : nil
            })
        }
      }
      // Ten ← from the live end: ten frames back.
      #expect(lastSeek(before: scrubLine)?["frame"].map(Int.init) == end - 10, "\(log)")
      // The strip took the window further back; five → then went five frames on, one frame replayed each.
      let resumed = try #require(lines.firstIndex { $0.contains("-> resumed") }, "never resumed:\n\(log)")
      let scrubbedTo = lastSeek(before: scrubEnd + 2)?["frame"].map(Int.init) ?? end
      #expect(scrubbedTo < end - 10)
      #expect(lastSeek(before: resumed)?["frame"].map(Int.init) == scrubbedTo + 5, "\(log)")
      let forward = lines[scrubEnd..<resumed].filter { $0.hasPrefix("answer seek ") }
      #expect(forward.allSatisfy { $0.contains("replayed=1 ") }, "\(forward)")

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
