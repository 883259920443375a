/// The wall hold's cheap first look (`ContactStore.hold`): most bodies it checks stand on a wall a
/// slop deep or less, and the exact test (`ShapeStore.wallSeparation`) spends a cosine, a sine and, for
/// a two-sided segment, a normalised edge per polygon side to find that out. This bound needs neither:
/// cos θ and sin θ are bounded by their Taylor polynomials (1 − θ²/2 ≤ cos θ ≤ 1 and
/// |sin θ − θ| ≤ |θ|³/6 for every θ), so every vertex's height over the segment's line has a lower
/// bound from two dot products. When that bound clears the limit by a margin far larger than any
/// rounding of the exact test, the exact test would leave the body where it is, and is skipped; when
/// it does not, the exact test runs as before, so the hold acts exactly as it did, bit for bit.
extension ShapeStore {
  /// Whether every point of the shapes `range` of a body at `p`, turned by `angle`, of bounding radius
  /// `extent`, provably lies above `-limit` along `side` from the line through `a` (so no shape reads
  /// deeper than `limit` into the segment). False proves nothing.
  func isProvablyWithin(
    _ limit: Double, shapes range: Range<Int>, at p: Vec2, angle: Double, extent: Double, line a: Vec2, side: Vec2
  ) -> Bool {
    let t = abs(angle)
    let cosSlack = 0.5 * t * t, sinSlack = t * t * t / 6
    // The exact test's roundings are a few units in the last place of these magnitudes; a billionth of
    // them is orders of magnitude more (and a hundred-thousandth of a point at ten thousand points).
    let margin = 1e-9 * (1 + abs(p.x) + abs(p.y) + abs(a.x) + abs(a.y) + extent)
    let floor = margin - limit
    let base = side.dot(p - a)
    // Not `base >= …` alone: NaN fails every comparison, so a pose gone wrong takes the exact path.
    for s in range {
      let shape = list[s]
      if shape.kind == .circle {
        // A circle beyond a two-sided segment's end is at least as far from it as from its line.
        let lowest = base + ShapeStore.lowestHeight(of: shape.localCenter, angle, cosSlack, sinSlack, side)
        guard lowest - shape.radius >= floor else { return false }
        continue
      }
      for k in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
        let lowest = base + ShapeStore.lowestHeight(of: localVertices[k], angle, cosSlack, sinSlack, side)
        guard lowest >= floor else { return false }
      }
    }
    return true
  }

  /// A lower bound of side·R(θ)v: with α = side·v and β = v × side it is cos θ·α + sin θ·β, and
  /// cos θ·α ≥ α − (1 − cos θ)|α|, sin θ·β ≥ θβ − |sin θ − θ||β|.
  @inline(__always) static func lowestHeight(
    of v: Vec2, _ angle: Double, _ cosSlack: Double, _ sinSlack: Double, _ side: Vec2
  ) -> Double {
    let alpha = side.dot(v), beta = v.cross(side)
    return alpha + angle * beta - cosSlack * abs(alpha) - sinSlack * abs(beta)
  }
}

/// An awake contact's body and boundary segment, for the wall hold, with the reach of the body's shapes
/// towards the segment, measured once a collision pass (`measure`): in the steps between passes the
/// hold then proves most bodies clear of the segment from their pose alone (`isProvablyClear`), without
/// reading their shapes, which lie far apart in memory.
struct WallContact {
  var body: Int32
  var boundary: Int32
  /// The segment's normal on the body's side when measured (`ShapeStore.outward`).
  var side = Vec2.zero
  /// Over the body's shape points q in body axes (polygon vertices, circle centres): the least side·q
  /// (less the circle's radius), and the largest |side·q| and |q × side|. NaN until measured, so an
  /// unmeasured contact never reads as clear.
  var lowest = Double.nan, alongSide = 0.0, across = 0.0

  /// Its reach was measured (or its shapes' points are not numbers, and it never reads as clear).
  var isMeasured: Bool { !lowest.isNaN }

  init(body: Int32, boundary: Int32) {
    self.body = body
    self.boundary = boundary
  }

