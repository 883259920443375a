/// A cheap proof that two polygons get an empty manifold: one edge, of each polygon the one facing the
/// other's centre, separates them by more than the speculative distance.
///
/// A falling pile's shapes are swept by their own motion before the broad phase, so boxes falling side by
/// side, or one above the other, make pairs whose bounds overlap though the boxes close nothing: on the
/// 1,000-box pile four of every five manifolds computed were empty, each rejected only after the copies,
/// the call and the first few edges of `Narrowphase.polygons`. Its separating axes return empty as soon
/// as any edge separates the polygons by more than `speculative` (whichever edge, in whatever order: the
/// edges' scan only decides which non-empty manifold is made), and the edge tested here computes its
/// separation exactly as `Narrowphase.maxSeparation` does, the same operations in the same order; so
/// when this says apart, the narrow phase would have made nothing, bit for bit.
enum ApartPolygons {
  /// Whether an edge of `a` facing along `d` (the direction from `a` to `b`), or an edge of `b` facing
  /// against it, separates the polygons by more than `speculative`. False says nothing.
  @inline(__always) static func separated(
    _ a: PolygonView, _ b: PolygonView, along d: Vec2, speculative: Double
  ) -> Bool {
    let s = separation(a, b, facing: d)
    if s > speculative { return true }
    // Not apart along `a`'s face: `b`'s is asked only when that face is not touching, as the new pairs
    // of a pile being built are (every pair of a scene's first pass), which neither face proves apart.
    return s > 0 && separation(b, a, facing: -d) > speculative
  }

  /// The separation of `b` from the edge of `a` whose normal lies nearest to `d`, as
  /// `Narrowphase.maxSeparation` computes it for that edge.
  @inline(__always) static func separation(_ a: PolygonView, _ b: PolygonView, facing d: Vec2) -> Double {
    var edge = 0, most = -Double.infinity
    for i in 0..<a.count {
      let f = a.normals[i].dot(d)
      if f > most {
        most = f
        edge = i
      }
    }
    let n = a.normals[edge]
    let offset = n.dot(a.vertices[edge])
    var s = Double.infinity
    for j in 0..<b.count {
      let sj = n.dot(b.vertices[j])
      if sj < s { s = sj }
    }
    return s - offset
  }
}

extension ContactStore {
  /// Whether shapes `a` and `b`, both polygons, would get an empty manifold (`ApartPolygons`); false
  /// for a circle, or when the test cannot tell. Out of line: inlined, it crowded the registers of
  /// every pair's path (a resting pyramid's pairs, nearly all carried along, took 0.4 % more
  /// instructions in all).
  @inline(never) static func provablyApart(_ a: Int, _ b: Int, _ shapes: ShapeStore) -> Bool {
    shapes.list.withUnsafeBufferPointer { list in
      let sa = list.baseAddress.unsafelyUnwrapped + a, sb = list.baseAddress.unsafelyUnwrapped + b
      guard sa.pointee.kind == .polygon && sb.pointee.kind == .polygon else { return false }
      let spec = shapes.speculative(Int(sa.pointee.body), Int(sb.pointee.body))
      let d = sb.pointee.worldCenter - sa.pointee.worldCenter
      return shapes.withPolygons(sa, sb) { pa, pb in
        if pa.count == 4 && pb.count == 4 {
          // Boxes, most items: the counts known, the loops unroll.
          return ApartPolygons.separated(
            PolygonView(vertices: pa.vertices, normals: pa.normals, count: 4),
            PolygonView(vertices: pb.vertices, normals: pb.normals, count: 4), along: d, speculative: spec)
        }
        return ApartPolygons.separated(pa, pb, along: d, speculative: spec)
      }
    }
  }
}
