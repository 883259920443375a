/// Creating, changing and destroying joints between steps, and placing each where it is solved.
///
/// A joint is an id (`JointHandle`) with the row its behavior asked for (`specs`). Where it is solved
/// depends on its bodies (`SpringPath`): a zero-length anchor spring alone on a shapeless dynamic body
/// takes the exact closed-form path (`springs`); every other joint is a solver row (`rows`), a spring
/// with exact terms when no other row shares its moving bodies. So when a joint joins or leaves a body,
/// or the body's material, shapes or forces change, that body's joints are placed again when the batch
/// of changes ends — only theirs.
///
/// The rows are kept in the order they were created in, so removing a row closes the gap; the order
/// they are solved in (Gauss–Seidel: the order changes the result) is worked out from it, by colour
/// (`JointStore+SolveOrder`), after every batch of changes. The springs are independent of each
/// other and swap the last one into the gap.
extension JointStore {
  /// A new joint, to be placed when the batch of changes ends; `step` is the world's step count.
  mutating func create(_ row: JointRow, step: Int, _ bodies: inout BodyStore) -> JointHandle {
    let id = slots.allocate()
    if Int(id) == specs.count {
      specs.append(row)
      places.append(JointPlace(store: .row, index: -1))
      birthSteps.append(step)
    } else {
      specs[Int(id)] = row
      places[Int(id)] = JointPlace(store: .row, index: -1)
      birthSteps[Int(id)] = step
    }
    for b in [row.bodyA, row.bodyB] where b >= 0 { bodies.addJoint(id, to: b) }
    toPlace.append(id)
    return JointHandle(index: id, generation: slots.generations[Int(id)])
  }

  /// Whether `handle` still names the joint it was made for.
  func isCurrent(_ handle: JointHandle) -> Bool { slots.isCurrent(handle.index, generation: handle.generation) }

  /// The joint's store and index there, or nil for a stale handle or a joint not placed yet.
  func place(of handle: JointHandle) -> JointPlace? {
    guard isCurrent(handle) else { return nil }
    let p = places[Int(handle.index)]
    return p.index >= 0 ? p : nil
  }

  mutating func destroy(id: Int32, _ bodies: inout BodyStore) {
    removeFromStore(id, &bodies)
    anchorMoves.removeAll { $0.joint == id }
    let row = specs[Int(id)]
    for b in [row.bodyA, row.bodyB] where b >= 0 { bodies.removeJoint(id, from: b) }
    slots.release(id)
  }

  /// New parameters for a joint (same bodies): its row starts over from them, warm start included.
  mutating func set(_ handle: JointHandle, to row: JointRow) {
    guard isCurrent(handle) else { return }
    let id = handle.index
    precondition(
      row.bodyA == specs[Int(id)].bodyA && row.bodyB == specs[Int(id)].bodyB,
      "setJoint: a joint keeps its bodies; destroy it and create another")
    specs[Int(id)] = row
    let p = places[Int(id)]
    if p.index >= 0 && p.store == .row { replaceRow(at: Int(p.index), with: row) }
    toPlace.append(id)
  }

  /// Places every joint that was created or changed, and every joint on a touched body, in creation
  /// order (the new ones last, in the order they were made, as their behaviors were added); then notes
  /// which kinds of spring there are.
  mutating func finishChanges(touched: [Int32], _ bodies: inout BodyStore) {
    var order: [Int32] = []
    for b in touched where bodies.isLive(b) {
      for id in bodies.records[Int(b)].joints where places[Int(id)].index >= 0 { order.append(id) }
    }
    for id in toPlace where slots.contains(id) { order.append(id) }
    toPlace.removeAll()
    var seen = Set<Int32>()
    for id in order where seen.insert(id).inserted { place(id, &bodies) }
    noteSpringCounts()
    // Any change (a body anchored or set free, too) may change the colours and the rows' groups.
    solveOrderIsStale = true
    rowGroupsAreStale = true
  }

  /// Puts a joint where its bodies call for it now (`SpringPath`), moving it if it is elsewhere.
  private mutating func place(_ id: Int32, _ bodies: inout BodyStore) {
    let row = specs[Int(id)]
    let p = places[Int(id)]
    bodies.changeCounts.jointsPlaced += 1
    let path = SpringPath.choose(for: row, bodies, h: h)
    if case .closedForm = path {
      if p.index >= 0 && p.store == .anchorSpring {
        retuneSpring(at: Int(p.index), row, &bodies)
      } else {
        removeFromStore(id, &bodies)
        appendSpring(id, row, &bodies)
      }
      return
    }
    if p.index < 0 || p.store == .anchorSpring {
      removeFromStore(id, &bodies)
      appendRow(id, row)
    }
    let k = Int(places[Int(id)].index)
    setExactTerms(of: k, path.exactTerms)
  }
}
