/// Four contact rows of one colour, column by column, solved together in SIMD lanes (Box2D v3's
/// `b2ContactConstraintSIMD`). The arithmetic is `ContactSolver`'s scalar row's (see `SolverPoint` for
/// the terms), lane for lane. A lane that holds no row names the world's entry on both sides and has
/// zero masses, normal and friction: its impulses stay zero. A one-point row's second point is such an
/// empty point.
///
/// The velocities are gathered from and scattered to `LaneVelocities` at `laneA`/`laneB`: a body that
/// moves at its own entry, one that cannot (the world, an anchored item: the rows never change its
/// velocity) at a sink entry of this block's own, filled with its velocity before each pass and never
/// read back. So the scatter writes every lane without a test, and no two blocks write one entry (blocks
/// of one colour run on different threads).
struct ContactBlock {
  /// The lanes' number type: floats, as Box2D's, so four lanes fill one SSE register.
  typealias Scalar = Float
  typealias Lanes = SIMD4<Scalar>

  /// One contact point of each lane.
  struct Point {
    var baseSeparation: Lanes, rnA: Lanes, rnB: Lanes, nrA: Lanes, nrB: Lanes
    var normalMass: Lanes, tangentMass: Lanes
    var normalImpulse: Lanes, tangentImpulse: Lanes
  }

  var stateA: SIMD4<Int32>
  var stateB: SIMD4<Int32>
  /// Each lane's entry in `LaneVelocities`: its body's, or a sink of this block's (see above).
  var laneA: SIMD4<Int32>
  var laneB: SIMD4<Int32>
  var normalX: Lanes, normalY: Lanes
  var friction: Lanes
  /// Each row's `impactSpeed` (infinite in an empty lane).
  var impactSpeed: Lanes
  var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes
  /// The bodies' inverse masses, kept with the rows (as Box2D's are) so a pass gathers only velocities.
  var invMassA: Lanes, invInertiaA: Lanes, invMassB: Lanes, invInertiaB: Lanes
  var point0: Point, point1: Point

  /// The block of these four rows, one per lane (`ContactConstraint.empty` for an empty lane), whose
  /// bodies' states are in `st`; its sinks are the 8 entries of `LaneVelocities` from `sinks`.
  init(
    _ r0: UnsafePointer<ContactConstraint>, _ r1: UnsafePointer<ContactConstraint>,
    _ r2: UnsafePointer<ContactConstraint>, _ r3: UnsafePointer<ContactConstraint>,
    states st: UnsafeMutablePointer<BodyState>, sinks: Int32
  ) {
    // Field by field through the pointers (a row is over 200 bytes; no copies of whole rows).
    @inline(__always) func lanes(_ f: (UnsafePointer<ContactConstraint>) -> Double) -> Lanes {
      Lanes(Scalar(f(r0)), Scalar(f(r1)), Scalar(f(r2)), Scalar(f(r3)))
    }
    stateA = SIMD4(r0.pointee.stateA, r1.pointee.stateA, r2.pointee.stateA, r3.pointee.stateA)
    stateB = SIMD4(r0.pointee.stateB, r1.pointee.stateB, r2.pointee.stateB, r3.pointee.stateB)
    normalX = lanes { $0.pointee.normal.x }
    normalY = lanes { $0.pointee.normal.y }
    friction = lanes { $0.pointee.friction }
    impactSpeed = lanes { $0.pointee.impactSpeed }
    biasRate = lanes { $0.pointee.softness.biasRate }
    massScale = lanes { $0.pointee.softness.massScale }
    impulseScale = lanes { $0.pointee.softness.impulseScale }
    invMassA = lanes { $0.pointee.invMassA }
    invInertiaA = lanes { $0.pointee.invInertiaA }
    invMassB = lanes { $0.pointee.invMassB }
    invInertiaB = lanes { $0.pointee.invInertiaB }
    laneA = stateA
    laneB = stateB
    point0 = Point(r0.pointee.point0, r1.pointee.point0, r2.pointee.point0, r3.pointee.point0)
    // A one-point row's second point is empty (zero masses).
    @inline(__always) func second(_ r: UnsafePointer<ContactConstraint>) -> SolverPoint {
      r.pointee.pointCount > 1 ? r.pointee.point1 : SolverPoint()
    }
    point1 = Point(second(r0), second(r1), second(r2), second(r3))
    for k in 0..<4 {
      if invMassA[k] == 0 && invInertiaA[k] == 0 { laneA[k] = sinks + Int32(2 * k) }
      if invMassB[k] == 0 && invInertiaB[k] == 0 { laneB[k] = sinks + Int32(2 * k + 1) }
    }
  }

  /// Lane `k`'s accumulated impulses (normal, tangent) of its first and second point.
  func impulses(lane k: Int) -> (SIMD2<Double>, SIMD2<Double>) {
    (
      SIMD2(Double(point0.normalImpulse[k]), Double(point0.tangentImpulse[k])),
      SIMD2(Double(point1.normalImpulse[k]), Double(point1.tangentImpulse[k]))
    )
  }

