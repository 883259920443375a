/// Building a whole block at once from its four lanes' contacts, when one thread owns the block: the
/// rows' maths in four lanes of doubles, each column rounded to floats and stored whole. The same bits
/// as `ContactSolver.row` written lane by lane (`ContactBlock.write`): the same double expressions in
/// the same order, lane for lane, and the same rounding. Written row by row, each of a block's ~40
/// columns was a conversion and a store per lane, and the row's doubles spilled around them.
extension ContactBlock {
  typealias Doubles = SIMD4<Double>

  /// The four lanes' contacts (`Contact.emptyLane` for a lane without a row) and their softnesses'
  /// places in `SoftnessColumns`.
  struct Sources {
    var c0: UnsafePointer<Contact>, c1: UnsafePointer<Contact>
    var c2: UnsafePointer<Contact>, c3: UnsafePointer<Contact>
    var soft0: Int, soft1: Int, soft2: Int, soft3: Int

    /// A double of each lane's contact.
    @inline(__always) func lanes(_ f: (UnsafePointer<Contact>) -> Double) -> Doubles {
      Doubles(f(c0), f(c1), f(c2), f(c3))
    }

    @inline(__always) func ints(_ f: (UnsafePointer<Contact>) -> Int32) -> SIMD4<Int32> {
      SIMD4(f(c0), f(c1), f(c2), f(c3))
    }

    @inline(__always) func softness(_ column: Lanes) -> Lanes {
      Lanes(column[soft0], column[soft1], column[soft2], column[soft3])
    }
  }

  /// Each softness a lane may take, rounded to floats once a pass: the contacts' kinds
  /// (`ContactSoftness`, by raw value), then the empty lane's (rigid) at `SoftnessColumns.rigid`.
  struct SoftnessColumns {
    var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes
    static let rigid = 3

    init(_ s: ContactSoftnesses) {
      @inline(__always) func column(_ f: (Softness) -> Double) -> Lanes {
        Lanes(Doubles(f(s.moving), f(s.immovable), f(s.wall), f(.rigid)))
      }
      (biasRate, massScale, impulseScale) = (column(\.biasRate), column(\.massScale), column(\.impulseScale))
    }
  }

  /// Fills `block` from its lanes' contacts (`world` the fixed world's state entry, `sinks` the
  /// block's first sink entry) and returns the largest lever arm of its rows.
  @inline(__always) static func build(
    _ block: UnsafeMutablePointer<ContactBlock>, from s: Sources, _ softness: SoftnessColumns, world: Int32,
    sinks: Int32
  ) -> Double {
    let nx = s.lanes { $0.pointee.normal.x }, ny = s.lanes { $0.pointee.normal.y }
    let mA = s.lanes { $0.pointee.invMassA }, iA = s.lanes { $0.pointee.invInertiaA }
    let mB = s.lanes { $0.pointee.invMassB }, iB = s.lanes { $0.pointee.invInertiaB }
    let bodyA = s.ints { $0.pointee.bodyA }, bodyB = s.ints { $0.pointee.bodyB }
    let stateA = bodyA.replacing(with: world, where: bodyA .< 0)
    let stateB = bodyB.replacing(with: world, where: bodyB .< 0)
    let restitution = s.lanes { $0.pointee.restitution }
    let impact = Doubles(repeating: .infinity).replacing(
      with: PhysicsWorld.restitutionThreshold, where: restitution .> 0)
    let masses = Masses(mA: mA, iA: iA, mB: mB, iB: iB)
    block.pointee.stateA = stateA
    block.pointee.stateB = stateB
    block.pointee.normalX = Lanes(nx)
    block.pointee.normalY = Lanes(ny)
    block.pointee.friction = Lanes(s.lanes { $0.pointee.friction })
    block.pointee.impactSpeed = Lanes(impact)
    block.pointee.biasRate = s.softness(softness.biasRate)
    block.pointee.massScale = s.softness(softness.massScale)
    block.pointee.impulseScale = s.softness(softness.impulseScale)
    let (fmA, fiA, fmB, fiB) = (Lanes(mA), Lanes(iA), Lanes(mB), Lanes(iB))
    (block.pointee.invMassA, block.pointee.invInertiaA) = (fmA, fiA)
    (block.pointee.invMassB, block.pointee.invInertiaB) = (fmB, fiB)
    let sinkLanes = SIMD4<Int32>(repeating: sinks) &+ SIMD4(0, 2, 4, 6)
    block.pointee.laneA = stateA.replacing(with: sinkLanes, where: (fmA .== 0) .& (fiA .== 0))
    block.pointee.laneB = stateB.replacing(with: sinkLanes &+ 1, where: (fmB .== 0) .& (fiB .== 0))
    let two = s.lanes { Double($0.pointee.pointCount) } .> 1
    let (point0, point1) = (MemoryLayout<Contact>.offset(of: \.point0)!, MemoryLayout<Contact>.offset(of: \.point1)!)
    let lever0 = build(&block.pointee.point0, s, at: point0, nx, ny, masses, keeping: .init(repeating: true))
    let lever1 = build(&block.pointee.point1, s, at: point1, nx, ny, masses, keeping: two)
    let lever = larger(lever0, lever1)
    return Swift.max(Swift.max(lever[0], lever[1]), Swift.max(lever[2], lever[3]))
  }

