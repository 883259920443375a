import Geometry2D

/// A plain dynamic item: a centre, a size, a rotation and a collision shape. Use it when there is no view
/// or layout attributes object to animate (the sandbox scenes, tests, benchmarks).
public final class DynamicBody: DynamicItem {
  /// The centre, in the animator's reference space; the animator writes it every step.
  @exclusivity(unchecked) public var center: Point
  public let bounds: Rect
  /// The shape the body collides as; fixed at creation.
  @exclusivity(unchecked) public var transform: AffineTransform
  public let collisionBoundsType: CollisionBoundsType
  public let collisionBoundingPath: Path?

  /// - Parameters:
  ///   - center: in the animator's coordinates (points).
  ///   - size: width and height in points; both must be finite and greater than zero when the body joins
  ///     a behavior.
  ///   - collisionBoundsType: `.rectangle` (default), `.ellipse` (inscribed in the bounds) or `.path`.
  ///   - collisionBoundingPath: the convex polygon for `.path`, centred on (0, 0).
  public init(center: Point, size: Size, collisionBoundsType: CollisionBoundsType = .rectangle,
              collisionBoundingPath: Path? = nil) {
    self.center = center
    self.bounds = Rect(origin: .zero, size: size)
    self.transform = .identity
    self.collisionBoundsType = collisionBoundsType
    self.collisionBoundingPath = collisionBoundingPath
  }

  /// The body's size in points.
  public var size: Size { bounds.size }
  /// The rotation in radians (clockwise on screen).
  public var angle: Double { transform.rotationAngle }
}
