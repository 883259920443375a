import Geometry2D

extension ScrollView {
  /// A fling's remaining travel below which it stops (points).
  static let restDistance = 0.5
  /// The longest a trackpad's events are apart mid-gesture (seconds): one 60 Hz frame.
  static let trackpadFrame = 1.0 / 60

  /// True while any axis moves on its own (a fling, a bounce, an animation) or a pointer scrolls.
  public var isScrolling: Bool { isTracking || trackpad != nil || axes.contains { !$0.mode.isIdle } }

  func advancePhysics(by seconds: Double) {
    guard seconds > 0, seconds.isFinite else { return }
    time += seconds
    followTrackpadSilence()
    stepAccumulator += seconds
    let step = ScrollView.physicsStep
    let moving = axes.contains { !$0.mode.isIdle }
    var position = [storedOffset(axis: .horizontal), storedOffset(axis: .vertical)]
    while stepAccumulator >= step * (1 - 1e-9) {
      stepAccumulator -= step
      if moving {
        for axis in Axis.allCases { stepAxis(axis, &position[axis], step) }
      }
    }
    if moving { setOffset(Point(x: position[0], y: position[1])) }
    if !isScrolling { pointerInView = nil }
  }

  func storedOffset(axis: Axis) -> Double { offset(axis: axis) }

  /// One fixed step of one axis.
  func stepAxis(_ axis: Axis, _ x: inout Double, _ h: Double) {
    let r = range(axis: axis)
    var motion = axes[axis]
    defer { axes[axis] = motion }
    switch motion.mode {
    case .idle:
      return

    case .decelerating:
      let d = decelerationRate.rawValue
      motion.velocity *= d
      x += motion.velocity * h
      if !r.contains(x) {
        enterOverscroll(&motion, &x, r)
      } else if Swift.abs(motion.velocity * h * d / (1 - d)) < ScrollView.restDistance {
        if let landing = motion.landing { x = landing }
        motion = AxisMotion()
      }

    case .springing(let fixedTarget):
      let target = fixedTarget ?? Swift.min(Swift.max(x, r.lowerBound), r.upperBound)
      let before = x - target
      if before == 0 && fixedTarget == nil {
        // Back inside the range: keep going only with a real fling, else rest here.
        motion =
          Swift.abs(motion.velocity) >= physics.minimumFlingVelocity && r.upperBound > r.lowerBound
          ? AxisMotion(mode: .decelerating, velocity: motion.velocity) : AxisMotion()
        return
      }
      let s = physics.springBack
      let acceleration = (-s.stiffness * before - s.damping * motion.velocity) / s.mass
      motion.velocity += acceleration * h
      x += motion.velocity * h
      let after = x - target
      if (before > 0) != (after > 0) && after != 0 {
        // It would cross the target: the return never overshoots. Crossing an edge inwards with a real
        // fling continues as a fling into the content.
        if fixedTarget == nil && Swift.abs(motion.velocity) >= physics.minimumFlingVelocity
          && r.upperBound > r.lowerBound
        {
          motion.mode = .decelerating
        } else {
          x = target
          motion = AxisMotion()
        }
      } else if Swift.abs(after) < 0.05 && Swift.abs(motion.velocity) < 1 {
        x = target
        motion = AxisMotion()
      }

    case .animating(var animation):
      animation.elapsed += h
      x = animation.value
      motion.velocity = animation.velocity
      if animation.elapsed >= animation.duration {
        x = animation.to
        motion = AxisMotion()
        if !r.contains(x) && bounces { motion.mode = .springing(target: nil) }
      } else {
        motion.mode = .animating(animation)
      }

    case .splineFling(var fling):
      fling.elapsed += h
      x = fling.position
      motion.velocity = fling.velocity
      if !r.contains(x) {
        enterOverscroll(&motion, &x, r)
      } else if fling.elapsed >= fling.duration {
        if let landing = motion.landing { x = landing }
        motion = AxisMotion()
      } else {
        motion.mode = .splineFling(fling)
      }
    }
  }

  /// A fling ran past an edge: spring back from there (bouncing) or stop at the edge (clamping).
  private func enterOverscroll(_ motion: inout AxisMotion, _ x: inout Double, _ r: ClosedRange<Double>) {
    if bounces, physics.overscroll != .clamped {
      let cap = physics.maximumSpringTransferVelocity
      motion.velocity = Swift.min(Swift.max(motion.velocity, -cap), cap)
      motion.mode = .springing(target: nil)
    } else {
      x = Swift.min(Swift.max(x, r.lowerBound), r.upperBound)
      motion = AxisMotion()
    }
  }

