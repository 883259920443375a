import Foundation
import Testing

/// `hooke --version` prints the version that CHANGELOG.md's newest entry names. Runs the built binary.
@Suite struct VersionTests {
  @Test(.enabled(if: CaptureErrorTests.enabled)) func theVersionIsTheChangelogs() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: CaptureErrorTests.binary),
      "build hooke first: swift build --product hooke")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: CaptureErrorTests.binary)
    p.arguments = ["--version"]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let changelog = try String(
      contentsOf: EndToEnd.WindowEndToEndTests.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    // "Unreleased" gathers what comes after the newest version; the version is the first heading after it.
    let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }.map {
      String($0.dropFirst(3))
    }
    #expect(newest == printed, "CHANGELOG.md's newest entry is \(newest ?? "missing"), hooke --version says \(printed)")
  }
}
