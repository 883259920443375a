import Geometry2D

/// A model of UIScrollView: a viewport (`bounds`) that moves over a larger content (`contentSize`),
/// driven by pans, a mouse wheel or a trackpad, with iOS's deceleration and rubber band.
///
/// It draws nothing and reads no clock: pointer events carry their own timestamps and `advance(by:)`
/// moves the physics forward in fixed 1 ms steps, so the same calls always give the same offsets.
/// Coordinates: `frame` is in the superview's (the window's) points; `bounds` and `contentOffset` are in
/// content points; pointer locations passed to `beginPan`/`pan`/`endPan` are in the superview's points,
/// like the frame. `bounds.origin` is `contentOffset`.
open class ScrollView {
  /// The fixed step (seconds) of the scroll physics. 1 ms makes UIKit's per-millisecond deceleration
  /// exact: after n steps the velocity is v·dⁿ.
  public static let physicsStep = 0.001

  /// UIScrollView.DecelerationRate: the factor applied to the velocity every millisecond.
  public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// 0.998 per ms: a fling travels ≈ 0.4995 s × its velocity.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per ms: a fling travels ≈ 0.099 s × its velocity.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// A token returned by `addBoundsObserver`, to remove the observer again.
  public struct ObserverToken: Hashable, Sendable { let id: Int }

  // MARK: Geometry

  /// The view's rectangle in its superview (points). Changing its size changes `bounds.size`.
  public var frame: Rect {
    didSet {
      if frame.size != bounds.size { bounds = Rect(origin: bounds.origin, size: frame.size) }
    }
  }

  var storedBounds: Rect

  /// The visible part of the content: origin = `contentOffset`, size = `frame.size`. Every change is
  /// announced to `boundsWillChange(to:)` and the observers before it takes effect.
  public var bounds: Rect {
    get { storedBounds }
    set {
      guard newValue != storedBounds else { return }
      boundsWillChange(to: newValue)
      for observer in boundsObservers { observer.callback(self, newValue) }
      storedBounds = newValue
      boundsDidChange()
    }
  }

  /// The content point at the viewport's top-left corner (points).
  public var contentOffset: Point {
    get { storedBounds.origin }
    set {
      // An outside change stops the physics so they do not fight over the offset.
      stopMotion()
      setOffset(newValue)
    }
  }

  /// The size of the scrollable content (points).
  public var contentSize: Size = .zero {
    didSet { if contentSize != oldValue && !isRestoring { contentRangeDidChange() } }
  }

  /// Extra scrollable room around the content (points), UIScrollView's contentInset.
  public var contentInset: EdgeInsets = .zero {
    didSet {
      if contentInset != oldValue && !isRestoring {
        contentInsetDidChange()
        contentRangeDidChange()
      }
    }
  }

  // MARK: Behaviour

  /// The per-millisecond velocity factor of a released fling (`.normal` 0.998 or `.fast` 0.99).
  public var decelerationRate: DecelerationRate = .normal
  /// The fling, overscroll, spring and wheel model; see the presets on `ScrollPhysics`.
  public var physics: ScrollPhysics = .iOS
  /// Whether the content can be pulled past its edges (and bounces back).
  public var bounces = true
  /// Rubber-band vertically even when the content is not taller than the viewport.
  public var alwaysBounceVertical = false
  /// Rubber-band horizontally even when the content is not wider than the viewport.
  public var alwaysBounceHorizontal = false
  /// Whether pans and the wheel scroll at all.
  public var isScrollEnabled = true
  /// Whether a released pan settles on a multiple of the viewport size.
  public var isPagingEnabled = false

  // MARK: State

  /// True from `beginPan` to `endPan`: a pointer is down on the view.
  public internal(set) var isTracking = false
  /// True once a tracked pointer has moved the content.
  public internal(set) var isDragging = false
  /// True while the content moves on its own after a release: a fling, a bounce back or paging, or the
  /// momentum after a trackpad gesture.
  public var isDecelerating: Bool {
    !isTracking && axes.contains { $0.mode.isDeceleration }
  }
  /// Seconds of simulated time: the sum of every `advance(by:)`.
  public internal(set) var time: Double = 0

  /// The pointer in content coordinates: while tracking, and still the last pointer position (at the
  /// current offset) while the content decelerates after release, so layouts that measure distances to
  /// the touch (the springy layouts) keep working through a fling. `nil` when nothing is moving.
  public var panLocation: Point? {
    pointerInView.map { Point(x: $0.x + storedBounds.origin.x, y: $0.y + storedBounds.origin.y) }
  }

  /// The drag as UIKit code reads it (`panGestureRecognizer.location(in: collectionView)`): the pointer
  /// while a pan is under way, and the zero point once it is over (from the next `advance(by:)` after the
  /// release, through any fling), as UIKit's recognizer; `panLocation` is nil when nothing moves and
  /// keeps the last pointer through a fling.
  public private(set) lazy var panGestureRecognizer = PanGestureRecognizer(view: self)

  // MARK: Internal state

  struct BoundsObserver {
    var id: Int
    var callback: (ScrollView, Rect) -> Void
  }
  var boundsObservers: [BoundsObserver] = []
  var nextObserverID = 0

