import Geometry2D
import TestSupport
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// Runs `seconds` of simulation in 1/60 s frames, calling `sample` after each frame with the time.
func run(_ animator: DynamicAnimator, seconds: Double, frame: Double = 1.0 / 60, _ sample: (Double) -> Void = { _ in })
{
  let frames = Int((seconds / frame).rounded())
  for k in 1...frames {
    animator.advance(by: frame)
    sample(Double(k) * frame)
  }
}

/// An item behavior with no resistance and no friction, for comparisons with closed-form physics.
func frictionless(_ items: [any DynamicItem], elasticity: Double? = nil) -> DynamicItemBehavior {
  let b = DynamicItemBehavior(items: items)
  b.resistance = 0
  b.angularResistance = 0
  b.friction = 0
  if let elasticity { b.elasticity = elasticity }
  return b
}

/// A random item in `area` on a length-0 spring to a random anchor in `area`, frequency and damping
/// drawn from their ranges (drawn in that order: item x, y, anchor x, y, frequency, damping).
func randomAnchoredItem(
  _ r: inout SplitMix, in area: Rect, size: Size, frequency: ClosedRange<Double>,
  damping: ClosedRange<Double>
) -> (DynamicBody, AttachmentBehavior) {
  func point() -> Point { Point(x: r.uniform(area.minX, area.maxX), y: r.uniform(area.minY, area.maxY)) }
  let item = DynamicBody(center: point(), size: size)
  let spring = AttachmentBehavior(item: item, attachedToAnchor: point())
  spring.length = 0
  spring.frequency = r.uniform(frequency.lowerBound, frequency.upperBound)
  spring.damping = r.uniform(damping.lowerBound, damping.upperBound)
  return (item, spring)
}

/// Displacement of a damped oscillator released from rest at x0: x'' + 2ζω x' + ω² x = 0.
func oscillator(x0: Double, hertz: Double, zeta: Double, t: Double) -> Double {
  let w = 2 * Double.pi * hertz
  if zeta < 1 {
    let wd = w * (1 - zeta * zeta).squareRoot()
    return x0 * exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
  }
  return x0 * exp(-w * t) * (1 + w * t)
}

/// A delegate that records pauses and resumes.
final class PauseRecorder: DynamicAnimatorDelegate {
  var pauses = 0
  var resumes = 0
  func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
  func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
}

/// A delegate that records contact events.
final class ContactRecorder: CollisionBehaviorDelegate {
  var began: [(String?, Point)] = []
  var ended: [String?] = []
  var itemBegan: [Point] = []
  var itemEnded = 0
  func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?, at point: Point
  ) {
    began.append((identifier, point))
  }
  func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?
  ) {
    ended.append(identifier)
  }
  func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
    with item2: any DynamicItem, at point: Point
  ) {
    itemBegan.append(point)
  }
  func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem
  ) {
    itemEnded += 1
  }
}

func ball(_ x: Double, _ y: Double, diameter: Double = 40) -> DynamicBody {
  DynamicBody(center: Point(x: x, y: y), size: Size(width: diameter, height: diameter), collisionBoundsType: .ellipse)
}

func box(_ x: Double, _ y: Double, _ w: Double = 44, _ h: Double = 44) -> DynamicBody {
  DynamicBody(center: Point(x: x, y: y), size: Size(width: w, height: h))
}
