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
public struct SessionRecording: Equatable, Sendable {
  public struct Frame: Equatable, Sendable {
    public var steps: Int
    public var events: [InputEvent]
    public init(steps: Int, events: [InputEvent] = []) {
      self.steps = steps
      self.events = events
    }
  }

  public var sceneName: String
  public var size: Size
  public var seed: UInt64
  public var stepDuration: Double
  public var frames: [Frame] = []
  /// The state digest the recording session ended on, if it finished.
  public var finalDigest: UInt64?

  public init(sceneName: String, size: Size, seed: UInt64, stepDuration: Double) {
    self.sceneName = sceneName
    self.size = size
    self.seed = seed
    self.stepDuration = stepDuration
  }

  public static let header = "hooke-session 1"

  /// The header lines, written when recording starts.
  public var headerText: String {
    "\(Self.header)\nscene \(sceneName)\nsize \(size.width) \(size.height)\nseed \(seed)\nstep \(stepDuration)\n"
  }

  /// One frame's lines, appended as the session runs.
  public static func text(for frame: Frame) -> String {
    var s = "frame \(frame.steps)\n"
    for e in frame.events { s += "event \(e.recordTokens.joined(separator: " "))\n" }
    return s
  }

  public func serialized() -> String {
    var s = headerText
    for f in frames { s += Self.text(for: f) }
    if let finalDigest { s += "digest \(String(finalDigest, radix: 16))\n" }
    return s
  }

  /// Parses a recording. Errors name the file, the line and what was expected there.
  public static func parse(_ text: String, file: String) throws -> SessionRecording {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    func fail(_ n: Int, _ what: String) -> SessionFileError {
      SessionFileError(file: file, line: n + 1, message: what)
    }
    guard lines.count >= 5, lines[0] == header else {
      throw fail(0, "expected the first line to be '\(header)'; this is not a Hooke session recording")
    }
    func field(_ n: Int, _ name: String) throws -> [String] {
      let parts = lines[n].split(separator: " ").map(String.init)
      guard parts.first == name, parts.count >= 2 else { throw fail(n, "expected '\(name) …'") }
      return Array(parts.dropFirst())
    }
    let scene = try field(1, "scene")[0]
    let sizeParts = try field(2, "size")
    guard sizeParts.count == 2, let w = Double(sizeParts[0]), let h = Double(sizeParts[1]), w > 0, h > 0 else {
      throw fail(2, "expected 'size WIDTH HEIGHT' with two positive numbers")
    }
    guard let seed = UInt64(try field(3, "seed")[0]) else { throw fail(3, "expected 'seed N' with N a whole number") }
    guard let step = Double(try field(4, "step")[0]), step > 0, step.isFinite else {
      throw fail(4, "expected 'step SECONDS' with a positive number")
    }
    var rec = SessionRecording(sceneName: scene, size: Size(width: w, height: h), seed: seed, stepDuration: step)
    for n in 5..<lines.count {
      let parts = lines[n].split(separator: " ").map(String.init)
      switch parts.first {
      case "frame":
        guard parts.count == 2, let steps = Int(parts[1]), steps >= 0 else {
          throw fail(n, "expected 'frame STEPS' with STEPS a whole number ≥ 0")
        }
        rec.frames.append(Frame(steps: steps))
      case "event":
        guard !rec.frames.isEmpty else { throw fail(n, "an event before the first 'frame' line") }
        guard let e = InputEvent(recordTokens: Array(parts.dropFirst())) else {
          throw fail(n, "could not read the event '\(parts.dropFirst().joined(separator: " "))'")
        }
        rec.frames[rec.frames.count - 1].events.append(e)
      case "digest":
        guard parts.count == 2, let d = UInt64(parts[1], radix: 16) else { throw fail(n, "expected 'digest HEX'") }
        rec.finalDigest = d
      default:
        throw fail(n, "expected a 'frame', 'event' or 'digest' line")
      }
    }
    return rec
  }
}

/// A problem in a session file, with where it is.
public struct SessionFileError: Error, CustomStringConvertible, Equatable {
  public var file: String
  public var line: Int
  public var message: String
  public var description: String { "\(file):\(line): \(message)" }
}

