import Geometry2D

/// A plain dynamic item: a centre, a size, a rotation and a collision shape. Use it when there is no view
/// or layout attributes object to animate (the sandbox scenes, tests, benchmarks).
public final class DynamicBody: DynamicItem {
  /// The centre, in the animator's reference space; the animator writes it every step.
  @inlinable public var center: Point {
    get { storedCenter }
    set { storedCenter = newValue }
  }
  public let bounds: Rect
  /// The rotation (and any scale or shear, which the animator ignores).
  @inlinable public var transform: AffineTransform {
    get { storedTransform }
    set { storedTransform = newValue }
  }
  /// The storage behind the accessors above. Other modules ignore `@exclusivity(unchecked)` on a public
  /// stored property and check each access at run time (`swift_beginAccess`, some 75 instructions, a
  /// fifth of a benchmark's `center.y += d; updateItem(…)`); inlinable accessors carry this module's
  /// unchecked access into theirs instead, and cost nothing more than the stored property did.
  /// The animator's write-back stores into these directly, as the setters do (`DynamicAnimator.plainBodies`):
  /// a setter that did more would have to be mirrored there.
  @usableFromInline @exclusivity(unchecked) var storedCenter: Point
  @usableFromInline @exclusivity(unchecked) var storedTransform: AffineTransform
  public let collisionBoundsType: CollisionBoundsType
  public let collisionBoundingPath: Path?

  /// - Parameters:
  ///   - center: in the animator's coordinates (points).
  ///   - size: width and height in points; both must be finite and greater than zero when the body joins
  ///     a behavior.
  ///   - collisionBoundsType: `.rectangle` (default), `.ellipse` (inscribed in the bounds) or `.path`.
  ///   - collisionBoundingPath: the convex polygon for `.path`, centred on (0, 0).
  public init(
    center: Point, size: Size, collisionBoundsType: CollisionBoundsType = .rectangle,
    collisionBoundingPath: Path? = nil
  ) {
    self.storedCenter = center
    self.bounds = Rect(origin: .zero, size: size)
    self.storedTransform = .identity
    self.collisionBoundsType = collisionBoundsType
    self.collisionBoundingPath = collisionBoundingPath
  }

  /// The body's size in points.
  public var size: Size { bounds.size }
  /// The rotation in radians (clockwise on screen).
  public var angle: Double { transform.rotationAngle }
}
