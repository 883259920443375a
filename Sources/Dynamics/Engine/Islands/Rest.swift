/// Rest: when a body counts as resting, so its island may sleep (`PhysicsWorld+Islands.swift`) and the
/// animator pause once every body rests.
extension PhysicsWorld {
  /// Rest thresholds (`docs/architecture.md`, "Units and time"): under 1 pt/s and 2°/s for 0.5 s (or still, below).
  static let sleepLinearSpeed = 1.0
  static let sleepAngularSpeed = 2.0 * Double.pi / 180
  static let timeToSleep = 0.5
  /// A body none of whose points moves more than `stillDistance` (points) for `stillTimeToRest` seconds
  /// counts as resting whatever its speed, so it sleeps 0.5 s later: a trembling heap sleeps, and a
  /// spring can stop at most a quarter point from its rest (its swing must fit within half a point for
  /// two seconds, and damps meanwhile).
  static let stillDistance = 0.5
  static let stillTimeToRest = 1.5

  /// Advances body `b`'s stillness timer, or restarts it where the body now is when some point of it has
  /// moved `stillDistance` since; true once it has been still for `stillTimeToRest`.
  @inline(__always) static func keepsStill(_ b: inout Body, h: Double) -> Bool {
    let reach = (b.position - b.stillPosition).length + abs(b.angle - b.stillAngle) * b.extent
    if reach < stillDistance {
      b.stillTime += h
    } else {
      b.stillTime = 0
      b.stillPosition = b.position
      b.stillAngle = b.angle
    }
    return b.stillTime >= stillTimeToRest
  }
}

extension BodyStore {
  /// Takes the step's forces off (`StepForces.finish`), advances the rest timers of the solver's bodies,
  /// then brings each back under the speed limits (`limitSpeed`; in the same loop, so each body is read
  /// from memory once), in slices on the pool's threads; returns the smallest rest time, with the
  /// springs' (`springSleep`). With `restTimers` false (sleeping is off: nothing reads the timers, as in
  /// Box2D) the timers stand and an awake solver body counts as not resting at all (0); with no body
  /// asleep either, only the velocities are read.
  mutating func finishStep(
    springSleep: Double, h: Double, restTimers: Bool, anyAsleep: Bool, on workers: WorkerPool
  ) -> Double {
    sims.withUnsafeMutableBufferPointer { stepForces.finish($0) }
    let pass = RestPass(h: h, restTimers: restTimers, anyAsleep: anyAsleep)
    let solverBodies = self.solverBodies
    var rests: [Double] = []
    swap(&rests, &integrationScratch.rest)
    defer { swap(&rests, &integrationScratch.rest) }
    withView { v in
      workers.mapSlices(of: solverBodies.count, grain: BodyStore.grain, into: &rests, empty: .infinity) { range in
        pass.run(solverBodies[range], v)
      }
    }
    return rests.reduce(springSleep) { Swift.min($0, $1) }
  }

  /// Restarts every body's rest and stillness timers where it is now.
  mutating func restartRestTimers() {
    for i in sims.indices {
      sims[i].sleepTime = 0
      sims[i].stillTime = 0
      sims[i].stillPosition = sims[i].position
      sims[i].stillAngle = sims[i].angle
    }
  }

  /// Restarts every body's rest timer and wakes it.
  mutating func restartRest() {
    for i in sims.indices {
      sims[i].sleepTime = 0
      sims[i].asleep = false
      sims[i].island = -1
    }
  }
}

extension PhysicsWorld {
  /// Restarts every body's rest timer (the animator resumes).
  mutating func resetSleep() {
    settleSprings()
    bodies.restartRest()
    if sleep.anyAsleep { needsCollision = true }
    sleep.anyAsleep = false
    if joints.hasFreeSprings { joints.freeSpringSleep = 0 }
    sleep.minimumSleepTime = 0
  }
}

/// One step's rest timers and speed limits over a slice of the solver bodies (`finishStep`).
struct RestPass {
  let h: Double
  let restTimers: Bool
  let anyAsleep: Bool

  /// The slice's smallest rest time.
  @inline(__always) func run(_ slice: ArraySlice<Int32>, _ v: BodyView) -> Double {
    let vMax = PhysicsWorld.maximumSpeed, wMax = PhysicsWorld.maximumRotationPerStep / h
    let (b, s) = (v.sims, v.states)
    guard restTimers || anyAsleep else {
      // Every body awake, none timed: the velocities alone.
      for i in slice { PhysicsWorld.limitSpeed(&s[Int(i)], vMax: vMax, wMax: wMax) }
      return slice.isEmpty ? .infinity : 0
    }
    let v2 = PhysicsWorld.sleepLinearSpeed * PhysicsWorld.sleepLinearSpeed
    let w0 = PhysicsWorld.sleepAngularSpeed
    var minSleep = Double.infinity
    for i in slice {
      let i = Int(i)
      if b[i].asleep { continue }
      guard restTimers else {
        minSleep = 0
        PhysicsWorld.limitSpeed(&s[i], vMax: vMax, wMax: wMax)
        continue
      }
      let still = PhysicsWorld.keepsStill(&b[i], h: h)
      if still || (s[i].v.lengthSquared < v2 && abs(s[i].w) < w0) {
        b[i].sleepTime += h
      } else {
        b[i].sleepTime = 0
      }
      minSleep = Swift.min(minSleep, b[i].sleepTime)
      PhysicsWorld.limitSpeed(&s[i], vMax: vMax, wMax: wMax)
    }
    return minSleep
  }
}
