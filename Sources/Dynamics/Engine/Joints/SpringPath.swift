/// Which of the three ways a joint's spring is solved — decided here, and only here, whenever the joint
/// is placed (`JointStore.finishChanges`), from the joint and the bodies around it:
///
/// - **closed form** (`AnchorSpring`): a zero-length anchor spring that is the only joint on a
///   shapeless dynamic body, with a step map accurate in doubles. Exact for any step, and stepped lazily.
/// - **exact row** (`ExactSpringTerms`): a distance or point spring whose moving bodies no other joint
///   acts on. A solver row whose terms make the relative coordinate follow the exact step map.
/// - **soft row**: every other spring (a snap, springs sharing a body): Box2D's soft step from its own
///   frequency and damping ratio, in the biased pass only (`JointPass.terms`).
///
/// A joint that is no spring is a rigid row (`rigid`).
enum SpringPath {
  case closedForm
  case exactRow(ExactSpringTerms)
  case softRow
  case rigid

  /// The exact terms a row on this path carries (nil off the exact path).
  var exactTerms: ExactSpringTerms? {
    if case .exactRow(let terms) = self { return terms }
    return nil
  }

  static func choose(for j: JointRow, _ bodies: BodyStore, h: Double) -> SpringPath {
    if takesClosedForm(j, bodies, h: h) { return .closedForm }
    guard j.isSpring else { return .rigid }
    guard j.canBeExactSpring && isOnlyRow(j, bodies) else { return .softRow }
    guard let terms = ExactSpringTerms(hertz: j.hertz, zeta: j.zeta, damping: foldedDamping(j, bodies, h: h), h: h)
    else {
      return .softRow
    }
    return .exactRow(terms)
  }

  /// Whether the row is a zero-length anchor spring alone on a shapeless dynamic body, with a step map
  /// that is accurate in doubles.
  static func takesClosedForm(_ j: JointRow, _ bodies: BodyStore, h: Double) -> Bool {
    guard j.kind == .point && j.bodyA < 0 && j.hertz > 0 && j.localB == .zero else { return false }
    let bi = Int(j.bodyB)
    let body = bodies.sims[bi], rate = bodies.records[bi].material.resistance
    return bodies.records[bi].joints.count == 1 && bodies.states[bi].invMass > 0 && body.shapeCount == 0 && rate * h < 1
      && closedFormIsWellConditioned(hertz: j.hertz, zeta: j.zeta, rate: rate, h: h)
  }

  /// Whether no other joint acts on the row's moving bodies. Only such a spring gets exact terms: rows
  /// sharing a body are solved one after the other (Gauss–Seidel), and the exact terms, nearly explicit
  /// in the biased pass and amplifying in the relax pass, do not survive that coupling (a chain of 12–19
  /// Hz springs gained energy several times over in 40 s); Box2D's implicit soft step does.
  static func isOnlyRow(_ j: JointRow, _ bodies: BodyStore) -> Bool {
    for i in [j.bodyA, j.bodyB] where i >= 0 && bodies.states[Int(i)].invMass > 0 {
      if bodies.records[Int(i)].joints.count != 1 { return false }
    }
    return true
  }

  /// The resistance factor a spring row folds into its exact step (`ExactSpringTerms`): its moving bodies'
  /// common one. Between two moving bodies of different resistance the relative velocity does not decay
  /// by one factor, so none is folded (1) and the resistance stays a separate step before the spring.
  static func foldedDamping(_ j: JointRow, _ bodies: BodyStore, h: Double) -> Double {
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
