/// The two joint stores' bookkeeping: appending a joint, taking it out (the rows close the gap, the
/// springs swap the last one in), and keeping what refers to a row's or spring's index — the ids'
/// places, the bodies' `closedFormSpring`, the anchors under way, the energy watch's per-row scratch —
/// in step with every move.
extension JointStore {
  mutating func appendRow(_ id: Int32, _ row: JointRow) {
    var row = row
    row.hasExactSpring = false
    let k = rows.count
    if energy.anchors.count == k {
      energy.anchors.append(row.localA)
      energy.anchorMovedAt.append(Int.min / 2)
    }
    rows.append(row)
    exactSprings.append(nil)
    rowIDs.append(id)
    solveOrderIsStale = true
    rowGroupsAreStale = true
    places[Int(id)] = JointPlace(store: .row, index: Int32(k))
  }

  /// A closed-form spring for the row's body (it steps the body's own state).
  mutating func appendSpring(_ id: Int32, _ row: JointRow, _ bodies: inout BodyStore) {
    settleSprings(&bodies)  // pending steps belong to the springs there were
    let i = row.bodyB
    let s = newSpring(row, bodies)
    if s.forced { forcedSpringCount += 1 }
    let k = Int32(springs.count)
    springs.append(s)
    springIDs.append(id)
    bodies.sims[Int(i)].closedFormSpring = k
    places[Int(id)] = JointPlace(store: .anchorSpring, index: k)
    bodies.touch(i)
  }

  /// The spring's terms from new parameters, a new material or forces (its body keeps its state).
  mutating func retuneSpring(at k: Int, _ row: JointRow, _ bodies: inout BodyStore) {
    settleSprings(&bodies)
    let s = newSpring(row, bodies)
    forcedSpringCount += (s.forced ? 1 : 0) - (springs[k].forced ? 1 : 0)
    springs[k] = s
  }

  func newSpring(_ row: JointRow, _ bodies: BodyStore) -> AnchorSpring {
    let i = Int(row.bodyB)
    let rate = bodies.records[i].material.resistance
    var s = AnchorSpring(
      body: row.bodyB, anchor: row.localA, hertz: row.hertz, zeta: row.zeta,
      linearDampingRate: Material.equivalentRate(rate: rate, h: h), h: h)
    s.forced = bodies.records[i].receivesForces || bodies.states[i].w != 0
    return s
  }

  /// Takes a joint out of its store.
  mutating func removeFromStore(_ id: Int32, _ bodies: inout BodyStore) {
    let p = places[Int(id)]
    guard p.index >= 0 else { return }
    places[Int(id)].index = -1
    let k = Int(p.index)
    switch p.store {
    case .row: removeRow(at: k)
    case .anchorSpring: removeSpring(at: k, &bodies)
    }
  }

  /// Closes the gap: the rows after `k` move down one, keeping the solve order.
  mutating func removeRow(at k: Int) {
    setExactTerms(of: k, nil)
    if energy.anchors.count == rows.count {
      energy.anchors.remove(at: k)
      energy.anchorMovedAt.remove(at: k)
    }
    rows.remove(at: k)
    exactSprings.remove(at: k)
    rowIDs.remove(at: k)
    solveOrderIsStale = true
    rowGroupsAreStale = true
    for j in k..<rowIDs.count { places[Int(rowIDs[j])].index = Int32(j) }
    if !movingAnchors.isEmpty {
      movingAnchors.removeAll { $0 == Int32(k) }
      for n in movingAnchors.indices where movingAnchors[n] > Int32(k) { movingAnchors[n] -= 1 }
    }
  }

  /// Swaps the last spring into the gap (springs are independent: their order changes nothing).
  mutating func removeSpring(at k: Int, _ bodies: inout BodyStore) {
    settleSprings(&bodies)
    let s = springs[k]
    if s.forced { forcedSpringCount -= 1 }
    bodies.sims[Int(s.body)].closedFormSpring = -1
    bodies.touch(s.body)
    let last = springs.count - 1
    if k != last {
      springs[k] = springs[last]
      springIDs[k] = springIDs[last]
      places[Int(springIDs[k])].index = Int32(k)
      bodies.sims[Int(springs[k].body)].closedFormSpring = Int32(k)
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
    row.hasExactSpring = false
    rows[k] = row
    movingAnchors.removeAll { $0 == Int32(k) }
  }

  /// Sets a row's exact spring terms, keeping count of the rows that have them.
  mutating func setExactTerms(of k: Int, _ terms: ExactSpringTerms?) {
    let had = rows[k].hasExactSpring
    exactSprings[k] = terms
    rows[k].hasExactSpring = terms != nil
    exactSpringRowCount += (terms != nil ? 1 : 0) - (had ? 1 : 0)
    hasExactSprings = exactSpringRowCount > 0
  }
}
