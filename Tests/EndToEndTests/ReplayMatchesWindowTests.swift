import Foundation
import Geometry2D
import SandboxCore
import Scenes
import Testing

/// A recorded session replayed by `hooke capture --replay` ends on the bits the window ended on. The
/// window's loop is played here in-process as the app plays it (the frame's events, its steps, then the
/// frame's reads: `drawFrame`), recorded, and replayed by the built binary. The sessions are drags in
/// drag-and-throw whose press lands in a frame without steps and whose first move comes before any
/// step: the attachment the press adds is made by the window's reads after the press frame, so a replay
/// that skipped those reads made it later, at the moved anchor, and ended elsewhere.
@Suite struct ReplayMatchesWindowTests {
  static let binary = EndToEnd.WindowEndToEndTests.root.appendingPathComponent(".build/debug/hooke").path
  static let enabled = EndToEnd.WindowEndToEndTests.required || FileManager.default.isExecutableFile(atPath: binary)

  /// A press on the card in a frame of no steps, then 2–8 moves of random length in frames of 0–6
  /// steps, a release, and 40–120 frames of 4 steps.
  static func session(seed: UInt64) -> SessionRecording {
    var r = SeededRandom(seed: seed)
    func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(r.next() >> 11) * 0x1p-53 }
    func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(r.next() % UInt64(range.count)) }
    var rec = SessionRecording(
      sceneName: "drag-and-throw", size: Size(width: 800, height: 600), seed: 1,
      stepDuration: 1.0 / 240)
    var p = Point(x: 400 + uniform(-100, 100), y: 300 + uniform(-100, 100))
    rec.frames.append(.init(steps: 4))
    rec.frames.append(.init(steps: 0, events: [.pointerDown(button: .left, position: p, clickCount: 1)]))
    for _ in 0..<int(2...8) {
      let d = Vector(dx: uniform(-150, 150), dy: uniform(-150, 150))
      p = Point(x: p.x + d.dx, y: p.y + d.dy)
      rec.frames.append(.init(steps: int(0...6), events: [.pointerMoved(position: p, delta: d, buttons: [.left])]))
    }
    rec.frames.append(.init(steps: int(0...4), events: [.pointerUp(button: .left, position: p)]))
    for _ in 0..<int(40...120) { rec.frames.append(.init(steps: 4)) }
    return rec
  }

  /// The window's loop over the session, in process: its final state digest.
  static func windowDigest(_ rec: SessionRecording) throws -> UInt64 {
    let entry = try #require(SceneCatalog.entry(named: rec.sceneName))
    let context = SceneContext(seed: rec.seed)
    let controller = SandboxController(
      scene: entry.make(context), size: rec.size,
      clock: FrameClock(stepDuration: rec.stepDuration), catalog: SceneCatalog.entries,
      context: context)
    var list = DrawList()
    for frame in rec.frames {
      for event in frame.events { _ = controller.dispatch(event) }
      controller.advance(steps: frame.steps)
      list.removeAll()
      _ = controller.drawFrame(into: &list)
    }
    return controller.scene.stateDigest
  }

  @Test(.enabled(if: enabled), arguments: Array(1...12) as [UInt64])
  func captureReplaysEndWhereTheWindowEnded(seed: UInt64) throws {
    var rec = Self.session(seed: seed)
    let digest = try Self.windowDigest(rec)
    rec.finalDigest = digest
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-replay-\(getpid())-\(seed)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("session.txt").path
    try rec.serialized().write(toFile: file, atomically: false, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.binary)
    p.arguments = [
      "capture", "--replay", file, "--frames", "\(rec.frames.count)", "--output",
      dir.appendingPathComponent("end.png").path
    ]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = Pipe()
    try p.run()
    let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(
      p.terminationStatus == 0 && said.contains("digest \(String(digest, radix: 16)))"),
      "seed \(seed): the window ended on \(String(digest, radix: 16)); the replay said \(said)")
  }
}
