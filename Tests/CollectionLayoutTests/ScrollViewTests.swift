import Testing
import Geometry2D
@testable import CollectionLayout

/// A 320 × 480 scroll view over a tall content, with helpers to drag it.
private func makeScrollView(contentHeight: Double = 100_000, offset: Double = 0) -> ScrollView {
  let sv = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
  sv.contentSize = Size(width: 320, height: contentHeight)
  sv.contentOffset = Point(x: 0, y: offset)
  return sv
}

/// Drags the pointer vertically at `speed` points/s (positive = down) for `duration` seconds with
/// events at 120 Hz, starting at `time`, and releases. Returns the release time.
@discardableResult
private func fling(
  _ sv: ScrollView, speed: Double, duration: Double = 0.1, from y0: Double = 240, time t0: Double = 0,
  release: Bool = true
) -> Double {
  sv.beginPan(at: Point(x: 100, y: y0), time: t0)
  let steps = Int((duration * 120).rounded())
  var t = t0
  for i in 1...steps {
    t = t0 + Double(i) / 120
    sv.pan(to: Point(x: 100, y: y0 + speed * Double(i) / 120), time: t)
  }
  if release { sv.endPan(at: Point(x: 100, y: y0 + speed * Double(steps) / 120), time: t) }
  return t
}

/// Advances in 60 Hz frames until the view rests (or `limit` seconds pass); returns the offsets seen.
@discardableResult
private func settle(_ sv: ScrollView, limit: Double = 10) -> [Double] {
  var seen: [Double] = []
  var t = 0.0
  while t < limit && sv.isScrolling {
    sv.advance(by: 1.0 / 60)
    seen.append(sv.contentOffset.y)
    t += 1.0 / 60
  }
  return seen
}

@Suite struct ScrollViewTests {
  @Test func boundsOriginIsTheContentOffsetAndObserversHearBeforeTheChange() {
    let sv = makeScrollView()
    var heard: [(old: Rect, new: Rect)] = []
    let token = sv.addBoundsObserver { view, newBounds in heard.append((view.bounds, newBounds)) }
    sv.contentOffset = Point(x: 0, y: 100)
    #expect(sv.bounds == Rect(x: 0, y: 100, width: 320, height: 480))
    #expect(heard.count == 1 && heard[0].old.origin.y == 0 && heard[0].new.origin.y == 100)
    sv.removeBoundsObserver(token)
    sv.contentOffset = Point(x: 0, y: 200)
    #expect(heard.count == 1)
  }

  @Test func leastSquaresVelocityOfALinearDrag() {
    let sv = makeScrollView(offset: 10_000)
    fling(sv, speed: -1000, release: false)
    #expect(close(sv.panVelocity.dy, -1000, 1e-6))
    // A last event with a repeated timestamp (two events in one SDL tick) would make a two-point
    // difference infinite; the fit barely moves.
    sv.pan(to: Point(x: 100, y: 240 - 1000 * 12 / 120 - 1), time: 12.0 / 120)
    #expect(abs(sv.panVelocity.dy + 1000) < 100)
  }

  @Test(arguments: [(ScrollView.DecelerationRate.normal, 1200.0), (.normal, -3000), (.fast, 2000)])
  func flingTravelsTheProjectedDistance(rate: ScrollView.DecelerationRate, speed: Double) {
    let sv = makeScrollView(offset: 50_000)
    sv.decelerationRate = rate
    fling(sv, speed: -speed)
    let released = sv.contentOffset.y
    let v = sv.scrollVelocity.dy
    #expect(close(v, speed, abs(speed) * 1e-6), "the release velocity is the drag's")
    #expect(sv.isDecelerating)
    settle(sv)
    let d = rate.rawValue
    let expected = v * d / (1000 * (1 - d))
    #expect(abs((sv.contentOffset.y - released) - expected) <= abs(expected) * 0.01)
    #expect(!sv.isDecelerating)
  }

