#if canImport(Glibc)
  import Glibc
#endif

/// A body `integratePositions` found fast, and the pose it started the step in.
struct FastBody {
  var body: Int32
  var startPosition: Vec2
  var startAngle: Double
}

/// A body's pose along its step: the start plus `t` of the step's motion.
struct Sweep {
  var startPosition: Vec2
  var motion: Vec2
  var startAngle: Double
  var turn: Double

  @inline(__always) func position(_ t: Double) -> Vec2 { startPosition + motion * t }
  @inline(__always) func angle(_ t: Double) -> Double { startAngle + turn * t }
}

/// The continuous pass against static geometry ("Walls hold" in `docs/robustness.md`), after Box2D v3's:
/// a body that moves far for its size in one step is swept from where it started the step to where it
/// ended, against every boundary segment it collides with, and put back to the first pose of the sweep
/// where it reaches a wall (the time of impact, by conservative advancement). It keeps its velocity;
/// the collision pass that follows gives it a contact there, and the impact pass its bounce.
///
/// Item–item pairs get no sweep (Box2D's default for non-bullets): they rely on speculative contacts,
/// which the collision pass makes as far apart as both bodies can travel before the next pass.
extension PhysicsWorld {
  /// The fastest a body moves, in points/s: 40 000 (Box2D v3's maximumLinearSpeed, 400 m/s, at 100 pt per
  /// metre), 167 pt per step. The integrator caps every body's speed to it, so every accepted push has a
  /// finite sweep.
  static let maximumLinearSpeed = 40_000.0
  /// The most a body turns in one step, in radians (Box2D's maxRotation, ¼π): 188 rad/s at 240 steps/s.
  static let maximumRotationPerStep = 0.25 * Double.pi
  /// A step whose motion exceeds this fraction of the body's thinnest half-thickness is swept.
  static let continuousFraction = 0.5
  /// A body that has turned more than this since the last collision pass gets a new pass: its contacts'
  /// features (the vertices nearest the other shape) are stale after a larger turn.
  static let maximumTurnBetweenPasses = 0.25
  /// Contacts follow a body's turn since the pass by a small-angle formula (`BodyState.displacement`),
  /// which puts a point at distance r off by about r·turn³/6; a body whose turn puts its farthest point
  /// further off than this, in points, gets a new pass too.
  static let turnFormulaTolerance = 0.05

  /// Whether a turn of `turn` radians since the collision pass is more than a body of bounding radius
  /// `extent` can take before its contacts need a new pass (see `maximumTurnBetweenPasses` and
  /// `turnFormulaTolerance`): 0.21 rad for a 44-pt box, 0.12 rad for a 300-pt card.
  @inline(__always) static func outruns(turn: Double, extent: Double) -> Bool {
    let t = abs(turn)
    return t > maximumTurnBetweenPasses || t * t * t * extent > 6 * turnFormulaTolerance
  }
  /// Iterations of conservative advancement at most; every iterate is a safe pose.
  static let maxAdvancementIterations = 32

  /// Caps a solver body's speed and spin (`maximumLinearSpeed`, `maximumRotationPerStep` as `maxSpin`
  /// per second) before the impact pass reads them (`integrateVelocities` calls it for each);
  /// `integratePositions` caps again what the solver adds. Returns the squared speed it leaves, so the
  /// caller noting the fastest body need not square the velocity again.
  @inline(__always) static func capSpeed(_ s: inout BodyState, maxSpeed: Double, maxSpin: Double) -> Double {
    var v2 = s.v.lengthSquared
    if v2 > maxSpeed * maxSpeed {
      s.v = s.v * (maxSpeed / v2.squareRoot())
      v2 = s.v.lengthSquared
    }
    let w = s.w
    if abs(w) > maxSpin { s.w = w > 0 ? maxSpin : -maxSpin }
    return v2
  }

  /// Records where the impact pass found body `i`, the first time it moves it this step: the impact
  /// puts a body past the surface it hits (its bounce over the rest of the step brings it back), so the
  /// sweep must start from where it was.
  static func noteImpactStart(_ starts: inout [FastBody], _ i: Int32, _ position: Vec2) {
    for k in 0..<starts.count where starts[k].body == i { return }
    starts.append(FastBody(body: i, startPosition: position, startAngle: 0))
  }

