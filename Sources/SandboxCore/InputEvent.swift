import Geometry2D

/// A mouse button.
package enum PointerButton: Int, Hashable, Sendable, CustomStringConvertible {
  case left = 1
  case middle = 2
  case right = 3
  case back = 4
  case forward = 5

  package var description: String {
    switch self {
    case .left: "left"
    case .middle: "middle"
    case .right: "right"
    case .back: "back"
    case .forward: "forward"
    }
  }
}

/// The buttons held down during a motion.
package struct PointerButtons: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  package static let left = PointerButtons(rawValue: 1)
  package static let middle = PointerButtons(rawValue: 2)
  package static let right = PointerButtons(rawValue: 4)

  package init(_ button: PointerButton) {
    switch button {
    case .left: self = .left
    case .middle: self = .middle
    case .right: self = .right
    default: self = []
    }
  }
}

/// Modifier keys held with a key press.
package struct KeyModifiers: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  package static let shift = KeyModifiers(rawValue: 1)
  package static let control = KeyModifiers(rawValue: 2)
  package static let alt = KeyModifiers(rawValue: 4)
  package static let command = KeyModifiers(rawValue: 8)
}

/// A key, independent of the platform's key codes.
package enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable key, lower-case for letters ("a", "7", ".", "-").
  case character(Character)
  case escape, tab, space, enter, backspace, delete, insert
  case left, right, up, down, pageUp, pageDown, home, end
  case function(Int)
  /// A key Hooke has no name for, with the platform's code.
  case other(Int32)

  package var description: String {
    switch self {
    case .character(let c): String(c)
    case .escape: "escape"
    case .tab: "tab"
    case .space: "space"
    case .enter: "enter"
    case .backspace: "backspace"
    case .delete: "delete"
    case .insert: "insert"
    case .left: "left"
    case .right: "right"
    case .up: "up"
    case .down: "down"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .home: "home"
    case .end: "end"
    case .function(let n): "f\(n)"
    case .other(let code): "key\(code)"
    }
  }
}

/// A wheel or trackpad scroll, in Hooke's one sign convention for scrolling: positive y moves towards
/// the end of the content (a scroll view's offset grows), positive x to the right. The event pump turns
/// SDL's sense (wheel up = +y) into this once; nothing downstream flips it again.
package struct WheelEvent: Hashable, Sendable {
  /// The scroll in "lines": fractional when the device is precise (a trackpad), whole notches otherwise.
  package var preciseDelta: Vector
  /// Whole notches as the wheel reports them.
  package var notches: (x: Int, y: Int)
  /// True when the deltas are fractional or smaller than one notch — the signs of a trackpad or a
  /// smooth-scrolling wheel, which should move content directly rather than animate notch by notch.
  package var isPrecise: Bool
  /// The pointer position in the window when the wheel turned.
  package var position: Point

  package init(preciseDelta: Vector, notches: (x: Int, y: Int), isPrecise: Bool, position: Point) {
    self.preciseDelta = preciseDelta
    self.notches = notches
    self.isPrecise = isPrecise
    self.position = position
  }

  package static func == (a: WheelEvent, b: WheelEvent) -> Bool {
    a.preciseDelta == b.preciseDelta && a.notches == b.notches && a.isPrecise == b.isPrecise && a.position == b.position
  }

  package func hash(into h: inout Hasher) {
    h.combine(preciseDelta)
    h.combine(notches.x)
    h.combine(notches.y)
    h.combine(isPrecise)
    h.combine(position)
  }
}

/// Everything the sandbox reacts to, already translated from the platform's events.
/// Pointer positions are in points in the window, y down. `time` is seconds since the app started.
package enum InputEvent: Hashable, Sendable {
  case pointerDown(button: PointerButton, position: Point, clickCount: Int)
  case pointerUp(button: PointerButton, position: Point)
  case pointerMoved(position: Point, delta: Vector, buttons: PointerButtons)
  case wheel(WheelEvent)
  /// Fingers spread or pinched on a touchscreen or touchpad: zoom by `scale` (above 1 spreads, makes
  /// things bigger) about `center`, a point in the window.
  case pinch(scale: Double, center: Point)
  case keyDown(Key, modifiers: KeyModifiers, isRepeat: Bool)
  case keyUp(Key, modifiers: KeyModifiers)
  /// The window's size in points changed.
  case resized(Size)
  case quit

  /// One line, stable across runs, for the `--log-events` log and for recordings.
  package var logLine: String {
    switch self {
    case .pointerDown(let b, let p, let n): "pointer-down button=\(b) at=\(fmt(p)) clicks=\(n)"
    case .pointerUp(let b, let p): "pointer-up button=\(b) at=\(fmt(p))"
    case .pointerMoved(let p, let d, let buttons):
      "pointer-moved at=\(fmt(p)) delta=\(fmt(d.dx)),\(fmt(d.dy)) left=\(buttons.contains(.left))"
    case .wheel(let w):
      "wheel delta=\(fmt(w.preciseDelta.dx)),\(fmt(w.preciseDelta.dy)) notches=\(w.notches.x),\(w.notches.y) precise=\(w.isPrecise) at=\(fmt(w.position))"
    case .pinch(let scale, let c): "pinch scale=\((scale * 1000).rounded() / 1000) at=\(fmt(c))"
    case .keyDown(let k, let m, let r): "key-down key=\(k) modifiers=\(m.rawValue) repeat=\(r)"
    case .keyUp(let k, let m): "key-up key=\(k) modifiers=\(m.rawValue)"
    case .resized(let s): "resized size=\(fmt(s.width))x\(fmt(s.height))"
    case .quit: "quit"
    }
  }
}

private func fmt(_ p: Point) -> String { "\(fmt(p.x)),\(fmt(p.y))" }

/// Whole numbers without a decimal point, others to two places: logs stay short and stable.
func fmt(_ v: Double) -> String {
  if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
  return String((v * 100).rounded() / 100)
}
