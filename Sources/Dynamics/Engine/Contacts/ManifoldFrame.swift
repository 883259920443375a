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
/// pair's relative pose has hardly changed (the idea of Box2D v3.2's contact recycling). Everything is in
/// body A's frame, as it was when the manifold was computed: B's pose relative to A's, the points
/// (relative to A's position) and their separations. A manifold point lies on both surfaces' midpoint,
/// so it names a point fixed to A and one fixed to B, which coincide then and part as the bodies move:
/// the derived separation is the computed one plus how far B's point has moved from A's along the
/// normal, the points' anchors follow their own bodies, and the ids stay, so warm starting carries on.
struct ManifoldFrame {
  /// B's position in A's frame, and B's rotation relative to A's, at computation.
  var offset: Vec2
  var relativeCos: Double, relativeSin: Double
  /// The normal in A's frame at computation. It turns with the body whose face or centre made it: A, or
  /// B (`recycled`'s `normalOnB`, a boundary's: then by B's turn relative to A since), so a boundary's
  /// stays the world's, as a fresh manifold's would. (Which one is the contact's to say: a flag here
  /// took the frame to 104 bytes, from 96, a twelfth more to read of every frame every pass.)
  var normal: Vec2
  var point0: Vec2, point1: Vec2
  var separation0: Double, separation1: Double

  /// A frame of no manifold (no offset, turn or points), to be overwritten: room for frames being moved.
  init() {
    (offset, relativeCos, relativeSin, normal) = (.zero, 1, 0, .zero)
    (point0, point1, separation0, separation1) = (.zero, .zero, 0, 0)
  }

  /// The frame of manifold `m`, computed with the bodies at poses `a` and `b`.
  init(_ m: Manifold, a: Pose, b: Pose) {
    offset = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin)
    relativeCos = a.cos * b.cos + a.sin * b.sin
    relativeSin = a.cos * b.sin - a.sin * b.cos
    normal = m.normal.unrotated(cos: a.cos, sin: a.sin)
    point0 = (m.point0 - a.position).unrotated(cos: a.cos, sin: a.sin)
    point1 = (m.point1 - a.position).unrotated(cos: a.cos, sin: a.sin)
    separation0 = m.separation0
    separation1 = m.separation1
  }

  /// How far the pair's relative pose has moved since the manifold was computed, as a distance bound on
  /// any point within `extent` of the bodies' positions: B's shift in A's frame plus its turn's sine
  /// times the extent (the measure conservative advancement uses). Infinite once B turned a quarter
  /// turn or more, where the sine alone says little.
  @inline(__always) func drift(a: Pose, b: Pose, extent: Double) -> (drift: Double, cos: Double, sin: Double) {
    let shift = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin) - offset
    // B's rotation relative to A's now, then relative to what it was.
    let rc = a.cos * b.cos + a.sin * b.sin, rs = a.cos * b.sin - a.sin * b.cos
    let turnCos = rc * relativeCos + rs * relativeSin, turnSin = rs * relativeCos - rc * relativeSin
    let drift = turnCos > 0 ? shift.length + extent * abs(turnSin) : .infinity
    return (drift, turnCos, turnSin)
  }

  /// The manifold derived for the bodies at poses `a` and `b` (the ids are the contact's, `id0`, `id1`),
  /// or nil when their relative pose has drifted `tolerance` or more since it was computed. The normal
  /// turns with B when `normalOnB` (B is a boundary), else with A.
  @inline(__always) func recycled(
    a: Pose, b: Pose, normalOnB: Bool, extent: Double, tolerance: Double, count: Int, id0: UInt32, id1: UInt32
  ) -> Manifold? {
    let (drift, turnCos, turnSin) = self.drift(a: a, b: b, extent: extent)
    guard drift < tolerance else { return nil }
    // In A's frame: B's position now, B's turn since (it carries B's points and a normal on B).
    let offsetNow = (b.position - a.position).unrotated(cos: a.cos, sin: a.sin)
    let n = normalOnB ? normal.rotated(cos: turnCos, sin: turnSin) : normal
    var m = Manifold()
    m.normal = n.rotated(cos: a.cos, sin: a.sin)
    for k in 0..<count {
      let onA = k == 0 ? point0 : point1
      let onB = offsetNow + (onA - offset).rotated(cos: turnCos, sin: turnSin)
      let separation = (k == 0 ? separation0 : separation1) + n.dot(onB - onA)
      let mid = (onA + onB) * 0.5
      m.add(a.position + mid.rotated(cos: a.cos, sin: a.sin), separation, k == 0 ? id0 : id1)
    }
    return m
  }
}