  /// Where the impact pass found body `i` this step, if it moved it.
  @inline(__always) static func impactStart(of i: Int, in starts: [FastBody]) -> Vec2? {
    if starts.isEmpty { return nil }
    for s in starts where s.body == Int32(i) { return s.startPosition }
    return nil
  }
}

/// The continuous pass against static geometry (see the constants above).
extension ContactStore {
  /// Sweeps every body `integratePositions` found fast against the boundaries, and puts each back to its
  /// first touch, if any.
  mutating func sweepFastBodies(_ bodies: inout BodyStore, _ shapes: ShapeStore) -> Bool {
    var rewound = false
    for k in 0..<fastBodies.count {
      let f = fastBodies[k]
      let i = Int(f.body)
      let b = bodies.sims[i]
      let sweep = Sweep(
        startPosition: f.startPosition, motion: b.position - f.startPosition,
        startAngle: f.startAngle, turn: b.angle - f.startAngle)
      var t = 1.0
      for s in Int(b.firstShape)..<Int(b.firstShape + b.shapeCount) {
        t = Swift.min(t, shapes.timeOfImpact(shape: s, sweep: sweep, mask: b.boundaryCollisionMask, limit: t))
      }
      guard t < 1 else { continue }
      let p = sweep.position(t), a = sweep.angle(t)
      bodies.states[i].deltaPosition += p - b.position
      bodies.states[i].deltaAngle += a - b.angle
      bodies.sims[i].position = p
      bodies.sims[i].angle = a
      bodies.sims[i].updateRotation()
      rewound = true
    }
    // The contacts of the last pass were made for the motion it expected; this body stopped short:
    // the world runs a collision pass next step.
    return rewound
  }
}

/// The continuous pass's geometry: how far a shape is from a boundary segment, and when along its
/// sweep it first touches one.
extension ShapeStore {
  /// The shape's earliest time of impact, in [0, `limit`], against the boundary segments in `mask` its
  /// swept bounds reach; `limit` when none.
  func timeOfImpact(shape s: Int, sweep: Sweep, mask: UInt64, limit: Double) -> Double {
    let shape = list[s]
    let reach = shapeReach(shape)
    let p0 = sweep.startPosition, p1 = sweep.startPosition + sweep.motion
    let minX = Swift.min(p0.x, p1.x) - reach, maxX = Swift.max(p0.x, p1.x) + reach
    let minY = Swift.min(p0.y, p1.y) - reach, maxY = Swift.max(p0.y, p1.y) + reach
    var t = limit
    for k in 0..<boundaries.count {
      let seg = boundaries[k]
      if (mask & (1 << UInt64(seg.owner))) == 0 { continue }
      if seg.minX > maxX || seg.maxX < minX || seg.minY > maxY || seg.maxY < minY { continue }
      let side = ShapeStore.outward(of: seg, towards: sweep.startPosition)
      t = Swift.min(t, advance(shape: shape, reach: reach, sweep: sweep, segment: seg, side: side, limit: t))
    }
    return t
  }

