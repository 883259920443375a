import CPrefetch

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

    static let zero = Point(
      baseSeparation: .zero, rnA: .zero, rnB: .zero, nrA: .zero, nrB: .zero, normalMass: .zero, tangentMass: .zero,
      normalImpulse: .zero, tangentImpulse: .zero)
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

  /// A block of zeros: storage for `write` to fill lane by lane.
  static let zero = ContactBlock()

  private init() {
    (stateA, stateB, laneA, laneB) = (.zero, .zero, .zero, .zero)
    (normalX, normalY, friction, impactSpeed) = (.zero, .zero, .zero, .zero)
    (biasRate, massScale, impulseScale) = (.zero, .zero, .zero)
    (invMassA, invInertiaA, invMassB, invInertiaB) = (.zero, .zero, .zero, .zero)
    (point0, point1) = (.zero, .zero)
  }

  /// Writes `row` into lane `k` of `block` (`ContactConstraint.empty` for an empty lane; a one-point
  /// row's second point is empty, zero masses), whose sinks are the 8 entries of `LaneVelocities` from
  /// `sinks`. One float or integer at a time, through raw stores: the other lanes' bytes are not
  /// touched, so slices on different threads may fill the lanes of one block.
  @inline(__always) static func write(
    _ row: ContactConstraint, lane k: Int, of block: UnsafeMutablePointer<ContactBlock>, sinks: Int32
  ) {
    writeHeader(
      stateA: row.stateA, stateB: row.stateB, normal: row.normal, friction: row.friction,
      impactSpeed: row.impactSpeed, softness: row.softness,
      masses: (row.invMassA, row.invInertiaA, row.invMassB, row.invInertiaB), lane: k, of: block, sinks: sinks)
    write(row.point0, lane: k, of: &block.pointee.point0)
    write(row.pointCount > 1 ? row.point1 : SolverPoint(), lane: k, of: &block.pointee.point1)
  }

  /// Writes lane `k` of `block`'s fields but its points (`write`): the sides, the normal, the material,
  /// the softness, the inverse masses (A's mass and inertia, B's) and which sides read a sink.
  @inline(__always) static func writeHeader(
    stateA: Int32, stateB: Int32, normal: Vec2, friction: Double, impactSpeed: Double, softness: Softness,
    masses: (Double, Double, Double, Double), lane k: Int, of block: UnsafeMutablePointer<ContactBlock>,
    sinks: Int32
  ) {
    let (mA, iA, mB, iB) = masses
    set(&block.pointee.stateA, stateA, lane: k)
    set(&block.pointee.stateB, stateB, lane: k)
    set(&block.pointee.normalX, normal.x, lane: k)
    set(&block.pointee.normalY, normal.y, lane: k)
    set(&block.pointee.friction, friction, lane: k)
    set(&block.pointee.impactSpeed, impactSpeed, lane: k)
    set(&block.pointee.biasRate, softness.biasRate, lane: k)
    set(&block.pointee.massScale, softness.massScale, lane: k)
    set(&block.pointee.impulseScale, softness.impulseScale, lane: k)
    set(&block.pointee.invMassA, mA, lane: k)
    set(&block.pointee.invInertiaA, iA, lane: k)
    set(&block.pointee.invMassB, mB, lane: k)
    set(&block.pointee.invInertiaB, iB, lane: k)
    let sinkA = readsSink(invMass: mA, invInertia: iA), sinkB = readsSink(invMass: mB, invInertia: iB)
    set(&block.pointee.laneA, sinkA ? sinks + Int32(2 * k) : stateA, lane: k)
    set(&block.pointee.laneB, sinkB ? sinks + Int32(2 * k + 1) : stateB, lane: k)
  }

  /// Writes point `q` into lane `k` of the block's point `p`.
  @inline(__always) static func write(_ q: SolverPoint, lane k: Int, of p: UnsafeMutablePointer<Point>) {
    set(&p.pointee.baseSeparation, q.baseSeparation, lane: k)
    set(&p.pointee.rnA, q.rnA, lane: k)
    set(&p.pointee.rnB, q.rnB, lane: k)
    set(&p.pointee.nrA, q.nrA, lane: k)
    set(&p.pointee.nrB, q.nrB, lane: k)
    set(&p.pointee.normalMass, q.normalMass, lane: k)
    set(&p.pointee.tangentMass, q.tangentMass, lane: k)
    set(&p.pointee.normalImpulse, q.normalImpulse, lane: k)
    set(&p.pointee.tangentImpulse, q.tangentImpulse, lane: k)
  }

  /// Stores `value` as a float in lane `k` of `lanes`, the other lanes' bytes untouched.
  @inline(__always) static func set(_ lanes: UnsafeMutablePointer<Lanes>, _ value: Double, lane k: Int) {
    UnsafeMutableRawPointer(lanes).storeBytes(of: Scalar(value), toByteOffset: 4 * k, as: Scalar.self)
  }

  /// Stores `value` in lane `k` of `lanes`, the other lanes' bytes untouched.
  @inline(__always) static func set(_ lanes: UnsafeMutablePointer<SIMD4<Int32>>, _ value: Int32, lane k: Int) {
    UnsafeMutableRawPointer(lanes).storeBytes(of: value, toByteOffset: 4 * k, as: Int32.self)
  }

  /// A side the lanes cannot move (both inverse masses zero as floats) reads its velocity from a sink.
  @inline(__always) static func readsSink(invMass: Double, invInertia: Double) -> Bool {
    Scalar(invMass) == 0 && Scalar(invInertia) == 0
  }

  mutating func clearImpulses(lane k: Int) {
    point0.normalImpulse[k] = 0
    point0.tangentImpulse[k] = 0
    point1.normalImpulse[k] = 0
    point1.tangentImpulse[k] = 0
  }

  /// Applies the accumulated impulses again (warm starting), on the velocities `lv`.
  @_transparent func warmStart(_ lv: UnsafeMutablePointer<LaneVelocities.Entry>) {
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
    A.storeTransposed(lv, laneA)
    B.storeTransposed(lv, laneB)
  }

  /// One soft pass over the four rows, or with `useBias` false the relax pass (see `ContactSolver`), on
  /// the velocities and the motion since the collision pass in `lv` (`LaneVelocities`).
  @_transparent mutating func solve(_ lv: UnsafeMutablePointer<LaneVelocities.Entry>, useBias: Bool, invH: Scalar) {
    var A = LaneBodies(lv, laneA, invMass: invMassA, invInertia: invInertiaA)
    var B = LaneBodies(lv, laneB, invMass: invMassB, invInertia: invInertiaB)
    let motion = LaneMotion(lv, laneA, laneB)
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

/// The four lanes' bodies of one side of a block: velocities gathered from `LaneVelocities` (Box2D's
/// `b2BodyStateW`), inverse masses from the block; `store` scatters the velocities back.
struct LaneBodies {
  typealias Scalar = ContactBlock.Scalar
  typealias Lanes = ContactBlock.Lanes
  var vx: Lanes, vy: Lanes, w: Lanes
  var invMass: Lanes, invInertia: Lanes

  /// From `LaneVelocities`, already floats, gathered lane by lane. Each side's lanes pass through
  /// `hooke_lanes_opaque` here and again before `store`: seeing the lanes built from single floats and
  /// taken apart again into single floats, the optimiser regrouped the block's arithmetic body by body
  /// (each lane's x and y paired in one register, every lane's impulse splatted apart): the warm start
  /// took 440 instructions a block, 190 since, and the many pyramids' step 7 % fewer in all. The values
  /// are the same; only where the optimiser may look changes.
  @inline(__always) init(
    _ lv: UnsafeMutablePointer<LaneVelocities.Entry>, _ i: SIMD4<Int32>, invMass: Lanes, invInertia: Lanes
  ) {
    let s0 = lv[Int(i[0])].lowHalf, s1 = lv[Int(i[1])].lowHalf, s2 = lv[Int(i[2])].lowHalf, s3 = lv[Int(i[3])].lowHalf
    vx = hooke_lanes_opaque(Lanes(s0.x, s1.x, s2.x, s3.x))
    vy = hooke_lanes_opaque(Lanes(s0.y, s1.y, s2.y, s3.y))
    w = hooke_lanes_opaque(Lanes(s0.z, s1.z, s2.z, s3.z))
    self.invMass = invMass
    self.invInertia = invInertia
  }

  /// Writes the velocities back to `LaneVelocities` (every lane: see `ContactBlock`'s sinks), the
  /// entries' first halves: their motion stays.
  @inline(__always) func store(_ lv: UnsafeMutablePointer<LaneVelocities.Entry>, _ i: SIMD4<Int32>) {
    let vx = hooke_lanes_opaque(vx), vy = hooke_lanes_opaque(vy), w = hooke_lanes_opaque(w)
    for k in 0..<4 {
      UnsafeMutableRawPointer(lv + Int(i[k])).storeBytes(of: SIMD4(vx[k], vy[k], w[k], 0), as: SIMD4<Float>.self)
    }
  }

  /// `store` as a 4×4 transpose (what the warm start, with fewer lanes live, does best with).
  @inline(__always) func storeTransposed(_ lv: UnsafeMutablePointer<LaneVelocities.Entry>, _ i: SIMD4<Int32>) {
    // A 4×4 transpose in two rounds of interleaves (unpcklps/unpckhps, movlhps/movhlps).
    let vx = hooke_lanes_opaque(vx), vy = hooke_lanes_opaque(vy), w = hooke_lanes_opaque(w)
    let xy01 = SIMD4(vx[0], vy[0], vx[1], vy[1]), xy23 = SIMD4(vx[2], vy[2], vx[3], vy[3])
    let w01 = SIMD4(w[0], 0, w[1], 0), w23 = SIMD4(w[2], 0, w[3], 0)
    let rows = (
      SIMD4(lowHalf: xy01.lowHalf, highHalf: w01.lowHalf), SIMD4(lowHalf: xy01.highHalf, highHalf: w01.highHalf),
      SIMD4(lowHalf: xy23.lowHalf, highHalf: w23.lowHalf), SIMD4(lowHalf: xy23.highHalf, highHalf: w23.highHalf)
    )
    UnsafeMutableRawPointer(lv + Int(i[0])).storeBytes(of: rows.0, as: SIMD4<Float>.self)
    UnsafeMutableRawPointer(lv + Int(i[1])).storeBytes(of: rows.1, as: SIMD4<Float>.self)
    UnsafeMutableRawPointer(lv + Int(i[2])).storeBytes(of: rows.2, as: SIMD4<Float>.self)
    UnsafeMutableRawPointer(lv + Int(i[3])).storeBytes(of: rows.3, as: SIMD4<Float>.self)
  }
}

/// The lanes' motion since the collision pass: B's displacement relative to A's, and both turns, what
/// a point's separation needs (gathered apart from the velocities, so fewer lanes are live at once).
struct LaneMotion {
  typealias Scalar = ContactBlock.Scalar
  typealias Lanes = ContactBlock.Lanes
  var dx: Lanes, dy: Lanes
  var angleA: Lanes, angleB: Lanes

  /// From the entries' second halves (`LaneVelocities.Entry`) at the sides' lanes `a` and `b`.
  @inline(__always) init(_ lv: UnsafeMutablePointer<LaneVelocities.Entry>, _ a: SIMD4<Int32>, _ b: SIMD4<Int32>) {
    @inline(__always) func motion(_ i: SIMD4<Int32>) -> (x: Lanes, y: Lanes, angle: Lanes) {
      let m0 = lv[Int(i[0])].highHalf, m1 = lv[Int(i[1])].highHalf
      let m2 = lv[Int(i[2])].highHalf, m3 = lv[Int(i[3])].highHalf
      return (Lanes(m0.x, m1.x, m2.x, m3.x), Lanes(m0.y, m1.y, m2.y, m3.y), Lanes(m0.z, m1.z, m2.z, m3.z))
    }
    let (A, B) = (motion(a), motion(b))
    dx = B.x - A.x
    dy = B.y - A.y
    angleA = A.angle
    angleB = B.angle
  }
}
