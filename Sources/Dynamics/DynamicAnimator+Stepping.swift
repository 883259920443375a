import Geometry2D

extension DynamicAnimator {
  /// Advances simulated time by `seconds` in fixed steps of `stepDuration` (1/240 s), carrying the
  /// remainder to the next call, then writes the items' centres and rotations. Any slicing of the same
  /// total time gives the same bits. While paused, time passes but nothing is stepped.
  /// - Precondition: `seconds` is finite and not negative.
  public func advance(by seconds: Double) {
    precondition(
      seconds.isFinite && seconds >= 0,
      "advance(by:): \(seconds) is not a finite, non-negative number of seconds; clamp the frame time before calling.")
    clock += seconds
    // The small tolerance absorbs the rounding of summed frame times (60 × 1/60 ≠ 1 exactly in binary).
    let due = Int(clock / world.h + 1e-6)
    var steps = due - stepsConsumed
    stepsConsumed = due
    guard isRunning else { return }
    // Dragged anchors move evenly over this advance's steps, decided with the behavior changes applied
    // (see `PhysicsWorld.moveAnchor(of:to:)`).
    if steps > 0 && world.anchorsInMotion {
      applyPendingChanges()
      world.scheduleAnchorMoves(steps: steps)
    }
    // Anchored items placed anew travel there over this advance's steps (`KinematicMoves.swift`).
    if steps > 0 && !world.bodies.kinematicMoves.isEmpty {
      world.bodies.scheduleKinematicMoves(steps: steps, h: world.h)
    }
    if steps > 0 && workers.count > 1 && world.bodies.count >= workers.minimumBodies {
      // The write-back too, in slices.
      workers.session {
        run(steps: &steps)
        writeBack()
      }
    } else {
      run(steps: &steps)
      writeBack()
    }
  }

  private func run(steps: inout Int) {
    while steps > 0 && isRunning {
      step()
      steps -= 1
    }
  }

  func step() {
    applyPendingChanges()
    for b in forceBehaviors { b.applyForces(to: &world) }
    for b in forceBehaviors { b.overrideVelocities(in: &world) }
    world.step(on: workers)
    // Events go to collision delegates only: with none, nothing reads them (a falling pile makes
    // hundreds a frame).
    if !world.contacts.events.isEmpty && collisionGroups.contains(where: { $0?.reportsContacts == true }) {
      world.settleSprings()  // the delegates may read or move items
      dispatchContactEvents()
    }
    if !actionBehaviors.isEmpty {
      writeBack()
      for b in actionBehaviors { b.action?() }
    }
    // With sleeping off the animator pauses only when nothing can move (no dynamic body at all).
    let rests = world.sleep.minimumSleepTime >= PhysicsWorld.timeToSleep
    if rests && (world.sleep.isEnabled || world.sleep.minimumSleepTime == .infinity) {
      isRunning = false
      if world.anchorsInMotion { world.landAnchors() }
      writeBack()
      delegate?.dynamicAnimatorDidPause(self)
    }
  }

  /// Delivers the step's began/ended contacts to the collision groups that report them. Items are
  /// resolved before any delegate runs, so a delegate that changes behaviors cannot confuse the rest.
  func dispatchContactEvents() {
    var resolved: [(group: DynamicBehavior, report: ContactReport)] = []
    for e in world.contacts.events {
      let item1 = items[Int(e.bodyA)]!
      let point = Point(x: e.point.x, y: e.point.y)
      if e.bodyB >= 0 {
        let item2 = items[Int(e.bodyB)]!
        var bits = world.bodies.sims[Int(e.bodyA)].itemCollisionMask & world.bodies.sims[Int(e.bodyB)].itemCollisionMask
        while bits != 0 {
          let k = bits.trailingZeroBitCount
          bits &= bits - 1
          resolved.append(
            (
              collisionGroups[k]!,
              ContactReport(
                began: e.began, item1: item1, item2: item2,
                boundaryIdentifier: nil, point: point)
            ))
        }
      } else {
        let seg = world.shapes.boundaries[Int(e.boundary)]
        let group = collisionGroups[Int(seg.owner)]!
        resolved.append(
          (
            group,
            ContactReport(
              began: e.began, item1: item1, item2: nil,
              boundaryIdentifier: group.boundaryIdentifier(at: seg.identifier), point: point)
          ))
      }
    }
    for r in resolved { r.group.reportContact(r.report) }
  }
}
