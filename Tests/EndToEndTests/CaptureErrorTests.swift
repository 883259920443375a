import Foundation
import Testing

/// `hooke capture` given bad files, flags and environment: each run must exit non-zero with one error
/// naming the file and line (or the flag or variable) — never trap. Runs the built binary; no display.
@Suite struct CaptureErrorTests {
  static let binary = EndToEnd.WindowEndToEndTests.root.appendingPathComponent(".build/debug/hooke").path
  static let enabled = EndToEnd.WindowEndToEndTests.required || FileManager.default.isExecutableFile(atPath: binary)
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-capture-errors-\(getpid())")

  struct Result {
    var status: Int32
    var stderr: String
  }

  func capture(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.binary), "build hooke first: swift build --product hooke")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.binary)
    p.arguments = ["capture"] + arguments
    p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let err = Pipe()
    p.standardError = err
    p.standardOutput = Pipe()
    try p.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Result(status: p.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
  }

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url.path
  }

  static let recordingHeader =
    "hooke-session 1\nscene drag-and-throw\nsize 800 600\nseed 1\nstep 0.004166666666666667\n"

  @Test(.enabled(if: enabled)) func badFilesFlagsAndEnvironmentAreNamedErrors() throws {
    let out = dir.appendingPathComponent("out.png").path
    let huge = try write(
      "huge.json", "{ \"items\": [\n { \"id\": \"b\", \"center\": [1, 1], \"size\": [1e300, 2] } ] }")
    let dup = try write("dup.json", "{ \"items\": [], \"items\": [] }")
    let bigSize = try write(
      "size.txt", Self.recordingHeader.replacingOccurrences(of: "size 800 600", with: "size 1e300 600") + "frame 1\n")
    let nanPointer = try write("nan.txt", Self.recordingHeader + "frame 4\nevent pd left nan nan 1\n")
    let cases: [(arguments: [String], environment: [String: String], fragment: String)] = [
      (
        ["--scene", huge, "--output", out], [:], "\(huge):2: items[0].size[0]: expected a size in points greater than 0"
      ),
      (
        ["--scene", dup, "--output", out], [:],
        "\(dup):1: items: not valid JSON at column 16: the key \"items\" is written twice"
      ),
      (
        ["--scene", dir.appendingPathComponent("missing.json").path, "--output", out], [:],
        "missing.json: could not read the file"
      ),
      (["--replay", bigSize, "--output", out, "--frames", "1"], [:], "\(bigSize):3: expected 'size WIDTH HEIGHT'"),
      (
        ["--replay", nanPointer, "--output", out, "--frames", "1"], [:],
        "\(nanPointer):7: could not read the event 'pd left nan nan 1'"
      ),
      (["--replay", "/dev/zero", "--output", out], [:], "the recording /dev/zero: the file is larger than 256 MiB"),
      (["--replay", nanPointer, "--scene", "snap", "--output", out], [:], "--scene cannot be used with --replay"),
      (["--size", "1e300x600", "--output", out], [:], "--size <WxH>"),
      (["--size", "10x600", "--output", out], [:], "--size <WxH>"),
      (["--frames=-5", "--output", out], [:], "--frames must be from 0 to 100000, got -5"),
      (["--seed", "x", "--output", out], [:], "--seed <seed>"),
      (["--scene", "nosuch", "--output", out], [:], "unknown scene 'nosuch'"),
      (["--output", dir.appendingPathComponent("no/such/folder.png").path], [:], "--output"),
      (["--output", dir.appendingPathComponent("x.jpg").path], [:], "--output must name a .png file"),
      (["--output", out], ["HOOKE_FONT": "/etc/hostname"], "HOOKE_FONT=/etc/hostname: not a TrueType or OpenType font"),
      (["--output", out], ["HOOKE_FONT": "/nonexistent.ttf"], "HOOKE_FONT=/nonexistent.ttf: could not read the file")
    ]
    for c in cases {
      let r = try capture(c.arguments, environment: c.environment)
      #expect(r.status != 0 && r.status < 128, "\(c.arguments): exit status \(r.status) (a signal would be ≥ 128)")
      #expect(r.stderr.contains(c.fragment), "\(c.arguments): \(r.stderr)")
      #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("crashed"), "\(c.arguments) trapped: \(r.stderr)")
    }
    // The same command with good input works, so the refusals above are the inputs' doing.
    let ok = try capture(["--scene", "snap", "--frames", "1", "--output", out])
    #expect(ok.status == 0, "\(ok.stderr)")
  }
}
