import Geometry2D

/// A precise (trackpad) scroll gesture: the fingers are on the pad until no event comes for a while.
struct TrackpadGesture {
  /// The raw offset per axis before the overscroll cap.
  var raw: [Double]
  /// The content displacement summed over the gesture, for the velocity fit.
  var travelled: Point = .zero
  /// `ScrollView.time` when the last event arrived.
  var lastEventModelTime: Double
  /// A frame passed without an event: the content already coasts on the gesture's momentum, as if the
  /// fingers had lifted; an event that still comes takes over from where the coast brought it.
  var isCoasting = false
}

extension ScrollView {
  /// A mouse wheel or trackpad scrolled by `delta` notches (fractional when `isPrecise`), in the sense of
  /// the content's travel through the view, Hooke's one sign convention for scrolling from the event pump
  /// on: positive y moves towards the end of the content (`contentOffset.y` increases — the wheel rolled
  /// towards the user), positive x to the right (`contentOffset.x` increases). `location` (superview points)
  /// becomes the pan location while the content moves; `time` is in seconds.
  ///
  /// A notched wheel moves `physics.pointsPerWheelNotch` points per notch with a short ease-out
  /// animation; notches that arrive during the animation extend its target. A precise delta moves the
  /// content at once, and when the events stop (`physics.trackpadLiftDelay`) the content keeps the
  /// gesture's momentum. Past an edge either moves only a small rubber band
  /// (`physics.maximumWheelOverscroll` of the viewport) and then settles back. A view that scrolls only
  /// horizontally takes a vertical wheel as horizontal.
  public func scrollWheel(by delta: Vector, isPrecise: Bool, at location: Point? = nil, time: Double) {
    // A pressed pointer owns the content; the wheel waits until it lets go.
    guard isScrollEnabled, !isTracking else { return }
    if let location { pointerInView = Point(x: location.x - frame.origin.x, y: location.y - frame.origin.y) }
    var points = delta * physics.pointsPerWheelNotch
    if !canScroll(axis: .vertical) && canScroll(axis: .horizontal) && points.dx == 0 {
      points = Vector(dx: points.dy, dy: 0)
    }
    if isPrecise { preciseScroll(by: points, time: time) } else { notchScroll(by: points) }
  }

  /// How far past an edge a wheel may take the content on `axis` (points).
  func wheelOverscrollCap(axis: Axis) -> Double {
    guard bounces, physics.overscroll != .clamped else { return 0 }
    return physics.maximumWheelOverscroll * dimension(axis: axis)
  }

  /// The offset a wheel shows for `target`: inside the range as is; past an edge a rubber band of the
  /// excess, capped.
  func wheelDisplayed(_ target: Double, axis: Axis) -> Double {
    let r = range(axis: axis), d = dimension(axis: axis), cap = wheelOverscrollCap(axis: axis)
    if target < r.lowerBound {
      return r.lowerBound - Swift.min(cap, ScrollPhysics.rubberBand(r.lowerBound - target, dimension: d))
    }
    if target > r.upperBound {
      return r.upperBound + Swift.min(cap, ScrollPhysics.rubberBand(target - r.upperBound, dimension: d))
    }
    return target
  }

  func notchScroll(by points: Vector) {
    if trackpad != nil { trackpad = nil }
    for axis in Axis.allCases {
      let d = points[axis]
      guard d != 0, canScroll(axis: axis) else { continue }
      let r = range(axis: axis)
      var base = offset(axis: axis)
      if case .animating(let running) = axes[axis].mode, running.isWheel { base = running.to }
      // A notch that reverses out of an overscroll starts from the edge, not from the bump.
      base = Swift.min(Swift.max(base, r.lowerBound), r.upperBound)
      let target = wheelDisplayed(base + d, axis: axis)
      axes[axis] = AxisMotion(
        mode: .animating(
          ScrollAnimation(
            from: offset(axis: axis), to: target, duration: physics.wheelAnimationDuration, curve: .easeOut,
            isWheel: true)))
    }
  }

  func preciseScroll(by points: Vector, time eventTime: Double) {
    if trackpad == nil {
      stopMotion()
      velocityTracker = VelocityTracker(window: physics.velocitySampleWindow)
      trackpad = TrackpadGesture(raw: [offset(axis: .horizontal), offset(axis: .vertical)], lastEventModelTime: time)
    }
    guard var gesture = trackpad else { return }
    if gesture.isCoasting {
      for axis in Axis.allCases { axes[axis] = AxisMotion() }
      gesture.raw = [offset(axis: .horizontal), offset(axis: .vertical)]
      gesture.isCoasting = false
    }
    var p = bounds.origin
    for axis in Axis.allCases where canScroll(axis: axis) {
      let d = points[axis]
      let r = range(axis: axis)
      // Reversing out of an overscroll starts from the edge.
      if gesture.raw[axis] < r.lowerBound && d > 0 { gesture.raw[axis] = r.lowerBound }
      if gesture.raw[axis] > r.upperBound && d < 0 { gesture.raw[axis] = r.upperBound }
      gesture.raw[axis] += d
      let shown = wheelDisplayed(gesture.raw[axis], axis: axis)
      p[axis] = shown
    }
    gesture.travelled = Point(x: gesture.travelled.x + points.dx, y: gesture.travelled.y + points.dy)
    gesture.lastEventModelTime = time
    velocityTracker.add(gesture.travelled, at: eventTime)
    trackpad = gesture
    setOffset(p)
  }

  /// Linux touchpads send no lift event, so silence decides: after a frame with no event the content
  /// coasts at once on the gesture's momentum (no pause while waiting for the lift); after
  /// `physics.trackpadLiftDelay` the gesture is over and the coast simply goes on.
  func followTrackpadSilence() {
    guard var gesture = trackpad else { return }
    let quiet = time - gesture.lastEventModelTime
    if quiet > physics.trackpadLiftDelay {
      trackpad = nil
      if !gesture.isCoasting { release(velocity: velocityTracker.velocity()) }
    } else if !gesture.isCoasting && quiet > ScrollView.trackpadFrame * 1.01 {
      gesture.isCoasting = true
      trackpad = gesture
      release(velocity: velocityTracker.velocity())
    }
  }
}
