/// The joint rows' warm start: each row applies its accumulated impulses to its bodies, in creation
/// order.
///
/// On one thread, in one loop. On the pool's threads, in two stages with the same bits: each row works
/// out, in slices of rows, the velocity changes it gives its two bodies (`WarmStartKick`: what the loop
/// computes before it adds them); then each body, in slices of bodies, adds its rows' changes in
/// creation order (`JointBodyRows`), the additions the loop makes to it, in the loop's order. What the
/// energy watch tallies is kept per row and added up in creation order after the first stage
/// (`HeldEnergyCounter.addKept`). On a 100 × 100 grid of pins the warm start was a fifth of the step,
/// all of it on the caller's thread.
extension JointStore {
  /// Applies every row's accumulated impulses; `tallyingHeld`: tallies what the pivots hold before the
  /// solve for the energy watch (`HeldEnergyTally`), in the geometry computed here anyway.
  mutating func warmStart(_ bodies: inout BodyStore, tallyingHeld: Bool, on workers: WorkerPool) {
    var tally = startHeldTally(before: true, watched: tallyingHeld)
    if workers.isParallel {
      if solveOrderIsStale { orderRows(bodies) }
      warmStartInSlices(&bodies, &tally, on: workers)
    } else {
      HeldEnergyTally.counting(&tally) { counter in warmStartInOrder(&bodies, counter) }
    }
    finishHeldTally(tally, before: true)
  }

  /// The largest change a warm start may make to a body's velocity and spin (`warmStartScale`).
  private var warmStartCaps: (linear: Double, angular: Double) {
    (2 * PhysicsWorld.maximumSpeed, 2 * PhysicsWorld.maximumRotationPerStep / h)
  }

  /// Row `j`'s accumulated impulses (states `A`, `B`, geometry `g`), scaled back first when they would
  /// change a body's velocity by more than any body may move: left over from a fight the joint cannot
  /// win (its bodies pinned against walls), they only grow, step after step, until they overflow.
  @inline(__always) static func cappedWarmStartImpulse(
    _ j: UnsafeMutablePointer<JointRow>, _ A: BodyState, _ B: BodyState, _ g: JointGeometry,
    caps: (linear: Double, angular: Double)
  ) -> JointImpulse {
    var impulse = JointStore.warmStartImpulse(j, g)
    let scale = JointRowMath.warmStartScale(
      impulse.linear, torque: impulse.torque, armA: impulse.armA, armB: g.rB, A, B,
      maxLinear: caps.linear, maxAngular: caps.angular)
    if scale < 1 {
      j.pointee.scaleImpulses(by: scale)
      impulse.linear = impulse.linear * scale
      impulse.torque *= scale
    }
    return impulse
  }

  /// The warm start in one loop over the rows.
  private mutating func warmStartInOrder(_ bodies: inout BodyStore, _ counter: HeldEnergyCounter?) {
    let caps = warmStartCaps
    rows.withUnsafeMutableBufferPointer { js in
      bodies.withView { v in
        let s = v.states
        let first = js.baseAddress.unsafelyUnwrapped
        for index in 0..<js.count {
          // Read in place, field by field: copied whole, the large row costs more than its warm start.
          let j = first + index
          let (a, b) = (j.pointee.bodyA, j.pointee.bodyB)
          var A = BodyState.load(s, body: a), B = BodyState.load(s, body: b)
          let g = JointRowMath.geometry(j, v.sims)
          counter?.add(j, A, B, g, PointMass(A, B, rA: g.rA, rB: g.rB))
          let impulse = JointStore.cappedWarmStartImpulse(j, A, B, g, caps: caps)
          let (P, torque) = (impulse.linear, impulse.torque)
          A.v -= P * A.invMass
          A.w -= A.invInertia * (impulse.armA.cross(P) + torque)
          B.v += P * B.invMass
          B.w += B.invInertia * (g.rB.cross(P) + torque)
          BodyState.store(s, body: a, A)
          BodyState.store(s, body: b, B)
        }
      }
    }
  }

  /// The warm start in two stages on the pool's threads (see above).
  private mutating func warmStartInSlices(
    _ bodies: inout BodyStore, _ tally: inout HeldEnergyTally?, on workers: WorkerPool
  ) {
    let caps = warmStartCaps
    let bodyRows = bodyRows
    var kicks = sliceScratch.kicks, kept = sliceScratch.kept
    sliceScratch = JointSliceScratch()
    defer { sliceScratch = JointSliceScratch(kicks: kicks, kept: kept) }
    kicks.resize(to: rows.count, with: WarmStartKick())
    kept.resize(to: tally == nil ? 0 : rows.count, with: .none)
    HeldEnergyTally.counting(&tally) { counter in
      withMutableBuffers(&rows, &kicks, &kept) { js, kicks, kept in
        bodies.withView { v in
          let s = v.states
          let first = js.baseAddress.unsafelyUnwrapped
          let keptBase = kept.baseAddress
          workers.forEachSlice(of: js.count, grain: JointStore.grain) { range in
            for index in range {
              let j = first + index
              let A = BodyState.load(s, body: j.pointee.bodyA), B = BodyState.load(s, body: j.pointee.bodyB)
              let g = JointRowMath.geometry(j, v.sims)
              if let counter, let keptBase {
                keptBase[index] = .none
                counter.keeping(at: keptBase + index).add(j, A, B, g, PointMass(A, B, rA: g.rA, rB: g.rB))
              }
              kicks[index] = WarmStartKick(JointStore.cappedWarmStartImpulse(j, A, B, g, caps: caps), A, B, g)
            }
          }
          if let counter, let keptBase { counter.addKept(keptBase, count: js.count) }
          bodyRows.apply(UnsafeBufferPointer(kicks), to: s, on: workers)
        }
      }
    }
  }
}

/// The velocity changes one row's warm start gives its bodies: subtracted from A's, added to B's (each
/// worked out as the one loop works it out before adding it).
struct WarmStartKick {
  var vA = Vec2.zero, wA = 0.0
  var vB = Vec2.zero, wB = 0.0

  init() {}

  @inline(__always) init(_ impulse: JointImpulse, _ A: BodyState, _ B: BodyState, _ g: JointGeometry) {
    let (P, torque) = (impulse.linear, impulse.torque)
    vA = P * A.invMass
    wA = A.invInertia * (impulse.armA.cross(P) + torque)
    vB = P * B.invMass
    wB = B.invInertia * (g.rB.cross(P) + torque)
  }
}

/// What the joint passes on the pool's threads keep between steps, so a step allocates nothing: each
/// row's warm-start velocity changes, and each row's held energy (the warm start's by row, the relax
/// pass's by place in the pass).
struct JointSliceScratch {
  var kicks: [WarmStartKick] = []
  var kept: [HeldEnergy] = []
}