  /// The farthest point of the shape from its body's centre.
  func shapeReach(_ shape: Shape) -> Double {
    if shape.kind == .circle { return shape.localCenter.length + shape.radius }
    var r2 = 0.0
    for k in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
      r2 = Swift.max(r2, localVertices[k].lengthSquared)
    }
    return r2.squareRoot()
  }

  /// Conservative advancement of one shape along its sweep towards a segment, from its `side`: each
  /// iterate moves on by the separation left over the fastest any point of the shape can approach, so
  /// no iterate passes the target separation. The target is the slop, or, for a shape already touching
  /// at the start, one slop deeper than it started (a body sliding along a wall is not held back; one
  /// turning into it is).
  func advance(shape: Shape, reach: Double, sweep: Sweep, segment: BoundarySegment, side: Vec2, limit: Double) -> Double
  {
    let bound = sweep.motion.length + abs(sweep.turn) * reach
    guard bound > 0 else { return limit }
    let slop = PhysicsWorld.linearSlop
    let start = wallSeparation(shape, sweep.position(0), sweep.angle(0), segment, side: side)
    let target = Swift.min(slop, start - slop)
    let tolerance = 0.25 * slop
    var t = 0.0
    for _ in 0..<PhysicsWorld.maxAdvancementIterations {
      let s = wallSeparation(shape, sweep.position(t), sweep.angle(t), segment, side: side)
      if s < target + tolerance { return t }
      t += (s - target) / bound
      if t >= limit { return limit }
    }
    return t
  }

  /// A lower bound of the distance from the shape, at `position` and `angle`, to the segment as seen
  /// from its `side` (a unit normal of the segment): exact at touching, and negative by how far the
  /// shape reaches past the segment's line towards the other side — without limit, so a thin shape
  /// that would pass right through never reads as clear beyond it. A side of the box is a half-plane;
  /// a two-sided segment also ends, and a shape beyond an end is clear of it.
  func wallSeparation(_ shape: Shape, _ position: Vec2, _ angle: Double, _ segment: BoundarySegment, side: Vec2)
    -> Double
  {
    let c = cos(angle), s = sin(angle)
    let a = segment.a
    let halfPlane = segment.inward != .zero
    let e = (segment.b - a).normalized
    let length = e.dot(segment.b - a)
    if shape.kind == .circle {
      let centre = position + shape.localCenter.rotated(cos: c, sin: s)
      let along = e.dot(centre - a)
      if halfPlane || (along >= 0 && along <= length) { return side.dot(centre - a) - shape.radius }
      return ShapeStore.distance(centre, a, segment.b) - shape.radius
    }
    var nearest = Double.infinity
    var loE = Double.infinity, hiE = -Double.infinity
    for k in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
      let v = position + localVertices[k].rotated(cos: c, sin: s)
      nearest = Swift.min(nearest, side.dot(v - a))
      let de = e.dot(v - a)
      loE = Swift.min(loE, de)
      hiE = Swift.max(hiE, de)
    }
    if halfPlane { return nearest }
    return Swift.max(nearest, loE - length, -hiE, edgeSeparation(shape, position, c, s, segment, side: side))
  }

  /// The polygon's own edges as separating axes: without them, a long thin polygon beside a segment's
  /// end, across the segment's line, reads as sunk deep into the segment and is thrown out along its
  /// normal. What a body must stay out of is the half-strip behind the segment (its far side from
  /// `side`, within its span), which runs to infinity along −side; so an edge whose outward normal has
  /// a part along `side` sees no gap, and any other sees the nearer of the segment's ends.
  private func edgeSeparation(
    _ shape: Shape, _ position: Vec2, _ c: Double, _ s: Double, _ segment: BoundarySegment, side: Vec2
  ) -> Double {
    let first = Int(shape.firstVertex), count = Int(shape.vertexCount)
    guard count >= 3 else { return -Double.infinity }
    // Which way the polygon turns decides which side of an edge is outside (rotation keeps it).
    let v0 = localVertices[first], v1 = localVertices[first + 1], v2 = localVertices[first + 2]
    let outside = (v1 - v0).cross(v2 - v1) > 0 ? 1.0 : -1.0
    var best = -Double.infinity
    for k in 0..<count {
      let p = localVertices[first + k], q = localVertices[first + (k + 1) % count]
      let edge = (q - p).rotated(cos: c, sin: s)
      let n = Vec2(edge.y * outside, -edge.x * outside).normalized
      // The strip behind the segment reaches to infinity along −side: no gap along a normal with n·side > 0.
      if n.dot(side) > 0 { continue }
      let v = position + p.rotated(cos: c, sin: s)
      best = Swift.max(best, Swift.min(n.dot(segment.a - v), n.dot(segment.b - v)))
    }
    return best
  }

  /// The distance from point q to segment ab.
  static func distance(_ q: Vec2, _ a: Vec2, _ b: Vec2) -> Double {
    let e = b - a
    let ee = e.lengthSquared
    let f = ee > 0 ? Swift.min(Swift.max((q - a).dot(e) / ee, 0), 1) : 0
    return (a + e * f - q).length
  }
}
