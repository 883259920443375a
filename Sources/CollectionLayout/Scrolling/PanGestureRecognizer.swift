import Geometry2D

/// The scroll view's drag, read the way UIKit code reads `scrollView.panGestureRecognizer`:
/// UIPanGestureRecognizer's state, location, translation and velocity.
///
/// It goes through UIKit's states: `.possible` until a pan begins, `.began` and `.changed` while the
/// pointer is down, `.ended` when it goes up; at the scroll view's next `advance(by:)` it is `.possible`
/// again, as UIKit's recognizer resets once the touch that ended it has been handled. While a pan is under
/// way or has just ended, `location(in:)` is the pointer; in `.possible` it is the zero point, whatever
/// the view, so code written for UIKit can test for `.zero` to mean "nobody is touching" (the springy
/// layout of objc.io issue 5 does this when it tiles, and a fling that coasts on after the release is
/// not a touch). Points are in the coordinates of the view you pass: `location(in: collectionView)` is in
/// content points (the view's bounds), `location(in: nil)` in the window's (the superview's).
///
/// `ScrollView.panLocation` is the other way to read the pointer: `nil` when nothing moves, and kept
/// through the deceleration after a release, which is what the ready-made springy layouts want.
public final class PanGestureRecognizer {
  /// UIGestureRecognizer.State.
  public enum State: Hashable, Sendable {
    /// No pan yet, or the last one is over (from the first `advance(by:)` after it ended) and a new one
    /// has not begun. `location(in:)` is the zero point.
    case possible
    /// The pointer went down and the pan started.
    case began
    /// The pointer moved during the pan.
    case changed
    /// The pointer went up; until the scroll view next advances.
    case ended
    /// The pan was interrupted (the scroll view stopped tracking without a release).
    case cancelled
  }

  /// The scroll view the recognizer belongs to (UIKit's `view`).
  public private(set) weak var view: ScrollView?
  /// Where the pan stands.
  public internal(set) var state = State.possible
  /// Whether the recognizer reports pans; false while the scroll view's scrolling is disabled.
  public var isEnabled: Bool { view?.isScrollEnabled ?? false }

  /// The pointer at the pan's start and now, in window (superview) points.
  var startInWindow = Point.zero
  var lastInWindow = Point.zero
  /// The translation added by `setTranslation(_:in:)`.
  var translationBase = Vector.zero

  init(view: ScrollView) { self.view = view }

  /// The pointer in `view`'s coordinates (its bounds: content points for a scroll view), or in window
  /// points for nil; the zero point when no pan is under way or has just ended (`.possible`).
  public func location(in view: ScrollView?) -> Point {
    guard state != .possible else { return .zero }
    guard let view else { return lastInWindow }
    return Point(
      x: lastInWindow.x - view.frame.origin.x + view.bounds.origin.x,
      y: lastInWindow.y - view.frame.origin.y + view.bounds.origin.y)
  }

  /// How far the pointer has moved since the pan began (or since `setTranslation(_:in:)`), in points.
  /// The frames of reference differ only by a translation, so the view does not change the answer.
  public func translation(in view: ScrollView?) -> Point {
    Point(
      x: lastInWindow.x - startInWindow.x + translationBase.dx, y: lastInWindow.y - startInWindow.y + translationBase.dy
    )
  }

  /// Resets the translation: from now on it is `translation` plus the pointer's further movement.
  public func setTranslation(_ translation: Point, in view: ScrollView?) {
    startInWindow = lastInWindow
    translationBase = Vector(dx: translation.x, dy: translation.y)
  }

  /// The pointer's velocity in points per second while the pan tracks (as a point, as UIKit returns
  /// it); zero otherwise.
  public func velocity(in view: ScrollView?) -> Point {
    let v = self.view?.panVelocity ?? .zero
    return Point(x: v.dx, y: v.dy)
  }

  func began(at location: Point) {
    state = .began
    startInWindow = location
    lastInWindow = location
    translationBase = .zero
  }

  func moved(to location: Point) {
    state = .changed
    lastInWindow = location
  }

  func ended(at location: Point) {
    state = .ended
    lastInWindow = location
  }

  /// Back to `.possible` once a finished pan has been seen: the scroll view calls this as it advances.
  func reset() {
    guard state == .ended || state == .cancelled else { return }
    state = .possible
    startInWindow = .zero
    lastInWindow = .zero
    translationBase = .zero
  }
}
