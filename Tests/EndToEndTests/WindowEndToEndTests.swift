import Foundation
import SDLPlatform
import Testing

/// Every test that opens the real window, one at a time: two `xvfb-run -a` starting together can race
/// for the same display number.
@Suite(.serialized) enum EndToEnd {
  /// Runs `command` on a fresh Xvfb display (`xvfb-run -a`, screen `screen`), at most `seconds` a try,
  /// and returns its exit status and standard output. xvfb-run can miss its server's ready signal (it
  /// comes before the script starts waiting for it) and then waits for ever; a try that times out
  /// (`timeout` ends the whole process group, Xvfb included, with status 124) is made once more, so a
  /// start-up race costs a retry instead of hanging the suite.
  static func underXvfb(_ command: [String], screen: String = "1280x1024x24", seconds: Int = 120) throws -> (
    status: Int32, output: Data
  ) {
    var result: (status: Int32, output: Data) = (124, Data())
    for _ in 0..<2 {
      let process = Process(), pipe = Pipe()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["timeout", "-k", "10", "\(seconds)", "xvfb-run", "-a", "-s", "-screen 0 \(screen)"] + command
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      result = (process.terminationStatus, data)
      if result.status != 124 { break }
    }
    return result
  }
}

extension EndToEnd {
  /// Launches the real `hooke` window under Xvfb, drives it with xdotool (drag, wheel, a key, a resize,
  /// a screenshot key, Escape) and checks from the app's own event log and screenshots that it saw and
  /// answered each. Needs xvfb-run and xdotool (scripts/test installs them); outside scripts/test it is
  /// skipped when they are missing, and under scripts/test (HOOKE_E2E_REQUIRED=1) it fails instead.
  @Suite(.serialized) struct WindowEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    static let required = ProcessInfo.processInfo.environment["HOOKE_E2E_REQUIRED"] == "1"
    static func onPath(_ tool: String) -> Bool {
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
      }
    }
    static let toolsPresent = onPath("xvfb-run") && onPath("xdotool")

    @Test(.enabled(if: required || toolsPresent, "needs xvfb-run and xdotool (scripts/test installs them)"))
    func dragWheelKeyResizeAndEscapeAreSeenAndAnswered() throws {
      try #require(Self.toolsPresent, "xvfb-run and xdotool are missing: run scripts/install-deps.sh --test")
      let binary = Self.root.appendingPathComponent(".build/debug/hooke").path
      try #require(
        FileManager.default.isExecutableFile(atPath: binary), "build hooke first: swift build --product hooke")
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-e2e-\(getpid())")
      try? FileManager.default.removeItem(at: out)

      _ = try EndToEnd.underXvfb([
        Self.root.appendingPathComponent("Tests/EndToEndTests/drive-window.sh").path, binary, out.path
      ])

      let log = (try? String(contentsOf: out.appendingPathComponent("events.log"), encoding: .utf8)) ?? ""
      let stderr = (try? String(contentsOf: out.appendingPathComponent("stderr.log"), encoding: .utf8)) ?? ""
      let rc = (try? String(contentsOf: out.appendingPathComponent("rc"), encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(rc == "0", "hooke exited with \(rc ?? "nothing"); stderr:\n\(stderr)")
      let lines = log.split(separator: "\n").map(String.init)
      func has(_ prefix: String) -> Bool { lines.contains { $0.hasPrefix(prefix) } }

      #expect(has("answer started scene=calibration size=800x600 renderer=software font=ttf"), "\(log)")
      // The drag: down, five moves with the left button held, up — each handled by the scene.
      #expect(has("event pointer-down button=left at=200,200 clicks=1 -> scene calibration handled it"))
      #expect(
        lines.filter { $0.contains("pointer-moved") && $0.contains("left=true") && $0.hasSuffix("handled it") }.count
          == 5)
      #expect(has("event pointer-up button=left at=200,300"))
      // Three notches down the wheel: content moves toward the end, +y.
      #expect(lines.filter { $0.hasPrefix("event wheel delta=0,1 notches=0,1 precise=false") }.count == 3)
      #expect(has("event key-down key=k modifiers=0 repeat=false -> scene calibration handled it"))
      #expect(has("event resized size=640x480 -> resize 640x480"))
      #expect(has("event key-down key=s modifiers=0 repeat=false -> screenshot hooke-calibration-1.png"))
      #expect(has("event key-down key=escape modifiers=0 repeat=false -> quit"))
      #expect(has("answer quit"))

      // The session was recorded; replaying it headless ends on the same state digest, bit for bit.
      let session = out.appendingPathComponent("session.txt").path
      let recorded = (try? String(contentsOfFile: session, encoding: .utf8)) ?? ""
      let digestLine = recorded.split(separator: "\n").last.map(String.init) ?? ""
      #expect(digestLine.hasPrefix("digest "), "the recording ends with the final digest")
      let frameCount = recorded.split(separator: "\n").filter { $0.hasPrefix("frame ") }.count
      let capture = Process()
      let pipe = Pipe()
      capture.executableURL = URL(fileURLWithPath: binary)
      capture.arguments = [
        "capture", "--replay", session, "--frames", "\(frameCount)",
        "--output", out.appendingPathComponent("replayed.png").path
      ]
      capture.standardOutput = pipe
      try capture.run()
      capture.waitUntilExit()
      let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(capture.terminationStatus == 0)
      #expect(
        said.contains("digest \(digestLine.dropFirst("digest ".count)))"),
        "replay said: \(said); recording: \(digestLine)")

      // The screenshots show that the window answered: 640×480 after the resize, the drag trail drawn
      // where the pointer went, the wheel gauge grown right of the middle, and the key named.
      for name in ["hooke-calibration-1.png", "final.png"] {
        let shot = try PixelImage.load(path: out.appendingPathComponent(name).path)
        #expect(shot.width == 640 && shot.height == 480, "\(name) is \(shot.width)×\(shot.height)")
        guard shot.width == 640 else { continue }
        #expect(shot.pixel(x: 200, y: 250) == 0xFFFF_8A3D, "\(name): the drag trail at x = 200")
        #expect(
          shot.pixel(x: 360, y: 436) == 0xFF4F_A3FF, "\(name): the wheel gauge (3 notches → 30 % of half the strip)")
        #expect(shot.pixel(x: 300, y: 436) != 0xFF4F_A3FF, "\(name): the gauge grows right, not left")
      }
    }
  }
}
