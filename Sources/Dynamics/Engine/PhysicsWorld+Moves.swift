/// Reads and writes of a body from outside the step (the animator's `updateItem`, velocity changes,
/// reads of velocity): the closed-form springs' pending steps are applied first, and a write wakes the
/// body's island.
extension PhysicsWorld {
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

  /// Puts body `i` at `p` turned to `angle`, keeping its velocity: its rest timer restarts, its island
  /// wakes, and a body with shapes gets a collision pass. Inlined into `updateItem`, which runs for every
  /// moved item every frame: the call and its frame were a tenth of the move's instructions.
  @inline(__always) mutating func placeBody(_ i: Int32, at p: Vec2, angle: Double) {
    if joints.pendingSpringSteps > 0 { settleSprings() }
    // One look at the body: what it needs next comes back as the island to wake (≥ 0), none (−1), or
    // `anchored` (a kinematic move instead of a placement).
    let anchored = Int32.min
    let next: Int32 = bodies.sims.withUnsafeMutableBufferPointer { b in
      let body = b.baseAddress.unsafelyUnwrapped + Int(i)
      if body.pointee.isAnchored { return anchored }
      if body.pointee.shapeCount > 0 { needsCollision = true }
      body.pointee.position = p
      body.pointee.sleepTime = 0
      if angle != body.pointee.angle {
        body.pointee.angle = angle
        body.pointee.updateRotation()
        body.pointee.writtenCos = body.pointee.cosAngle
        body.pointee.writtenSin = body.pointee.sinAngle
      }
      return body.pointee.asleep ? body.pointee.island : -1
    }
    if next == anchored {
      moveAnchoredBody(i, to: p, angle: angle)
    } else if next >= 0 {
      wakeIsland(next)
    }
  }

  /// An anchored body placed anew travels there over the next advance (`KinematicMoves.swift`),
  /// pushing what it meets. Whatever sleeps wakes: the broad phase pairs a sleeping body only with an
  /// awake dynamic one, and a wall on the move must find what rests in its way.
  mutating func moveAnchoredBody(_ i: Int32, to p: Vec2, angle: Double) {
    let b = bodies.sims[Int(i)]
    guard p != b.position || angle != b.angle || bodies.kinematicMoves.contains(where: { $0.body == i }) else { return }
    bodies.requestKinematicMove(of: i, to: p, angle: angle)
    wakeAll()
  }

  /// Wakes every body of island `id`, and runs a collision pass next step so their contacts are solved
  /// again.
  mutating func wakeIsland(_ id: Int32) {
    bodies.wakeIsland(id)
    needsCollision = true
  }

  /// Wakes every sleeping island (a behavior changed).
  mutating func wakeAll() {
    guard sleep.anyAsleep else { return }
    bodies.wakeAll()
    sleep.anyAsleep = false
    needsCollision = true
  }
}
