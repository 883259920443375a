/// Creating, changing and destroying joints between steps, and placing each in its store.
///
/// A joint is an id (`JointHandle`) with the row its behavior asked for (`jointSpecs`). Where it is
/// solved depends on its bodies: a zero-length anchor spring that is the only joint on a shapeless
/// dynamic body, and well conditioned, takes the exact closed-form path (`springs`); every other joint
/// is a solver row (`joints`), with exact spring terms when no other row shares its moving bodies. So
/// when a joint joins or leaves a body, or the body's material, shapes or forces change, that body's
/// joints are placed again at `finishChanges()` — only theirs.
///
/// The rows are solved in order (Gauss–Seidel: the order changes the result), and the order is the
/// order they were created in, so removing a row closes the gap (the rows after it shift down one, and
/// their ids' places with them: a move of a few hundred bytes per row, no rebuild). The springs are
/// independent of each other and swap the last one into the gap.
extension PhysicsWorld {
  mutating func createJoint(_ row: JointRow) -> JointHandle {
    let id = joints.slots.allocate()
    if Int(id) == joints.specs.count {
      joints.specs.append(row)
      joints.places.append(JointPlace(store: .row, index: -1))
      joints.birthSteps.append(stepCount)
    } else {
      joints.specs[Int(id)] = row
      joints.places[Int(id)] = JointPlace(store: .row, index: -1)
      joints.birthSteps[Int(id)] = stepCount
    }
    for b in [row.bodyA, row.bodyB] where b >= 0 {
      bodies.records[Int(b)].joints.append(id)
      bodies.touch(b)
    }
    joints.toPlace.append(id)
    return JointHandle(index: id, generation: joints.slots.generations[Int(id)])
  }

  mutating func destroyJoint(_ handle: JointHandle) {
    guard isCurrent(handle) else { return }
    destroyJoint(id: handle.index)
  }

  mutating func destroyJoint(id: Int32) {
    removeFromStore(id)
    joints.anchorMoves.removeAll { $0.joint == id }
    let row = joints.specs[Int(id)]
    for b in [row.bodyA, row.bodyB] where b >= 0 {
      bodies.records[Int(b)].joints.removeAll { $0 == id }
      bodies.touch(b)
    }
    joints.slots.release(id)
  }

  /// New parameters for a joint (same bodies): its row starts over from them, warm start included.
  mutating func setJoint(_ handle: JointHandle, to row: JointRow) {
    guard isCurrent(handle) else { return }
    let id = handle.index
    precondition(row.bodyA == joints.specs[Int(id)].bodyA && row.bodyB == joints.specs[Int(id)].bodyB,
                 "setJoint: a joint keeps its bodies.sims; destroy it and create another")
    joints.specs[Int(id)] = row
    let p = joints.places[Int(id)]
    if p.index >= 0 && p.store == .row { replaceRow(at: Int(p.index), with: row) }
    joints.toPlace.append(id)
  }

  /// Places every joint that was created or changed, and every joint on a touched body, in creation
  /// order (the new ones last, in the order they were made, as their behaviors were added).
  mutating func placeJoints(of touched: [Int32]) {
    var order: [Int32] = []
    for b in touched where bodies.slots.contains(b) {
      for id in bodies.records[Int(b)].joints where joints.places[Int(id)].index >= 0 { order.append(id) }
    }
    for id in joints.toPlace where joints.slots.contains(id) { order.append(id) }
    joints.toPlace.removeAll()
    var seen = Set<Int32>()
    for id in order where seen.insert(id).inserted { placeJoint(id) }
  }

  /// Puts a joint in the store its bodies call for now, moving it if it is in the other one.
  mutating func placeJoint(_ id: Int32) {
    let row = joints.specs[Int(id)]
    let p = joints.places[Int(id)]
    bodies.changeCounts.jointsPlaced += 1
    if takesClosedForm(row) {
      if p.index >= 0 && p.store == .anchorSpring {
        retuneSpring(at: Int(p.index), row)
      } else {
        removeFromStore(id)
        appendSpring(id, row)
      }
    } else {
      if p.index < 0 || p.store == .anchorSpring {
        removeFromStore(id)
        appendRow(id, row)
      }
      let k = Int(joints.places[Int(id)].index)
      setExactTerms(of: k, exactTerms(for: joints.rows[k]))
    }
  }

  /// Whether the row is a zero-length anchor spring alone on a shapeless dynamic body, with a step map
  /// that is accurate in doubles.
  func takesClosedForm(_ j: JointRow) -> Bool {
    guard j.kind == .point && j.bodyA < 0 && j.hertz > 0 && j.localB == .zero else { return false }
    let bi = Int(j.bodyB)
    let body = bodies.sims[bi], rate = bodies.records[bi].material.resistance
    return bodies.records[bi].joints.count == 1 && bodies.states[bi].invMass > 0 && body.shapeCount == 0 && rate * h < 1
      && PhysicsWorld.closedFormIsWellConditioned(hertz: j.hertz, zeta: j.zeta, rate: rate, h: h)
  }

  /// Exact spring terms for a spring row whose moving bodies no other joint acts on, else nil.
  func exactTerms(for j: JointRow) -> ExactSpringTerms? {
    guard j.canBeExactSpring && isOnlyRow(j) else { return nil }
    return ExactSpringTerms(hertz: j.hertz, zeta: j.zeta, damping: foldedDamping(j), h: h)
  }

  /// Whether no other joint acts on the row's moving bodies. Only such a spring gets exact terms: rows
  /// sharing a body are solved one after the other (Gauss–Seidel), and the exact terms, nearly explicit
  /// in the biased pass and amplifying in the relax pass, do not survive that coupling (a chain of 12–19
  /// Hz springs gained energy several times over in 40 s); Box2D's implicit soft step does.
  func isOnlyRow(_ j: JointRow) -> Bool {
    for i in [j.bodyA, j.bodyB] where i >= 0 && bodies.states[Int(i)].invMass > 0 {
      if bodies.records[Int(i)].joints.count != 1 { return false }
    }
    return true
  }

  /// The resistance factor a spring row folds into its exact step (`ExactSpringTerms`): its moving bodies'
  /// common one. Between two moving bodies of different resistance the relative velocity does not decay
  /// by one factor, so none is folded (1) and the resistance stays a separate step before the spring.
  func foldedDamping(_ j: JointRow) -> Double {
    var d: Double? = nil
    for i in [j.bodyA, j.bodyB] where i >= 0 && bodies.states[Int(i)].invMass > 0 {
      let di = Material.dampingFactor(rate: bodies.records[Int(i)].material.resistance, h: h)
      if let d, d != di { return 1 }
      d = di
    }
    return d ?? 1
  }

  /// Whether the closed-form spring's step map is accurate in doubles: ω·h and the decay β·h at most 10
  /// (beyond, cosh and ω² overflow toward ∞ × 0). Stiffer or more damped springs go to the soft solver,
  /// which is stable at any stiffness.
  static func closedFormIsWellConditioned(hertz: Double, zeta: Double, rate: Double, h: Double) -> Bool {
    let omega = 2 * Double.pi * hertz
    let beta = zeta * omega + 0.5 * Material.equivalentRate(rate: rate, h: h)
    return omega * h <= 10 && beta * h <= 10
  }
}