  /// Takes the reach of body `b`'s shapes towards the segment (the body read through a pointer, as in
  /// `isProvablyClear`).
  mutating func measure(_ b: UnsafePointer<Body>, _ shapes: ShapeStore) {
    side = ShapeStore.outward(of: shapes.boundaries[Int(boundary)], towards: b.pointee.position)
    lowest = .infinity
    alongSide = 0
    across = 0
    let first = Int(b.pointee.firstShape)
    shapes.localVertices.withUnsafeBufferPointer { v in
      for s in first..<first + Int(b.pointee.shapeCount) { note(shapes.list[s], v.baseAddress.unsafelyUnwrapped) }
    }
  }

  /// The wall contact of a body whose one shape is `shape`, at `position`, with `segment` (index
  /// `boundary`), measured (`measure`) by the narrow phase as it makes the contact: it holds the shape
  /// and the segment then, where the wall hold's first step read the body, shape and vertices again, at
  /// random. The position is the pass's, not the step's: the measure holds for any pose (the side is
  /// checked against the body's centre when used).
  init(
    body: Int32, boundary: Int32, shape: Shape, at position: Vec2, _ segment: BoundarySegment,
    _ localVertices: UnsafePointer<Vec2>
  ) {
    self.init(body: body, boundary: boundary)
    side = ShapeStore.outward(of: segment, towards: position)
    lowest = .infinity
    note(shape, localVertices)
  }

  /// Notes the points of `shape` (its vertices in `localVertices`, or its centre less its radius).
  @inline(__always) private mutating func note(_ shape: Shape, _ localVertices: UnsafePointer<Vec2>) {
    if shape.kind == .circle {
      note(shape.localCenter, less: shape.radius)
      return
    }
    for k in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
      note(localVertices[k], less: 0)
    }
  }

  private mutating func note(_ q: Vec2, less radius: Double) {
    let alpha = side.dot(q), beta = q.cross(side)
    lowest = Swift.min(lowest, alpha - radius)
    alongSide = Swift.max(alongSide, abs(alpha))
    across = Swift.max(across, abs(beta))
  }

  /// Whether the wall hold would leave the body where it is: every point of its shapes provably lies
  /// above minus its depth limit along the side it is on (`ShapeStore.isProvablyWithin`'s bound, over
  /// all points at once: side·R(θ)q ≥ side·q − |θ|·|q × side| − θ²/2·|side·q| − |θ|³/6·|q × side|).
  /// The hold's side is the measured one while the body's centre is strictly on that side of a
  /// two-sided segment (the same normal, negated or not, bit for bit). False proves nothing.
  /// Reads the body through `sims` (its first cache line only: a copy of the whole `Body` cost more
  /// than the test).
  @inline(__always) func isProvablyClear(
    _ sims: UnsafePointer<Body>, _ boundaries: UnsafeBufferPointer<BoundarySegment>
  ) -> Bool {
    let b = sims + Int(body)
    let segment = boundaries[Int(boundary)]
    let p = b.pointee.position, a = segment.a
    let base = side.dot(p - a)
    guard base > 0 || segment.inward != .zero else { return false }
    let t = abs(b.pointee.angle)
    let reach = lowest - t * across - 0.5 * t * t * alongSide - t * t * t / 6 * across
    let limit = Swift.min(PhysicsWorld.maximumWallDepth, 0.5 * b.pointee.minExtent)
    // As in `isProvablyWithin`: far above every rounding of the exact test (|q| ≤ |side·q| + |q × side|).
    let margin = 1e-9 * (1 + abs(p.x) + abs(p.y) + abs(a.x) + abs(a.y) + alongSide + across)
    return base + reach >= margin - limit
  }
}

extension ContactStore {
  /// Measures the reach of every wall contact the narrow phase did not (`WallContact.measure`), once
  /// after each collision pass.
  mutating func measureWallReaches(_ bodies: BodyStore, _ shapes: ShapeStore) {
    bodies.sims.withUnsafeBufferPointer { sims in
      for k in 0..<wallContacts.count where !wallContacts[k].isMeasured {
        wallContacts[k].measure(sims.baseAddress.unsafelyUnwrapped + Int(wallContacts[k].body), shapes)
      }
    }
    wallReachesMeasured = true
  }
}
