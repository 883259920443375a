/// The polygons' world vertices and normals, as the narrow phase reads them (`PolygonView`): those the
/// pass's refresh wrote, or, in a pass where it wrote none (`ShapeStore.placesGeometry`), made on the
/// spot from the local ones and the body's pose, with the operations the refresh uses: the same bits.
///
/// A resting pyramid carries nearly every contact along from its last manifold (`ManifoldFrame`) and
/// computes none: the refresh wrote two vectors a vertex for every shape, every pass, for nothing
/// (22,000 boxes: 2.8 MB a pass, and a twentieth of the frame in the refresh). A falling pile tests
/// or computes more pairs than it has shapes; there each shape placed once by the refresh is cheaper.
extension ShapeStore {
  /// Whether a pass's refresh writes the world vertices and normals, from how many pairs and boundary
  /// contacts the last pass's narrow phase read them for (`uses`): when they are a quarter of the
  /// shapes or more. Made on the spot, a pair's two polygons cost about what placing two shapes does
  /// (and the bounds, which need the world vertices too, are made either way).
  static func placesGeometry(uses: Int, shapes: Int) -> Bool { uses >= shapes / 4 }

  /// `body` called with polygon `s`'s world view. The arrays' storage is taken out of their closures
  /// first: a closure that reads the store captured a copy of it, a retain and a release of each of
  /// its arrays for every polygon (the falling pile: 5 % more instructions).
  @inline(__always) func withPolygon<R>(_ s: UnsafePointer<Shape>, _ body: (PolygonView) -> R) -> R {
    if placesGeometry {
      let (v, n) = placedBuffers
      return body(PolygonView(s.pointee, v, n))
    }
    let count = Int(s.pointee.vertexCount)
    let source = LocalPolygon(s, self)
    return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * count) { buffer in
      body(source.place(into: buffer.baseAddress.unsafelyUnwrapped))
    }
  }

  /// `body` called with polygons `a`'s and `b`'s world views.
  @inline(__always) func withPolygons<R>(
    _ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, _ body: (PolygonView, PolygonView) -> R
  ) -> R {
    if placesGeometry {
      let (v, n) = placedBuffers
      return body(PolygonView(a.pointee, v, n), PolygonView(b.pointee, v, n))
    }
    let sourceA = LocalPolygon(a, self), sourceB = LocalPolygon(b, self)
    return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * (sourceA.count + sourceB.count)) { buffer in
      let out = buffer.baseAddress.unsafelyUnwrapped
      return body(sourceA.place(into: out), sourceB.place(into: out + 2 * sourceA.count))
    }
  }

  /// The world vertices and normals the refresh wrote.
  @inline(__always) private var placedBuffers: (UnsafePointer<Vec2>, UnsafePointer<Vec2>) {
    (
      worldVertices.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped },
      worldNormals.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped }
    )
  }
}

/// A polygon's local vertices and normals and its body's pose as the refresh copied it (`colliding`):
/// what placing it in the world reads, taken out of the store's arrays.
private struct LocalPolygon {
  let vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
  let count: Int
  let pose: Pose

  @inline(__always) init(_ s: UnsafePointer<Shape>, _ shapes: ShapeStore) {
    let first = Int(s.pointee.firstVertex)
    count = Int(s.pointee.vertexCount)
    pose = shapes.colliding.withUnsafeBufferPointer { $0[Int(s.pointee.body)].pose }
    vertices = shapes.localVertices.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped + first }
    normals = shapes.localNormals.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped + first }
  }

  /// Writes the world vertices to `out` and the world normals after them, as `ShapeRefresh.place` does
  /// (the same operations: the same bits); returns their view.
  @inline(__always) func place(into out: UnsafeMutablePointer<Vec2>) -> PolygonView {
    for k in 0..<count {
      out[k] = pose.position + vertices[k].rotated(cos: pose.cos, sin: pose.sin)
      out[count + k] = normals[k].rotated(cos: pose.cos, sin: pose.sin)
    }
    return PolygonView(vertices: out, normals: out + count, count: count)
  }
}