  @Test func dragPastTheEdgeIsRubberBandedExactly() {
    let sv = makeScrollView(contentHeight: 1000)
    sv.beginPan(at: Point(x: 100, y: 100), time: 0)
    sv.pan(to: Point(x: 100, y: 300), time: 0.1)
    // Raw overscroll 200 in a 480-point viewport.
    let expected: Double = -(1 - 1 / (200 * 0.55 / 480 + 1)) * 480
    #expect(close(sv.contentOffset.y, expected, 1e-9))
    #expect(close(ScrollPhysics.rubberBand(100, dimension: 960), 52.02, 0.01))  // the published d = 960 row
    // At the bottom too: content 1000, maximum offset 520.
    sv.endPan(at: Point(x: 100, y: 300), time: 5)
    settle(sv)
    sv.contentOffset = Point(x: 0, y: 520)
    sv.beginPan(at: Point(x: 100, y: 400), time: 10)
    sv.pan(to: Point(x: 100, y: 100), time: 10.1)
    let band: Double = (1 - 1 / (300 * 0.55 / 480 + 1)) * 480
    #expect(close(sv.contentOffset.y, 520 + band, 1e-9))
  }

  @Test func releasedOverscrollSpringsBackWithoutOvershoot() {
    let sv = makeScrollView(contentHeight: 1000)
    sv.beginPan(at: Point(x: 100, y: 100), time: 0)
    sv.pan(to: Point(x: 100, y: 300), time: 1)
    sv.endPan(at: Point(x: 100, y: 300), time: 1.5)
    #expect(sv.isDecelerating)
    let seen = settle(sv)
    #expect(seen.allSatisfy { $0 <= 0 }, "never past the edge into the content")
    #expect(sv.contentOffset.y == 0)
    #expect(seen.count < 90, "settles within 1.5 s")
  }

  @Test func aFlingIntoTheEdgeBouncesAndSettlesOnIt() {
    let sv = makeScrollView(contentHeight: 1000, offset: 400)
    fling(sv, speed: -2500)
    let seen = settle(sv)
    #expect(seen.max()! > 520, "it bounces past the end")
    let peak = seen.firstIndex(of: seen.max()!)!
    #expect(seen[peak...].allSatisfy { $0 >= 520 }, "and comes back without overshooting")
    #expect(sv.contentOffset.y == 520)
  }

  @Test func withoutBouncesAFlingStopsAtTheEdge() {
    let sv = makeScrollView(contentHeight: 1000, offset: 400)
    sv.bounces = false
    fling(sv, speed: -2500)
    let seen = settle(sv)
    #expect(seen.allSatisfy { $0 <= 520 })
    #expect(sv.contentOffset.y == 520)
  }

  @Test func alwaysBounceLetsShortContentRubberBand() {
    let sv = makeScrollView(contentHeight: 100)
    sv.beginPan(at: Point(x: 0, y: 100), time: 0)
    sv.pan(to: Point(x: 0, y: 200), time: 0.1)
    #expect(sv.contentOffset.y == 0, "short content does not scroll")
    sv.endPan(at: Point(x: 0, y: 200), time: 0.2)
    sv.alwaysBounceVertical = true
    sv.beginPan(at: Point(x: 0, y: 100), time: 1)
    sv.pan(to: Point(x: 0, y: 200), time: 1.1)
    #expect(sv.contentOffset.y < 0)
  }

  @Test func panLocationIsKeptWhileDecelerating() {
    let sv = makeScrollView(offset: 1000)
    #expect(sv.panLocation == nil)
    sv.beginPan(at: Point(x: 100, y: 240), time: 0)
    #expect(sv.panLocation == Point(x: 100, y: 1240))
    fling(sv, speed: -1500, time: 0)
    sv.advance(by: 0.2)
    #expect(sv.isDecelerating)
    // The last pointer position (100, 115) in content coordinates at the current offset.
    let location = sv.panLocation
    #expect(location != nil)
    #expect(close(location?.y ?? 0, 240 - 1500 * 0.1 + sv.contentOffset.y, 1e-9))
    settle(sv)
    #expect(sv.panLocation == nil, "cleared once nothing moves")
  }

  @Test func aTouchStopsAFling() {
    let sv = makeScrollView(offset: 1000)
    fling(sv, speed: -2000)
    sv.advance(by: 0.1)
    sv.beginPan(at: Point(x: 10, y: 10), time: 1)
    let stopped = sv.contentOffset.y
    sv.advance(by: 0.5)
    #expect(sv.contentOffset.y == stopped && !sv.isDecelerating && sv.isTracking)
  }

