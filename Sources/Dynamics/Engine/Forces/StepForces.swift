/// What the force phase left on the bodies for one step, and how it is taken off again, without a pass
/// over every body: the step's accelerations (gravity) stand in `Body.acceleration` from one step to
/// the next while the same calls bring the same values, and only the bodies that got a force, a torque
/// or a changed acceleration for the step alone are put back after it.
///
/// `Body.acceleration` is, between steps, the ordered sum of the last step's uniform accelerations
/// (`applied`): each body's, from +0, in call order, as adding them every step from a cleared value
/// gives, so the integration reads the same bits. A step whose calls (`incoming`) match `applied` value
/// for value and list for list (the same behaviors, settings and items) leaves every body as it is;
/// any difference, or a body slot made or emptied (its acceleration reset with it: `stale`), sums them
/// all again. Forces and torques are cleared for the bodies noted in `forced`; an acceleration set or
/// added after the sum (`imposeVelocity`) is noted with the value it replaced in `replaced`.
struct StepForces {
  /// A mass-free acceleration, already capped for the step, on a list of bodies.
  struct Uniform {
    var acceleration: Vec2
    var bodies: [Int32]

    /// Same bits and the same list (`Array`'s == returns at once for one shared buffer, the usual case:
    /// a behavior passes its own list every step).
    func matches(_ o: Uniform) -> Bool {
      acceleration.x.bitPattern == o.acceleration.x.bitPattern
        && acceleration.y.bitPattern == o.acceleration.y.bitPattern && bodies == o.bodies
    }
  }

  /// The uniform accelerations summed into the bodies' `acceleration` now, in call order.
  private(set) var applied: [Uniform] = []
  /// This step's calls so far.
  private var incoming: [Uniform] = []
  /// A body slot was made or emptied since the sum: `applied` no longer describes the bodies.
  var stale = false
  /// Adds the accelerations every step and clears every body's after it, as the step did before the
  /// sums stood: the reference the tests compare the standing sums with.
  var sumsEveryStep = false
  /// `incoming` is summed into the bodies for this step (from the first velocity override, or the
  /// step's start); later accelerations go straight to the bodies.
  private(set) var isSettled = false
  /// Bodies that got a force or torque this step (repeats allowed).
  private var forced: [Int32] = []
  /// Bodies whose acceleration changed after the sum, with the value to put back, in order.
  private var replaced: [(body: Int32, acceleration: Vec2)] = []

  /// Notes a uniform acceleration for this step (before the sum), or returns false once the sum is
  /// made: the caller then adds it to the bodies itself, noting each with `noteReplaced`.
  mutating func add(_ a: Vec2, to bodies: [Int32]) -> Bool {
    guard !isSettled else { return false }
    incoming.append(Uniform(acceleration: a, bodies: bodies))
    return true
  }

  mutating func noteForced(_ i: Int32) { forced.append(i) }

  mutating func noteReplaced(_ i: Int32, was a: Vec2) { replaced.append((i, a)) }

  /// Sums this step's uniform accelerations into the bodies, unless they hold that sum already.
  mutating func settle(_ sims: inout LineAlignedArray<Body>) {
    guard !isSettled else { return }
    isSettled = true
    let same = !stale && incoming.count == applied.count && zip(incoming, applied).allSatisfy { $0.matches($1) }
    if sumsEveryStep {
      add(incoming, &sims)
    } else if !same {
      resum(&sims)
    }
    swap(&applied, &incoming)
    incoming.removeAll(keepingCapacity: true)
  }

  /// Clears every body `applied` named, then adds `incoming` in call order.
  private mutating func resum(_ sims: inout LineAlignedArray<Body>) {
    stale = false
    let old = applied
    sims.withUnsafeMutableBufferPointer { b in
      for u in old {
        for i in u.bodies where Int(i) < b.count { b[Int(i)].acceleration = .zero }
      }
    }
    add(incoming, &sims)
  }

  private func add(_ uniforms: [Uniform], _ sims: inout LineAlignedArray<Body>) {
    sims.withUnsafeMutableBufferPointer { b in
      for u in uniforms {
        for i in u.bodies { b[Int(i)].acceleration += u.acceleration }
      }
    }
  }

  /// After the step: the forced bodies' forces and torques cleared, the replaced accelerations put
  /// back (last first, so a body replaced twice gets its sum).
  mutating func finish(_ b: UnsafeMutableBufferPointer<Body>) {
    if sumsEveryStep {
      for i in b.indices {
        b[i].force = .zero
        b[i].torque = 0
        b[i].acceleration = .zero
      }
    }
    for i in forced {
      b[Int(i)].force = .zero
      b[Int(i)].torque = 0
    }
    for r in replaced.reversed() where !sumsEveryStep { b[Int(r.body)].acceleration = r.acceleration }
    forced.removeAll(keepingCapacity: true)
    replaced.removeAll(keepingCapacity: true)
    isSettled = false
  }
}
