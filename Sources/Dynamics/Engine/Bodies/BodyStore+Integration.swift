/// Integration: the bodies' velocities from forces, their positions from velocities (Box2D v3's soft
/// step integrates in these two halves around the solve).
extension BodyStore {
  /// Resistance, then gravity, forces and torques, for every awake solver body; then every solver body's
  /// speed and spin capped (`capSpeed`) before the impact pass reads them, and the fastest noted for its
  /// early exit — in one loop, so each body is read from memory once (`VelocityStep`).
  mutating func integrateVelocities(h: Double, anyAsleep: Bool, on workers: WorkerPool) -> FastestMotion {
    let step = VelocityStep(h: h, anyAsleep: anyAsleep)
    let solverBodies = self.solverBodies
    var fastest: [FastestMotion] = []
    swap(&fastest, &integrationScratch.fastest)
    defer { swap(&fastest, &integrationScratch.fastest) }
    withView { v in
      solverBodies.withUnsafeBufferPointer { order in
        workers.mapSlices(of: order.count, grain: BodyStore.grain, into: &fastest, empty: FastestMotion()) {
          step.run(UnsafeBufferPointer(rebasing: order[$0]), v)
        }
      }
    }
    return fastest.reduce(into: FastestMotion()) { $0.combine($1) }
  }

  /// Bodies in a slice of an integration.
  static let grain = 512

  /// Moves every awake solver body by its velocity over the step, after capping its speed and spin
  /// (`maximumLinearSpeed`, `maximumRotationPerStep`). Notes the bodies that move far for their size
  /// against boundaries (`fastBodies`, for `sweepFastBodies`, in body order), and returns whether some
  /// body has turned further since the last pass than its contacts can follow, so the next step needs a
  /// collision pass (a rule on distance too kept resting piles from ever sleeping).
  mutating func integratePositions(
    h: Double, sweeps bodySweeps: [BodySweep], hasBoundaries sweeps: Bool, anyAsleep: Bool,
    impactStarts starts: [FastBody], fastBodies: inout [FastBody], on workers: WorkerPool
  ) -> Bool {
    let solverBodies = self.solverBodies
    var scratch = IntegrationScratch()
    swap(&scratch, &integrationScratch)
    defer { swap(&scratch, &integrationScratch) }
    let grain = workers.grain(BodyStore.grain)
    let slices = (solverBodies.count + grain - 1) / grain
    while scratch.fastBySlice.count < slices { scratch.fastBySlice.append([]) }
    let motion = PositionStep(h: h, hasBoundaries: sweeps, anyAsleep: anyAsleep, starts: starts)
    withView { v in
      withBuffers(solverBodies, bodySweeps) { order, sweeps in
        scratch.fastBySlice.withUnsafeMutableBufferPointer { fast in
          let fast = fast.baseAddress.unsafelyUnwrapped
          workers.mapSlices(of: order.count, grain: grain, into: &scratch.stale, empty: false) { range in
            let slice = range.lowerBound / grain
            fast[slice].removeAll(keepingCapacity: true)
            return motion.move(UnsafeBufferPointer(rebasing: order[range]), sweeps, v, fastBodies: &fast[slice])
          }
        }
      }
    }
    fastBodies.removeAll(keepingCapacity: true)
    for k in 0..<slices where !scratch.fastBySlice[k].isEmpty { fastBodies.append(contentsOf: scratch.fastBySlice[k]) }
    return scratch.stale.contains(true)
  }

  /// Whether a step that moves body `b` by `dp` and turns it by `d` needs the continuous sweep against
  /// boundaries: the motion exceeds `fraction` of the body's thinnest part (the linear and the
  /// rotational parts each held to half of that, to spare a square root), or takes it beyond `margin`,
  /// the distance the last collision pass made contacts for (walls it may reach have none). `moved` and
  /// `turned` are the body's motion since that pass with this step's: the caller stores them after, so
  /// each sum is made once.
  @inline(__always) static func movesFast(
    _ b: UnsafeMutablePointer<Body>, by dp: Vec2, turning d: Double, moved: Vec2, turned: Double,
    fraction: Double, margin: Double
  ) -> Bool {
    let reach = 0.5 * fraction * b.pointee.minExtent
    let left = margin - abs(turned) * b.pointee.extent
    return dp.lengthSquared > reach * reach || abs(d) * b.pointee.extent > reach
      || left < 0 || moved.lengthSquared > left * left
  }
}

/// What the integration keeps between steps so a step allocates nothing: each slice's fastest motion,
/// smallest rest time, whether it left its contacts stale, and its fast bodies.
struct IntegrationScratch {
  var fastest: [FastestMotion] = []
  var rest: [Double] = []
  var stale: [Bool] = []
  var fastBySlice: [[FastBody]] = []
}

/// One step's motion of a slice of the solver bodies (`integratePositions`).
struct PositionStep {
  let h: Double
  let hasBoundaries: Bool
  /// Some body may be asleep (`VelocityStep.anyAsleep`).
  let anyAsleep: Bool
  let starts: [FastBody]