  @Test func aWheelNotchScrolls53PointsSmoothly() {
    let sv = makeScrollView(offset: 1000)
    sv.scrollWheel(by: Vector(dx: 0, dy: 1), isPrecise: false, time: 0)
    #expect(sv.contentOffset.y == 1000, "nothing jumps")
    sv.advance(by: 0.05)
    #expect(sv.contentOffset.y > 1000 && sv.contentOffset.y < 1053)
    sv.advance(by: 0.2)
    #expect(sv.contentOffset.y == 1053)
    // Notches during the animation extend its target; wheel up scrolls back.
    sv.scrollWheel(by: Vector(dx: 0, dy: -1), isPrecise: false, time: 1)
    sv.advance(by: 0.05)
    sv.scrollWheel(by: Vector(dx: 0, dy: -1), isPrecise: false, time: 1.05)
    sv.advance(by: 0.3)
    #expect(sv.contentOffset.y == 1053 - 106)
    sv.physics.pointsPerWheelNotch = 100
    sv.scrollWheel(by: Vector(dx: 0, dy: 1), isPrecise: false, time: 2)
    sv.advance(by: 0.3)
    #expect(sv.contentOffset.y == 1047)
  }

  @Test func aWheelPastTheEdgeOnlyNudgesAndSettles() {
    let sv = makeScrollView(contentHeight: 1000)
    var lowest = 0.0
    for i in 0..<5 {
      sv.scrollWheel(by: Vector(dx: 0, dy: -3), isPrecise: false, time: Double(i) * 0.05)
      for _ in 0..<3 {
        sv.advance(by: 1.0 / 60)
        lowest = min(lowest, sv.contentOffset.y)
      }
    }
    #expect(lowest < 0 && lowest >= -0.05 * 480 - 1e-9, "a small rubber band, at most 5 % of the viewport")
    settle(sv)
    #expect(sv.contentOffset.y == 0)
  }

  @Test func preciseDeltasMoveDirectlyAndAFlickKeepsMomentum() {
    let sv = makeScrollView(offset: 1000)
    sv.scrollWheel(by: Vector(dx: 0, dy: 0.5), isPrecise: true, time: 0)
    #expect(sv.contentOffset.y == 1000 + 26.5, "half a notch at once")
    // A flick: 24 events at 120 Hz of 0.5 notch (26.5 pt) = 3180 pt/s.
    var t = 0.0
    for _ in 0..<24 {
      t += 1.0 / 120
      sv.scrollWheel(by: Vector(dx: 0, dy: 0.5), isPrecise: true, time: t)
      sv.advance(by: 1.0 / 120)
    }
    let lifted = sv.contentOffset.y
    #expect(close(lifted, 1000 + 25 * 26.5, 1e-9))
    // No event for a while: the fingers have left the pad, and the content flings at the flick's speed.
    var waited = 0.0
    while !sv.isDecelerating && waited < 0.2 {
      sv.advance(by: 1.0 / 120)
      waited += 1.0 / 120
    }
    #expect(sv.isDecelerating && waited <= sv.physics.trackpadLiftDelay + 1.0 / 60)
    #expect(abs(sv.scrollVelocity.dy - 3180) < 3180 * 0.05)
    settle(sv)
    #expect(sv.contentOffset.y - lifted > 1000, "the momentum carries it on")
  }

  @Test func aSlowTrackpadScrollStopsWhenTheFingersStop() {
    let sv = makeScrollView(offset: 1000)
    for i in 0..<10 {
      sv.scrollWheel(by: Vector(dx: 0, dy: 0.01), isPrecise: true, time: Double(i) / 60)
      sv.advance(by: 1.0 / 60)
    }
    let stopped = sv.contentOffset.y
    sv.advance(by: 1)
    #expect(sv.contentOffset.y == stopped)
  }

  @Test func pagingSettlesOnPages() {
    let sv = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    sv.contentSize = Size(width: 1600, height: 480)
    sv.isPagingEnabled = true
    // A slow drag of 100 points goes back to the page it started on …
    sv.beginPan(at: Point(x: 200, y: 10), time: 0)
    sv.pan(to: Point(x: 150, y: 10), time: 0.5)
    sv.pan(to: Point(x: 100, y: 10), time: 1)
    sv.endPan(at: Point(x: 100, y: 10), time: 1.2)
    settle(sv)
    #expect(sv.contentOffset.x == 0)
    // … a flick of the same distance goes to the next one.
    sv.beginPan(at: Point(x: 200, y: 10), time: 2)
    sv.pan(to: Point(x: 150, y: 10), time: 2.05)
    sv.endPan(at: Point(x: 100, y: 10), time: 2.1)
    var xs: [Double] = []
    for _ in 0..<120 {
      sv.advance(by: 1.0 / 60)
      xs.append(sv.contentOffset.x)
    }
    #expect(sv.contentOffset.x == 320)
    #expect(xs.allSatisfy { $0 <= 320 })
  }

