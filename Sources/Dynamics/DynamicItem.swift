import Geometry2D

/// The shape an item collides as.
public enum CollisionBoundsType: Sendable, Hashable {
  /// The item's bounds, rotating with it (the default).
  case rectangle
  /// The ellipse inscribed in the item's bounds.
  case ellipse
  /// The item's `collisionBoundingPath`: a convex polygon centred on (0, 0).
  case path
}

/// Anything the animator can move: UIDynamicItem. The animator reads `bounds.size` once, when the item
/// first joins a behavior, and then reads and writes `center` and the rotation of `transform`.
public protocol DynamicItem: AnyObject {
  /// The item's centre in the animator's reference space, in points; read and written every step.
  var center: Point { get set }
  /// Only the size matters.
  var bounds: Rect { get }
  /// Only the rotation is read and written.
  var transform: AffineTransform { get set }
  /// The shape the item collides as (``CollisionBoundsType/rectangle`` unless the item says otherwise).
  var collisionBoundsType: CollisionBoundsType { get }
  /// Convex, counter- or clockwise, centred on (0, 0); read when `collisionBoundsType` is `.path`.
  var collisionBoundingPath: Path? { get }
}

extension DynamicItem {
  /// ``CollisionBoundsType/rectangle``: items collide as their rotated bounds unless they say otherwise.
  public var collisionBoundsType: CollisionBoundsType { .rectangle }
  public var collisionBoundingPath: Path? { nil }
}
