/// A body's pose as a contact's manifold sees it: where its position is and how it is turned. A boundary
/// segment's side is the world's pose (`fixed`).
struct Pose {
  var position: Vec2
  var cos: Double
  var sin: Double

  static let fixed = Pose(position: .zero, cos: 1, sin: 0)
}

/// What a contact keeps of the manifold the narrow phase computed for it, so that the next collision
/// passes can derive the pair's manifold from the bodies' motion instead of computing it again while the
/// pair's relative pose has hardly changed (the idea of Box2D v3.2's contact recycling). A derived
/// manifold is the computed one held still, as it is between the steps of one collision pass: the
/// normal keeps its direction in the world and each point keeps its anchors (its offsets from the two
/// bodies' positions, as they were: the contact's own, carried from pass to pass), and only the
/// separations follow the bodies' motion. A manifold point lies on both surfaces' midpoint, so it names
/// a point fixed to A and one fixed to B, which coincide then and part as the bodies move: the derived
/// separation is the computed one plus how far B's point has moved from A's along the normal. The ids
/// stay, so warm starting carries on.
///
/// Held still, not turned with a body: a normal that turned with the body whose face made it pushed
/// where that body leaned, and a column of 31 boxes standing on one another rocked more at every
/// pass until it buckled within two seconds (a fresh manifold each pass does the same: Box2D v3.1
/// buckles alike). Held still, the rocking dies away and the column stands, as in Box2D main.
struct ManifoldFrame {
  /// B's position in A's frame, and B's rotation relative to A's, at computation.
  var offset: Vec2
  var relativeCos: Double, relativeSin: Double
  /// A's rotation in the world at computation: with the relative one, how far each body has turned
  /// since (a held normal and held anchors serve only while neither has turned far).
  var cosA: Double, sinA: Double
  /// The normal in the world at computation.
  var normal: Vec2
  /// The points relative to A's position, in A's frame at computation.
  var point0: Vec2, point1: Vec2
  var separation0: Double, separation1: Double

  /// A frame of no manifold (no offset, turn or points), to be overwritten: room for frames being moved.
  init() {
    (offset, relativeCos, relativeSin, cosA, sinA, normal) = (.zero, 1, 0, 1, 0, .zero)
    (point0, point1, separation0, separation1) = (.zero, .zero, 0, 0)
  }

  /// The frame of manifold `m`, computed with the bodies at poses `a` and `b`.
  init(_ m: Manifold, a: Pose, b: Pose) {
    offset = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin)
    relativeCos = a.cos * b.cos + a.sin * b.sin
    relativeSin = a.cos * b.sin - a.sin * b.cos
    (cosA, sinA) = (a.cos, a.sin)
    normal = m.normal
    point0 = (m.point0 - a.position).unrotated(cos: a.cos, sin: a.sin)
    point1 = (m.point1 - a.position).unrotated(cos: a.cos, sin: a.sin)
    separation0 = m.separation0
    separation1 = m.separation1
  }

  /// The smallest cosine of the turn, since computation, of either body that a derived manifold allows
  /// (Box2D main's, about 11°): past it the held normal and anchors are too far from the bodies'.
  static let leastTurnCos = 0.98

  /// How far the pair's relative pose has moved since the manifold was computed, as a distance bound on
  /// any point within `extent` of the bodies' positions: B's shift in A's frame plus its turn's sine
  /// times the extent (the measure conservative advancement uses). Infinite once B turned a quarter
  /// turn or more relative to A, where the sine alone says little, or once either body turned in the
  /// world beyond `leastTurnCos`: a pair turning together keeps its relative pose, not its normal.
  @inline(__always) func drift(a: Pose, b: Pose, extent: Double) -> (drift: Double, cos: Double, sin: Double) {
    let shift = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin) - offset
    // B's rotation relative to A's now, then relative to what it was.
    let rc = a.cos * b.cos + a.sin * b.sin, rs = a.cos * b.sin - a.sin * b.cos
    let turnCos = rc * relativeCos + rs * relativeSin, turnSin = rs * relativeCos - rc * relativeSin
    // A's own turn since, and B's (its turn relative to A plus A's).
    let turnCosA = a.cos * cosA + a.sin * sinA, turnSinA = a.sin * cosA - a.cos * sinA
    let turnCosB = turnCos * turnCosA - turnSin * turnSinA
    let held = turnCos > 0 && Swift.min(turnCosA, turnCosB) > ManifoldFrame.leastTurnCos
    let drift = held ? shift.length + extent * abs(turnSin) : .infinity
    return (drift, turnCos, turnSin)
  }

  /// What a derived manifold needs of the bodies at poses `a` and `b` (`count` points), or nil when
  /// their relative pose has drifted `tolerance` or more since it was computed: in A's frame now, B's
  /// position and B's turn since (they carry B's points), and each point's separation along the held
  /// normal. The points' anchors are the computed ones, which the contact keeps
  /// (`FoundContacts.recycle`); a derived contact needs nothing more, and its points only for an event
  /// (`recycled`).
  @inline(__always) func derive(a: Pose, b: Pose, extent: Double, tolerance: Double, count: Int) -> Derivation? {
    let (drift, turnCos, turnSin) = self.drift(a: a, b: b, extent: extent)
    guard drift < tolerance else { return nil }
    let offsetNow = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin)
    let n = normal.unrotated(cos: a.cos, sin: a.sin)
    var d = Derivation(offsetNow: offsetNow, turnCos: turnCos, turnSin: turnSin, separation0: 0, separation1: 0)
    d.separation0 = separation0 + n.dot(pointOnB(point0, d) - point0)
    if count > 1 { d.separation1 = separation1 + n.dot(pointOnB(point1, d) - point1) }
    return d
  }

  /// B's point of a manifold point whose A's point is `onA` (in A's frame), where B is now (`d`).
  @inline(__always) func pointOnB(_ onA: Vec2, _ d: Derivation) -> Vec2 {
    d.offsetNow + (onA - offset).rotated(cos: d.turnCos, sin: d.turnSin)
  }

  /// The manifold derived for the bodies at poses `a` and `b` (the ids are the contact's, `id0`, `id1`),
  /// or nil when it is not derived (`derive`): the held normal, each point midway between A's and B's
  /// points of it now, and the separations along the held normal. Out of line: a derived contact needs
  /// its points only when it begins or stops touching.
  @inline(never) func recycled(
    a: Pose, b: Pose, extent: Double, tolerance: Double, count: Int, id0: UInt32, id1: UInt32
  ) -> Manifold? {
    guard let d = derive(a: a, b: b, extent: extent, tolerance: tolerance, count: count) else { return nil }
    var m = Manifold()
    m.normal = normal
    for k in 0..<count {
      let onA = k == 0 ? point0 : point1
      let mid = (onA + pointOnB(onA, d)) * 0.5
      let separation = k == 0 ? d.separation0 : d.separation1
      m.add(a.position + mid.rotated(cos: a.cos, sin: a.sin), separation, k == 0 ? id0 : id1)
    }
    return m
  }

  /// A derived manifold's pair as it is now (`derive`).
  struct Derivation {
    /// B's position in A's frame now, and B's turn relative to A since computation.
    var offsetNow: Vec2
    var turnCos: Double, turnSin: Double
    /// The points' separations along the held normal (the second's zero for one point).
    var separation0: Double, separation1: Double
  }
}
