/// Integration: the bodies' velocities from forces, their positions from velocities (Box2D v3's soft
/// step integrates in these two halves around the solve).
extension BodyStore {
  /// Resistance, then gravity, forces and torques, for every awake solver body; then every solver body's
  /// speed and spin capped (`capSpeed`) before the impact pass reads them, and the fastest noted for its
  /// early exit — in one loop, so each body is read from memory once.
  mutating func integrateVelocities(h: Double) -> FastestMotion {
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    var fastest = FastestMotion()
    let solverBodies = self.solverBodies
    withView { v in
      let (b, s) = (v.sims, v.states)
      for i in solverBodies {
        let i = Int(i)
        if !b[i].asleep {
          let invM = s[i].invMass
          s[i].v = s[i].v * b[i].linearDamping + (b[i].acceleration + b[i].force * invM) * h
          s[i].w = s[i].w * b[i].angularDamping + h * b[i].torque * s[i].invInertia
        }
        PhysicsWorld.capSpeed(&s[i], maxSpeed: maxSpeed, maxSpin: maxSpin)
        fastest.note(s[i])
      }
    }
    return fastest
  }

  /// Moves every awake solver body by its velocity over the step, after capping its speed and spin
  /// (`maximumLinearSpeed`, `maximumRotationPerStep`). Notes the bodies that move far for their size
  /// against boundaries (`fastBodies`, for `sweepFastBodies`), and returns whether some body has turned
  /// further since the last pass than its contacts can follow, so the next step needs a collision pass
  /// (a rule on distance too kept resting piles from ever sleeping).
  mutating func integratePositions(
    h: Double, sweeps bodySweeps: [BodySweep], hasBoundaries sweeps: Bool, impactStarts starts: [FastBody],
    fastBodies: inout [FastBody]
  ) -> Bool {
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    let fraction = PhysicsWorld.continuousFraction
    let spec = PhysicsWorld.speculativeDistance
    var stale = false
    fastBodies.removeAll(keepingCapacity: true)
    let solverBodies = self.solverBodies
    withView { v in
      let (b, s) = (v.sims, v.states)
      for i in solverBodies {
        let i = Int(i)
        if b[i].asleep { continue }
        var v = s[i].v
        let v2 = v.lengthSquared
        if v2 > maxSpeed * maxSpeed {
          v = v * (maxSpeed / v2.squareRoot())
          s[i].v = v
        }
        var w = s[i].w
        if abs(w) > maxSpin {
          w = w > 0 ? maxSpin : -maxSpin
          s[i].w = w
        }
        let dp = v * h
        let d = h * w
        if sweeps && b[i].hasBoundaryCollisions {
          let margin = i < bodySweeps.count ? bodySweeps[i].margin + spec : 0
          if BodyStore.movesFast(
            b.baseAddress.unsafelyUnwrapped + i, s[i], by: dp, turning: d, fraction: fraction,
            margin: margin)
          {
            fastBodies.append(
              FastBody(
                body: Int32(i), startPosition: PhysicsWorld.impactStart(of: i, in: starts) ?? b[i].position,
                startAngle: b[i].angle))
          }
        }
        b[i].position += dp
        s[i].deltaPosition += dp
        if w != 0 {
          b[i].rotate(by: d)
          s[i].deltaAngle += d
          // Only a body still spinning fast enough to turn that far within a pass's four steps: a pile's
          // creep adds up small turns that must not keep it from sleeping.
          let e = b[i].extent
          if PhysicsWorld.outruns(turn: s[i].deltaAngle, extent: e) && PhysicsWorld.outruns(turn: 4 * d, extent: e) {
            stale = true
          }
        }
      }
    }
    return stale
  }

  /// Whether a step that moves body `b` by `dp` and turns it by `d` needs the continuous sweep against
  /// boundaries: the motion exceeds `fraction` of the body's thinnest part (the linear and the
  /// rotational parts each held to half of that, to spare a square root), or takes it beyond `margin`,
  /// the distance the last collision pass made contacts for (walls it may reach have none).
  @inline(__always) static func movesFast(
    _ b: UnsafeMutablePointer<Body>, _ s: BodyState, by dp: Vec2, turning d: Double,
    fraction: Double, margin: Double
  ) -> Bool {
    let reach = 0.5 * fraction * b.pointee.minExtent
    let left = margin - abs(s.deltaAngle + d) * b.pointee.extent
    return dp.lengthSquared > reach * reach || abs(d) * b.pointee.extent > reach
      || left < 0 || (s.deltaPosition + dp).lengthSquared > left * left
  }
}
