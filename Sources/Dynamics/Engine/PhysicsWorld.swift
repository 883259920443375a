#if canImport(Glibc)
import Glibc
#endif

/// The engine: flat arrays of bodies, their solver states, shapes, contacts and joint rows, advanced by
/// `step()` in fixed steps of `h` seconds. The animator owns one and changes it through the incremental
/// calls (bodies, materials, masks, joints: `PhysicsWorld+Bodies.swift`, `+JointStore.swift`, `+Changes.swift`);
/// between changes a step allocates nothing (every array keeps its capacity).
///
/// A step, in order (Box2D v3's soft step: a fixed step here is one of Box2D's substeps):
/// 1. `collide`, every `stepsPerCollision` steps (1/60 s) or after a change of behaviors or a teleport: refresh shape
///    bounds, broad phase (a sort and sweep only when some shape left its grown bounds), narrow phase, match the previous pass's contacts (warm
///    starting, began/ended events). In between, contacts follow their bodies' motion.
/// 2. `integrateVelocities`: resistance, then gravity, forces and torques.
/// 3. `resolveImpacts`: contacts that close faster than the restitution threshold this step get an
///    impact impulse with restitution, pair by pair, repeated until no contact still approaches; this
///    passes an impact along a touching chain (Newton's cradle) instead of smearing it over the chain.
/// 4. `warmStart`, `solve` (soft, biased), `integratePositions`, `solve` again without bias (the relax
///    pass), on the contact rows `contactSolver.prepare` built, coloured and packed into SIMD blocks right
///    after the collision pass.
/// 5. `stepAnchorSprings`: the exact closed-form update for isolated anchor springs.
/// 6. `finishStep`: clear forces, sleep bookkeeping.
///
/// Every pass reads and writes the bodies' velocities where they live, in `bodyStates` (Box2D's
/// `b2BodyState` array): the contact rows, the joints, the impact pass, the exact and closed-form
/// springs and integration all work on the one array, and nothing is copied between passes.
struct PhysicsWorld {
  /// Overlap the contact solver tolerates, in points (Box2D's 0.5 cm at 100 pt per metre).
  static let linearSlop = 0.5
  /// Contacts are created this far apart, in points, plus the distance the bodies can close in a step.
  static let speculativeDistance = 2.0
  /// Approach speed, in points/s, above which a contact bounces (Box2D's 1 m/s).
  static let restitutionThreshold = 100.0
  /// Softness of contacts (Hz, damping ratio) and of rigid joints' position correction.
  static let contactHertz = 30.0, contactZeta = 10.0
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

  /// The stores, one per concept, each owning its arrays (see `docs/architecture.md`).
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

  /// Steps since the last collision pass.
  var stepsSinceCollision = 0
  /// Set when bodies were teleported or the arrays rebuilt: the next step runs the collision pass.
  var needsCollision = true


  // MARK: The step

  mutating func step() {
    contacts.events.removeAll(keepingCapacity: true)
    // Every `stepsPerCollision` steps counted from the last pass, so a pass forced by a teleport or a
    // change restarts the cadence instead of adding passes (an `updateItem` every frame after a pause
    // that fell mid-frame used to cost two passes a frame).
    if needsCollision || stepsSinceCollision >= PhysicsWorld.stepsPerCollision {
      collide()
      contacts.solver.prepare(contacts.list, count: contacts.awakeCount, states: &bodies.states)
      collectWallContacts()
      stepsSinceCollision = 0
    }
    stepsSinceCollision += 1
    let fastest = integrateVelocities()
    contacts.impacts.resolve(bodies: &bodies.sims, states: &bodies.states, contacts: &contacts.list, solver: &contacts.solver,
                    events: &contacts.events, h: h, fastest: fastest)
    let watchEnergy = joints.recordGroupEnergy(bodies, contacts, step: stepCount)
    warmStart()
    solve(useBias: true)
    integratePositions()
    if !contacts.fastBodies.isEmpty { sweepFastBodies() }
    if !contacts.wallContacts.isEmpty || !contacts.fastBodies.isEmpty { holdWalls() }
    solve(useBias: false)
    if watchEnergy { joints.limitGroupEnergy(&bodies) }
    if !joints.movingAnchors.isEmpty { joints.advanceAnchors() }
    let springSleep = joints.springs.isEmpty ? Double.infinity : joints.stepAnchorSprings(&bodies)
    finishStep(springSleep: springSleep)
  }

