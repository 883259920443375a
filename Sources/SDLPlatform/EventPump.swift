import CSDL2
import Geometry2D
import SandboxCore

/// Drains SDL's queue and turns each event Hooke uses into an `InputEvent`.
package struct EventPump {
  package init() {}

  /// Every pending event, translated, in the order SDL delivered them.
  package mutating func poll() -> [InputEvent] {
    var out: [InputEvent] = []
    var e = SDL_Event()
    while SDL_PollEvent(&e) != 0 {
      if let translated = EventPump.translate(e) { out.append(translated) }
    }
    return out
  }

  /// Blocks up to `milliseconds` for the next event, leaving it queued for `poll()` (the idle loop's
  /// sleep). Returns whether an event is waiting.
  @discardableResult package func wait(milliseconds: Int32) -> Bool { SDL_WaitEventTimeout(nil, milliseconds) != 0 }

  static func translate(_ e: SDL_Event) -> InputEvent? {
    switch SDL_EventType(rawValue: e.type) {
    case SDL_QUIT:
      return .quit
    case SDL_MOUSEBUTTONDOWN:
      guard let b = PointerButton(rawValue: Int(e.button.button)) else { return nil }
      return .pointerDown(
        button: b, position: Point(x: Double(e.button.x), y: Double(e.button.y)),
        clickCount: Int(e.button.clicks))
    case SDL_MOUSEBUTTONUP:
      guard let b = PointerButton(rawValue: Int(e.button.button)) else { return nil }
      return .pointerUp(button: b, position: Point(x: Double(e.button.x), y: Double(e.button.y)))
    case SDL_MOUSEMOTION:
      var buttons: PointerButtons = []
      let mask = { (b: Int32) in UInt32(1) << (UInt32(b) - 1) }
      if e.motion.state & mask(SDL_BUTTON_LEFT) != 0 { buttons.insert(.left) }
      if e.motion.state & mask(SDL_BUTTON_MIDDLE) != 0 { buttons.insert(.middle) }
      if e.motion.state & mask(SDL_BUTTON_RIGHT) != 0 { buttons.insert(.right) }
      return .pointerMoved(
        position: Point(x: Double(e.motion.x), y: Double(e.motion.y)),
        delta: Vector(dx: Double(e.motion.xrel), dy: Double(e.motion.yrel)), buttons: buttons)
    case SDL_MOUSEWHEEL:
      return .wheel(wheelEvent(e.wheel))
    case SDL_MULTIGESTURE:
      return pinchEvent(e.mgesture)
    case SDL_KEYDOWN:
      return .keyDown(key(e.key.keysym.sym), modifiers: modifiers(e.key.keysym.mod), isRepeat: e.key.repeat != 0)
    case SDL_KEYUP:
      return .keyUp(key(e.key.keysym.sym), modifiers: modifiers(e.key.keysym.mod))
    case SDL_WINDOWEVENT:
      if SDL_WindowEventID(rawValue: UInt32(e.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED {
        return .resized(Size(width: Double(e.window.data1), height: Double(e.window.data2)))
      }
      return nil
    default:
      return nil
    }
  }

  /// SDL reports wheel "up" as +y; Hooke's delta is content movement, where scrolling the wheel down
  /// (toward you) moves toward the end of the content, so y is negated. SDL's x is already "right = +".
  static func wheelEvent(_ w: SDL_MouseWheelEvent) -> WheelEvent {
    let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
    let px = Double(w.preciseX) * flip, py = Double(w.preciseY) * flip
    let nx = Int(w.x) * Int(flip), ny = Int(w.y) * Int(flip)
    // A notched wheel sends whole steps with preciseX/Y equal to them; a trackpad or a smooth wheel
    // sends fractions (and often zero whole notches).
    let fractional = px != px.rounded() || py != py.rounded() || (nx == 0 && ny == 0 && (px != 0 || py != 0))
    var position = Point.zero
    if w.mouseX != 0 || w.mouseY != 0 {
      position = Point(x: Double(w.mouseX), y: Double(w.mouseY))
    } else {
      var x: Int32 = 0, y: Int32 = 0
      SDL_GetMouseState(&x, &y)
      position = Point(x: Double(x), y: Double(y))
    }
    return WheelEvent(
      preciseDelta: Vector(dx: px, dy: -py), notches: (nx, -ny), isPrecise: fractional,
      position: position)
  }

  static func modifiers(_ mod: UInt16) -> KeyModifiers {
    var m: KeyModifiers = []
    if UInt32(mod) & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
    if UInt32(mod) & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
    if UInt32(mod) & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
    if UInt32(mod) & KMOD_GUI.rawValue != 0 { m.insert(.command) }
    return m
  }

  static func key(_ sym: SDL_Keycode) -> Key {
    switch sym {
    case Int32(SDLK_ESCAPE.rawValue): return .escape
    case Int32(SDLK_TAB.rawValue): return .tab
    case Int32(SDLK_SPACE.rawValue): return .space
    case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .enter
    case Int32(SDLK_BACKSPACE.rawValue): return .backspace
    case Int32(SDLK_DELETE.rawValue): return .delete
    case Int32(SDLK_INSERT.rawValue): return .insert
    case Int32(SDLK_LEFT.rawValue): return .left
    case Int32(SDLK_RIGHT.rawValue): return .right
    case Int32(SDLK_UP.rawValue): return .up
    case Int32(SDLK_DOWN.rawValue): return .down
    case Int32(SDLK_PAGEUP.rawValue): return .pageUp
    case Int32(SDLK_PAGEDOWN.rawValue): return .pageDown
    case Int32(SDLK_HOME.rawValue): return .home
    case Int32(SDLK_END.rawValue): return .end
    case Int32(SDLK_F1.rawValue)...Int32(SDLK_F12.rawValue): return .function(Int(sym - Int32(SDLK_F1.rawValue)) + 1)
    case 33...126:
      // SDL's key codes for printable keys are their (unshifted) ASCII characters.
      return .character(Character(Unicode.Scalar(UInt8(sym))))
    default:
      return .other(sym)
    }
  }
}
