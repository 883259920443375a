import Geometry2D

/// The scroll view's part of a `CollectionView.Snapshot`: its geometry, its settings and every value of
/// its scroll physics, the pan under way and the wheel gesture, so a restored scroll view coasts, bounces
/// and follows a drag as it would have.
struct ScrollViewState {
  var frame: Rect
  var bounds: Rect
  var contentSize: Size
  var contentInset: EdgeInsets
  var decelerationRate: ScrollView.DecelerationRate
  var physics: ScrollPhysics
  var flags: (bounces: Bool, vertical: Bool, horizontal: Bool, scrollEnabled: Bool, paging: Bool)
  var isTracking: Bool
  var isDragging: Bool
  var time: Double
  var boundsObservers: [ScrollView.BoundsObserver]
  var nextObserverID: Int
  var axes: [AxisMotion]
  var stepAccumulator: Double
  var pointerInView: Point?
  var velocityTracker: VelocityTracker
  var panStartRawOffset: [Double]
  var panStartPointer: Point
  var lastPanPointer: Point
  var trackpad: TrackpadGesture?
  var pan: (state: PanGestureRecognizer.State, start: Point, last: Point, base: Vector)
}

extension ScrollView {
  func saveScrollState() -> ScrollViewState {
    let p = panGestureRecognizer
    return ScrollViewState(
      frame: frame, bounds: storedBounds, contentSize: contentSize, contentInset: contentInset,
      decelerationRate: decelerationRate, physics: physics,
      flags: (bounces, alwaysBounceVertical, alwaysBounceHorizontal, isScrollEnabled, isPagingEnabled),
      isTracking: isTracking, isDragging: isDragging, time: time, boundsObservers: boundsObservers,
      nextObserverID: nextObserverID, axes: axes, stepAccumulator: stepAccumulator, pointerInView: pointerInView,
      velocityTracker: velocityTracker, panStartRawOffset: panStartRawOffset, panStartPointer: panStartPointer,
      lastPanPointer: lastPanPointer, trackpad: trackpad,
      pan: (p.state, p.startInWindow, p.lastInWindow, p.translationBase))
  }

  /// Puts the values back without the reactions of their setters (a bounds change would shift a springy
  /// layout's springs; a content size change would clamp the offset).
  func restoreScrollState(_ s: ScrollViewState) {
    isRestoring = true
    defer { isRestoring = false }
    storedBounds = s.bounds
    frame = s.frame
    (contentSize, contentInset) = (s.contentSize, s.contentInset)
    (decelerationRate, physics) = (s.decelerationRate, s.physics)
    (bounces, alwaysBounceVertical, alwaysBounceHorizontal, isScrollEnabled, isPagingEnabled) = s.flags
    (isTracking, isDragging, time) = (s.isTracking, s.isDragging, s.time)
    (boundsObservers, nextObserverID) = (s.boundsObservers, s.nextObserverID)
    (axes, stepAccumulator, pointerInView, velocityTracker) = (
      s.axes, s.stepAccumulator, s.pointerInView, s.velocityTracker
    )
    (panStartRawOffset, panStartPointer, lastPanPointer) = (s.panStartRawOffset, s.panStartPointer, s.lastPanPointer)
    trackpad = s.trackpad
    let p = panGestureRecognizer
    (p.state, p.startInWindow, p.lastInWindow, p.translationBase) = s.pan
  }
}
