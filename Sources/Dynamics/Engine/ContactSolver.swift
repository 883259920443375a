/// The contact solver (Box2D v3's soft step): one row per awake contact, built once per collision pass,
/// working on the world's body states (`PhysicsWorld.bodyStates`, Box2D's `b2BodyState` array) in place.
///
/// Each step the world calls `warmStart`, `solve(useBias: true)`, moves the bodies, then
/// `solve(useBias: false)` (the relax pass). A row names its bodies' entries in the state array
/// (`stateA`, `stateB`; the fixed world's entry is the last), so it reads and writes them without a
/// branch. The rows keep their accumulated impulses between collision passes; `storeImpulses` copies
/// them back to the contacts before the contacts are matched again or carried through a change of
/// behaviors.
struct ContactSolver {
  /// Overlap is pushed out no faster than this, in points/s.
  static let maxPushSpeed = 300.0

  /// The rows for `contacts[0..<rows.count]`, index for index.
  var rows: [ContactConstraint] = []

  var isEmpty: Bool { rows.isEmpty }

  mutating func clear() { rows.removeAll(keepingCapacity: true) }

  /// Builds the rows of `contacts[0..<count]` (the awake ones): lever arms and effective masses stay
  /// fixed until the next collision pass (the anchors do), so they are computed once, not every step.
  mutating func prepare(_ contacts: [Contact], count n: Int, states: inout [BodyState]) {
    rows.removeAll(keepingCapacity: true)
    rows.reserveCapacity(n)
    states.withUnsafeMutableBufferPointer { b in
      let world = Int32(b.count - 1)
      contacts.withUnsafeBufferPointer { cs in
        for ci in 0..<n {
          let c = cs[ci]
          let A = BodyState.load(b, body: c.bodyA), B = BodyState.load(b, body: c.bodyB)
          var k = ContactConstraint(bodyA: c.bodyA, bodyB: c.bodyB, stateA: c.bodyA >= 0 ? c.bodyA : world,
                                    stateB: c.bodyB >= 0 ? c.bodyB : world, pointCount: c.pointCount, normal: c.normal,
                                    friction: c.friction, softness: c.softness)
          k.point0 = ContactSolver.prepare(c.point0, A, B, normal: c.normal)
          k.leverA = abs(k.point0.rnA); k.leverB = abs(k.point0.rnB)
          if c.pointCount > 1 {
            k.point1 = ContactSolver.prepare(c.point1, A, B, normal: c.normal)
            k.leverA = Swift.max(k.leverA, abs(k.point1.rnA)); k.leverB = Swift.max(k.leverB, abs(k.point1.rnB))
          }
          rows.append(k)
        }
      }
    }
  }

  @inline(__always) static func prepare(_ p: ContactPoint, _ A: BodyState, _ B: BodyState, normal nrm: Vec2) -> SolverPoint {
    let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
    var q = SolverPoint()
    q.baseSeparation = p.baseSeparation
    q.rnA = p.anchorA.cross(nrm); q.rnB = p.anchorB.cross(nrm)
    q.nrA = p.anchorA.dot(nrm); q.nrB = p.anchorB.dot(nrm)
    let kn = mA + mB + iA * q.rnA * q.rnA + iB * q.rnB * q.rnB
    q.normalMass = kn > 0 ? 1 / kn : 0
    // r × t = −n·r: the tangent lever arms are the (negated) nr.
    let kt = mA + mB + iA * q.nrA * q.nrA + iB * q.nrB * q.nrB
    q.tangentMass = kt > 0 ? 1 / kt : 0
    q.normalImpulse = p.normalImpulse
    q.tangentImpulse = p.tangentImpulse
    return q
  }

  /// Copies the rows' accumulated impulses back to their contacts.
  func storeImpulses(into contacts: inout [Contact], awakeCount: Int) {
    guard rows.count == awakeCount, awakeCount <= contacts.count else { return }
    rows.withUnsafeBufferPointer { cons in
      contacts.withUnsafeMutableBufferPointer { cs in
        for i in 0..<cons.count {
          cs[i].point0.normalImpulse = cons[i].point0.normalImpulse
          cs[i].point0.tangentImpulse = cons[i].point0.tangentImpulse
          cs[i].point1.normalImpulse = cons[i].point1.normalImpulse
          cs[i].point1.tangentImpulse = cons[i].point1.tangentImpulse
        }
      }
    }
  }

  /// Applies last step's impulses again (warm starting).
  func warmStart(_ states: inout [BodyState]) {
    states.withUnsafeMutableBufferPointer { sb in
      let st = sb.baseAddress.unsafelyUnwrapped
      rows.withUnsafeBufferPointer { cs in
        for c in cs {
          var A = BodyState.load(st, c.stateA), B = BodyState.load(st, c.stateB)
          let n = c.normal, t = Vec2(n.y, -n.x)
          @inline(__always) func apply(_ p: SolverPoint) {
            let P = n * p.normalImpulse + t * p.tangentImpulse
            A.v -= P * A.invMass; A.w -= A.invInertia * (p.normalImpulse * p.rnA - p.tangentImpulse * p.nrA)
            B.v += P * B.invMass; B.w += B.invInertia * (p.normalImpulse * p.rnB - p.tangentImpulse * p.nrB)
          }
          apply(c.point0)
          if c.pointCount > 1 { apply(c.point1) }
          BodyState.store(st, c.stateA, A)
          BodyState.store(st, c.stateB, B)
        }
      }
    }
  }