  @Test func animatedSetContentOffsetTakesAThirdOfASecond() {
    let sv = makeScrollView()
    sv.setContentOffset(Point(x: 0, y: 300), animated: true)
    sv.advance(by: 0.15)
    #expect(close(sv.contentOffset.y, 150, 1e-6), "half way at half time (ease-in-out)")
    #expect(!sv.isDecelerating)
    sv.advance(by: 0.2)
    #expect(sv.contentOffset.y == 300)
  }

  @Test func clampingPresetNeverOverscrollsAndFlingsBySpline() {
    let sv = makeScrollView(contentHeight: 1000)
    sv.physics = .androidClamping
    sv.beginPan(at: Point(x: 100, y: 100), time: 0)
    sv.pan(to: Point(x: 100, y: 300), time: 0.1)
    #expect(sv.contentOffset.y == 0)
    sv.endPan(at: Point(x: 100, y: 300), time: 0.2)
    let long = makeScrollView(offset: 10_000)
    long.physics = .androidClamping
    fling(long, speed: -2224)
    let start = long.contentOffset.y
    settle(long)
    // At the reference velocity the duration is 2.358·0.35 s and the distance v·T/2.358 = 0.35·v.
    #expect(abs((long.contentOffset.y - start) - 0.35 * 2224) < 2)
  }

  @Test func flutterPresetSlowsTheDragPastTheEdge() {
    let sv = makeScrollView(contentHeight: 1000)
    sv.physics = .flutterBouncing
    sv.beginPan(at: Point(x: 100, y: 100), time: 0)
    sv.pan(to: Point(x: 100, y: 110), time: 0.05)
    #expect(close(sv.contentOffset.y, -5.2, 1e-9), "the first 10 points go at 0.52")
    sv.endPan(at: Point(x: 100, y: 110), time: 1)
    settle(sv)
    #expect(sv.contentOffset.y == 0)
  }

  @Test func advancingInFramesOrAllAtOnceAgree() {
    let a = makeScrollView(offset: 5000), b = makeScrollView(offset: 5000)
    fling(a, speed: -1800)
    fling(b, speed: -1800)
    for _ in 0..<60 { a.advance(by: 1.0 / 60) }
    b.advance(by: 1)
    #expect(abs(a.contentOffset.y - b.contentOffset.y) < 1e-6)
  }
}

/// A trackpad whose lift never arrives: the content coasts on from the first silent frame, with no pause
/// while the lift delay runs out, and an event that still comes takes over without a jump.
@Suite struct TrackpadCoastTests {
  func flick(_ sv: ScrollView) -> Double {
    var t = 0.0
    for _ in 0..<24 {
      t += 1.0 / 60
      sv.scrollWheel(by: Vector(dx: 0, dy: 1), isPrecise: true, time: t)
      sv.advance(by: 1.0 / 60)
    }
    return t
  }

  @Test func theContentMovesInEveryFrameAfterTheLastEvent() {
    let sv = makeScrollView(offset: 1000)
    _ = flick(sv)
    var previous = sv.contentOffset.y
    for frame in 0..<6 {
      sv.advance(by: 1.0 / 60)
      #expect(
        sv.contentOffset.y > previous + 10,
        "frame \(frame) after the last event: moved \(sv.contentOffset.y - previous) pt")
      previous = sv.contentOffset.y
    }
    #expect(sv.isDecelerating)
  }

  @Test func aLateEventTakesOverFromWhereTheCoastGot() {
    let sv = makeScrollView(offset: 1000)
    let t = flick(sv)
    sv.advance(by: 1.0 / 60)
    sv.advance(by: 1.0 / 60)
    let coasted = sv.contentOffset.y
    sv.scrollWheel(by: Vector(dx: 0, dy: 0.5), isPrecise: true, time: t + 2.0 / 60)
    #expect(abs(sv.contentOffset.y - (coasted + 0.5 * sv.physics.pointsPerWheelNotch)) < 1e-9, "no jump back")
    #expect(!sv.isDecelerating, "the fingers are back on the pad")
  }
}
