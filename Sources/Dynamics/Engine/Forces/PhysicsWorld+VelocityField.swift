import Geometry2D

extension PhysicsWorld {
  /// Makes the body leave this step's velocity integration at exactly `v` (pt/s), whatever forces,
  /// gravity and resistance were added for the step: the velocity field's "overrides other
  /// accelerations". Contacts and joints still act after it. Called by velocity fields after every
  /// behavior has added its forces.
  mutating func imposeVelocity(_ v: Vector, on i: Int32) {
    let k = Int(i)
    // Finite, and no larger a change than one push may give (a target built from extreme strengths).
    let target = Vec2(v.dx, v.dy).capped(perUnitChange: 1)
    if bodies.sims[k].closedFormSpring >= 0 {
      // The closed-form spring integrates no forces: set the velocity itself (the spring acts on top).
      addVelocity(target - forceSample(of: i).velocity.vec2, to: i)
      return
    }
    // integrateVelocities computes v·damping + (a + F/m)·h: with v = 0 and F = 0 it yields a·h. The
    // step's accelerations are summed first, so this one replaces them, and comes off after the step.
    bodies.stepForces.settle(&bodies.sims)
    bodies.stepForces.noteReplaced(i, was: bodies.sims[k].acceleration)
    bodies.states[k].v = .zero
    bodies.sims[k].force = .zero
    bodies.sims[k].acceleration = target * (1 / h)
    bodies.sims[k].sleepTime = 0
  }
}

private extension Vector {
  var vec2: Vec2 { Vec2(dx, dy) }
}
