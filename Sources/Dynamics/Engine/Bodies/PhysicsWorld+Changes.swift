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
    contactSolver.clear()
    wallContacts.removeAll(keepingCapacity: true)
    placeJoints(of: touchedBodies)
    noteSpringCounts()
    var anyStale = false
    for i in touchedBodies where bodySlots.contains(i) {
      updateSolverMembership(of: i)
      if bodyRecords[Int(i)].proxiesStale { anyStale = true }
    }
    refreshProxies(anyStale: anyStale)
    for i in touchedBodies {
      bodyRecords[Int(i)].isTouched = false
      bodyRecords[Int(i)].proxiesStale = false
    }
    touchedBodies.removeAll(keepingCapacity: true)
    if contactsNeedFilter { dropContactsOfGoneShapes() }
    previousContacts.removeAll()
    bodySlots.recycle()
    jointSlots.recycle()
    // The next pass sorts the proxies into the total order (minX, then shape), the order a full sort
    // gives, so the contacts come out in the same order whatever the history; many new proxies are
    // sorted at once rather than inserted one by one.
    if broadPhase.added > 16 { broadPhase.unsorted = true } else { broadPhase.needsTotalOrder = true }
    broadPhase.added = 0
    broadPhase.pairsCurrent = false
    resetSleep()
    needsCollision = true
  }

  /// Contacts whose bodies were destroyed or lost their shapes (no ended event: the item left).
  mutating func dropContactsOfGoneShapes() {
    let bodies = self.bodies
    let slots = bodySlots
    func collides(_ i: Int32) -> Bool { slots.contains(i) && bodies[Int(i)].shapeCount > 0 }
    contacts.removeAll { !collides($0.bodyA) || ($0.bodyB >= 0 && !collides($0.bodyB)) }
    awakeContactCount = Swift.min(awakeContactCount, contacts.count)
    contactsNeedFilter = false
  }

  /// New boundary segments; contacts with a segment that is still there (same stable key) follow it to
  /// its new index, the others are dropped.
  mutating func setBoundaries(_ segments: [BoundarySegment]) {
    storeImpulses()
    contactSolver.clear()
    wallContacts.removeAll(keepingCapacity: true)
    var index: [UInt32: Int32] = [:]
    for (k, seg) in segments.enumerated() { index[seg.stableKey] = Int32(k) }
    let oldKeys = boundaries.map(\.stableKey)
    contacts.removeAll { c in c.bodyB < 0 && (Int(c.boundary) >= oldKeys.count || index[oldKeys[Int(c.boundary)]] == nil) }
    for k in contacts.indices where contacts[k].bodyB < 0 {
      contacts[k].boundary = index[oldKeys[Int(contacts[k].boundary)]]!
    }
    awakeContactCount = Swift.min(awakeContactCount, contacts.count)
    boundaries = segments
  }
}
