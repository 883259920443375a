import Geometry2D

/// A recorded sandbox session: the scene, window size, seed and clock step it started with, then for
/// every frame the input events the app dispatched and how many fixed steps it simulated. Replaying it
/// feeds the same events and steps, whatever the wall clock does, so the motion is the same bit for bit.
///
/// The file is plain text, one record per line:
/// ```
/// hooke-session 1
/// scene calibration
/// size 800 600
/// seed 1
/// step 0.004166666666666667
/// frame 4
/// event pd left 200.0 200.0 1
/// frame 4
/// ```
/// `frame N` starts a frame that simulates N steps; the `event` lines after it belong to it and are
/// dispatched before its steps. The last line may be `digest HEX`, the scene's state digest at the end.
package struct SessionRecording: Equatable, Sendable {
  package struct Frame: Equatable, Sendable {
    package var steps: Int
    package var events: [InputEvent]
    package init(steps: Int, events: [InputEvent] = []) {
      self.steps = steps
      self.events = events
    }
  }

  package var sceneName: String
  package var size: Size
  package var seed: UInt64
  package var stepDuration: Double
  package var frames: [Frame] = []
  /// The state digest the recording session ended on, if it finished.
  package var finalDigest: UInt64?

  package init(sceneName: String, size: Size, seed: UInt64, stepDuration: Double) {
    self.sceneName = sceneName
    self.size = size
    self.seed = seed
    self.stepDuration = stepDuration
  }

  package static let header = "hooke-session 1"

  /// The header lines, written when recording starts.
  package var headerText: String {
    "\(Self.header)\nscene \(sceneName)\nsize \(size.width) \(size.height)\nseed \(seed)\nstep \(stepDuration)\n"
  }

  /// One frame's lines, appended as the session runs.
  package static func text(for frame: Frame) -> String {
    var s = "frame \(frame.steps)\n"
    for e in frame.events { s += "event \(e.recordTokens.joined(separator: " "))\n" }
    return s
  }

  package func serialized() -> String {
    var s = headerText
    for f in frames { s += Self.text(for: f) }
    if let finalDigest { s += "digest \(String(finalDigest, radix: 16))\n" }
    return s
  }
}

extension InputEvent {
  /// The event as space-separated tokens; doubles print in full so they read back bit for bit.
  package var recordTokens: [String] {
    switch self {
    case .pointerDown(let b, let p, let n): ["pd", b.description, "\(p.x)", "\(p.y)", "\(n)"]
    case .pointerUp(let b, let p): ["pu", b.description, "\(p.x)", "\(p.y)"]
    case .pointerMoved(let p, let d, let buttons):
      ["pm", "\(p.x)", "\(p.y)", "\(d.dx)", "\(d.dy)", "\(buttons.rawValue)"]
    case .wheel(let w):
      [
        "w", "\(w.preciseDelta.dx)", "\(w.preciseDelta.dy)", "\(w.notches.x)", "\(w.notches.y)",
        w.isPrecise ? "1" : "0", "\(w.position.x)", "\(w.position.y)"
      ]
    case .pinch(let scale, let c): ["pz", "\(scale)", "\(c.x)", "\(c.y)"]
    case .keyDown(let k, let m, let r): ["kd", k.recordName, "\(m.rawValue)", r ? "1" : "0"]
    case .keyUp(let k, let m): ["ku", k.recordName, "\(m.rawValue)"]
    case .resized(let s): ["r", "\(s.width)", "\(s.height)"]
    case .quit: ["q"]
    }
  }

  package init?(recordTokens t: [String]) {
    guard let e = try? Self.parse(recordTokens: t) else { return nil }
    self = e
  }
}

extension Key {
  /// A single token: the key's name, with printable characters as `c:X` so names never clash.
  package var recordName: String {
    if case .character(let c) = self { return "c:\(c)" }
    return description
  }

  package init?(recordName s: String) {
    if s.hasPrefix("c:"), s.count == 3 {
      self = .character(s.last!)
      return
    }
    let named: [Key] = [
      .escape, .tab, .space, .enter, .backspace, .delete, .insert, .left, .right, .up, .down,
      .pageUp, .pageDown, .home, .end
    ]
    if let k = named.first(where: { $0.description == s }) {
      self = k
      return
    }
    if s.hasPrefix("f"), let n = Int(s.dropFirst()) {
      self = .function(n)
      return
    }
    if s.hasPrefix("key"), let c = Int32(s.dropFirst(3)) {
      self = .other(c)
      return
    }
    return nil
  }
}