  mutating func clearImpulses(lane k: Int) {
    point0.normalImpulse[k] = 0
    point0.tangentImpulse[k] = 0
    point1.normalImpulse[k] = 0
    point1.tangentImpulse[k] = 0
  }

  /// Applies the accumulated impulses again (warm starting), on the velocities `lv`.
  @_transparent func warmStart(_ lv: UnsafeMutablePointer<SIMD4<Float>>) {
    var A = LaneBodies(lv, laneA, invMass: invMassA, invInertia: invInertiaA)
    var B = LaneBodies(lv, laneB, invMass: invMassB, invInertia: invInertiaB)
    let nx = normalX, ny = normalY
    @inline(__always) func apply(_ p: Point) {
      // P = n·normal impulse + t·tangent impulse, t = (n.y, −n.x).
      let px = nx * p.normalImpulse + ny * p.tangentImpulse
      let py = ny * p.normalImpulse - nx * p.tangentImpulse
      A.vx -= px * A.invMass
      A.vy -= py * A.invMass
      A.w -= A.invInertia * (p.normalImpulse * p.rnA - p.tangentImpulse * p.nrA)
      B.vx += px * B.invMass
      B.vy += py * B.invMass
      B.w += B.invInertia * (p.normalImpulse * p.rnB - p.tangentImpulse * p.nrB)
    }
    apply(point0)
    apply(point1)
    A.store(lv, laneA)
    B.store(lv, laneB)
  }

  /// One soft pass over the four rows, or with `useBias` false the relax pass (see `ContactSolver`), on
  /// the velocities `lv` (`LaneVelocities`) and the motion since the collision pass in `st`.
  @_transparent mutating func solve(
    _ lv: UnsafeMutablePointer<SIMD4<Float>>, _ st: UnsafeMutablePointer<BodyState>,
    useBias: Bool, invH: Scalar
  ) {
    var A = LaneBodies(lv, laneA, invMass: invMassA, invInertia: invInertiaA)
    var B = LaneBodies(lv, laneB, invMass: invMassB, invInertia: invInertiaB)
    let motion = LaneMotion(st, stateA, stateB)
    solveNormal(&point0, &A, &B, motion, useBias: useBias, invH: invH)
    solveNormal(&point1, &A, &B, motion, useBias: useBias, invH: invH)
    solveFriction(&point0, &A, &B)
    solveFriction(&point1, &A, &B)
    A.store(lv, laneA)
    B.store(lv, laneB)
  }

  /// `ContactSolver.solveNormal` in lanes: the speculative and soft cases are chosen per lane.
  @_transparent func solveNormal(
    _ p: inout Point, _ A: inout LaneBodies, _ B: inout LaneBodies,
    _ motion: LaneMotion, useBias: Bool, invH: Scalar
  ) {
    let nx = normalX, ny = normalY
    let aA = motion.angleA, aB = motion.angleB
    let s =
      p.baseSeparation + (nx * motion.dx + ny * motion.dy)
      + (aB * p.rnB - 0.5 * aB * aB * p.nrB) - (aA * p.rnA - 0.5 * aA * aA * p.nrA)
    let vn = nx * (B.vx - A.vx) + ny * (B.vy - A.vy) + B.w * p.rnB - A.w * p.rnA
    let apart = s .> 0
    var newImpulse: Lanes
    if useBias {
      let maxPush = Scalar(ContactSolver.maxPushSpeed)
      var bias = (biasRate * s).replacing(with: -maxPush, where: biasRate * s .< -maxPush)
      bias.replace(with: s * invH, where: apart)
      let scale = massScale.replacing(with: 1, where: apart)
      let keep = impulseScale.replacing(with: 0, where: apart)
      newImpulse = p.normalImpulse - p.normalMass * scale * (vn + bias) - keep * p.normalImpulse
    } else {
      let bias = (s * invH).replacing(with: 0, where: .!apart)
      newImpulse = p.normalImpulse - p.normalMass * (vn + bias)
    }
    newImpulse.replace(with: 0, where: newImpulse .< 0)
    if !useBias {
      // An approach at impact speed is left to the next step's impact pass (see the scalar row).
      newImpulse.replace(with: p.normalImpulse, where: apart .& (vn .< -impactSpeed))
    }
    let impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    let px = nx * impulse, py = ny * impulse
    A.vx -= px * A.invMass
    A.vy -= py * A.invMass
    A.w -= A.invInertia * p.rnA * impulse
    B.vx += px * B.invMass
    B.vy += py * B.invMass
    B.w += B.invInertia * p.rnB * impulse
  }

