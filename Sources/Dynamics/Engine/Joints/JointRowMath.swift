#if canImport(Glibc)
  import Glibc
#endif

/// Bias, mass scale and impulse scale for one constraint row in one pass, and the largest
/// position-correction speed a pivot's point row computing its own bias may ask for
/// (`JointPass.pivotCap`), with its scale for `Vec2.capped(perUnitChange:)`.
struct RowTerms {
  var bias: Double
  var massScale: Double
  var impulseScale: Double
  var pivotCap = PhysicsWorld.maximumSpeed
  var pivotScale = PhysicsWorld.maximumSpeedChange / PhysicsWorld.maximumSpeed
}

/// A joint pass's parameters: the step, the rigid rows' softness and whether this is the biased pass.
/// Distance and point springs on the soft path (`SpringPath.softRow`) and the snap take Box2D's soft
/// step from their own frequency and damping ratio, in the biased pass only; rigid rows correct their
/// position softly in the biased pass and are solved rigidly without bias in the relax pass.
struct JointPass {
  var h: Double
  var rigid: Softness
  var useBias: Bool
  /// The largest position-correction speed a rigid pivot's point row (pin, rigid point, weld) asks
  /// for: `PhysicsWorld.maximumSpeed` between items (only a bound on divergence), `rigidCorrectionCap`
  /// to a world anchor.
  var pivotCap = PhysicsWorld.maximumSpeed {
    didSet { pivotScale = PhysicsWorld.maximumSpeedChange / pivotCap }
  }
  /// `maximumSpeedChange / pivotCap`: the cap as `Vec2.capped(perUnitChange:)` takes it, worked out once
  /// a pass instead of once a row.
  private(set) var pivotScale = PhysicsWorld.maximumSpeedChange / PhysicsWorld.maximumSpeed

  /// A pass with the default pivot cap (set `pivotCap` after, so that its scale follows).
  init(h: Double, rigid: Softness, useBias: Bool) {
    self.h = h
    self.rigid = rigid
    self.useBias = useBias
  }

  /// The correction speed, in pt/s, of the rigid rows that keep a cap: the axial and angular rows (a rod's
  /// length, a slider's line, an angle), and a pivot held to a world anchor. A rod's error comes mostly from
  /// its `length` being set, and capped the rod travels to its new length instead of snapping there
  /// (uncapped, an incremental world's scene drifted 0.8 pt from its fresh twin in a quarter second, where
  /// capped they agree to 1e-13); a world anchor is the point the user drags an item by, and the energy watch
  /// leaves a group alone for a second after its anchor moved, so uncapped a dragged card is left spinning
  /// about the held point and a throw flies off its line. A pivot between items gets no cap: its anchors part
  /// only under a load, its soft correction is a stiff spring on that error, and a spring whose pull stops
  /// growing past some stretch holds no more than that pull (at 1,000 pt/s a pin stopped closing harder past
  /// 15 pt, and a 100 × 100 grid hanging from seven pins tore open by 6 m where Box2D's opens 0.65 m); the
  /// energy watch keeps it from diverging.
  static let rigidCorrectionCap = 1000.0

  @inline(__always) func terms(_ C: Double, spring row: JointRow?) -> RowTerms {
    if let row, row.hertz > 0 {
      let s = Softness(hertz: row.hertz, zeta: row.zeta, h: h)
      return RowTerms(bias: JointPass.capped(s.biasRate * C), massScale: s.massScale, impulseScale: s.impulseScale)
    }
    if useBias {
      let cap = JointPass.rigidCorrectionCap
      let bias = Swift.min(Swift.max(rigid.biasRate * C, -cap), cap)
      return RowTerms(
        bias: bias, massScale: rigid.massScale, impulseScale: rigid.impulseScale, pivotCap: pivotCap,
        pivotScale: pivotScale)
    }
    return RowTerms(bias: 0, massScale: 1, impulseScale: 0, pivotCap: pivotCap, pivotScale: pivotScale)
  }

  /// Terms for a one-sided row whose C ≥ 0 means "inside the allowed region": speculative while inside.
  @inline(__always) func limitTerms(_ C: Double) -> RowTerms {
    if C > 0 { return RowTerms(bias: JointPass.capped(C / h), massScale: 1, impulseScale: 0) }
    return terms(C, spring: nil)
  }