  /// Resistance, then gravity, forces and torques, for every awake solver body; then every solver body's
  /// speed and spin capped (`capSpeed`) before the impact pass reads them, and the fastest noted for its
  /// early exit — in one loop, so each body is read from memory once.
  mutating func integrateVelocities() -> FastestMotion {
    let h = self.h
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    var fastest = FastestMotion()
    bodies.sims.withUnsafeMutableBufferPointer { b in
    bodies.states.withUnsafeMutableBufferPointer { s in
      for i in bodies.solverBodies {
        let i = Int(i)
        if !b[i].asleep {
          let invM = s[i].invMass
          s[i].v = s[i].v * b[i].linearDamping + (b[i].acceleration + b[i].force * invM) * h
          s[i].w = s[i].w * b[i].angularDamping + h * b[i].torque * s[i].invInertia
        }
        PhysicsWorld.capSpeed(&s[i], maxSpeed: maxSpeed, maxSpin: maxSpin)
        fastest.note(s[i])
      }
    }
    }
    return fastest
  }

  /// Warm starts the contacts, then the joints.
  mutating func warmStart() {
    contacts.solver.warmStart(&bodies.states)
    if !joints.rows.isEmpty { joints.warmStart(&bodies) }
  }

  /// One pass: the exact springs first (so a wall can take their push out), the contacts (biased, or
  /// the relax pass), then the other joints.
  mutating func solve(useBias: Bool) {
    if joints.hasExactSprings { joints.solveExactSprings(&bodies, useBias: useBias) }
    contacts.solver.solve(useBias: useBias, h: h, &bodies.states)
    if !joints.rows.isEmpty { joints.solve(&bodies, useBias: useBias) }
  }

  /// Moves every awake solver body by its velocity over the step, after capping its speed and spin
  /// (`maximumLinearSpeed`, `maximumRotationPerStep`). Notes the bodies that move far for their size
  /// against boundaries (`fastBodies`, for `sweepFastBodies`), and asks for a collision pass next step
  /// when a body has turned further since the last pass than its contacts can follow (a rule on distance
  /// too kept resting piles from ever sleeping).
  mutating func integratePositions() {
    let h = self.h
    let maxSpeed = PhysicsWorld.maximumLinearSpeed
    let maxSpin = PhysicsWorld.maximumRotationPerStep / h
    let sweeps = !shapes.boundaries.isEmpty
    let fraction = PhysicsWorld.continuousFraction
    let spec = PhysicsWorld.speculativeDistance
    var stale = false
    contacts.fastBodies.removeAll(keepingCapacity: true)
    let starts = contacts.impacts.starts
    bodies.sims.withUnsafeMutableBufferPointer { b in
    bodies.states.withUnsafeMutableBufferPointer { s in
      for i in bodies.solverBodies {
        let i = Int(i)
        if b[i].asleep { continue }
        var v = s[i].v
        let v2 = v.lengthSquared
        if v2 > maxSpeed * maxSpeed { v = v * (maxSpeed / v2.squareRoot()); s[i].v = v }
        var w = s[i].w
        if abs(w) > maxSpin { w = w > 0 ? maxSpin : -maxSpin; s[i].w = w }
        let dp = v * h
        let d = h * w
        if sweeps && b[i].hasBoundaryCollisions {
          let margin = i < shapes.sweeps.count ? shapes.sweeps[i].margin + spec : 0
          if PhysicsWorld.movesFast(b.baseAddress.unsafelyUnwrapped + i, s[i], by: dp, turning: d, fraction: fraction,
                                    margin: margin) {
            contacts.fastBodies.append(FastBody(body: Int32(i), startPosition: PhysicsWorld.impactStart(of: i, in: starts) ?? b[i].position,
                                       startAngle: b[i].angle))
          }
        }
        b[i].position += dp
        s[i].deltaPosition += dp
        if w != 0 {
          b[i].rotate(by: d)
          s[i].deltaAngle += d
          // Only a body still spinning fast enough to turn that far within a pass's four steps: a pile's
          // creep adds up small turns that must not keep it from sleeping.
          let e = b[i].extent
          if PhysicsWorld.outruns(turn: s[i].deltaAngle, extent: e) && PhysicsWorld.outruns(turn: 4 * d, extent: e) {
            stale = true
          }
        }
      }
    }
    }
    if stale { needsCollision = true }
  }


