import Geometry2D

/// What the engine sees, in plain Geometry2D values, for a renderer to draw (the sandbox's debug view).
/// Produced by `DynamicAnimator.debugDrawing()` when `isDebugEnabled` is true.
public struct DynamicsDebugDrawing: Sendable, Hashable {
  /// One body as the engine sees it.
  public struct Body: Sendable, Hashable {
    /// The collision outline (or the rotated bounds for items that do not collide), closed.
    public var polygon: [Point]
    /// The body's centre.
    public var center: Point
    /// False once the body sleeps: its island rested long enough, or the whole animator paused.
    public var isAwake: Bool
    /// True for an item a `DynamicItemBehavior` anchors (`isAnchored`): it takes part in collisions but does not move.
    public var isAnchored: Bool
  }

  /// One attachment: a spring or rod between an item and an anchor or another item.
  public struct Attachment: Sendable, Hashable {
    /// The attachment point on the first item, or the fixed anchor.
    public var from: Point
    /// The attachment point on the (second) item.
    public var to: Point
    /// True when `from` is a fixed anchor rather than a point on an item.
    public var fromIsAnchor: Bool
    /// Current distance minus rest length, in points (positive = stretched).
    public var stretch: Double
  }

  /// One contact point between two bodies, or between a body and a boundary.
  public struct Contact: Sendable, Hashable {
    /// Where the contact is.
    public var point: Point
    /// Unit normal, from the first body towards the second (or the boundary).
    public var normal: Vector
    /// The gap along the normal, in points (negative = overlapping).
    public var separation: Double
  }

  /// Every body.
  public var bodies: [Body] = []
  /// Every attachment.
  public var attachments: [Attachment] = []
  /// The snap behaviors' target points.
  public var snapPoints: [Point] = []
  /// Every boundary segment, the reference-bounds boundary included.
  public var boundaries: [Segment] = []
  /// The contacts of the last step.
  public var contacts: [Contact] = []

  /// An empty drawing.
  public init() {}
}