  /// A position-correction velocity, at most `PhysicsWorld.maximumSpeed` either way: far beyond any
  /// real correction, it keeps a row whose error has diverged from feeding it back as an ever larger
  /// velocity (the error × rate would otherwise grow the error geometrically, up to ∞ and NaN).
  @inline(__always) static func capped(_ bias: Double) -> Double {
    Swift.min(Swift.max(bias, -PhysicsWorld.maximumSpeed), PhysicsWorld.maximumSpeed)
  }

  /// The bias rate a point row uses.
  @inline(__always) func pointRate(_ row: JointRow) -> Double {
    if row.hertz > 0 && row.kind != .fixed && row.kind != .pin {
      return Softness(hertz: row.hertz, zeta: row.zeta, h: h).biasRate
    }
    return useBias ? rigid.biasRate : 0
  }
}

/// The arithmetic every joint row shares: each kind (a file of its own: `DistanceJoint`, `PointJoint`,
/// `PinJoint`, `FixedJoint`, `SlidingJoint`, `LimitJoint`) is a few of these 1-D and 2-D soft rows solved
/// in sequence (Gauss–Seidel), in the geometry of the bodies' poses now, with accumulated impulses kept
/// for warm starting.
enum JointRowMath {
  /// A 1-D row along `dir` with lever arms armA/armB; the accumulated impulse is clamped to [lower, upper].
  @inline(__always) static func axial(
    _ A: inout BodyState, _ B: inout BodyState, dir: Vec2, armA: Vec2, armB: Vec2,
    _ t: RowTerms, _ acc: inout Double, lower: Double = -.infinity, upper: Double = .infinity
  ) {
    let cA = armA.cross(dir), cB = armB.cross(dir)
    let k = A.invMass + B.invMass + A.invInertia * cA * cA + B.invInertia * cB * cB
    guard k > 0 else { return }
    let cdot = dir.dot(B.v - A.v) + B.w * cB - A.w * cA
    var impulse = -t.massScale / k * (cdot + t.bias) - t.impulseScale * acc
    let newAcc = Swift.min(Swift.max(acc + impulse, lower), upper)
    impulse = newAcc - acc
    acc = newAcc
    let P = dir * impulse
    A.v -= P * A.invMass
    A.w -= A.invInertia * cA * impulse
    B.v += P * B.invMass
    B.w += B.invInertia * cB * impulse
  }

  /// A 1-D angular row on ω_B − ω_A.
  @inline(__always) static func angular(
    _ A: inout BodyState, _ B: inout BodyState, _ t: RowTerms, _ acc: inout Double,
    lower: Double = -.infinity, upper: Double = .infinity
  ) {
    let k = A.invInertia + B.invInertia
    guard k > 0 else { return }
    let cdot = B.w - A.w
    var impulse = -t.massScale / k * (cdot + t.bias) - t.impulseScale * acc
    let newAcc = Swift.min(Swift.max(acc + impulse, lower), upper)
    impulse = newAcc - acc
    acc = newAcc
    A.w -= A.invInertia * impulse
    B.w += B.invInertia * impulse
  }

  /// A 2-D point row: B's anchor onto A's.
  @inline(__always) static func point(
    _ A: inout BodyState, _ B: inout BodyState, rA: Vec2, rB: Vec2,
    C: Vec2, _ t: RowTerms, biasRate: Double, _ acc: inout Vec2
  ) {
    let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
    guard let K = PointMass(A, B, rA: rA, rB: rB) else { return }
    let (k11, k12, k22, det) = (K.k11, K.k12, K.k22, K.inverseDeterminant)
    let cdot = B.velocity(at: rB) - A.velocity(at: rA)
    let bias = (C * biasRate).capped(perUnitChange: t.pivotScale)
    let bx = cdot.x + bias.x, by = cdot.y + bias.y
    let sx = det * (k22 * bx - k12 * by), sy = det * (k11 * by - k12 * bx)
    let impulse = Vec2(-t.massScale * sx - t.impulseScale * acc.x, -t.massScale * sy - t.impulseScale * acc.y)
    acc += impulse
    A.v -= impulse * mA
    A.w -= iA * rA.cross(impulse)
    B.v += impulse * mB
    B.w += iB * rB.cross(impulse)
  }

