/// The two joint stores' bookkeeping: appending a joint, taking it out (the rows close the gap, the
/// springs swap the last one in), and keeping what refers to a row's or spring's index — the ids'
/// places, the bodies' `closedFormSpring`, the anchors under way, the energy watch's per-row scratch —
/// in step with every move.
extension PhysicsWorld {
  mutating func appendRow(_ id: Int32, _ row: JointRow) {
    var row = row
    row.exactSpring = nil
    let k = joints.rows.count
    if joints.energy.anchors.count == k {
      joints.energy.anchors.append(row.localA)
      joints.energy.anchorMovedAt.append(Int.min / 2)
    }
    joints.rows.append(row)
    joints.rowIDs.append(id)
    joints.places[Int(id)] = JointPlace(store: .row, index: Int32(k))
  }

  /// A closed-form spring for the row's body (it steps the body's own state).
  mutating func appendSpring(_ id: Int32, _ row: JointRow) {
    settleSprings()  // pending steps belong to the springs there were
    let i = row.bodyB
    let s = newSpring(row)
    if s.forced { joints.forcedSpringCount += 1 }
    let k = Int32(joints.springs.count)
    joints.springs.append(s)
    joints.springIDs.append(id)
    bodies.sims[Int(i)].closedFormSpring = k
    joints.places[Int(id)] = JointPlace(store: .anchorSpring, index: k)
    bodies.touch(i)
  }

  /// The spring's terms from new parameters, a new material or forces (its body keeps its state).
  mutating func retuneSpring(at k: Int, _ row: JointRow) {
    settleSprings()
    let s = newSpring(row)
    joints.forcedSpringCount += (s.forced ? 1 : 0) - (joints.springs[k].forced ? 1 : 0)
    joints.springs[k] = s
  }

  func newSpring(_ row: JointRow) -> AnchorSpring {
    let i = Int(row.bodyB)
    let rate = bodies.records[i].material.resistance
    var s = AnchorSpring(body: row.bodyB, anchor: row.localA, hertz: row.hertz, zeta: row.zeta,
                         linearDampingRate: Material.equivalentRate(rate: rate, h: h), h: h)
    s.forced = bodies.records[i].receivesForces || bodies.states[i].w != 0
    return s
  }

  /// Takes a joint out of its store.
  mutating func removeFromStore(_ id: Int32) {
    let p = joints.places[Int(id)]
    guard p.index >= 0 else { return }
    joints.places[Int(id)].index = -1
    let k = Int(p.index)
    switch p.store {
    case .row: removeRow(at: k)
    case .anchorSpring: removeSpring(at: k)
    }
  }

  /// Closes the gap: the rows after `k` move down one, keeping the solve order.
  mutating func removeRow(at k: Int) {
    setExactTerms(of: k, nil)
    if joints.energy.anchors.count == joints.rows.count {
      joints.energy.anchors.remove(at: k)
      joints.energy.anchorMovedAt.remove(at: k)
    }
    joints.rows.remove(at: k)
    joints.rowIDs.remove(at: k)
    for j in k..<joints.rowIDs.count { joints.places[Int(joints.rowIDs[j])].index = Int32(j) }
    if !joints.movingAnchors.isEmpty {
      joints.movingAnchors.removeAll { $0 == Int32(k) }
      for n in joints.movingAnchors.indices where joints.movingAnchors[n] > Int32(k) { joints.movingAnchors[n] -= 1 }
    }
  }

  /// Swaps the last spring into the gap (springs are independent: their order changes nothing).
  mutating func removeSpring(at k: Int) {
    settleSprings()
    let s = joints.springs[k]
    if s.forced { joints.forcedSpringCount -= 1 }
    bodies.sims[Int(s.body)].closedFormSpring = -1
    bodies.touch(s.body)
    let last = joints.springs.count - 1
    if k != last {
      joints.springs[k] = joints.springs[last]
      joints.springIDs[k] = joints.springIDs[last]
      joints.places[Int(joints.springIDs[k])].index = Int32(k)
      bodies.sims[Int(joints.springs[k].body)].closedFormSpring = Int32(k)
    }
    joints.springs.removeLast()
    joints.springIDs.removeLast()
  }

  /// Which kinds of spring there are, from the counts the store changes keep (the unforced ones'
  /// smallest rest time is set by `resetSleep()`, which every batch of changes ends with).
  mutating func noteSpringCounts() {
    joints.hasForcedSprings = joints.forcedSpringCount > 0
    joints.hasFreeSprings = joints.springs.count > joints.forcedSpringCount
    if !joints.hasFreeSprings { joints.freeSpringSleep = .infinity }
  }

  /// A row's parameters replaced (its motion and warm start start over); a rigid anchor under way stops.
  mutating func replaceRow(at k: Int, with row: JointRow) {
    setExactTerms(of: k, nil)
    var row = row
    row.exactSpring = nil
    joints.rows[k] = row
    joints.movingAnchors.removeAll { $0 == Int32(k) }
  }

  /// Sets a row's exact spring terms, keeping count of the rows that have them.
  mutating func setExactTerms(of k: Int, _ terms: ExactSpringTerms?) {
    let had = joints.rows[k].exactSpring != nil
    joints.rows[k].exactSpring = terms
    joints.exactSpringRowCount += (terms != nil ? 1 : 0) - (had ? 1 : 0)
    joints.hasExactSprings = joints.exactSpringRowCount > 0
  }
}