  /// The lanes' inverse masses, as doubles.
  struct Masses {
    var mA: Doubles, iA: Doubles, mB: Doubles, iB: Doubles
  }

  /// Fills one point of the four lanes (`ContactSolver.prepare` lane for lane); lanes not in `keeping`
  /// get the empty point (a one-point row's second). Returns each lane's largest |rn|. (Not inlined:
  /// inlined into the block's build, its columns spilled, 2 % more instructions on the pyramid.)
  @inline(never) private static func build(
    _ out: UnsafeMutablePointer<Point>, _ s: Sources, at offset: Int,
    _ nx: Doubles, _ ny: Doubles, _ m: Masses, keeping: SIMDMask<SIMD4<Int64>>
  ) -> Doubles {
    @inline(__always) func lanes(_ f: (UnsafePointer<ContactPoint>) -> Double) -> Doubles {
      // Through a pointer to the point: a field read, not the point (or the contact) copied.
      s.lanes { f(UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: ContactPoint.self)) }
    }
    @inline(__always) func kept(_ v: Doubles) -> Doubles { Doubles(repeating: 0).replacing(with: v, where: keeping) }
    let aAx = lanes { $0.pointee.anchorA.x }, aAy = lanes { $0.pointee.anchorA.y }
    let aBx = lanes { $0.pointee.anchorB.x }, aBy = lanes { $0.pointee.anchorB.y }
    // r × n and n·r, as `Vec2.cross` and `Vec2.dot` compute them.
    let rnA = aAx * ny - aAy * nx, rnB = aBx * ny - aBy * nx
    let nrA = aAx * nx + aAy * ny, nrB = aBx * nx + aBy * ny
    let kn = m.mA + m.mB + m.iA * rnA * rnA + m.iB * rnB * rnB
    let kt = m.mA + m.mB + m.iA * nrA * nrA + m.iB * nrB * nrB
    let one = Doubles(repeating: 1), zero = Doubles(repeating: 0)
    let normalMass = (one / kn).replacing(with: zero, where: .!(kn .> 0))
    let tangentMass = (one / kt).replacing(with: zero, where: .!(kt .> 0))
    out.pointee.baseSeparation = Lanes(kept(lanes { $0.pointee.baseSeparation }))
    out.pointee.rnA = Lanes(kept(rnA))
    out.pointee.rnB = Lanes(kept(rnB))
    out.pointee.nrA = Lanes(kept(nrA))
    out.pointee.nrB = Lanes(kept(nrB))
    out.pointee.normalMass = Lanes(kept(normalMass))
    out.pointee.tangentMass = Lanes(kept(tangentMass))
    out.pointee.normalImpulse = Lanes(kept(lanes { $0.pointee.normalImpulse }))
    out.pointee.tangentImpulse = Lanes(kept(lanes { $0.pointee.tangentImpulse }))
    return larger(kept(magnitude(rnA)), kept(magnitude(rnB)))
  }

  /// The larger of each lane's two levers (none NaN: the stdlib's `pointwiseMax` minds NaNs, and was not
  /// inlined).
  @inline(__always) private static func larger(_ a: Doubles, _ b: Doubles) -> Doubles {
    a.replacing(with: b, where: a .< b)
  }

  /// |v| lane by lane, the sign bit cleared as `abs` clears it (so a zero is +0, and the largest lever
  /// comes out the same whatever the order it is taken in).
  @inline(__always) private static func magnitude(_ v: Doubles) -> Doubles {
    unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt64>.self) & (UInt64.max >> 1), to: Doubles.self)
  }
}

extension Contact {
  /// What a lane without a row is built from: the world on both sides, no points, no masses, no
  /// normal (`ContactConstraint.empty`, but for its softness, which the lane takes as rigid).
  static let emptyLane = Contact(key: 0, bodyA: -1, bodyB: -1, boundary: -1)
}
