#if canImport(Glibc)
import Glibc
#endif

/// Velocity and mass of one side of a contact or joint, loaded from the body array (or the fixed world).
struct BodyMotion {
  var v: Vec2
  var w: Double
  var invMass: Double
  var invInertia: Double
  var deltaPosition: Vec2
  var deltaAngle: Double

  static let world = BodyMotion(v: .zero, w: 0, invMass: 0, invInertia: 0, deltaPosition: .zero, deltaAngle: 0)

  @inline(__always) init(v: Vec2, w: Double, invMass: Double, invInertia: Double, deltaPosition: Vec2, deltaAngle: Double) {
    self.v = v; self.w = w; self.invMass = invMass; self.invInertia = invInertia
    self.deltaPosition = deltaPosition; self.deltaAngle = deltaAngle
  }

  @inline(__always) init(_ b: Body) {
    v = b.velocity; w = b.angularVelocity; invMass = b.invMass; invInertia = b.invInertia
    deltaPosition = b.deltaPosition; deltaAngle = b.deltaAngle
  }

  /// How far the material point at offset r moved since the collision pass (small-angle rotation).
  @inline(__always) func displacement(of r: Vec2) -> Vec2 {
    let a = deltaAngle
    return deltaPosition + Vec2(-a * r.y - 0.5 * a * a * r.x, a * r.x - 0.5 * a * a * r.y)
  }

  @inline(__always) func velocity(at r: Vec2) -> Vec2 { v + crossSV(w, r) }
}

/// One point of an impact being solved (scratch, reused every step).
struct ImpactPoint {
  var anchorA = Vec2.zero
  var anchorB = Vec2.zero
  /// The normal velocity the point should leave with (−e × its approach speed).
  var target = 0.0
  var mass = 0.0
  var impulse = 0.0
}

extension PhysicsWorld {
  /// Reads only the hot fields through a pointer (no copy of the whole body).
  @inline(__always) static func load(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int32) -> BodyMotion {
    guard i >= 0 else { return .world }
    let p = b.baseAddress.unsafelyUnwrapped + Int(i)
    return BodyMotion(v: p.pointee.velocity, w: p.pointee.angularVelocity, invMass: p.pointee.invMass,
                      invInertia: p.pointee.invInertia, deltaPosition: p.pointee.deltaPosition, deltaAngle: p.pointee.deltaAngle)
  }

  @inline(__always) static func store(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int32, _ m: BodyMotion) {
    guard i >= 0 else { return }
    let p = b.baseAddress.unsafelyUnwrapped + Int(i)
    guard p.pointee.invMass > 0 else { return }
    p.pointee.velocity = m.v
    p.pointee.angularVelocity = m.w
  }

