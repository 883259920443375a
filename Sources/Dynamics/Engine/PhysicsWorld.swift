#if canImport(Glibc)
  import Glibc
#endif

/// The engine: the step and the stores. Each store owns the data of one concept and the invariants
/// that hold it together (see `docs/architecture.md`, "The engine's rooms"):
///
/// - `bodies` (`Bodies/`): poses, velocities, materials, the solver's lists, integration;
/// - `shapes` (`Shapes/`): shapes, vertices, the broad phase, the boundary segments;
/// - `contacts` (`Contacts/`): the narrow phase, matching, the contact solver, the impact pass, the
///   continuous pass and the wall hold;
/// - `joints` (`Joints/`): the joints, where each is solved, the closed-form springs, dragged anchors;
/// - `sleep` (`Islands/`): islands and rest.
///
/// Forces and fields (`Forces/`) are the world's calls on the bodies during a step's force phase. The
/// animator changes the world between steps through its calls (`PhysicsWorld+Changes`,
/// `PhysicsWorld+Joints`, `PhysicsWorld+Moves`), never through a store's arrays; between changes a step
/// allocates nothing (every array keeps its capacity).
///
/// A fixed step here is one of Box2D v3's substeps, and `step()` reads as Box2D's soft step does: a
/// collision pass every `stepsPerCollision` steps, the velocities integrated, impacts resolved, a biased
/// solve, the positions integrated (with the continuous pass and the wall hold), a relax solve, then the
/// closed-form springs and the rest timers. Every pass reads and writes the bodies' velocities where they
/// live, in `bodies.states` (Box2D's `b2BodyState` array): nothing is copied between passes.
struct PhysicsWorld {
  /// Overlap the contact solver tolerates, in points (Box2D's 0.5 cm at 100 pt per metre).
  static let linearSlop = 0.5
  /// Contacts are created this far apart, in points, plus the distance the bodies can close in a step.
  static let speculativeDistance = 2.0
  /// Approach speed, in points/s, above which a contact bounces (Box2D's 1 m/s).
  static let restitutionThreshold = 100.0
  /// Softness of contacts (Hz, damping ratio) and of rigid joints' position correction.
  static let contactHertz = 30.0, contactZeta = 10.0
  /// Contacts with boundary segments are stiffer than those with anchored items (twice as stiff, as Box2D
  /// makes contacts with static bodies): the wall hold moves anything more than `maximumWallDepth` deep
  /// back out, and a wall soft enough to give that much under a crowd's steady pressure (625 circles in
  /// an over-full box sank 4.6 pt at 60 Hz) had the hold acting every step, its moves pumping the crowd
  /// into ever deeper overlaps. At 120 Hz the same crowd rests 1.3 pt deep.
  static let wallContactHertz = 4 * contactHertz
  static let jointHertz = 60.0, jointZeta = 2.0
  /// Softness of a dragged rigid row's position correction: a turning card's held point drifts off its
  /// path each step (the velocity row is linear, the arc is not: ½ω²h²·r, a third of a point at 20 rad/s
  /// and 70 pt), which 60 Hz at ζ 2 (a quarter of the error corrected a step) lets add up to 1.5 pt;
  /// 240 Hz at ζ 1 corrects three quarters a step, and its mass scale (0.98) leaves 2% of a sudden change
  /// of the anchor's velocity to correct instead of 10%. Only while the anchor moves, only that row.
  static let dragHertz = 240.0, dragZeta = 1.0
  /// The collision pass runs every this many steps (1/60 s), as Box2D's runs once per step of four
  /// substeps: contacts keep their anchors and follow the bodies' motion in between, and are created
  /// early enough (speculatively) for everything the bodies can reach before the next pass.
  static let stepsPerCollision = 4

  /// The fixed step in seconds.
  let h: Double
  /// Steps taken; `Double(stepCount) * h` is the simulated time.
  var stepCount = 0
  /// Steps since the last collision pass.
  var stepsSinceCollision = 0
  /// Set when bodies were teleported or the arrays rebuilt: the next step runs the collision pass.
  var needsCollision = true

  var bodies = BodyStore()
  var shapes = ShapeStore()
  var contacts: ContactStore
  var joints: JointStore
  var sleep = SleepStore()

  init(step h: Double) {
    self.h = h
    contacts = ContactStore(h: h)
    joints = JointStore(h: h)
  }

  var time: Double { Double(stepCount) * h }

  // MARK: The step

