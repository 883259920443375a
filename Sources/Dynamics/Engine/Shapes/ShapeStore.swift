/// The colliding bodies' shapes, their polygon vertices (local and world), the broad phase's proxies,
/// and the boundary segments. A body's shapes are one run of `list` (contacts number a shape by its
/// place in its body's run) and each polygon's vertices one run of the vertex arrays; runs given back are
/// reused by later bodies of the same count (`RunAllocator`), so nothing live ever moves. Shapes are made
/// when a body starts colliding and given back when it stops; their proxies leave, and the runs become
/// free, when the batch of changes ends (`finishChanges`).
struct ShapeStore {
  var list: [Shape] = []
  var localVertices: [Vec2] = []
  var localNormals: [Vec2] = []
  /// The polygons' world vertices and normals, as the last refresh that wrote them left them: read
  /// through `withPolygon`, which makes them when this pass's did not (`placesGeometry`).
  var worldVertices: [Vec2] = []
  var worldNormals: [Vec2] = []
  /// Whether this pass's refresh wrote `worldVertices` and `worldNormals` (`PlacedPolygons`).
  var placesGeometry = true
  /// Runs of `list` and of the vertex arrays given back by bodies that stopped colliding.
  private var shapeRuns = RunAllocator()
  private var vertexRuns = RunAllocator()
  /// Shapes were given back in this batch: their proxies leave when it ends.
  private var proxiesNeedPurge = false
  /// Which shapes' bounds overlap.
  var broadPhase = BroadPhase()
  /// Per body slot, how far its shapes can sweep before the next collision pass (set by the pass).
  var sweeps: [BodySweep] = []
  /// The largest of the sweeps' whole reach (`BodySweep.margin`), and each slice's, kept so a pass
  /// allocates nothing: how far every proxy is grown for the boundary test (`mayReachBoundary`). A NaN
  /// reach drops out of the maximum; its body's own bounds are NaN, and reach everything.
  var largestReach = 0.0
  var reachBySlice: [Double] = []
  /// Per body slot, what the narrow phase reads of it (set by the pass's refresh).
  var colliding: [CollidingBody] = []
  /// Per slice of a refresh, whether some proxy had to grow again (kept so a pass allocates nothing).
  var proxiesOut: [Bool] = []
  /// The static geometry: walls and the reference bounds' sides.
  var boundaries: [BoundarySegment] = [] {
    didSet {
      boundaryBands = BoundaryBands(boundaries)
      boundaryClearing = BoundaryClearing(boundaries)
      forgetBoundaryVerdicts()
    }
  }
  /// The boundaries by horizontal band, for the narrow phase.
  private(set) var boundaryBands = BoundaryBands()
  /// The box clear of every boundary, for the narrow phase.
  private(set) var boundaryClearing = BoundaryClearing()

  /// A body meets the boundaries when it is in a boundary group and moves.
  static func meetsBoundaries(_ body: Body) -> Bool { body.boundaryCollisionMask != 0 && !body.isAnchored }

  /// Makes body `i`'s shapes from its geometry, with their proxies; returns the run they fill.
  mutating func create(for i: Int32, _ body: Body, geometry: [ShapeBuilder.Geometry]) -> (first: Int32, count: Int32) {
    let count = Int32(geometry.count)
    let first = shapeRuns.take(count) ?? Int32(list.count)
    for (k, g) in geometry.enumerated() {
      let vertexCount = g.isCircle ? Int32(0) : Int32(g.vertices.count)
      let firstVertex = vertexCount > 0 ? placeVertices(g) : 0
      let s = Shape(
        kind: g.isCircle ? .circle : .polygon, body: i, firstVertex: firstVertex, vertexCount: vertexCount,
        localCenter: g.center, radius: g.radius)
      let index = Int(first) + k
      if index == list.count { list.append(s) } else { list[index] = s }
      broadPhase.proxies.append(
        Proxy(
          itemMask: body.itemCollisionMask, shape: Int32(index), body: i,
          isStatic: body.isAnchored, collidesWithBoundaries: ShapeStore.meetsBoundaries(body)))
      broadPhase.added += 1
      broadPhase.pairsCurrent = false
    }
    return (first, count)
  }

  /// A polygon's local vertices and normals in a free run (or at the end); returns the run's start.
  private mutating func placeVertices(_ g: ShapeBuilder.Geometry) -> Int32 {
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

  /// Gives a body's run of shapes back; their proxies leave when the batch ends.
  mutating func destroy(first: Int32, count: Int32) {
    for s in Int(first)..<Int(first + count) {
      vertexRuns.release(first: list[s].firstVertex, count: list[s].vertexCount)
      list[s].body = -1
    }
    shapeRuns.release(first: first, count: count)
    proxiesNeedPurge = true
  }

  /// Ends a batch of changes: the proxies of shapes given back leave, those of the bodies in `batch`
  /// whose masks or anchoring changed take the new values (and lose the mark), the runs given back
  /// become free, and the next collision pass sorts the proxies into the total order (minX, then
  /// shape) a full sort gives, so the contacts come out in the same order whatever the history.
  mutating func finishChanges(batch: [Int32], bodies: inout BodyStore) {
    var anyStale = false
    for i in batch where bodies.isLive(i) && bodies.records[Int(i)].proxiesStale { anyStale = true }
    if proxiesNeedPurge || anyStale { refreshProxies(anyStale: anyStale, bodies) }
    for i in batch { bodies.records[Int(i)].proxiesStale = false }
    // Many new proxies are sorted at once rather than inserted one by one.
    if broadPhase.added > 16 { broadPhase.unsorted = true } else { broadPhase.needsTotalOrder = true }
    broadPhase.added = 0
    broadPhase.pairsCurrent = false
  }

  private mutating func refreshProxies(anyStale: Bool, _ bodies: BodyStore) {
    let shapeList = list, records = bodies.records
    broadPhase.proxies.removeAll { shapeList[Int($0.shape)].body < 0 }
    broadPhase.pairsCurrent = false
    if anyStale {
      for k in broadPhase.proxies.indices where records[Int(broadPhase.proxies[k].body)].proxiesStale {
        let body = bodies.sims[Int(broadPhase.proxies[k].body)]
        broadPhase.proxies[k].itemMask = body.itemCollisionMask
        broadPhase.proxies[k].isStatic = body.isAnchored
        broadPhase.proxies[k].collidesWithBoundaries = ShapeStore.meetsBoundaries(body)
      }
    }
    proxiesNeedPurge = false
    shapeRuns.reclaim()
    vertexRuns.reclaim()
  }
}
