/// The joint rows' passes over the bodies' velocities: the warm start (in creation order: each row's
/// warm start only adds its own impulse, whatever the order), then per pass the exact springs first
/// (before the contacts, `solveExactSprings`; no two share a moving body) and the other rows after the
/// contacts, by colour (`solve`, `JointStore+SolveOrder`). Each row's kind does its own part (its file: `DistanceJoint`, `PointJoint`, …);
/// which path a spring is on was decided when it was placed (`SpringPath`).
extension JointStore {
  /// The impulse row `j`'s accumulated impulses apply, from its kind.
  @inline(__always) static func warmStartImpulse(_ j: UnsafePointer<JointRow>, _ g: JointGeometry) -> JointImpulse {
    switch j.pointee.kind {
    case .distance: return DistanceJoint.warmStartImpulse(j, g)
    case .limit: return LimitJoint.warmStartImpulse(j, g)
    case .point, .snap: return PointJoint.warmStartImpulse(j, g)
    case .fixed: return FixedJoint.warmStartImpulse(j, g)
    case .pin: return PinJoint.warmStartImpulse(j, g)
    case .sliding: return SlidingJoint.warmStartImpulse(j, g)
    }
  }

  /// One pass (biased or relax) of the rows that are not exact springs, after the contacts. A spring
  /// on the soft path acts in the biased pass only: relaxing it again would add damping the user did
  /// not ask for. `tallyingHeld`: tallies what the pivots hold after the solve for the energy watch
  /// (`HeldEnergyTally`; the relax pass, whose geometry is the step's end).
  mutating func solve(_ bodies: inout BodyStore, useBias: Bool, tallyingHeld: Bool, on workers: WorkerPool) {
    if solveOrderIsStale { orderRows(bodies) }
    let pass = JointPass(h: h, rigid: softness, useBias: useBias)
    let dragPass = JointPass(h: h, rigid: dragSoftness, useBias: useBias)
    // Pivots held to a world anchor correct at most `rigidCorrectionCap` (`JointPass.pivotCap`).
    var worldPass = pass, worldDragPass = dragPass
    worldPass.pivotCap = JointPass.rigidCorrectionCap
    worldDragPass.pivotCap = JointPass.rigidCorrectionCap
    let passes = JointPasses(plain: pass, drag: dragPass, world: worldPass, worldDrag: worldDragPass)
    let (order, starts) = (solveOrder, colourStarts)
    var tally = startHeldTally(before: false, watched: tallyingHeld)
    var kept = sliceScratch.kept
    sliceScratch.kept = []
    defer { sliceScratch.kept = kept }
    if tally != nil && workers.isParallel { kept.resize(to: rows.count, with: .none) }
    HeldEnergyTally.counting(&tally) { counter in
      withMutableBuffers(&rows, &kept) { js, kept in
        bodies.withView { v in
          let first = js.baseAddress.unsafelyUnwrapped
          @inline(__always) func solve(_ range: Range<Int>, _ counter: HeldEnergyCounter?) {
            for n in range {
              // The row is solved where it lies: a row is large, and copied out and back for each one the
              // pass would cost more than the solve (taken in colour order, the copies miss the cache).
              JointStore.solve(first + Int(order[n]), v, passes, useBias: useBias, counter)
            }
          }
          guard workers.isParallel else {
            solve(0..<order.count, counter)
            return
          }
          // The overflow first, alone; then each colour in slices (its rows share no moving body).
          @inline(__always) func byColour(_ solveRows: (Range<Int>) -> Void) {
            solveRows(0..<starts[1])
            for c in 1..<(starts.count - 1) where starts[c + 1] > starts[c] {
              workers.forEachSlice(of: starts[c + 1] - starts[c], grain: JointStore.grain) { range in
                solveRows(starts[c] + range.lowerBound..<starts[c] + range.upperBound)
              }
            }
          }
          guard let counter else {
            byColour { solve($0, nil) }
            return
          }
          // The tally sums over the rows in order: in slices, each row's energy is kept at its place in
          // the pass (cleared first: a row that holds none, or that the pass leaves out, writes
          // nothing), then added up in that order.
          let kept = kept.baseAddress.unsafelyUnwrapped
          byColour { range in
            for n in range {
              kept[n] = .none
              JointStore.solve(first + Int(order[n]), v, passes, useBias: useBias, counter.keeping(at: kept + n))
            }
          }
          counter.addKept(kept, count: order.count)
        }
      }
    }
    finishHeldTally(tally, before: false)
  }

  /// Rows in a slice of a colour.
  static let grain = 256

