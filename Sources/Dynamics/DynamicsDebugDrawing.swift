import Geometry2D

/// What the engine sees, in plain Geometry2D values, for a renderer to draw (the sandbox's debug view).
/// Produced by `DynamicAnimator.debugDrawing()` when `isDebugEnabled` is true.
public struct DynamicsDebugDrawing: Sendable, Hashable {
  public struct Body: Sendable, Hashable {
    /// The collision outline (or the rotated bounds for items that do not collide), closed.
    public var polygon: [Point]
    public var center: Point
    /// False once the body sleeps: its island rested long enough, or the whole animator paused.
    public var isAwake: Bool
    public var isAnchored: Bool
  }

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

  public struct Contact: Sendable, Hashable {
    public var point: Point
    /// Unit normal, from the first body towards the second (or the boundary).
    public var normal: Vector
    public var separation: Double
  }

  public var bodies: [Body] = []
  public var attachments: [Attachment] = []
  public var snapPoints: [Point] = []
  public var boundaries: [Segment] = []
  public var contacts: [Contact] = []

  public init() {}
}
