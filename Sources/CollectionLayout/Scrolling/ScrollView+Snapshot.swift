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

/// Saving and restoring a scroll view of its own (a collection view's snapshot holds its scroll view's
/// state already): a superset of UIKit.
extension ScrollView {
  /// The scroll view's geometry, settings and physics: a drag, a coast, a bounce or an animated scroll
  /// under way, with the velocity samples and the wheel gesture. Restoring it and running the same
  /// calls gives the same bits as never having left. It does not call the bounds observers.
  public struct ScrollSnapshot {
    let view: ObjectIdentifier
    let state: ScrollViewState
  }

  /// Takes a snapshot of the scroll view; taking one changes nothing.
  public func takeScrollSnapshot() -> ScrollSnapshot {
    ScrollSnapshot(view: ObjectIdentifier(self), state: saveScrollState())
  }

  /// Puts the scroll view back as `snapshot` found it, without calling the bounds observers.
  /// - Precondition: this scroll view took the snapshot.
  public func restore(_ snapshot: ScrollSnapshot) {
    precondition(snapshot.view == ObjectIdentifier(self), "ScrollView.restore(_:): another scroll view's snapshot")
    restoreScrollState(snapshot.state)
  }
}
