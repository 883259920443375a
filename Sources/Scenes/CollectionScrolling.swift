import CollectionLayout
import Geometry2D
import SandboxCore

/// Feeds the sandbox's pointer and wheel events to a collection view the way a touch screen would:
/// a left drag is the touch (press, pan, release and fling; a tap selects), the wheel and trackpad
/// scroll. Shared by every scene built on a collection view.
struct CollectionScrolling {
  private(set) var isPressed = false

  /// Returns true when the event was for the collection view.
  mutating func handle(_ event: InputEvent, in view: CollectionView) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      guard view.frame.contains(p) else { return false }
      isPressed = true
      view.touchDown(at: p, time: view.time)
    case .pointerMoved(let p, _, let buttons):
      guard isPressed else { return false }
      if buttons.contains(.left) {
        view.touchMoved(to: p, time: view.time)
      } else {
        // The button came up outside the window.
        isPressed = false
        view.touchCancelled(at: p, time: view.time)
      }
    case .pointerUp(.left, let p):
      guard isPressed else { return false }
      isPressed = false
      view.touchUp(at: p, time: view.time)
    case .wheel(let w):
      guard view.frame.contains(w.position) else { return false }
      // The event and the scroll view share one sense: positive y moves towards the end of the content.
      let delta = w.isPrecise ? w.preciseDelta : Vector(dx: Double(w.notches.x), dy: Double(w.notches.y))
      view.scrollWheel(by: delta, isPrecise: w.isPrecise, at: w.position, time: view.time)
    default:
      return false
    }
    return true
  }
}