  /// Impacts: when two bodies close faster than the restitution threshold within this step, they get an
  /// impact impulse that makes their normal velocity −e times what it was (a collision). All the touching
  /// points of one pair of bodies are solved together (a box landing flat bounces without spinning), but
  /// pairs are handled one after another, and passes repeat until nothing approaches: in a touching chain
  /// the impact is handed on pair by pair, as between real stiff bodies, where a simultaneous iterative
  /// solve would smear it over the whole chain (the classic Newton's-cradle failure).
  ///
  /// The impulse comes before the bodies have met (they may be up to one step apart), so the pair is also
  /// moved by (1 + e)·gap along the normal: the positions they would have had had they met mid-step and
  /// separated for the rest of it. That keeps rebound heights exact to the step.
  mutating func resolveImpacts() {
    impactStarts.removeAll(keepingCapacity: true)
    guard !constraints.isEmpty else { return }
    let h = self.h
    let threshold = PhysicsWorld.restitutionThreshold
    let slop = PhysicsWorld.linearSlop
    // Pass 0 scans every row cheaply; the per-body lists (to find a pair's other manifolds) and the pass
    // stamps are only reset once it finds an impact.
    if contactListHead.count < bodies.count { contactListHead = [Int32](repeating: -1, count: bodies.count) }
    if contactListNext.count < contacts.count { contactListNext = [Int32](repeating: -1, count: contacts.count * 2) }
    if impactStamp.count < bodies.count { impactStamp = [Int32](repeating: -1, count: bodies.count) }
    if impactPoints.count < 64 { impactPoints = [ImpactPoint](repeating: ImpactPoint(), count: 64) }
    if incidenceHead.count < bodies.count { incidenceHead = [Int32](repeating: -1, count: bodies.count) }
    if incidenceNext.count < 2 * contacts.count { incidenceNext = [Int32](repeating: -1, count: contacts.count * 4) }
    // Each body's speed and spin (the world's entry, last, stays zero): a row whose bodies' speeds plus
    // spins times lever arms stay under the threshold cannot approach that fast, and is skipped cheaply.
    let n = bodies.count
    if impactSpeed.count != 2 * (n + 1) { impactSpeed = [Double](repeating: 0, count: 2 * (n + 1)) }
    bodies.withUnsafeBufferPointer { b in
      impactSpeed.withUnsafeMutableBufferPointer { sp in
        for i in 0..<n {
          sp[2 * i] = b[i].velocity.length
          sp[2 * i + 1] = abs(b[i].angularVelocity)
        }
      }
    }
    var listsReady = false
    // Moved out (not copied) so appending does not reallocate; put back when done.
    var changed = changedBodies, candidates = impactCandidates, starts = impactStarts
    changedBodies = []; impactCandidates = []; impactStarts = []
    changed.removeAll(keepingCapacity: true)
    candidates.removeAll(keepingCapacity: true)
    defer { changedBodies = changed; impactCandidates = candidates; impactStarts = starts }
    impactSpeed.withUnsafeBufferPointer { sp in
    incidenceHead.withUnsafeMutableBufferPointer { incHead in
    incidenceNext.withUnsafeMutableBufferPointer { incNext in
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeMutableBufferPointer { cs in
        constraints.withUnsafeMutableBufferPointer { cons in
        contactListNext.withUnsafeMutableBufferPointer { next in
          contactListHead.withUnsafeMutableBufferPointer { head in
            impactPoints.withUnsafeMutableBufferPointer { pts in
            impactStamp.withUnsafeMutableBufferPointer { stamp in
              for pass in 0..<PhysicsWorld.maxImpactPasses {
                var applied = false
                let previous = Int32(pass - 1)
                // Pass 0 looks at every row; later passes only at the rows of bodies the previous pass
                // changed (in index order, as a full scan would meet them).
                let rowCount = pass == 0 ? cons.count : candidates.count
                for r in 0..<rowCount {
                  let ci = pass == 0 ? r : Int(candidates[r])
                  let found: Bool = {
                    let bodyA = cons[ci].bodyA, bodyB = cons[ci].bodyB
                    if pass > 0 && stamp[Int(bodyA)] != previous && (bodyB < 0 || stamp[Int(bodyB)] != previous) { return false }
                    if pass == 0 {
                      let sa = 2 * Int(cons[ci].stateA), sb = 2 * Int(cons[ci].stateB)
                      let bound = sp[sa] + sp[sb] + sp[sa + 1] * cons[ci].leverA + sp[sb + 1] * cons[ci].leverB
                      if bound < 0.999 * threshold { return false }
                    }
                    let A = PhysicsWorld.load(b, bodyA), B = PhysicsWorld.load(b, bodyB)
                    let n = cons[ci].normal
                    @inline(__always) func closing(_ p: SolverPoint) -> Bool {
                      let vn = n.dot(B.v - A.v) + B.w * p.rnB - A.w * p.rnA
                      guard vn < -threshold else { return false }
                      return PhysicsWorld.separation(p, A, B, n) + vn * h <= slop
                    }
                    return closing(cons[ci].point0) || (cons[ci].pointCount > 1 && closing(cons[ci].point1))
                  }()
                  if !found { continue }
                  if !listsReady {
                    listsReady = true
                    for i in 0..<b.count { head[i] = -1; stamp[i] = -1; incHead[i] = -1 }
                    var k = cons.count - 1
                    while k >= 0 {
                      let a = Int(cs[k].bodyA)
                      next[k] = head[a]
                      head[a] = Int32(k)
                      incNext[2 * k] = incHead[a]
                      incHead[a] = Int32(2 * k)
                      let bb = Int(cs[k].bodyB)
                      if bb >= 0 {
                        incNext[2 * k + 1] = incHead[bb]
                        incHead[bb] = Int32(2 * k + 1)
                      }
                      k -= 1
                    }
                  }
                  let c = cs[ci]
                  var A = PhysicsWorld.load(b, c.bodyA), B = PhysicsWorld.load(b, c.bodyB)
                  let n = c.normal
                  // Gather the closing points of every manifold of this pair facing the same way.
                  var count = 0, gap = Double.infinity, held = Double.infinity
                  var j = head[Int(c.bodyA)]
                  while j >= 0 {
                    let cj = cs[Int(j)]
                    if cj.bodyB == c.bodyB && cj.normal.dot(n) > 0.999 {
                      for k in 0..<Int(cj.pointCount) where count < pts.count {
                        let p = k == 0 ? cj.point0 : cj.point1
                        let s = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
                        let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
                        if s + vn * h > PhysicsWorld.linearSlop { held = Swift.min(held, s); continue }
                        let rnA = p.anchorA.cross(n), rnB = p.anchorB.cross(n)
                        let kn = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                        guard kn > 0 else { continue }
                        pts[count] = ImpactPoint(anchorA: p.anchorA, anchorB: p.anchorB, target: Swift.max(-cj.restitution * vn, 0),
                                                 mass: 1 / kn, impulse: 0)
                        count += 1
                        gap = Swift.min(gap, s)
                      }
                      cons[Int(j)].point0.normalImpulse = 0; cons[Int(j)].point0.tangentImpulse = 0
                      cons[Int(j)].point1.normalImpulse = 0; cons[Int(j)].point1.tangentImpulse = 0
                      if !cj.isTouching {
                        // It hit, even if it is already apart again at the next collision pass.
                        cs[Int(j)].isTouching = true
                        // Where they meet: A's surface point (it has moved with A since the collision pass)
                        // carried across the gap that is left.
                        let p = cj.point0
                        let sNow = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
                        let point = b[Int(cj.bodyA)].position + p.anchorA + n * (sNow - 0.5 * p.baseSeparation)
                        events.append(ContactEvent(began: true, bodyA: cj.bodyA, bodyB: cj.bodyB, boundary: cj.boundary,
                                                   point: point))
                      }
                    }
                    j = next[Int(j)]
                  }
                  if count == 0 { continue }
                  // Solve the pair's points together: each separates at −e times its approach speed.
                  for _ in 0..<(count == 1 ? 1 : 12) {
                    for k in 0..<count {
                      let p = pts[k]
                      let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
                      let newImpulse = Swift.max(p.impulse + (p.target - vn) * p.mass, 0)
                      let d = newImpulse - p.impulse
                      pts[k].impulse = newImpulse
                      let P = n * d
                      A.v -= P * A.invMass; A.w -= A.invInertia * p.anchorA.cross(P)
                      B.v += P * B.invMass; B.w += B.invInertia * p.anchorB.cross(P)
                    }
                  }
                  PhysicsWorld.store(b, c.bodyA, A)
                  PhysicsWorld.store(b, c.bodyB, B)
                  if stamp[Int(c.bodyA)] != Int32(pass) { changed.append(c.bodyA) }
                  stamp[Int(c.bodyA)] = Int32(pass)
                  if c.bodyB >= 0 {
                    if stamp[Int(c.bodyB)] != Int32(pass) { changed.append(c.bodyB) }
                    stamp[Int(c.bodyB)] = Int32(pass)
                  }
                  if !c.impacted && gap > 0 && gap.isFinite {
                    cs[ci].impacted = true
                    let e = c.restitution
                    // No further than the pair's points that are not closing: a body that hits with a
                    // swinging corner while pivoting on another is not pushed through at the pivot.
                    let shift = Swift.min(gap * (1 + e), Swift.max(held, 0)) / (A.invMass + B.invMass)
                    if c.bodyA >= 0 && A.invMass > 0 {
                      PhysicsWorld.noteImpactStart(&starts, c.bodyA, b[Int(c.bodyA)].position)
                      let d = n * (shift * A.invMass)
                      b[Int(c.bodyA)].position += d; b[Int(c.bodyA)].deltaPosition += d
                    }
                    if c.bodyB >= 0 && B.invMass > 0 {
                      PhysicsWorld.noteImpactStart(&starts, c.bodyB, b[Int(c.bodyB)].position)
                      let d = n * (-shift * B.invMass)
                      b[Int(c.bodyB)].position += d; b[Int(c.bodyB)].deltaPosition += d
                    }
                  }
                  cs[ci].impacted = true
                  applied = true
                }
                if !applied { break }
                // The next pass's rows: every contact of a body this pass changed, sorted, no repeats.
                candidates.removeAll(keepingCapacity: true)
                for body in changed {
                  var e = incHead[Int(body)]
                  while e >= 0 {
                    candidates.append(e >> 1)
                    e = incNext[Int(e)]
                  }
                }
                changed.removeAll(keepingCapacity: true)
                candidates.sort()
                var unique = 0
                for r in 0..<candidates.count where r == 0 || candidates[r] != candidates[r - 1] {
                  candidates[unique] = candidates[r]
                  unique += 1
                }
                candidates.removeLast(candidates.count - unique)
              }
            }
            }
          }
        }
        }
      }
    }
    }
    }
    }
  }

  /// Builds the solver rows from the collision pass's contacts: lever arms and effective masses stay
  /// fixed until the next pass (the anchors do), so they are computed once, not every step.
  mutating func prepareContacts() {
    // Only the awake contacts (the first `awakeContactCount`) get rows; a sleeping island's contacts
    // keep their impulses in `contacts` until it wakes.
    let n = awakeContactCount
    constraints.removeAll(keepingCapacity: true)
    constraints.reserveCapacity(n)
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeBufferPointer { cs in
        for ci in 0..<n {
          let c = cs[ci]
          let A = PhysicsWorld.load(b, c.bodyA), B = PhysicsWorld.load(b, c.bodyB)
          let nrm = c.normal
          let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
          @inline(__always) func prep(_ p: ContactPoint) -> SolverPoint {
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
          let world = Int32(b.count)
          var k = ContactConstraint(bodyA: c.bodyA, bodyB: c.bodyB, stateA: c.bodyA >= 0 ? c.bodyA : world,
                                    stateB: c.bodyB >= 0 ? c.bodyB : world, pointCount: c.pointCount, normal: nrm,
                                    friction: c.friction, softness: c.softness)
          k.point0 = prep(c.point0)
          k.leverA = abs(k.point0.rnA); k.leverB = abs(k.point0.rnB)
          if c.pointCount > 1 {
            k.point1 = prep(c.point1)
            k.leverA = Swift.max(k.leverA, abs(k.point1.rnA)); k.leverB = Swift.max(k.leverB, abs(k.point1.rnB))
          }
          constraints.append(k)
        }
      }
    }
  }

  /// Copies the bodies' velocities, motion since the collision pass and masses into `solverState`.
  mutating func loadSolverState() {
    guard !constraints.isEmpty else { return }
    let n = bodies.count
    if solverState.count != n + 1 {
      solverState = [SolverBody](repeating: SolverBody(v: .zero, w: 0, invMass: 0, deltaPosition: .zero, deltaAngle: 0,
                                                       invInertia: 0), count: n + 1)
    }
    bodies.withUnsafeBufferPointer { b in
      solverState.withUnsafeMutableBufferPointer { st in
        for i in 0..<n {
          st[i] = SolverBody(v: b[i].velocity, w: b[i].angularVelocity, invMass: b[i].invMass,
                             deltaPosition: b[i].deltaPosition, deltaAngle: b[i].deltaAngle, invInertia: b[i].invInertia)
        }
      }
    }
  }

  /// Writes the contact passes' velocities back to the moving bodies.
  mutating func storeSolverState() {
    guard !constraints.isEmpty else { return }
    bodies.withUnsafeMutableBufferPointer { b in
      solverState.withUnsafeBufferPointer { st in
        for i in solverBodies {
          let i = Int(i)
          b[i].velocity = st[i].v
          b[i].angularVelocity = st[i].w
        }
      }
    }
  }

  @inline(__always) static func load(_ st: UnsafeMutablePointer<SolverBody>, _ i: Int32) -> BodyMotion {
    let p = st + Int(i)
    return BodyMotion(v: p.pointee.v, w: p.pointee.w, invMass: p.pointee.invMass, invInertia: p.pointee.invInertia,
                      deltaPosition: p.pointee.deltaPosition, deltaAngle: p.pointee.deltaAngle)
  }

  @inline(__always) static func store(_ st: UnsafeMutablePointer<SolverBody>, _ i: Int32, _ m: BodyMotion) {
    let p = st + Int(i)
    p.pointee.v = m.v
    p.pointee.w = m.w
  }

  mutating func warmStart() {
    solverState.withUnsafeMutableBufferPointer { sb in
      let st = sb.baseAddress.unsafelyUnwrapped
      constraints.withUnsafeBufferPointer { cs in
        for c in cs {
          var A = PhysicsWorld.load(st, c.stateA), B = PhysicsWorld.load(st, c.stateB)
          let n = c.normal, t = Vec2(n.y, -n.x)
          @inline(__always) func apply(_ p: SolverPoint) {
            let P = n * p.normalImpulse + t * p.tangentImpulse
            A.v -= P * A.invMass; A.w -= A.invInertia * (p.normalImpulse * p.rnA - p.tangentImpulse * p.nrA)
            B.v += P * B.invMass; B.w += B.invInertia * (p.normalImpulse * p.rnB - p.tangentImpulse * p.nrB)
          }
          apply(c.point0)
          if c.pointCount > 1 { apply(c.point1) }
          PhysicsWorld.store(st, c.stateA, A)
          PhysicsWorld.store(st, c.stateB, B)
        }
      }
    }
    if !joints.isEmpty {
      // Joints work on the bodies: hand them the contacts' velocities and take theirs back.
      storeSolverState()
      warmStartJoints()
      loadSolverState()
    }
  }

  /// The point's separation now: at the collision pass plus what the bodies' motion since has done to it.
  @inline(__always) static func separation(_ p: SolverPoint, _ A: BodyMotion, _ B: BodyMotion, _ n: Vec2) -> Double {
    let aA = A.deltaAngle, aB = B.deltaAngle
    return p.baseSeparation + n.dot(B.deltaPosition - A.deltaPosition)
      + (aB * p.rnB - 0.5 * aB * aB * p.nrB) - (aA * p.rnA - 0.5 * aA * aA * p.nrA)
  }

  /// The normal row of one contact point (soft, biased or relaxing); updates the point's accumulated
  /// impulse and both bodies' velocities in place.
  @inline(__always) static func solveNormal(_ p: inout SolverPoint, _ A: inout BodyMotion, _ B: inout BodyMotion,
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
  @inline(__always) static func solveFriction(_ p: inout SolverPoint, _ A: inout BodyMotion, _ B: inout BodyMotion,
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

  /// One soft pass over the contacts (biased: pushes overlap out softly) or, with `useBias` false, the
  /// relax pass that removes the push-out velocity so position correction adds no energy. Then the
  /// joints, in the same pass.
  mutating func solve(useBias: Bool) {
    if hasExactSprings { solveExactSprings(useBias: useBias) }
    let invH = 1 / h
    let maxPush = PhysicsWorld.maxPushSpeed
    solverState.withUnsafeMutableBufferPointer { sb in
      guard let st = sb.baseAddress else { return }
      constraints.withUnsafeMutableBufferPointer { cs in
        for ci in 0..<cs.count {
          let stateA = cs[ci].stateA, stateB = cs[ci].stateB
          var A = PhysicsWorld.load(st, stateA), B = PhysicsWorld.load(st, stateB)
          let n = cs[ci].normal, t = Vec2(n.y, -n.x)
          let soft = cs[ci].softness
          let two = cs[ci].pointCount > 1
          PhysicsWorld.solveNormal(&cs[ci].point0, &A, &B, n: n, soft: soft, useBias: useBias, invH: invH, maxPush: maxPush)
          if two {
            PhysicsWorld.solveNormal(&cs[ci].point1, &A, &B, n: n, soft: soft, useBias: useBias, invH: invH, maxPush: maxPush)
          }
          let friction = cs[ci].friction
          if friction > 0 {
            PhysicsWorld.solveFriction(&cs[ci].point0, &A, &B, t: t, friction: friction)
            if two { PhysicsWorld.solveFriction(&cs[ci].point1, &A, &B, t: t, friction: friction) }
          }
          PhysicsWorld.store(st, stateA, A)
          PhysicsWorld.store(st, stateB, B)
        }
      }
    }
    storeSolverState()
    if !joints.isEmpty { solveJoints(useBias: useBias) }
  }
}