  /// One soft pass over the rows (biased: pushes overlap out softly) or, with `useBias` false, the
  /// relax pass that removes the push-out velocity so position correction adds no energy.
  mutating func solve(useBias: Bool, h: Double, _ states: inout [BodyState]) {
    let invH = 1 / h
    let maxPush = ContactSolver.maxPushSpeed
    states.withUnsafeMutableBufferPointer { sb in
      guard let st = sb.baseAddress else { return }
      rows.withUnsafeMutableBufferPointer { cs in
        for ci in 0..<cs.count {
          let stateA = cs[ci].stateA, stateB = cs[ci].stateB
          var A = BodyState.load(st, stateA), B = BodyState.load(st, stateB)
          let n = cs[ci].normal, t = Vec2(n.y, -n.x)
          let soft = cs[ci].softness
          let two = cs[ci].pointCount > 1
          ContactSolver.solveNormal(&cs[ci].point0, &A, &B, n: n, soft: soft, useBias: useBias, invH: invH, maxPush: maxPush)
          if two {
            ContactSolver.solveNormal(&cs[ci].point1, &A, &B, n: n, soft: soft, useBias: useBias, invH: invH, maxPush: maxPush)
          }
          let friction = cs[ci].friction
          if friction > 0 {
            ContactSolver.solveFriction(&cs[ci].point0, &A, &B, t: t, friction: friction)
            if two { ContactSolver.solveFriction(&cs[ci].point1, &A, &B, t: t, friction: friction) }
          }
          BodyState.store(st, stateA, A)
          BodyState.store(st, stateB, B)
        }
      }
    }
  }

  /// The point's separation now: at the collision pass plus what the bodies' motion since has done to it.
  @inline(__always) static func separation(_ p: SolverPoint, _ A: BodyState, _ B: BodyState, _ n: Vec2) -> Double {
    let aA = A.deltaAngle, aB = B.deltaAngle
    return p.baseSeparation + n.dot(B.deltaPosition - A.deltaPosition)
      + (aB * p.rnB - 0.5 * aB * aB * p.nrB) - (aA * p.rnA - 0.5 * aA * aA * p.nrA)
  }

  /// The normal row of one contact point (soft, biased or relaxing); updates the point's accumulated
  /// impulse and both bodies' velocities in place.
  @inline(__always) static func solveNormal(_ p: inout SolverPoint, _ A: inout BodyState, _ B: inout BodyState,
                                            n: Vec2, soft: Softness, useBias: Bool, invH: Double, maxPush: Double) {
    let s = separation(p, A, B, n)
    let vn = n.dot(B.v - A.v) + B.w * p.rnB - A.w * p.rnA
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if s > 0 {
      // Speculative: let it close exactly to touching this step. The relax pass comes after the
      // positions moved and does the same for slow approaches (as Box2D's does: without it a resting
      // pile creeps), but leaves an approach at impact speed alone: braking it there would steal the
      // speed before the next step's impact pass sees it.
      if !useBias && vn < -PhysicsWorld.restitutionThreshold { return }
      bias = s * invH
    } else if useBias {
      bias = Swift.max(soft.biasRate * s, -maxPush)
      massScale = soft.massScale
      impulseScale = soft.impulseScale
    }
    var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
    let newImpulse = Swift.max(p.normalImpulse + impulse, 0)
    impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    let P = n * impulse
    A.v -= P * A.invMass; A.w -= A.invInertia * p.rnA * impulse
    B.v += P * B.invMass; B.w += B.invInertia * p.rnB * impulse
  }

  /// The friction row of one contact point, bounded by friction × the point's normal impulse.
  @inline(__always) static func solveFriction(_ p: inout SolverPoint, _ A: inout BodyState, _ B: inout BodyState,
                                              t: Vec2, friction: Double) {
    let vt = t.dot(B.v - A.v) - B.w * p.nrB + A.w * p.nrA
    var impulse = -p.tangentMass * vt
    let maxFriction = friction * p.normalImpulse
    let newImpulse = Swift.min(Swift.max(p.tangentImpulse + impulse, -maxFriction), maxFriction)
    impulse = newImpulse - p.tangentImpulse
    p.tangentImpulse = newImpulse
    let P = t * impulse
    A.v -= P * A.invMass; A.w += A.invInertia * p.nrA * impulse
    B.v += P * B.invMass; B.w -= B.invInertia * p.nrB * impulse
  }
}
