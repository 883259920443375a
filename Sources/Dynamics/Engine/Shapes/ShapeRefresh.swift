/// How far a body can move before the next collision pass, at its velocity when the pass ran: what its
/// contacts' speculative margins are made of (`PhysicsWorld.speculative`).
struct BodySweep {
  /// The whole reach of its shapes' points: |motion| + turn (kept, not derived: every step's
  /// `integratePositions` reads it for every awake body, and deriving it there costs a square root).
  var margin = 0.0
  /// Its displacement over the window, and how far its spin moves its farthest point.
  var motion = Vec2.zero
  var turn = 0.0
}

/// One refresh of the colliding shapes before the broad phase, over the world's buffers: each body's
/// sweep, each shape's world vertices, normals and swept bounds, and each proxy grown again around a
/// shape that left it (Box2D v3's fat bounds).
struct ShapeRefresh {
  let bodies: UnsafeBufferPointer<Body>
  let states: UnsafeBufferPointer<BodyState>
  let shapes: UnsafeMutableBufferPointer<Shape>
  let proxies: UnsafeMutableBufferPointer<Proxy>
  let localVertices: UnsafeBufferPointer<Vec2>, localNormals: UnsafeBufferPointer<Vec2>
  let worldVertices: UnsafeMutableBufferPointer<Vec2>, worldNormals: UnsafeMutableBufferPointer<Vec2>
  let sweeps: UnsafeMutableBufferPointer<BodySweep>
  let colliding: UnsafeMutableBufferPointer<CollidingBody>
  /// The time until the next collision pass.
  let window: Double

  /// Puts shape `si` where its body is and writes its swept bounds (a shape given back, body -1, is
  /// skipped). Taken in shape order: a body's shapes and their vertices are runs, so the pass reads
  /// memory in order (in the proxies' sweep order every shape and body was a cache miss, a tenth of a
  /// resting pyramid's step).
  ///
  /// The bounds are swept along the body's motion, not grown by its whole reach every way: the union of
  /// the shape's bounds now and moved by the motion over the window (which holds every place between),
  /// grown by the turn and the speculative distance. Every point the shape reaches before the next pass
  /// at its present velocity lies inside, so two shapes that can meet still make a pair; grown every
  /// way, boxes falling side by side overlapped their neighbours' bounds though they close nothing, and
  /// on the 1,000-box pile two of every three pairs the narrow phase looked at were those.
  ///
  /// `storing` (a constant once inlined): whether the polygon's world vertices and normals are written
  /// too (`PlacedPolygons`).
  @inline(__always) func place(shape si: Int, storing: Bool) {
    let body = Int(shapes[si].body)
    guard body >= 0 else { return }
    let sweep = sweeps[body]
    let grow = PhysicsWorld.speculativeDistance + sweep.turn
    let bounds = place(si, on: bodies.baseAddress.unsafelyUnwrapped + body, storing: storing)
    let m = sweep.motion
    shapes[si].minX = bounds.minX + Swift.min(m.x, 0) - grow
    shapes[si].maxX = bounds.maxX + Swift.max(m.x, 0) + grow
    shapes[si].minY = bounds.minY + Swift.min(m.y, 0) - grow
    shapes[si].maxY = bounds.maxY + Swift.max(m.y, 0) + grow
  }

  /// Grows proxy `p` around its shape's swept bounds if they left it; returns whether they did.
  @inline(__always) func fit(proxy p: Int) -> Bool {
    let si = Int(proxies[p].shape)
    let (minX, maxX, minY, maxY) = (shapes[si].minX, shapes[si].maxX, shapes[si].minY, shapes[si].maxY)
    let px = proxies[p]
    // Written as a negation so NaN bounds count as out.
    if minX >= px.minX && maxX <= px.maxX && minY >= px.minY && maxY <= px.maxY {
      return false
    }
    let fat = BroadPhase.fatMargin
    proxies[p].minX = minX - fat
    proxies[p].maxX = maxX + fat
    proxies[p].minY = minY - fat
    proxies[p].maxY = maxY + fat
    proxies[p].boundaryClearReach = BoundaryVerdict.unknown
    return true
  }

  /// Notes how far `body` can move before the next pass, and what the narrow phase reads of it (first,
  /// for every body: a body's shapes may be refreshed on different threads, and each reads it); returns
  /// that whole reach.
  @inline(__always) func noteSweep(of body: Int) -> Double {
    let motion = states[body], extent = bodies[body].extent
    let reach = window * (motion.v.length + abs(motion.w) * extent)
    sweeps[body] = BodySweep(margin: reach, motion: motion.v * window, turn: window * abs(motion.w) * extent)
    colliding[body] = CollidingBody(
      bodies.baseAddress.unsafelyUnwrapped + body, states.baseAddress.unsafelyUnwrapped + body)
    return reach
  }

  /// Puts shape `si` where its body is (`storing` its world vertices and normals); returns its bounds.
  @inline(__always) func place(_ si: Int, on b: UnsafePointer<Body>, storing: Bool) -> (
    minX: Double, minY: Double, maxX: Double, maxY: Double
  ) {
    let c = b.pointee.cosAngle, s = b.pointee.sinAngle, position = b.pointee.position
    if shapes[si].kind == .circle {
      let center = position + shapes[si].localCenter.rotated(cos: c, sin: s)
      let r = shapes[si].radius
      shapes[si].worldCenter = center
      return (center.x - r, center.y - r, center.x + r, center.y + r)
    }
    let first = Int(shapes[si].firstVertex), n = Int(shapes[si].vertexCount)
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var cx = 0.0, cy = 0.0
    for k in first..<(first + n) {
      let v = position + localVertices[k].rotated(cos: c, sin: s)
      if storing {
        worldVertices[k] = v
        worldNormals[k] = localNormals[k].rotated(cos: c, sin: s)
      }
      // As `Swift.min` and `Swift.max` (a NaN coordinate is passed over), but the larger written as
      // `>`, the one compare x86's `maxpd` makes: four instructions a vertex fewer. Only an equal
      // pair's signed zeros could come out otherwise, and bounds are only compared.
      minX = Swift.min(minX, v.x)
      maxX = v.x > maxX ? v.x : maxX
      minY = Swift.min(minY, v.y)
      maxY = v.y > maxY ? v.y : maxY
      cx += v.x
      cy += v.y
    }
    shapes[si].worldCenter = Vec2(cx / Double(n), cy / Double(n))
    return (minX, minY, maxX, maxY)
  }
}
