/// Stepping the closed-form anchor springs (`AnchorSpring`) on their bodies' own state.
///
/// A spring whose body gets no forces, torques or spin (`forced` false) depends on nothing but its
/// anchor, which changes only between advances; and nothing reads its body during the steps (it has no
/// shapes and no other rows). So `step()` only counts its steps (`pendingSpringSteps`) and
/// `settleSprings()` applies them when something may look: the writes to the items, user code, any
/// read or write of a body from outside the step. It runs the same per-step arithmetic in the same
/// order as stepping every spring every step — so the same bits — but with the loops turned inside
/// out: each body is loaded once for all the pending steps instead of once per step.
extension JointStore {
  /// Steps the forced springs (their force and spin are read from the body every step) and counts a
  /// step for the others. Returns the smallest rest time the springs can have now: exact when the
  /// springs could be resting long enough to pause, a bound below `timeToSleep` otherwise.
  mutating func stepAnchorSprings(_ bodies: inout BodyStore) -> Double {
    var minSleep = Double.infinity
    if hasFreeSprings {
      pendingSpringSteps += 1
      minSleep = freeSpringSleep + Double(pendingSpringSteps) * h
      if minSleep >= PhysicsWorld.timeToSleep {
        settleSprings(&bodies)
        minSleep = freeSpringSleep
      }
    }
    if hasForcedSprings { minSleep = Swift.min(minSleep, stepForcedSprings(&bodies)) }
    return minSleep
  }

  /// Applies the steps counted for the unforced springs (see above) and refreshes their smallest rest
  /// time. Cheap when nothing is pending. Never inlined: the hot callers (`placeBody`, once per moved
  /// item) almost never need it, and its loop inlined would cost them registers and stack.
  @inline(never) mutating func settleSprings(_ bodies: inout BodyStore) {
    guard pendingSpringSteps > 0 else { return }
    let steps = pendingSpringSteps
    pendingSpringSteps = 0
    let h = self.h
    let v2 = PhysicsWorld.sleepLinearSpeed * PhysicsWorld.sleepLinearSpeed
    var minSleep = Double.infinity
    springs.withUnsafeBufferPointer { sp in
      bodies.withView { view in
        let (b, st) = (view.sims, view.states)
        for s in sp where !s.forced {
          let i = Int(s.body)
          var p = b[i].position, v = st[i].v, rest = b[i].sleepTime
          let eq = s.anchor
          for _ in 0..<steps {
            s.advance(&p, &v, equilibrium: eq)
            rest = v.lengthSquared < v2 ? rest + h : 0
          }
          b[i].position = p
          st[i].v = v
          b[i].sleepTime = rest
          if rest < minSleep { minSleep = rest }
        }
      }
    }
    freeSpringSleep = minSleep
  }

  /// One step of the springs whose bodies get forces or spin: the constant acceleration shifts the
  /// equilibrium (x_eq = anchor + a/ω²), the angle integrates on its own. Returns their smallest rest time.
  mutating func stepForcedSprings(_ bodies: inout BodyStore) -> Double {
    let h = self.h
    let v2 = PhysicsWorld.sleepLinearSpeed * PhysicsWorld.sleepLinearSpeed
    let w0 = PhysicsWorld.sleepAngularSpeed
    var minSleep = Double.infinity
    springs.withUnsafeBufferPointer { sp in
      bodies.withView { view in
        let (b, st) = (view.sims, view.states)
        for s in sp where s.forced {
          let i = Int(s.body)
          let a = b[i].acceleration + b[i].force * st[i].invMass
          let eq = s.anchor + a * s.inverseOmegaSquared
          let w = st[i].w * b[i].angularDamping + h * b[i].torque * st[i].invInertia
          st[i].w = w
          if w != 0 {
            b[i].angle += h * w
            b[i].updateRotation()
          }
          var p = b[i].position, v = st[i].v
          s.advance(&p, &v, equilibrium: eq)
          b[i].position = p
          st[i].v = v
          b[i].sleepTime = abs(w) < w0 && v.lengthSquared < v2 ? b[i].sleepTime + h : 0
          if b[i].sleepTime < minSleep { minSleep = b[i].sleepTime }
        }
      }
    }
    return minSleep
  }

  /// Marks body `i`'s spring as forced (it got spin), after applying what was pending: from now on it
  /// steps with the forced ones.
  mutating func forceSpring(of i: Int32, _ bodies: inout BodyStore) {
    let k = bodies.sims[Int(i)].closedFormSpring
    guard k >= 0, !springs[Int(k)].forced else { return }
    settleSprings(&bodies)
    springs[Int(k)].forced = true
    noteSpringKinds(bodies)
  }

  /// Which kinds of spring there are, and the unforced ones' smallest rest time, exactly: the bound
  /// `stepAnchorSprings` keeps must never be below it, or a pause would come late.
  private mutating func noteSpringKinds(_ bodies: BodyStore) {
    hasForcedSprings = false
    hasFreeSprings = false
    freeSpringSleep = .infinity
    forcedSpringCount = 0
    for s in springs {
      if s.forced {
        hasForcedSprings = true
        forcedSpringCount += 1
      } else {
        hasFreeSprings = true
        freeSpringSleep = Swift.min(freeSpringSleep, bodies.sims[Int(s.body)].sleepTime)
      }
    }
  }
}
