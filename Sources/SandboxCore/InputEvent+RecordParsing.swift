import Geometry2D

/// Why one recorded event could not be read.
package struct EventRecordError: Error, Sendable {
  package var message: String
}

extension InputEvent {
  /// Reads an event from its record tokens (`pd left 200.0 200.0 1`), checking every number against
  /// `SessionRecordingLimits`; the error says which token is wrong and what it should be.
  package static func parse(recordTokens t: [String]) throws(EventRecordError) -> InputEvent {
    var r = TokenReader(tokens: t)
    let event: InputEvent
    switch t.first {
    case "pd": event = .pointerDown(button: try r.button(), position: try r.point(), clickCount: try r.clickCount())
    case "pu": event = .pointerUp(button: try r.button(), position: try r.point())
    case "pm":
      event = .pointerMoved(
        position: try r.point(), delta: try r.point().vector,
        buttons: PointerButtons(rawValue: try r.byte("buttons")))
    case "w":
      let delta = Vector(
        dx: try r.number("a wheel delta", SessionRecordingLimits.wheel),
        dy: try r.number("a wheel delta", SessionRecordingLimits.wheel))
      let notches = (try r.notches(), try r.notches())
      let precise = try r.flag("precise")
      event = .wheel(WheelEvent(preciseDelta: delta, notches: notches, isPrecise: precise, position: try r.point()))
    case "pz": event = .pinch(scale: try r.pinchScale(), center: try r.point())
    case "kd":
      event = .keyDown(
        try r.key(), modifiers: KeyModifiers(rawValue: try r.byte("modifiers")), isRepeat: try r.flag("repeat"))
    case "ku": event = .keyUp(try r.key(), modifiers: KeyModifiers(rawValue: try r.byte("modifiers")))
    case "r":
      let range = SessionRecordingLimits.resizedSide
      event = .resized(
        Size(width: try r.number("a window width", range), height: try r.number("a window height", range)))
    case "q": event = .quit
    default:
      throw EventRecordError(
        message: "unknown event kind '\((t.first ?? "").prefix(20))'; expected pd, pu, pm, w, pz, kd, ku, r or q")
    }
    guard r.index == t.count else { throw EventRecordError(message: "\(t.count - r.index) tokens too many") }
    return event
  }
}

/// Reads an event's tokens left to right.
private struct TokenReader {
  let tokens: [String]
  var index = 1

  mutating func next(_ what: String) throws(EventRecordError) -> String {
    guard index < tokens.count else { throw EventRecordError(message: "missing \(what) (token \(index + 1))") }
    index += 1
    return tokens[index - 1]
  }

  mutating func number(_ what: String, _ range: ClosedRange<Double>) throws(EventRecordError) -> Double {
    let s = try next(what)
    guard let v = Double(s), range.contains(v) else {
      throw EventRecordError(
        message: "expected \(what) from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got '\(s.prefix(30))'")
    }
    return v
  }

  mutating func point() throws(EventRecordError) -> Point {
    Point(
      x: try number("a coordinate", SessionRecordingLimits.coordinate),
      y: try number("a coordinate", SessionRecordingLimits.coordinate))
  }

  mutating func pinchScale() throws(EventRecordError) -> Double {
    let s = try next("a pinch scale")
    guard let v = Double(s), SessionRecordingLimits.pinchScale.contains(v) else {
      throw EventRecordError(message: "expected a pinch scale from 0.01 to 100, got '\(s.prefix(30))'")
    }
    return v
  }

  mutating func notches() throws(EventRecordError) -> Int {
    let s = try next("a notch count")
    guard let v = Int(s), SessionRecordingLimits.wheel.contains(Double(v)) else {
      throw EventRecordError(message: "expected a whole notch count from -10000 to 10000, got '\(s.prefix(30))'")
    }
    return v
  }

  mutating func clickCount() throws(EventRecordError) -> Int {
    let s = try next("a click count")
    guard let v = Int(s), SessionRecordingLimits.clickCount.contains(v) else {
      throw EventRecordError(message: "expected a click count from 0 to 255, got '\(s.prefix(30))'")
    }
    return v
  }

  mutating func byte(_ what: String) throws(EventRecordError) -> UInt8 {
    let s = try next(what)
    guard let v = UInt8(s) else {
      throw EventRecordError(message: "expected \(what) as a number from 0 to 255, got '\(s.prefix(30))'")
    }
    return v
  }

  mutating func flag(_ what: String) throws(EventRecordError) -> Bool {
    switch try next(what) {
    case "1": return true
    case "0": return false
    case let s: throw EventRecordError(message: "expected \(what) as 0 or 1, got '\(s.prefix(30))'")
    }
  }

  mutating func button() throws(EventRecordError) -> PointerButton {
    let s = try next("a button")
    guard let b = [PointerButton.left, .middle, .right, .back, .forward].first(where: { $0.description == s }) else {
      throw EventRecordError(message: "expected a button (left, middle, right, back, forward), got '\(s.prefix(30))'")
    }
    return b
  }

  mutating func key() throws(EventRecordError) -> Key {
    let s = try next("a key")
    guard let k = Key(recordName: s) else {
      throw EventRecordError(message: "expected a key name such as c:a, enter or f3, got '\(s.prefix(30))'")
    }
    return k
  }
}

private extension Point {
  var vector: Vector { Vector(dx: x, dy: y) }
}