  mutating func step(on workers: WorkerPool) {
    contacts.events.removeAll(keepingCapacity: true)
    bodies.stepForces.settle(&bodies.sims)
    // Every `stepsPerCollision` steps counted from the last pass, so a pass forced by a teleport or a
    // change restarts the cadence instead of adding passes.
    if needsCollision || stepsSinceCollision >= PhysicsWorld.stepsPerCollision {
      collide(on: workers)
      contacts.prepareRows(&bodies, hasBoundaries: !shapes.boundaries.isEmpty, on: workers)
      stepsSinceCollision = 0
    }
    stepsSinceCollision += 1
    let fastest = bodies.integrateVelocities(h: h, anyAsleep: sleep.anyAsleep, on: workers)
    contacts.resolveImpacts(&bodies, h: h, fastest: fastest)
    let watchEnergy = joints.recordGroupEnergy(bodies, contacts, step: stepCount, on: workers)
    contacts.solver.warmStart(&bodies.states, keepingLanes: joints.rows.isEmpty, on: workers)
    if !joints.rows.isEmpty { joints.warmStart(&bodies, tallyingHeld: watchEnergy, on: workers) }
    solve(useBias: true, tallyingHeld: false, on: workers)
    if bodies.integratePositions(
      h: h, sweeps: shapes.sweeps, hasBoundaries: !shapes.boundaries.isEmpty, anyAsleep: sleep.anyAsleep,
      impactStarts: contacts.impacts.starts, fastBodies: &contacts.fastBodies, on: workers)
    {
      needsCollision = true
    }
    if !bodies.kinematicMoves.isEmpty { bodies.stepKinematicMoves(h: h) }
    if !contacts.fastBodies.isEmpty && contacts.sweepFastBodies(&bodies, shapes) { needsCollision = true }
    if !contacts.wallContacts.isEmpty || !contacts.fastBodies.isEmpty { contacts.holdWalls(&bodies, shapes) }
    solve(useBias: false, tallyingHeld: watchEnergy, on: workers)
    if !bodies.kinematicMoves.isEmpty { bodies.stopLandedKinematicMoves() }
    if watchEnergy { joints.limitGroupEnergy(&bodies, on: workers) }
    if !joints.movingAnchors.isEmpty { joints.advanceAnchors() }
    let springSleep = joints.springs.isEmpty ? Double.infinity : joints.stepAnchorSprings(&bodies)
    sleep.minimumSleepTime = bodies.finishStep(
      springSleep: springSleep, h: h, restTimers: sleep.isEnabled, anyAsleep: sleep.anyAsleep, on: workers)
    // A wall on the move keeps the animator running until it arrives.
    if !bodies.kinematicMoves.isEmpty && bodies.hasKinematicMovesInProgress { sleep.minimumSleepTime = 0 }
    stepCount += 1
  }

  /// The collision pass: the shapes follow their bodies, the broad phase finds the pairs whose bounds
  /// overlap (sort and sweep along x), the narrow phase makes their contacts and matches them against
  /// the previous pass's (warm starting, began/ended events); then islands wake or fall asleep.
  mutating func collide(on workers: WorkerPool) {
    needsCollision = false
    contacts.beginPass(&bodies, pairSwaps: shapes.broadPhase.takeSwaps(), on: workers)
    if !shapes.broadPhase.proxies.isEmpty {
      shapes.refresh(
        bodies, window: h * Double(PhysicsWorld.stepsPerCollision),
        placingGeometry: ShapeStore.placesGeometry(uses: contacts.geometryUses, shapes: shapes.list.count),
        on: workers)
      shapes.findPairs(bodies, anyAsleep: sleep.anyAsleep, on: workers)
      shapes.judgeBoundaryReach(on: workers)
      contacts.collide(shapes, bodies, anyAsleep: sleep.anyAsleep, on: workers)
      if sleep.anyAsleep { contacts.keepSleeping(bodies) }
    }
    contacts.finishMatching()
    sleep.finishCollisionPass(&bodies, &contacts, joints: joints.rows)
  }

  /// One pass: the exact springs first (so a wall can take their push out), the contacts (biased, or
  /// the relax pass), then the other joints (the relax pass tallying what the pivots hold for the
  /// energy watch when it watches).
  mutating func solve(useBias: Bool, tallyingHeld: Bool, on workers: WorkerPool) {
    if joints.hasExactSprings { joints.solveExactSprings(&bodies, useBias: useBias) }
    contacts.solver.solve(useBias: useBias, h: h, &bodies.states, on: workers)
    if !joints.rows.isEmpty { joints.solve(&bodies, useBias: useBias, tallyingHeld: tallyingHeld, on: workers) }
  }
}