  @inline(__always) static func wrapAngle(_ a: Double) -> Double {
    var x = a.truncatingRemainder(dividingBy: 2 * .pi)
    if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
    return x
  }

  /// The factor (≤ 1; 0 for anything not finite) that brings velocity changes within their caps.
  static func impulseScale(linear: Double, maxLinear: Double, angular: Double, maxAngular: Double) -> Double {
    guard linear.isFinite, angular.isFinite else { return 0 }
    var scale = 1.0
    if linear > maxLinear { scale = maxLinear / linear }
    if angular > maxAngular { scale = Swift.min(scale, maxAngular / angular) }
    return scale
  }

  /// The `impulseScale` of a warm start's impulse P and torque on bodies A and B (P acting through armA
  /// and armB). Nearly always 1: a bound with no square root settles that first (|P| ≤ |P.x| + |P.y|,
  /// held to half the cap so the rounding of the full test cannot matter; NaN and ∞ fail it).
  @inline(__always) static func warmStartScale(
    _ P: Vec2, torque: Double, armA: Vec2, armB: Vec2, _ A: BodyState, _ B: BodyState,
    maxLinear: Double, maxAngular: Double
  ) -> Double {
    let spinA = abs(A.invInertia * (armA.cross(P) + torque)), spinB = abs(B.invInertia * (armB.cross(P) + torque))
    let linearBound = (abs(P.x) + abs(P.y)) * Swift.max(A.invMass, B.invMass)
    if linearBound <= 0.5 * maxLinear && spinA <= maxAngular && spinB <= maxAngular { return 1 }
    return impulseScale(
      linear: Swift.max(P.length * A.invMass, P.length * B.invMass), maxLinear: maxLinear,
      angular: Swift.max(spinA, spinB), maxAngular: maxAngular)
  }

  /// World anchor offsets, the separation of the anchors and the row's axis, from the bodies' poses now.
  /// The row is read in place, field by field: a copy of the whole (large) row per call cost more than
  /// the geometry. The separation's length only for the kinds that use it (distance, limit; 0 otherwise).
  @inline(__always) static func geometry(
    _ j: UnsafePointer<JointRow>, _ b: UnsafeMutableBufferPointer<Body>
  ) -> JointGeometry {
    let (kind, bodyA, localA) = (j.pointee.kind, j.pointee.bodyA, j.pointee.localA)
    var rA = Vec2.zero, pA = localA, angleA = 0.0
    var axis = j.pointee.localAxis
    if bodyA >= 0 {
      let body = b[Int(bodyA)]
      rA = localA.rotated(cos: body.cosAngle, sin: body.sinAngle)
      pA = body.position + rA
      angleA = body.angle
      axis = axis.rotated(cos: body.cosAngle, sin: body.sinAngle)
    }
    let body = b[Int(j.pointee.bodyB)]
    let rB = j.pointee.localB.rotated(cos: body.cosAngle, sin: body.sinAngle)
    let d = body.position + rB - pA
    var len = 0.0
    if kind == .distance || kind == .limit {
      len = d.length
      axis = len > 1e-9 ? Vec2(d.x / len, d.y / len) : Vec2(0, 1)
    }
    return JointGeometry(rA: rA, rB: rB, d: d, axis: axis, length: len, angleA: angleA, angleB: body.angle)
  }
}

/// The 2×2 effective mass matrix K of a point row with lever arms rA, rB (symmetric: k12 = k21), and
/// 1/det K; nil when K is singular.
struct PointMass {
  var k11: Double, k12: Double, k22: Double, inverseDeterminant: Double

  @inline(__always) init?(_ A: BodyState, _ B: BodyState, rA: Vec2, rB: Vec2) {
    let mA = A.invMass, mB = B.invMass, iA = A.invInertia, iB = B.invInertia
    k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
    k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
    k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
    let det = k11 * k22 - k12 * k12
    guard det != 0 else { return nil }
    inverseDeterminant = 1 / det
  }
}

/// A joint row's anchors in the world, from its bodies' poses now: the offsets from the bodies' centres,
/// the separation of the anchors, the row's axis and the separation's length (distance and limit rows
/// only), and the bodies' angles.
struct JointGeometry {
  var rA: Vec2, rB: Vec2, d: Vec2, axis: Vec2, length: Double, angleA: Double, angleB: Double
}