  /// Lets go with the content moving at `velocity` (points/s, content offset per second): fling, bounce
  /// back or page, axis by axis. A fling inside the range is aimed by
  /// `targetContentOffset(forProposedContentOffset:velocity:)`, asked once with both axes.
  func release(velocity: Vector) {
    let maxSpeed = physics.maximumFlingVelocity
    let v = [
      Swift.min(Swift.max(velocity.dx, -maxSpeed), maxSpeed), Swift.min(Swift.max(velocity.dy, -maxSpeed), maxSpeed)
    ]
    var flinging: [Bool] = [false, false]
    var natural = [offset(axis: .horizontal), offset(axis: .vertical)]
    for axis in Axis.allCases {
      guard canScroll(axis: axis) else {
        axes[axis] = AxisMotion()
        continue
      }
      let x = offset(axis: axis), r = range(axis: axis)
      if isPagingEnabled {
        axes[axis] = AxisMotion(
          mode: .springing(target: pageTarget(axis: axis, x: x, velocity: v[axis], range: r)),
          velocity: v[axis])
      } else if !r.contains(x) {
        let cap = physics.maximumSpringTransferVelocity
        axes[axis] = AxisMotion(mode: .springing(target: nil), velocity: Swift.min(Swift.max(v[axis], -cap), cap))
      } else {
        flinging[axis] = true
        natural[axis] = restingPoint(from: x, velocity: v[axis])
      }
    }
    guard flinging.contains(true) else { return }
    let asked = targetContentOffset(
      forProposedContentOffset: Point(x: natural[0], y: natural[1]),
      velocity: Vector(dx: v[0], dy: v[1]))
    for axis in Axis.allCases where flinging[axis] {
      let r = range(axis: axis)
      let target = Swift.min(Swift.max(asked[axis], r.lowerBound), r.upperBound)
      axes[axis] = aimedFling(from: offset(axis: axis), velocity: v[axis], natural: natural[axis], target: target)
    }
  }

  /// Where a fling at `v` from `x` would stop on its own (points).
  func restingPoint(from x: Double, velocity v: Double) -> Double {
    guard Swift.abs(v) >= physics.minimumFlingVelocity else { return x }
    switch physics.fling {
    case .exponential:
      return x + ScrollPhysics.projectedDistance(velocity: v, decelerationRate: decelerationRate.rawValue)
    case .androidSpline: return x + SplineFling(start: x, velocity: v).distance
    }
  }

  /// The motion after a release inside the range: the plain fling (or rest) when the target is its
  /// natural resting point; otherwise a fling re-aimed to decelerate exactly onto the target
  /// (v = Δ·1000·(1 − d)/d, landing there), or the spring when the target is too close to fling to.
  func aimedFling(from x: Double, velocity v: Double, natural: Double, target: Double) -> AxisMotion {
    if Swift.abs(target - natural) > 1e-9 {
      guard Swift.abs(target - x) > 1e-9 else { return AxisMotion() }
      let d = decelerationRate.rawValue
      let aimed = (target - x) * 1000 * (1 - d) / d
      if physics.fling == .exponential && Swift.abs(aimed) >= physics.minimumFlingVelocity {
        return AxisMotion(mode: .decelerating, velocity: aimed, landing: target)
      }
      return AxisMotion(mode: .springing(target: target), velocity: v)
    }
    guard Swift.abs(v) >= physics.minimumFlingVelocity else { return AxisMotion() }
    switch physics.fling {
    case .exponential: return AxisMotion(mode: .decelerating, velocity: v)
    case .androidSpline: return AxisMotion(mode: .splineFling(SplineFling(start: x, velocity: v)), velocity: v)
    }
  }

  /// The page a release settles on: the next page in the direction of a real fling, else the nearest.
  func pageTarget(axis: Axis, x: Double, velocity v: Double, range r: ClosedRange<Double>) -> Double {
    let size = dimension(axis: axis)
    guard size > 0 else { return x }
    let page = x / size
    var target: Double
    if v >= physics.minimumFlingVelocity {
      target = (page + 1e-9).rounded(.down) + 1
    } else if v <= -physics.minimumFlingVelocity {
      target = (page - 1e-9).rounded(.down)
    } else {
      target = page.rounded()
    }
    return Swift.min(Swift.max(target * size, r.lowerBound), r.upperBound)
  }
}
