/// The end of a batch of incremental changes (bodies, materials, masks, joints created, set or
/// destroyed): what depends on several of them at once is settled here, for the bodies they touched.
extension PhysicsWorld {
  /// Places the joints of the touched bodies, updates their solver membership and proxies, drops the
  /// contacts of bodies that were destroyed or stopped colliding, and hands the freed slots out again.
  /// Then, as for any change the user makes, every body wakes and the next step runs a collision pass.
  mutating func finishChanges() {
    // The contact rows are rebuilt by the next collision pass; their impulses go back to the contacts
    // so warm starting survives the change.
    storeImpulses()
    contacts.solver.clear()
    contacts.wallContacts.removeAll(keepingCapacity: true)
    placeJoints(of: bodies.touched)
    noteSpringCounts()
    var anyStale = false
    for i in bodies.touched where bodies.slots.contains(i) {
      updateSolverMembership(of: i)
      if bodies.records[Int(i)].proxiesStale { anyStale = true }
    }
    refreshProxies(anyStale: anyStale)
    for i in bodies.touched {
      bodies.records[Int(i)].isTouched = false
      bodies.records[Int(i)].proxiesStale = false
    }
    bodies.touched.removeAll(keepingCapacity: true)
    if contacts.needsFilter { dropContactsOfGoneShapes() }
    contacts.previous.removeAll()
    bodies.slots.recycle()
    joints.slots.recycle()
    // The next pass sorts the proxies into the total order (minX, then shape), the order a full sort
    // gives, so the contacts come out in the same order whatever the history; many new proxies are
    // sorted at once rather than inserted one by one.
    if shapes.broadPhase.added > 16 { shapes.broadPhase.unsorted = true } else { shapes.broadPhase.needsTotalOrder = true }
    shapes.broadPhase.added = 0
    shapes.broadPhase.pairsCurrent = false
    resetSleep()
    needsCollision = true
  }

  /// Contacts whose bodies were destroyed or lost their shapes (no ended event: the item left).
  mutating func dropContactsOfGoneShapes() {
    let bodies = self.bodies
    func collides(_ i: Int32) -> Bool { bodies.isLive(i) && bodies.sims[Int(i)].shapeCount > 0 }
    contacts.list.removeAll { !collides($0.bodyA) || ($0.bodyB >= 0 && !collides($0.bodyB)) }
    contacts.awakeCount = Swift.min(contacts.awakeCount, contacts.list.count)
    contacts.needsFilter = false
  }

  /// New boundary segments; contacts with a segment that is still there (same stable key) follow it to
  /// its new index, the others are dropped.
  mutating func setBoundaries(_ segments: [BoundarySegment]) {
    storeImpulses()
    contacts.solver.clear()
    contacts.wallContacts.removeAll(keepingCapacity: true)
    var index: [UInt32: Int32] = [:]
    for (k, seg) in segments.enumerated() { index[seg.stableKey] = Int32(k) }
    let oldKeys = shapes.boundaries.map(\.stableKey)
    contacts.list.removeAll { c in c.bodyB < 0 && (Int(c.boundary) >= oldKeys.count || index[oldKeys[Int(c.boundary)]] == nil) }
    for k in contacts.list.indices where contacts.list[k].bodyB < 0 {
      contacts.list[k].boundary = index[oldKeys[Int(contacts.list[k].boundary)]]!
    }
    contacts.awakeCount = Swift.min(contacts.awakeCount, contacts.list.count)
    shapes.boundaries = segments
  }
}
