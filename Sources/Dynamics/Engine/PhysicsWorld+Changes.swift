/// The calls the animator changes the world with between steps (it never reaches into a store). Each
/// goes to the store that owns what it makes or changes, and to the others it concerns: a body's
/// shapes and joints go with it, a material that anchors a colliding body marks its proxies. What
/// depends on several changes at once — where each joint is solved, the solver's lists, the proxies,
/// the contacts of what is gone — is settled once, for the bodies they touched, when the batch ends
/// (`finishChanges`).
extension PhysicsWorld {
  /// A body for an item at `position`, turned by `angle`, with the default material and no shapes (it
  /// collides once `setCollisionMasks` gives it masks).
  mutating func createBody(position: Vec2, angle: Double, serial: UInt32, geometry: [ShapeBuilder.Geometry])
    -> BodyHandle
  {
    let handle = bodies.create(position: position, angle: angle, serial: serial, geometry: geometry)
    setMaterial(Material(), of: handle.index)
    return handle
  }

  func isCurrent(_ handle: BodyHandle) -> Bool { bodies.isCurrent(handle) }

  /// Destroys a body with its shapes and joints; its contacts leave when the batch ends.
  mutating func destroyBody(_ handle: BodyHandle) {
    guard bodies.isCurrent(handle) else { return }
    let i = handle.index
    for id in bodies.records[Int(i)].joints { destroyJoint(id: id) }
    if bodies.sims[Int(i)].shapeCount > 0 { destroyShapes(of: i) }
    bodies.destroy(i)
    contacts.noteGoneShapes()
  }

  /// A body's mass, damping and surface from its material and geometry.
  mutating func setMaterial(_ m: Material, of i: Int32) {
    // A closed-form spring's pending steps are its body's: applied before the body changes.
    if bodies.sims[Int(i)].closedFormSpring >= 0 { settleSprings() }
    let body = bodies.sims[Int(i)]
    if body.isAnchored != m.isAnchored && body.shapeCount > 0 { bodies.records[Int(i)].proxiesStale = true }
    bodies.setMaterial(m, of: i, h: h)
  }

  /// Which collision groups a body is in (bit k: collision behavior k), with items and with
  /// boundaries. A body in none has no shapes; the first mask makes them, the last one destroys them.
  mutating func setCollisionMasks(item itemMask: UInt64, boundary boundaryMask: UInt64, of i: Int32) {
    let collided = bodies.sims[Int(i)].itemCollisionMask | bodies.sims[Int(i)].boundaryCollisionMask != 0
    let collides = itemMask | boundaryMask != 0
    bodies.setCollisionMasks(item: itemMask, boundary: boundaryMask, of: i)
    if collides && !collided {
      let run = shapes.create(for: i, bodies.sims[Int(i)], geometry: bodies.records[Int(i)].geometry)
      bodies.sims[Int(i)].firstShape = run.first
      bodies.sims[Int(i)].shapeCount = run.count
      bodies.changeCounts.shapesCreated += Int(run.count)
    } else if collided && !collides {
      destroyShapes(of: i)
    } else if collides {
      bodies.records[Int(i)].proxiesStale = true
    }
  }

  /// Gives the body's shapes back; their proxies and contacts leave when the batch ends.
  mutating func destroyShapes(of i: Int32) {
    shapes.destroy(first: bodies.sims[Int(i)].firstShape, count: bodies.sims[Int(i)].shapeCount)
    bodies.sims[Int(i)].shapeCount = 0
    bodies.sims[Int(i)].firstShape = 0
    contacts.noteGoneShapes()
  }

  /// Whether some force behavior acts on the body.
  mutating func setReceivesForces(_ forced: Bool, of i: Int32) { bodies.setReceivesForces(forced, of: i) }

  /// Whether slot `i` holds a live body.
  func isLiveBody(_ i: Int) -> Bool { bodies.isLive(Int32(i)) }

  /// New boundary segments; contacts with a segment that is still there (same stable key) follow it.
  mutating func setBoundaries(_ segments: [BoundarySegment]) {
    contacts.followBoundaries(from: shapes.boundaries, to: segments)
    shapes.boundaries = segments
  }

  /// Ends a batch of changes: places the joints of the touched bodies, brings the solver's lists and
  /// the proxies up to date, drops the contacts of what is gone, and hands the freed ids out again.
  /// Then, as for any change the user makes, every body wakes and the next step runs a collision pass.
  mutating func finishChanges() {
    contacts.returnRows()
    joints.finishChanges(touched: bodies.touched, &bodies)
    let batch = bodies.finishChanges()
    shapes.finishChanges(batch: batch, bodies: &bodies)
    contacts.finishChanges(bodies)
    bodies.slots.recycle()
    joints.slots.recycle()
    resetSleep()
    needsCollision = true
  }
}
