import Geometry2D

extension ScrollView {
  /// A pointer went down at `location` (superview points) at `time` (seconds). Any fling or bounce stops
  /// where it is (tap to stop), and the content follows the pointer from now on.
  public func beginPan(at location: Point, time: Double) {
    guard isScrollEnabled else { return }
    stopMotion()
    isTracking = true
    isDragging = false
    pointerInView = Point(x: location.x - frame.origin.x, y: location.y - frame.origin.y)
    velocityTracker = VelocityTracker(window: physics.velocitySampleWindow)
    velocityTracker.add(location, at: time)
    panStartPointer = location
    lastPanPointer = location
    panGestureRecognizer.began(at: location)
    for axis in Axis.allCases { panStartRawOffset[axis] = rawOffset(forDisplayed: offset(axis: axis), axis: axis) }
  }

  /// The pointer moved to `location` (superview points) at `time` (seconds). Past an edge the content is
  /// rubber-banded (or slowed, or clamped, as `physics.overscroll` says).
  public func pan(to location: Point, time: Double) {
    guard isTracking else { return }
    pointerInView = Point(x: location.x - frame.origin.x, y: location.y - frame.origin.y)
    panGestureRecognizer.moved(to: location)
    velocityTracker.add(location, at: time)
    var p = storedOffsetPoint
    for axis in Axis.allCases where canScroll(axis: axis) {
      let translation = location[axis] - panStartPointer[axis]
      let previousTranslation = lastPanPointer[axis] - panStartPointer[axis]
      let raw = panStartRawOffset[axis] - translation
      let previousRaw = panStartRawOffset[axis] - previousTranslation
      let shown = displayedOffset(
        forRaw: raw, previousRaw: previousRaw,
        previousDisplayed: p[axis], axis: axis)
      p[axis] = shown
    }
    lastPanPointer = location
    if p != storedOffsetPoint { isDragging = true }
    setOffset(p)
  }

  /// The pointer went up at `location` at `time`: the content flings with the least-squares velocity of
  /// the last `physics.velocitySampleWindow` seconds, bounces back if it is past an edge, or pages.
  public func endPan(at location: Point, time: Double) {
    guard isTracking else { return }
    if location != lastPanPointer { pan(to: location, time: time) } else { velocityTracker.add(location, at: time) }
    let pointerVelocity = velocityTracker.velocity()
    isTracking = false
    isDragging = false
    panGestureRecognizer.ended(at: location)
    // The content moves against the pointer.
    release(velocity: Vector(dx: -pointerVelocity.dx, dy: -pointerVelocity.dy))
  }

  /// The pointer's velocity (points/s, superview coordinates) as the pan tracks it now.
  public var panVelocity: Vector { isTracking ? velocityTracker.velocity() : .zero }

  /// The axes' current velocity (points/s of content offset), zero when at rest.
  public var scrollVelocity: Vector { Vector(dx: axes[0].velocity, dy: axes[1].velocity) }

  var storedOffsetPoint: Point { bounds.origin }

  /// The offset a drag shows for a raw (pointer-following) offset: equal inside the range; past an
  /// edge rubber-banded, slowed by Flutter's friction, or clamped.
  func displayedOffset(forRaw raw: Double, previousRaw: Double, previousDisplayed: Double, axis: Axis) -> Double {
    let r = range(axis: axis), d = dimension(axis: axis)
    if !bounces { return Swift.min(Swift.max(raw, r.lowerBound), r.upperBound) }
    switch physics.overscroll {
    case .clamped:
      return Swift.min(Swift.max(raw, r.lowerBound), r.upperBound)
    case .rubberBand(let c):
      if raw < r.lowerBound {
        return r.lowerBound - ScrollPhysics.rubberBand(r.lowerBound - raw, dimension: d, coefficient: c)
      }
      if raw > r.upperBound {
        return r.upperBound + ScrollPhysics.rubberBand(raw - r.upperBound, dimension: d, coefficient: c)
      }
      return raw
    case .flutterFriction:
      return ScrollView.flutterFriction(from: previousDisplayed, delta: raw - previousRaw, range: r, dimension: d)
    }
  }

  /// The raw offset that shows as `displayed` (the inverse of the rubber band), so a drag that starts
  /// while overscrolled picks the content up where it is.
  func rawOffset(forDisplayed displayed: Double, axis: Axis) -> Double {
    let r = range(axis: axis), d = dimension(axis: axis)
    guard case .rubberBand(let c) = physics.overscroll, bounces else { return displayed }
    if displayed < r.lowerBound {
      return r.lowerBound - ScrollPhysics.inverseRubberBand(r.lowerBound - displayed, dimension: d, coefficient: c)
    }
    if displayed > r.upperBound {
      return r.upperBound + ScrollPhysics.inverseRubberBand(displayed - r.upperBound, dimension: d, coefficient: c)
    }
    return displayed
  }

  /// Flutter's BouncingScrollPhysics.applyPhysicsToUserOffset: past an edge a delta is scaled by
  /// 0.52·(1 − f)², f the overscroll fraction (of what remains, when easing back in).
  static func flutterFriction(from x: Double, delta: Double, range r: ClosedRange<Double>, dimension d: Double)
    -> Double
  {
    let past = Swift.max(r.lowerBound - x, x - r.upperBound, 0)
    guard d > 0 else { return x + delta }
    if past == 0 {
      let y = x + delta
      if r.contains(y) { return y }
      // Only the part beyond the edge is slowed.
      let edge = y < r.lowerBound ? r.lowerBound : r.upperBound
      return edge + (y - edge) * 0.52
    }
    let easing = (x < r.lowerBound && delta > 0) || (x > r.upperBound && delta < 0)
    let fraction = easing ? Swift.max(0, past - Swift.abs(delta)) / d : past / d
    let factor = 0.52 * (1 - fraction) * (1 - fraction)
    return x + delta * factor
  }
}
