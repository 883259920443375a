/// The colliding bodies' shapes, their polygon vertices (local and world), the broad phase's proxies,
/// and the boundary segments. A body's shapes are one run of `shapes` (contacts number a shape by its
/// place in its body's run) and each polygon's vertices one run of the vertex arrays; runs given back are
/// reused by later bodies of the same count (`RunAllocator`), so nothing live ever moves.
struct ShapeStore {
  var list: [Shape] = []
  var localVertices: [Vec2] = []
  var localNormals: [Vec2] = []
  var worldVertices: [Vec2] = []
  var worldNormals: [Vec2] = []
  /// Runs of `shapes` and of the vertex arrays given back by bodies that stopped colliding.
  var shapeRuns = RunAllocator()
  var vertexRuns = RunAllocator()
  /// Shapes were given back: their proxies leave at the end of the batch of changes.
  var proxiesNeedPurge = false
  /// Which shapes' bounds overlap.
  var broadPhase = BroadPhase()
  /// Per body slot, how far its shapes can sweep before the next collision pass (set by the pass).
  var sweeps: [BodySweep] = []
  /// The static geometry: walls and the reference bounds' sides.
  var boundaries: [BoundarySegment] = []
}
