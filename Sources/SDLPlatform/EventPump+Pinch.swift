#if canImport(Glibc)
  import Glibc
#endif
import CSDL2
import Geometry2D
import SandboxCore

/// Pinches. SDL2 reports two or more fingers moving together on a touchscreen, or on a touchpad that
/// sends touches, as `SDL_MULTIGESTURE`: `dDist` is how much the fingers' mean distance from their
/// centre grew since the last event, in the device's normalised units (1 is its whole width), and
/// `x`, `y` the centre, normalised too.
extension EventPump {
  /// How strongly a pinch zooms: the factor is e^(gain × dDist), so fingers spreading by a tenth of
  /// the device zoom in by e (about 2.7×), pinching back by as much undoes it exactly, and the event
  /// rate makes no difference (factors of consecutive events multiply).
  static let pinchGain = 10.0

  /// The pinch as an `InputEvent`, or nil when the fingers only turned (or one finger moved).
  static func pinchEvent(_ g: SDL_MultiGestureEvent) -> InputEvent? {
    let spread = Double(g.dDist)
    guard g.numFingers >= 2, spread.isFinite, abs(spread) > 1e-6 else { return nil }
    let range = SessionRecordingLimits.pinchScale
    let scale = min(max(exp(pinchGain * spread), range.lowerBound), range.upperBound)
    return .pinch(scale: scale, center: pinchCenter(g))
  }

  /// A touchscreen's centre is a place in the window; a touchpad's is a place on the pad, so the
  /// zoom goes about the pointer instead, as the wheel's does.
  private static func pinchCenter(_ g: SDL_MultiGestureEvent) -> Point {
    // SDL looks a touch device up through the video subsystem, and crashes when it is not running.
    if SDL_WasInit(SDL_INIT_VIDEO) != 0, SDL_GetTouchDeviceType(g.touchId) == SDL_TOUCH_DEVICE_DIRECT,
      let window = SDL_GetMouseFocus() ?? SDL_GetKeyboardFocus()
    {
      var w: Int32 = 0, h: Int32 = 0
      SDL_GetWindowSize(window, &w, &h)
      return Point(x: Double(g.x) * Double(w), y: Double(g.y) * Double(h))
    }
    var x: Int32 = 0, y: Int32 = 0
    SDL_GetMouseState(&x, &y)
    return Point(x: Double(x), y: Double(y))
  }
}
