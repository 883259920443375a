/// A colliding body's shapes, vertices and broad-phase proxies, made when it starts colliding and
/// given back when it stops. A body's shapes are one run of `shapes` (contacts number a shape by its
/// place in its body's run) and each polygon's vertices one run of the vertex arrays; runs given back
/// are reused by later bodies of the same shape count (`RunAllocator`), nothing live moves.
extension PhysicsWorld {
  mutating func createShapes(of i: Int32) {
    let geometry = bodies.records[Int(i)].geometry
    let count = Int32(geometry.count)
    let first = shapes.shapeRuns.take(count) ?? Int32(shapes.list.count)
    let body = bodies.sims[Int(i)]
    for (k, g) in geometry.enumerated() {
      let vertexCount = g.isCircle ? Int32(0) : Int32(g.vertices.count)
      let firstVertex = vertexCount > 0 ? placeVertices(g) : 0
      let s = Shape(kind: g.isCircle ? .circle : .polygon, body: i, localCenter: g.center, radius: g.radius,
                    firstVertex: firstVertex, vertexCount: vertexCount)
      let index = Int(first) + k
      if index == shapes.list.count { shapes.list.append(s) } else { shapes.list[index] = s }
      shapes.broadPhase.proxies.append(Proxy(itemMask: body.itemCollisionMask, shape: Int32(index), body: i,
                                      isStatic: body.isAnchored, collidesWithBoundaries: PhysicsWorld.meetsBoundaries(body)))
      shapes.broadPhase.added += 1
      shapes.broadPhase.pairsCurrent = false
    }
    bodies.sims[Int(i)].firstShape = first
    bodies.sims[Int(i)].shapeCount = count
    bodies.changeCounts.shapesCreated += Int(count)
  }

  /// A polygon's local vertices and normals in a free run (or at the end); returns the run's start.
  mutating func placeVertices(_ g: ShapeBuilder.Geometry) -> Int32 {
    let n = Int32(g.vertices.count)
    guard let first = shapes.vertexRuns.take(n) else {
      let first = Int32(shapes.localVertices.count)
      shapes.localVertices += g.vertices
      shapes.localNormals += g.normals
      shapes.worldVertices += g.vertices
      shapes.worldNormals += g.normals
      return first
    }
    for k in 0..<Int(n) {
      shapes.localVertices[Int(first) + k] = g.vertices[k]
      shapes.localNormals[Int(first) + k] = g.normals[k]
      shapes.worldVertices[Int(first) + k] = g.vertices[k]
      shapes.worldNormals[Int(first) + k] = g.normals[k]
    }
    return first
  }

  /// Gives the body's shapes back; their proxies and contacts go at `finishChanges()`.
  mutating func destroyShapes(of i: Int32) {
    let first = bodies.sims[Int(i)].firstShape, count = bodies.sims[Int(i)].shapeCount
    for s in Int(first)..<Int(first + count) {
      shapes.vertexRuns.release(first: shapes.list[s].firstVertex, count: shapes.list[s].vertexCount)
      shapes.list[s].body = -1
    }
    shapes.shapeRuns.release(first: first, count: count)
    bodies.sims[Int(i)].shapeCount = 0
    bodies.sims[Int(i)].firstShape = 0
    shapes.proxiesNeedPurge = true
    contacts.needsFilter = true
  }

  /// A body meets the boundaries when it is in a boundary group and moves.
  static func meetsBoundaries(_ body: Body) -> Bool { body.boundaryCollisionMask != 0 && !body.isAnchored }

  /// One pass over the proxies after changes: those of shapes given back leave, those of bodies whose
  /// masks or anchoring changed take the new values; then the shapes' runs can be reused.
  mutating func refreshProxies(anyStale: Bool) {
    guard shapes.proxiesNeedPurge || anyStale else { return }
    let shapeList = shapes.list, bodies = self.bodies, records = bodies.records
    shapes.broadPhase.proxies.removeAll { shapeList[Int($0.shape)].body < 0 }
    shapes.broadPhase.pairsCurrent = false
    if anyStale {
      for k in shapes.broadPhase.proxies.indices where records[Int(shapes.broadPhase.proxies[k].body)].proxiesStale {
        let body = bodies.sims[Int(shapes.broadPhase.proxies[k].body)]
        shapes.broadPhase.proxies[k].itemMask = body.itemCollisionMask
        shapes.broadPhase.proxies[k].isStatic = body.isAnchored
        shapes.broadPhase.proxies[k].collidesWithBoundaries = PhysicsWorld.meetsBoundaries(body)
      }
    }
    shapes.proxiesNeedPurge = false
    shapes.shapeRuns.reclaim()
    shapes.vertexRuns.reclaim()
  }
}