  /// Moves the awake bodies of `slice`, appending the fast ones to `fastBodies`; true when one turned
  /// further than its contacts can follow. `sweeps`: the last collision pass's, by body. Not inlined:
  /// inlined into the step, the loop had its constants and sums spilled to the stack among the step's
  /// other values (six instructions a body more).
  @inline(never) func move(
    _ slice: UnsafeBufferPointer<Int32>, _ sweeps: UnsafeBufferPointer<BodySweep>, _ view: BodyView,
    fastBodies: inout [FastBody]
  ) -> Bool {
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    let fraction = PhysicsWorld.continuousFraction
    let spec = PhysicsWorld.speculativeDistance
    var stale = false
    // Each body and state reached through one pointer: indexed, its address was made again for every
    // field the loop reads or writes.
    let base = view.sims.baseAddress.unsafelyUnwrapped, states = view.states.baseAddress.unsafelyUnwrapped
    let ahead = slice.count - Body.prefetchDistance
    for k in 0..<slice.count {
      // `&+`: k < ahead keeps the sum in the slice, and the overflow test cost three instructions a body.
      if k < ahead { Body.prefetch(base, Int(slice[k &+ Body.prefetchDistance]), line: Body.poseLine) }
      let i = Int(slice[k])
      let b = base + i, s = states + i
      if anyAsleep && b.pointee.asleep { continue }
      var v = s.pointee.v
      let v2 = v.lengthSquared
      if v2 > maxSpeed * maxSpeed {
        v = v * (maxSpeed / v2.squareRoot())
        s.pointee.v = v
      }
      var w = s.pointee.w
      if abs(w) > maxSpin {
        w = w > 0 ? maxSpin : -maxSpin
        s.pointee.w = w
      }
      let dp = v * h
      let d = h * w
      let moved = s.pointee.deltaPosition + dp
      if hasBoundaries && b.pointee.hasBoundaryCollisions {
        let margin = i < sweeps.count ? sweeps[i].margin + spec : 0
        if BodyStore.movesFast(
          b, by: dp, turning: d, moved: moved, turned: s.pointee.deltaAngle + d, fraction: fraction, margin: margin)
        {
          fastBodies.append(
            FastBody(
              body: Int32(i), startPosition: PhysicsWorld.impactStart(of: i, in: starts) ?? b.pointee.position,
              startAngle: b.pointee.angle))
        }
      }
      b.pointee.position += dp
      s.pointee.deltaPosition = moved
      if w != 0 {
        b.pointee.rotate(by: d)
        s.pointee.deltaAngle += d
        // Only a body still spinning fast enough to turn that far within a pass's four steps: a pile's
        // creep adds up small turns that must not keep it from sleeping.
        let e = b.pointee.extent
        if PhysicsWorld.outruns(turn: s.pointee.deltaAngle, extent: e) && PhysicsWorld.outruns(turn: 4 * d, extent: e) {
          stale = true
        }
      }
    }
    return stale
  }
}

/// One step's velocity integration of a slice of the solver bodies (`integrateVelocities`).
struct VelocityStep {
  let h: Double
  /// Some body may be asleep: each is asked. With none (a scene kept awake), the loop reads only the
  /// body's forces line and its state, not its pose line too: two cache lines a body, not three.
  let anyAsleep: Bool

  /// The slice's fastest motion after the step's forces.
  @inline(__always) func run(_ slice: UnsafeBufferPointer<Int32>, _ view: BodyView) -> FastestMotion {
    anyAsleep ? run(slice, view, asking: true) : run(slice, view, asking: false)
  }

  /// `asking` whether each body is asleep: a constant once inlined, so the loop without it reads
  /// nothing of the pose line.
  @inline(__always) private func run(_ slice: UnsafeBufferPointer<Int32>, _ view: BodyView, asking: Bool)
    -> FastestMotion
  {
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    let (b, s) = (view.sims, view.states)
    let base = b.baseAddress.unsafelyUnwrapped
    var fastest = FastestMotion()
    let ahead = slice.count - Body.prefetchDistance
    for k in 0..<slice.count {
      let i = Int(slice[k])
      if k < ahead {
        let next = Int(slice[k + Body.prefetchDistance])
        if asking { Body.prefetch(base, next, line: Body.poseLine) }
        Body.prefetch(base, next, line: Body.forcesLine)
      }
      if !(asking && b[i].asleep) {
        let invM = s[i].invMass
        s[i].v = s[i].v * b[i].linearDamping + (b[i].acceleration + b[i].force * invM) * h
        s[i].w = s[i].w * b[i].angularDamping + h * b[i].torque * s[i].invInertia
      }
      let v2 = PhysicsWorld.capSpeed(&s[i], maxSpeed: maxSpeed, maxSpin: maxSpin)
      fastest.note(s[i], speedSquared: v2)
    }
    return fastest
  }
}
