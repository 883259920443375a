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
    guard !contacts.isEmpty else { return }
    let h = self.h
    let threshold = PhysicsWorld.restitutionThreshold
    // Per-body lists of the contacts where the body is A, to find a pair's other manifolds.
    if contactListHead.count < bodies.count { contactListHead = [Int32](repeating: -1, count: bodies.count) }
    for i in 0..<bodies.count { contactListHead[i] = -1 }
    if contactListNext.count < contacts.count { contactListNext = [Int32](repeating: -1, count: contacts.count * 2) }
    for ci in 0..<contacts.count {
      let a = Int(contacts[ci].bodyA)
      contactListNext[ci] = contactListHead[a]
      contactListHead[a] = Int32(ci)
    }
    if impactPoints.count < 64 { impactPoints = [ImpactPoint](repeating: ImpactPoint(), count: 64) }
    // The pass in which each body last changed velocity: after the first pass only contacts touching a
    // body the previous pass changed can have started to approach.
    if impactStamp.count < bodies.count { impactStamp = [Int32](repeating: -1, count: bodies.count) }
    for i in 0..<bodies.count { impactStamp[i] = -1 }
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeMutableBufferPointer { cs in
        contactListNext.withUnsafeBufferPointer { next in
          contactListHead.withUnsafeBufferPointer { head in
            impactPoints.withUnsafeMutableBufferPointer { pts in
            impactStamp.withUnsafeMutableBufferPointer { stamp in
              for pass in 0..<PhysicsWorld.maxImpactPasses {
                var applied = false
                let previous = Int32(pass - 1)
                for ci in 0..<cs.count {
                  let c = cs[ci]
                  if pass > 0 && stamp[Int(c.bodyA)] != previous && (c.bodyB < 0 || stamp[Int(c.bodyB)] != previous) { continue }
                  var A = PhysicsWorld.load(b, c.bodyA), B = PhysicsWorld.load(b, c.bodyB)
                  let n = c.normal
                  // Is any point of this manifold an impact?
                  var isImpact = false
                  for k in 0..<Int(c.pointCount) {
                    let p = k == 0 ? c.point0 : c.point1
                    let s = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
                    let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
                    if vn < -threshold && s + vn * h <= PhysicsWorld.linearSlop { isImpact = true }
                  }
                  if !isImpact { continue }
                  // Gather the closing points of every manifold of this pair facing the same way.
                  var count = 0, gap = Double.infinity
                  var j = head[Int(c.bodyA)]
                  while j >= 0 {
                    let cj = cs[Int(j)]
                    if cj.bodyB == c.bodyB && cj.normal.dot(n) > 0.999 {
                      for k in 0..<Int(cj.pointCount) where count < pts.count {
                        let p = k == 0 ? cj.point0 : cj.point1
                        let s = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
                        let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
                        if s + vn * h > PhysicsWorld.linearSlop { continue }
                        let rnA = p.anchorA.cross(n), rnB = p.anchorB.cross(n)
                        let kn = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                        guard kn > 0 else { continue }
                        pts[count] = ImpactPoint(anchorA: p.anchorA, anchorB: p.anchorB, target: Swift.max(-cj.restitution * vn, 0),
                                                 mass: 1 / kn, impulse: 0)
                        count += 1
                        gap = Swift.min(gap, s)
                      }
                      cs[Int(j)].point0.normalImpulse = 0; cs[Int(j)].point0.tangentImpulse = 0
                      cs[Int(j)].point1.normalImpulse = 0; cs[Int(j)].point1.tangentImpulse = 0
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
                  stamp[Int(c.bodyA)] = Int32(pass)
                  if c.bodyB >= 0 { stamp[Int(c.bodyB)] = Int32(pass) }
                  applied = true
                  if !c.impacted && gap > 0 && gap.isFinite {
                    cs[ci].impacted = true
                    let e = c.restitution
                    let shift = gap * (1 + e) / (A.invMass + B.invMass)
                    if c.bodyA >= 0 && A.invMass > 0 {
                      let d = n * (shift * A.invMass)
                      b[Int(c.bodyA)].position += d; b[Int(c.bodyA)].deltaPosition += d
                    }
                    if c.bodyB >= 0 && B.invMass > 0 {
                      let d = n * (-shift * B.invMass)
                      b[Int(c.bodyB)].position += d; b[Int(c.bodyB)].deltaPosition += d
                    }
                  }
                  cs[ci].impacted = true
                }
                if !applied { break }
              }
            }
            }
          }
        }
      }
    }
  }

  mutating func prepareContacts() {
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeMutableBufferPointer { cs in
        for ci in 0..<cs.count {
          let A = PhysicsWorld.load(b, cs[ci].bodyA), B = PhysicsWorld.load(b, cs[ci].bodyB)
          let n = cs[ci].normal, t = Vec2(n.y, -n.x)
          let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
          @inline(__always) func prep(_ p: inout ContactPoint) {
            let rnA = p.anchorA.cross(n), rnB = p.anchorB.cross(n)
            let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            p.normalMass = kn > 0 ? 1 / kn : 0
            let rtA = p.anchorA.cross(t), rtB = p.anchorB.cross(t)
            let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            p.tangentMass = kt > 0 ? 1 / kt : 0
            p.maxNormalImpulse = 0
          }
          prep(&cs[ci].point0)
          if cs[ci].pointCount > 1 { prep(&cs[ci].point1) }
        }
      }
    }
  }

  mutating func warmStart() {
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeBufferPointer { cs in
        for c in cs {
          var A = PhysicsWorld.load(b, c.bodyA), B = PhysicsWorld.load(b, c.bodyB)
          let n = c.normal, t = Vec2(n.y, -n.x)
          for k in 0..<Int(c.pointCount) {
            let p = k == 0 ? c.point0 : c.point1
            let P = n * p.normalImpulse + t * p.tangentImpulse
            A.v -= P * A.invMass; A.w -= A.invInertia * p.anchorA.cross(P)
            B.v += P * B.invMass; B.w += B.invInertia * p.anchorB.cross(P)
          }
          PhysicsWorld.store(b, c.bodyA, A)
          PhysicsWorld.store(b, c.bodyB, B)
        }
      }
    }
    if !joints.isEmpty { warmStartJoints() }
  }

  /// The normal row of one contact point (soft, biased or relaxing); returns nothing, updates the point's
  /// accumulated impulse and both bodies' velocities in place.
  @inline(__always) static func solveNormal(_ p: inout ContactPoint, _ A: inout BodyMotion, _ B: inout BodyMotion,
                                            n: Vec2, soft: Softness, useBias: Bool, invH: Double, maxPush: Double) {
    let s = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if s > 0 {
      // Speculative: let it close exactly to touching this step. Only in the biased pass: the relax pass
      // comes after the positions moved, and the next step's solve enforces the gap again before they
      // move once more; braking here would steal an impact's speed before the impact pass sees it.
      if !useBias { return }
      bias = s * invH
    } else if useBias {
      bias = Swift.max(soft.biasRate * s, -maxPush)
      massScale = soft.massScale
      impulseScale = soft.impulseScale
    }
    let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
    var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
    let newImpulse = Swift.max(p.normalImpulse + impulse, 0)
    impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    p.maxNormalImpulse = Swift.max(p.maxNormalImpulse, impulse)
    let P = n * impulse
    A.v -= P * A.invMass; A.w -= A.invInertia * p.anchorA.cross(P)
    B.v += P * B.invMass; B.w += B.invInertia * p.anchorB.cross(P)
  }

  /// The friction row of one contact point, bounded by friction × the point's normal impulse.
  @inline(__always) static func solveFriction(_ p: inout ContactPoint, _ A: inout BodyMotion, _ B: inout BodyMotion,
                                              t: Vec2, friction: Double) {
    let vt = t.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
    var impulse = -p.tangentMass * vt
    let maxFriction = friction * p.normalImpulse
    let newImpulse = Swift.min(Swift.max(p.tangentImpulse + impulse, -maxFriction), maxFriction)
    impulse = newImpulse - p.tangentImpulse
    p.tangentImpulse = newImpulse
    let P = t * impulse
    A.v -= P * A.invMass; A.w -= A.invInertia * p.anchorA.cross(P)
    B.v += P * B.invMass; B.w += B.invInertia * p.anchorB.cross(P)
  }

  /// One soft pass over the contacts (biased: pushes overlap out softly) or, with `useBias` false, the
  /// relax pass that removes the push-out velocity so position correction adds no energy. Then the
  /// joints, in the same pass.
  mutating func solve(useBias: Bool) {
    let invH = 1 / h
    let maxPush = PhysicsWorld.maxPushSpeed
    bodies.withUnsafeMutableBufferPointer { b in
      contacts.withUnsafeMutableBufferPointer { cs in
        for ci in 0..<cs.count {
          let bodyA = cs[ci].bodyA, bodyB = cs[ci].bodyB
          var A = PhysicsWorld.load(b, bodyA), B = PhysicsWorld.load(b, bodyB)
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
          PhysicsWorld.store(b, bodyA, A)
          PhysicsWorld.store(b, bodyB, B)
        }
      }
    }
    if !joints.isEmpty { solveJoints(useBias: useBias) }
  }
}
