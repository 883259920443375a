/// The two joint stores' bookkeeping: appending a joint, taking it out (the rows close the gap, the
/// springs swap the last one in), and keeping what refers to a row's or spring's index — the ids'
/// places, the bodies' `closedFormSpring`, the anchors under way, the energy watch's per-row scratch —
/// in step with every move.
extension PhysicsWorld {
  mutating func appendRow(_ id: Int32, _ row: JointRow) {
    var row = row
    row.exactSpring = nil
    let k = joints.count
    if jointEnergy.anchors.count == k {
      jointEnergy.anchors.append(row.localA)
      jointEnergy.anchorMovedAt.append(Int.min / 2)
    }
    joints.append(row)
    rowIDs.append(id)
    jointPlaces[Int(id)] = JointPlace(store: .row, index: Int32(k))
  }

  /// A closed-form spring for the row's body (it steps the body's own state).
  mutating func appendSpring(_ id: Int32, _ row: JointRow) {
    settleSprings()  // pending steps belong to the springs there were
    let i = row.bodyB
    let s = newSpring(row)
    if s.forced { forcedSpringCount += 1 }
    let k = Int32(springs.count)
    springs.append(s)
    springIDs.append(id)
    bodies[Int(i)].closedFormSpring = k
    jointPlaces[Int(id)] = JointPlace(store: .anchorSpring, index: k)
    touchBody(i)
  }

  /// The spring's terms from new parameters, a new material or forces (its body keeps its state).
  mutating func retuneSpring(at k: Int, _ row: JointRow) {
    settleSprings()
    let s = newSpring(row)
    forcedSpringCount += (s.forced ? 1 : 0) - (springs[k].forced ? 1 : 0)
    springs[k] = s
  }

  func newSpring(_ row: JointRow) -> AnchorSpring {
    let i = Int(row.bodyB)
    let rate = bodyRecords[i].material.resistance
    var s = AnchorSpring(body: row.bodyB, anchor: row.localA, hertz: row.hertz, zeta: row.zeta,
                         linearDampingRate: Material.equivalentRate(rate: rate, h: h), h: h)
    s.forced = bodyRecords[i].receivesForces || bodyStates[i].w != 0
    return s
  }

  /// Takes a joint out of its store.
  mutating func removeFromStore(_ id: Int32) {
    let p = jointPlaces[Int(id)]
    guard p.index >= 0 else { return }
    jointPlaces[Int(id)].index = -1
    let k = Int(p.index)
    switch p.store {
    case .row: removeRow(at: k)
    case .anchorSpring: removeSpring(at: k)
    }
  }

  /// Closes the gap: the rows after `k` move down one, keeping the solve order.
  mutating func removeRow(at k: Int) {
    setExactTerms(of: k, nil)
    if jointEnergy.anchors.count == joints.count {
      jointEnergy.anchors.remove(at: k)
      jointEnergy.anchorMovedAt.remove(at: k)
    }
    joints.remove(at: k)
    rowIDs.remove(at: k)
    for j in k..<rowIDs.count { jointPlaces[Int(rowIDs[j])].index = Int32(j) }
    if !movingAnchors.isEmpty {
      movingAnchors.removeAll { $0 == Int32(k) }
      for n in movingAnchors.indices where movingAnchors[n] > Int32(k) { movingAnchors[n] -= 1 }
    }
  }

  /// Swaps the last spring into the gap (springs are independent: their order changes nothing).
  mutating func removeSpring(at k: Int) {
    settleSprings()
    let s = springs[k]
    if s.forced { forcedSpringCount -= 1 }
    bodies[Int(s.body)].closedFormSpring = -1
    touchBody(s.body)
    let last = springs.count - 1
    if k != last {
      springs[k] = springs[last]
      springIDs[k] = springIDs[last]
      jointPlaces[Int(springIDs[k])].index = Int32(k)
      bodies[Int(springs[k].body)].closedFormSpring = Int32(k)
    }
    springs.removeLast()
    springIDs.removeLast()
  }

  /// Which kinds of spring there are, from the counts the store changes keep (the unforced ones'
  /// smallest rest time is set by `resetSleep()`, which every batch of changes ends with).
  mutating func noteSpringCounts() {
    hasForcedSprings = forcedSpringCount > 0
    hasFreeSprings = springs.count > forcedSpringCount
    if !hasFreeSprings { freeSpringSleep = .infinity }
  }

  /// A row's parameters replaced (its motion and warm start start over); a rigid anchor under way stops.
  mutating func replaceRow(at k: Int, with row: JointRow) {
    setExactTerms(of: k, nil)
    var row = row
    row.exactSpring = nil
    joints[k] = row
    movingAnchors.removeAll { $0 == Int32(k) }
  }

  /// Sets a row's exact spring terms, keeping count of the rows that have them.
  mutating func setExactTerms(of k: Int, _ terms: ExactSpringTerms?) {
    let had = joints[k].exactSpring != nil
    joints[k].exactSpring = terms
    exactSpringRowCount += (terms != nil ? 1 : 0) - (had ? 1 : 0)
    hasExactSprings = exactSpringRowCount > 0
  }
}
