import Geometry2D

extension DynamicAnimator {
  /// Every field behavior in the animator, children included, in the order they were added.
  public var fieldBehaviors: [FieldBehavior] {
    var all: [DynamicBehavior] = []
    for b in behaviors { b.appendFlattened(to: &all) }
    var fields: [FieldBehavior] = []
    for b in all { b.appendFields(to: &fields) }
    return fields
  }

  /// What all the animator's fields together would do to a probe of `mass` and `charge` moving at
  /// `velocity` (pt/s) at `point`, now (`elapsedTime`): the sum of their forces, and the velocity the
  /// last velocity field reaching the point imposes. Nothing moves; fields act here on the probe
  /// whether or not they have items.
  /// - Precondition: `mass` is positive and finite.
  public func fieldSample(
    at point: Point, velocity: Vector = .zero, mass: Double = 1,
    charge: Double = 0
  ) -> FieldSample {
    precondition(
      mass > 0 && mass.isFinite,
      "DynamicAnimator.fieldSample: the probe's mass must be positive and finite, got \(mass).")
    Validate.point(point, "DynamicAnimator.fieldSample point")
    Validate.vector(velocity, "DynamicAnimator.fieldSample velocity")
    Validate.finite(charge, "DynamicAnimator.fieldSample charge")
    var total = FieldSample.none
    for f in fieldBehaviors {
      let s = f.evaluate(at: point, velocity: velocity, mass: mass, charge: charge, time: elapsedTime)
      total.force += s.force
      if let v = s.velocity { total.velocity = v }
    }
    return total
  }
}
