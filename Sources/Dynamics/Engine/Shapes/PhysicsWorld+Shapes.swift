/// A colliding body's shapes, vertices and broad-phase proxies, made when it starts colliding and
/// given back when it stops. A body's shapes are one run of `shapes` (contacts number a shape by its
/// place in its body's run) and each polygon's vertices one run of the vertex arrays; runs given back
/// are reused by later bodies of the same shape count (`RunAllocator`), nothing live moves.
extension PhysicsWorld {
  mutating func createShapes(of i: Int32) {
    let geometry = bodyRecords[Int(i)].geometry
    let count = Int32(geometry.count)
    let first = shapeRuns.take(count) ?? Int32(shapes.count)
    let body = bodies[Int(i)]
    for (k, g) in geometry.enumerated() {
      let vertexCount = g.isCircle ? Int32(0) : Int32(g.vertices.count)
      let firstVertex = vertexCount > 0 ? placeVertices(g) : 0
      let s = Shape(kind: g.isCircle ? .circle : .polygon, body: i, localCenter: g.center, radius: g.radius,
                    firstVertex: firstVertex, vertexCount: vertexCount)
      let index = Int(first) + k
      if index == shapes.count { shapes.append(s) } else { shapes[index] = s }
      broadPhase.proxies.append(Proxy(itemMask: body.itemCollisionMask, shape: Int32(index), body: i,
                                      isStatic: body.isAnchored, collidesWithBoundaries: PhysicsWorld.meetsBoundaries(body)))
      broadPhase.added += 1
      broadPhase.pairsCurrent = false
    }
    bodies[Int(i)].firstShape = first
    bodies[Int(i)].shapeCount = count
    changeCounts.shapesCreated += Int(count)
  }

  /// A polygon's local vertices and normals in a free run (or at the end); returns the run's start.
  mutating func placeVertices(_ g: ShapeBuilder.Geometry) -> Int32 {
    let n = Int32(g.vertices.count)
    guard let first = vertexRuns.take(n) else {
      let first = Int32(localVertices.count)
      localVertices += g.vertices
      localNormals += g.normals
      worldVertices += g.vertices
      worldNormals += g.normals
      return first
    }
    for k in 0..<Int(n) {
      localVertices[Int(first) + k] = g.vertices[k]
      localNormals[Int(first) + k] = g.normals[k]
      worldVertices[Int(first) + k] = g.vertices[k]
      worldNormals[Int(first) + k] = g.normals[k]
    }
    return first
  }

  /// Gives the body's shapes back; their proxies and contacts go at `finishChanges()`.
  mutating func destroyShapes(of i: Int32) {
    let first = bodies[Int(i)].firstShape, count = bodies[Int(i)].shapeCount
    for s in Int(first)..<Int(first + count) {
      vertexRuns.release(first: shapes[s].firstVertex, count: shapes[s].vertexCount)
      shapes[s].body = -1
    }
    shapeRuns.release(first: first, count: count)
    bodies[Int(i)].shapeCount = 0
    bodies[Int(i)].firstShape = 0
    proxiesNeedPurge = true
    contactsNeedFilter = true
  }

  /// A body meets the boundaries when it is in a boundary group and moves.
  static func meetsBoundaries(_ body: Body) -> Bool { body.boundaryCollisionMask != 0 && !body.isAnchored }

  /// One pass over the proxies after changes: those of shapes given back leave, those of bodies whose
  /// masks or anchoring changed take the new values; then the shapes' runs can be reused.
  mutating func refreshProxies(anyStale: Bool) {
    guard proxiesNeedPurge || anyStale else { return }
    let shapes = self.shapes, bodies = self.bodies, records = bodyRecords
    broadPhase.proxies.removeAll { shapes[Int($0.shape)].body < 0 }
    broadPhase.pairsCurrent = false
    if anyStale {
      for k in broadPhase.proxies.indices where records[Int(broadPhase.proxies[k].body)].proxiesStale {
        let body = bodies[Int(broadPhase.proxies[k].body)]
        broadPhase.proxies[k].itemMask = body.itemCollisionMask
        broadPhase.proxies[k].isStatic = body.isAnchored
        broadPhase.proxies[k].collidesWithBoundaries = PhysicsWorld.meetsBoundaries(body)
      }
    }
    proxiesNeedPurge = false
    shapeRuns.reclaim()
    vertexRuns.reclaim()
  }
}