  /// Whether a step that moves body `b` by `dp` and turns it by `d` needs the continuous sweep against
  /// boundaries: the motion exceeds `fraction` of the body's thinnest part (the linear and the
  /// rotational parts each held to half of that, to spare a square root), or takes it beyond `margin`,
  /// the distance the last collision pass made contacts for (walls it may reach have none).
  @inline(__always) static func movesFast(_ b: UnsafeMutablePointer<Body>, _ s: BodyState, by dp: Vec2, turning d: Double,
                                          fraction: Double, margin: Double) -> Bool {
    let reach = 0.5 * fraction * b.pointee.minExtent
    let left = margin - abs(s.deltaAngle + d) * b.pointee.extent
    return dp.lengthSquared > reach * reach || abs(d) * b.pointee.extent > reach
      || left < 0 || (s.deltaPosition + dp).lengthSquared > left * left
  }

  // MARK: Reads and writes from outside the step (pending spring steps are applied first)

  /// Body `i`'s velocity (read between advances: the springs' pending steps are applied by then).
  func linearVelocity(of i: Int32) -> Vec2 {
    assert(joints.pendingSpringSteps == 0, "a spring body read with steps pending")
    return bodies.states[Int(i)].v
  }

  func angularVelocity(of i: Int32) -> Double { bodies.states[Int(i)].w }

  /// Whether body `i` moves (not anchored, with mass).
  func isDynamic(_ i: Int32) -> Bool { bodies.states[Int(i)].isDynamic }

  /// Puts body `i` at `p` with no velocity, keeping its rest timer (a layout settling a spring on its
  /// anchor must not wake it).
  mutating func rest(_ i: Int32, at p: Vec2) {
    if joints.pendingSpringSteps > 0 { settleSprings() }
    bodies.sims[Int(i)].position = p
    bodies.states[Int(i)].v = .zero
  }

  /// Adds to a body's velocity; an anchored body takes none (it never moves, and a change elsewhere no
  /// longer comes along to zero what it was given).
  mutating func addVelocity(_ v: Vec2, to i: Int32) {
    guard !bodies.sims[Int(i)].isAnchored else { return }
    if joints.pendingSpringSteps > 0 { settleSprings() }
    if bodies.sims[Int(i)].asleep { wakeIsland(bodies.sims[Int(i)].island) }
    bodies.states[Int(i)].v += v
    bodies.sims[Int(i)].sleepTime = 0
  }

  /// Adds to a body's spin; an anchored body, or one that may not rotate, takes none.
  mutating func addAngularVelocity(_ w: Double, to i: Int32) {
    guard !bodies.sims[Int(i)].isAnchored && bodies.sims[Int(i)].allowsRotation else { return }
    if bodies.sims[Int(i)].asleep { wakeIsland(bodies.sims[Int(i)].island) }
    forceSpring(of: i)
    bodies.states[Int(i)].w += w
    bodies.sims[Int(i)].sleepTime = 0
  }
}