extension InputEvent {
  /// The event as space-separated tokens; doubles print in full so they read back bit for bit.
  public var recordTokens: [String] {
    switch self {
    case let .pointerDown(b, p, n): ["pd", b.description, "\(p.x)", "\(p.y)", "\(n)"]
    case let .pointerUp(b, p): ["pu", b.description, "\(p.x)", "\(p.y)"]
    case let .pointerMoved(p, d, buttons): ["pm", "\(p.x)", "\(p.y)", "\(d.dx)", "\(d.dy)", "\(buttons.rawValue)"]
    case let .wheel(w):
      ["w", "\(w.preciseDelta.dx)", "\(w.preciseDelta.dy)", "\(w.notches.x)", "\(w.notches.y)",
       w.isPrecise ? "1" : "0", "\(w.position.x)", "\(w.position.y)"]
    case let .keyDown(k, m, r): ["kd", k.recordName, "\(m.rawValue)", r ? "1" : "0"]
    case let .keyUp(k, m): ["ku", k.recordName, "\(m.rawValue)"]
    case let .resized(s): ["r", "\(s.width)", "\(s.height)"]
    case .quit: ["q"]
    }
  }

  public init?(recordTokens t: [String]) {
    func d(_ i: Int) -> Double? { i < t.count ? Double(t[i]) : nil }
    func n(_ i: Int) -> Int? { i < t.count ? Int(t[i]) : nil }
    func button(_ i: Int) -> PointerButton? {
      i < t.count ? [PointerButton.left, .middle, .right, .back, .forward].first { $0.description == t[i] } : nil
    }
    switch t.first {
    case "pd":
      guard t.count == 5, let b = button(1), let x = d(2), let y = d(3), let c = n(4) else { return nil }
      self = .pointerDown(button: b, position: Point(x: x, y: y), clickCount: c)
    case "pu":
      guard t.count == 4, let b = button(1), let x = d(2), let y = d(3) else { return nil }
      self = .pointerUp(button: b, position: Point(x: x, y: y))
    case "pm":
      guard t.count == 6, let x = d(1), let y = d(2), let dx = d(3), let dy = d(4), let m = UInt8(t[5]) else { return nil }
      self = .pointerMoved(position: Point(x: x, y: y), delta: Vector(dx: dx, dy: dy), buttons: PointerButtons(rawValue: m))
    case "w":
      guard t.count == 8, let dx = d(1), let dy = d(2), let nx = n(3), let ny = n(4), let x = d(6), let y = d(7) else {
        return nil
      }
      self = .wheel(WheelEvent(preciseDelta: Vector(dx: dx, dy: dy), notches: (nx, ny), isPrecise: t[5] == "1",
                               position: Point(x: x, y: y)))
    case "kd":
      guard t.count == 4, let k = Key(recordName: t[1]), let m = UInt8(t[2]) else { return nil }
      self = .keyDown(k, modifiers: KeyModifiers(rawValue: m), isRepeat: t[3] == "1")
    case "ku":
      guard t.count == 3, let k = Key(recordName: t[1]), let m = UInt8(t[2]) else { return nil }
      self = .keyUp(k, modifiers: KeyModifiers(rawValue: m))
    case "r":
      guard t.count == 3, let w = d(1), let h = d(2) else { return nil }
      self = .resized(Size(width: w, height: h))
    case "q":
      self = .quit
    default:
      return nil
    }
  }
}

extension Key {
  /// A single token: the key's name, with printable characters as `c:X` so names never clash.
  public var recordName: String {
    if case .character(let c) = self { return "c:\(c)" }
    return description
  }

  public init?(recordName s: String) {
    if s.hasPrefix("c:"), s.count == 3 { self = .character(s.last!); return }
    let named: [Key] = [.escape, .tab, .space, .enter, .backspace, .delete, .insert, .left, .right, .up, .down,
                        .pageUp, .pageDown, .home, .end]
    if let k = named.first(where: { $0.description == s }) { self = k; return }
    if s.hasPrefix("f"), let n = Int(s.dropFirst()) { self = .function(n); return }
    if s.hasPrefix("key"), let c = Int32(s.dropFirst(3)) { self = .other(c); return }
    return nil
  }
}
