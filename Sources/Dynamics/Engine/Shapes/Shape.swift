/// A convex collision shape fixed to a body: a circle or a convex polygon whose vertices (body-local,
/// wound so the standard signed area is positive) live in `PhysicsWorld.localVertices`.
struct Shape {
  enum Kind: UInt8 { case circle, polygon }
  /// World bounds, refreshed by the collision pass, swept along the body's motion until the next pass
  /// (`ShapeRefresh.place`; the boundary tests grow them every way, `ShapeStore.boundaryShape`).
  /// First: the narrow phase reads a pair's shapes at random, and these alone unless it computes their
  /// manifold.
  var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
  var kind: Kind
  var body: Int32
  var firstVertex: Int32
  var vertexCount: Int32
  /// World centre (circle centre or polygon centroid), refreshed with the bounds.
  var worldCenter = Vec2.zero
  /// Circle centre in body coordinates (for groups, the child's offset).
  var localCenter: Vec2
  var radius: Double
}

/// A static boundary segment owned by a collision behavior (bit `owner`); `identifier` indexes the
/// owner's identifier table (-1 for the reference-bounds boundary, whose identifier is nil).
struct BoundarySegment {
  var a: Vec2
  var b: Vec2
  var owner: Int32
  var identifier: Int32
  /// Identifies the segment across changes (owner behavior's serial, boundary, segment number), for
  /// contact keys.
  var stableKey: UInt32
  var minX: Double, minY: Double, maxX: Double, maxY: Double
  /// For a side of the reference-bounds box, the unit normal into the box: the wall is one-sided and
  /// that normal is its only separating axis, so a shape wedged in a corner is never pushed out through
  /// the neighbouring wall's end. Zero for a two-sided segment.
  var inward = Vec2.zero

  init(a: Vec2, b: Vec2, owner: Int32, identifier: Int32, stableKey: UInt32) {
    self.a = a
    self.b = b
    self.owner = owner
    self.identifier = identifier
    self.stableKey = stableKey
    minX = Swift.min(a.x, b.x)
    maxX = Swift.max(a.x, b.x)
    minY = Swift.min(a.y, b.y)
    maxY = Swift.max(a.y, b.y)
  }
}

/// A colliding shape's entry in the broad phase: its swept bounds and what the pair filter needs, in a
/// compact array kept sorted by `minX` so the sweep reads memory in order.
struct Proxy {
  var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
  var itemMask: UInt64
  var shape: Int32
  var body: Int32
  var isStatic: Bool
  var collidesWithBoundaries: Bool
  /// What is known of these bounds against the boundary segments (`ShapeStore.judgeBoundaryReach`):
  /// grown by any reach up to this one they meet none; `BoundaryVerdict.unknown` or `.meets` (they
  /// meet one grown by nothing). Kept while the bounds stand. A float: the proxy stays 56 bytes.
  var boundaryClearReach = BoundaryVerdict.unknown
}