  /// The motion of each axis: index 0 is x, 1 is y.
  var axes: [AxisMotion] = [AxisMotion(), AxisMotion()]
  /// The physics' own offset while stepping; written to `bounds` once per `advance(by:)`.
  var stepAccumulator = 0.0
  /// The last pointer position in view coordinates (superview points minus the frame origin).
  var pointerInView: Point?
  var velocityTracker = VelocityTracker()
  /// The pan's start: the raw (un-rubber-banded) offset and the pointer, per axis.
  var panStartRawOffset: [Double] = [0, 0]
  var panStartPointer: Point = .zero
  var lastPanPointer: Point = .zero
  /// A precise (trackpad) scroll gesture in progress.
  var trackpad: TrackpadGesture?
  /// True while a snapshot is put back: the values it sets are consistent already, and must not set
  /// off the reactions a change from outside would.
  var isRestoring = false

  /// A scroll view of `frame`, with its bounds at the content's origin.
  public init(frame: Rect) {
    self.frame = frame
    self.storedBounds = Rect(origin: .zero, size: frame.size)
  }

  // MARK: Hooks

  /// Called with the new bounds before every bounds change takes effect (`bounds` is still the old
  /// one). Subclasses override it; `CollectionView` asks its layout `shouldInvalidateLayout(forBoundsChange:)`.
  open func boundsWillChange(to newBounds: Rect) {}

  /// Called after every bounds change.
  open func boundsDidChange() {}

  /// Where a released drag should come to rest. `proposedContentOffset` is where the fling would stop
  /// on its own and `velocity` the release velocity (points/s of content offset). Return another point
  /// to snap (the fling is re-aimed to end exactly there). The default keeps the proposal;
  /// `CollectionView` asks its layout.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, velocity: Vector) -> Point {
    proposedContentOffset
  }

  /// Calls `observer(scrollView, newBounds)` before every bounds change (the old bounds are still in
  /// `scrollView.bounds`). Observers run in the order they were added.
  @discardableResult
  public func addBoundsObserver(_ observer: @escaping (ScrollView, Rect) -> Void) -> ObserverToken {
    nextObserverID += 1
    boundsObservers.append(BoundsObserver(id: nextObserverID, callback: observer))
    return ObserverToken(id: nextObserverID)
  }

  /// Stops the observer `token` came from; a token already removed is ignored.
  public func removeBoundsObserver(_ token: ObserverToken) {
    boundsObservers.removeAll { $0.id == token.id }
  }

  // MARK: Range

  /// The smallest content offset at rest: (−inset.left, −inset.top).
  public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

  /// The largest content offset at rest: content size + bottom/right inset − viewport, never below the
  /// minimum.
  public var maximumContentOffset: Point {
    let lo = minimumContentOffset
    return Point(
      x: Swift.max(lo.x, contentSize.width + contentInset.right - storedBounds.width),
      y: Swift.max(lo.y, contentSize.height + contentInset.bottom - storedBounds.height))
  }

  /// Whether a pan or the wheel moves the content along `axis`: the content (with its insets) is larger
  /// than the viewport, or the axis always bounces.
  public func canScroll(axis: Axis) -> Bool {
    guard isScrollEnabled else { return false }
    let lo = minimumContentOffset, hi = maximumContentOffset
    return hi[axis] > lo[axis] || ((axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical) && bounces)
  }

  func range(axis: Axis) -> ClosedRange<Double> {
    let lo = minimumContentOffset, hi = maximumContentOffset
    return lo[axis]...hi[axis]
  }

  func dimension(axis: Axis) -> Double { storedBounds.size[axis] }

  func offset(axis: Axis) -> Double { storedBounds.origin[axis] }

  /// Moves the viewport without touching the physics' modes.
  func setOffset(_ p: Point) {
    bounds = Rect(origin: p, size: storedBounds.size)
  }

  /// Called after `contentInset` changes (the collection view re-lays out: the inset narrows its lines).
  func contentInsetDidChange() {}

  /// When the content or its insets change, an axis that is now out of range springs back, as UIKit
  /// does when content shrinks under the viewport.
  func contentRangeDidChange() {
    guard !isTracking else { return }
    for axis in Axis.allCases {
      let x = offset(axis: axis), r = range(axis: axis)
      if !r.contains(x), case .idle = axes[axis].mode {
        axes[axis].mode = bounces ? .springing(target: nil) : .idle
        if !bounces { setAxis(axis, to: Swift.min(Swift.max(x, r.lowerBound), r.upperBound)) }
      }
    }
  }

  func setAxis(_ axis: Axis, to value: Double) {
    var p = storedBounds.origin
    p[axis] = value
    setOffset(p)
  }

  /// Stops every animation, fling and bounce where the content is now.
  public func stopMotion() {
    for axis in Axis.allCases { axes[axis] = AxisMotion() }
    trackpad = nil
  }

  /// Advances the physics by `seconds` of simulated time in fixed 1 ms steps, carrying the remainder to
  /// the next call; the new offset reaches `bounds` (and its observers) once, at the end. Subclasses
  /// call super first. A pan that ended before this call is over: its recognizer is `.possible` again.
  open func advance(by seconds: Double) {
    panGestureRecognizer.reset()
    advancePhysics(by: seconds)
  }

  /// Moves the content to `offset`: at once, or over 0.3 s with an ease-in-out curve (UIKit's duration
  /// for programmatic scrolls). Either way any fling or bounce in progress stops.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    stopMotion()
    guard animated else {
      setOffset(offset)
      return
    }
    let from = storedBounds.origin
    axes[0].mode = .animating(ScrollAnimation(from: from.x, to: offset.x, duration: 0.3, curve: .easeInOut))
    axes[1].mode = .animating(ScrollAnimation(from: from.y, to: offset.y, duration: 0.3, curve: .easeInOut))
  }
}