  /// `ContactSolver.solveFriction` in lanes.
  @_transparent func solveFriction(_ p: inout Point, _ A: inout LaneBodies, _ B: inout LaneBodies) {
    let tx = normalY, ty = -normalX
    let vt = tx * (B.vx - A.vx) + ty * (B.vy - A.vy) - B.w * p.nrB + A.w * p.nrA
    let maxFriction = friction * p.normalImpulse
    var newImpulse = p.tangentImpulse - p.tangentMass * vt
    newImpulse.replace(with: -maxFriction, where: newImpulse .< -maxFriction)
    newImpulse.replace(with: maxFriction, where: newImpulse .> maxFriction)
    let impulse = newImpulse - p.tangentImpulse
    p.tangentImpulse = newImpulse
    let px = tx * impulse, py = ty * impulse
    A.vx -= px * A.invMass
    A.vy -= py * A.invMass
    A.w += A.invInertia * p.nrA * impulse
    B.vx += px * B.invMass
    B.vy += py * B.invMass
    B.w -= B.invInertia * p.nrB * impulse
  }
}

extension ContactBlock.Point {
  @inline(__always) init(_ p0: SolverPoint, _ p1: SolverPoint, _ p2: SolverPoint, _ p3: SolverPoint) {
    typealias Scalar = ContactBlock.Scalar
    @inline(__always) func lanes(_ f: (SolverPoint) -> Double) -> ContactBlock.Lanes {
      ContactBlock.Lanes(Scalar(f(p0)), Scalar(f(p1)), Scalar(f(p2)), Scalar(f(p3)))
    }
    baseSeparation = lanes { $0.baseSeparation }
    rnA = lanes { $0.rnA }
    rnB = lanes { $0.rnB }
    nrA = lanes { $0.nrA }
    nrB = lanes { $0.nrB }
    normalMass = lanes { $0.normalMass }
    tangentMass = lanes { $0.tangentMass }
    normalImpulse = lanes { $0.normalImpulse }
    tangentImpulse = lanes { $0.tangentImpulse }
  }
}

/// The four lanes' bodies of one side of a block: velocities gathered from `LaneVelocities` (Box2D's
/// `b2BodyStateW`), inverse masses from the block; `store` scatters the velocities back.
struct LaneBodies {
  typealias Scalar = ContactBlock.Scalar
  typealias Lanes = ContactBlock.Lanes
  var vx: Lanes, vy: Lanes, w: Lanes
  var invMass: Lanes, invInertia: Lanes

  /// From `LaneVelocities`, already floats. Written lane by lane: an explicit 4×4 transpose let the compiler regroup the block's arithmetic body by body, with more shuffles (3 % more
  /// instructions in the solve, measured).
  @inline(__always) init(_ lv: UnsafeMutablePointer<SIMD4<Float>>, _ i: SIMD4<Int32>, invMass: Lanes, invInertia: Lanes)
  {
    let s0 = lv[Int(i[0])], s1 = lv[Int(i[1])], s2 = lv[Int(i[2])], s3 = lv[Int(i[3])]
    vx = Lanes(s0.x, s1.x, s2.x, s3.x)
    vy = Lanes(s0.y, s1.y, s2.y, s3.y)
    w = Lanes(s0.z, s1.z, s2.z, s3.z)
    self.invMass = invMass
    self.invInertia = invInertia
  }

  /// Writes the velocities back to `LaneVelocities` (every lane: see `ContactBlock`'s sinks).
  @inline(__always) func store(_ lv: UnsafeMutablePointer<SIMD4<Float>>, _ i: SIMD4<Int32>) {
    for k in 0..<4 { lv[Int(i[k])] = SIMD4(vx[k], vy[k], w[k], 0) }
  }
}

/// The lanes' motion since the collision pass: B's displacement relative to A's, and both turns, what
/// a point's separation needs (gathered apart from the velocities, so fewer lanes are live at once).
struct LaneMotion {
  typealias Scalar = ContactBlock.Scalar
  typealias Lanes = ContactBlock.Lanes
  var dx: Lanes, dy: Lanes
  var angleA: Lanes, angleB: Lanes

  @inline(__always) init(_ st: UnsafeMutablePointer<BodyState>, _ a: SIMD4<Int32>, _ b: SIMD4<Int32>) {
    let a0 = st + Int(a[0]), a1 = st + Int(a[1]), a2 = st + Int(a[2]), a3 = st + Int(a[3])
    let b0 = st + Int(b[0]), b1 = st + Int(b[1]), b2 = st + Int(b[2]), b3 = st + Int(b[3])
    @inline(__always) func lanes(_ f: (BodyState, BodyState) -> Double) -> Lanes {
      Lanes(
        Scalar(f(a0.pointee, b0.pointee)), Scalar(f(a1.pointee, b1.pointee)),
        Scalar(f(a2.pointee, b2.pointee)), Scalar(f(a3.pointee, b3.pointee)))
    }
    dx = lanes { $1.deltaPosition.x - $0.deltaPosition.x }
    dy = lanes { $1.deltaPosition.y - $0.deltaPosition.y }
    angleA = lanes { a, _ in a.deltaAngle }
    angleB = lanes { _, b in b.deltaAngle }
  }
}