  /// One row of a pass (not an exact spring: those were solved before the contacts), by its kind.
  @inline(__always) static func solve(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, useBias: Bool,
    _ counter: HeldEnergyCounter?
  ) {
    if (JointRow.isSpring(j) && !useBias) || j.pointee.hasExactSpring { return }
    switch j.pointee.kind {
    case .distance: solveDistance(j, v, passes, counter)
    case .limit: solveLimit(j, v, passes, counter)
    case .point, .snap: solvePoint(j, v, passes, counter)
    case .fixed: solveFixed(j, v, passes, counter)
    case .pin: solvePin(j, v, passes, counter)
    case .sliding: solveSliding(j, v, passes, counter)
    }
  }

  // Each kind's row in a function of its own, in which its whole work (bodies, geometry, solve) is
  // compiled as one piece and kept in registers. In one function for all six kinds the compiler left the
  // larger kinds as calls, and passed the bodies, the geometry and the passes to them through memory.
  @inline(never) static func solveDistance(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, DistanceJoint.solve) }

  @inline(never) static func solveLimit(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, LimitJoint.solve) }

  @inline(never) static func solvePoint(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, PointJoint.solve) }

  @inline(never) static func solveFixed(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, FixedJoint.solve) }

  @inline(never) static func solvePin(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, PinJoint.solve) }

  @inline(never) static func solveSliding(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?
  ) { solveRow(j, v, passes, counter, SlidingJoint.solve) }

  /// A kind's solve of one row: the row, its bodies A and B, its geometry, the pass for the kind and the
  /// pass for the row (stiffer while its world anchor is dragged).
  typealias KindSolve = (
    inout JointRow, inout BodyState, inout BodyState, JointGeometry, JointPass, JointPass
  ) -> Void

  /// One row of a pass: its bodies loaded, its geometry (tallied for the energy watch when counting),
  /// its kind's solve, its bodies stored.
  @inline(__always) static func solveRow(
    _ j: UnsafeMutablePointer<JointRow>, _ v: BodyView, _ passes: JointPasses, _ counter: HeldEnergyCounter?,
    _ solveKind: KindSolve
  ) {
    let s = v.states
    let (a, b) = (j.pointee.bodyA, j.pointee.bodyB)
    var A = BodyState.load(s, body: a), B = BodyState.load(s, body: b)
    // A dragged world anchor moves (`moveAnchor`): the row's world end moves with it.
    if a < 0 { A.v = j.pointee.anchorVelocity }
    let g = JointRowMath.geometry(j, v.sims)
    // Out of the optional call, so that a point row's solve shares it.
    let K = PointMass(A, B, rA: g.rA, rB: g.rB)
    counter?.add(j, A, B, g, K)
    // A row whose world anchor is being dragged corrects its position stiffly (`dragSoftness`).
    let dragged = j.pointee.anchorStepsLeft > 0
    let kindPass = a < 0 ? passes.world : passes.plain
    let rowPass = a < 0 ? (dragged ? passes.worldDrag : passes.world) : (dragged ? passes.drag : passes.plain)
    solveKind(&j.pointee, &A, &B, g, kindPass, rowPass)
    BodyState.store(s, body: a, A)
    BodyState.store(s, body: b, B)
  }

  /// One pass of every exact spring row, before the pass's contacts. A spring pressing its body against
  /// a wall asks, in the relax pass, for the velocity the free oscillator would have (toward its
  /// equilibrium beyond the wall); solved after the contacts, that velocity would stay, and the body
  /// would rest a fraction of a point off the wall, still moving by g·h/2 (not asleep). Solved first,
  /// the contacts take it out, and the body rests on the wall at rest.
  mutating func solveExactSprings(_ bodies: inout BodyStore, useBias: Bool) {
    let exactSprings = exactSprings
    rows.withUnsafeMutableBufferPointer { js in
      bodies.withView { v in
        let (b, s) = (v.sims, v.states)
        for index in 0..<js.count {
          guard let e = exactSprings[index] else { continue }
          let g = JointRowMath.geometry(js.baseAddress.unsafelyUnwrapped + index, b)
          var j = js[index]
          var A = BodyState.load(s, body: j.bodyA), B = BodyState.load(s, body: j.bodyB)
          let a = ExactSpringJoint.freeAcceleration(b, s, j.bodyB) - ExactSpringJoint.freeAcceleration(b, s, j.bodyA)
          ExactSpringJoint.solve(&j, useBias ? e.biased : e.relax, &A, &B, g, relative: a)
          BodyState.store(s, body: j.bodyA, A)
          BodyState.store(s, body: j.bodyB, B)
          js[index] = j
        }
      }
    }
  }
}

/// A pass's softness for each kind of row: between items or to a world anchor, dragged or not.
struct JointPasses {
  let plain: JointPass, drag: JointPass, world: JointPass, worldDrag: JointPass
}

/// What a row's accumulated impulses apply in a warm start: the linear impulse, the torque, and the
/// lever on body A the linear impulse acts through (B's is its anchor offset).
struct JointImpulse {
  var linear: Vec2
  var torque: Double
  var armA: Vec2
}
