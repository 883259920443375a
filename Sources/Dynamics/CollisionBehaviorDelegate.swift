import Geometry2D

/// Told when items start and stop touching each other or a boundary. All methods are optional. Calls
/// arrive after the step that detected the change, in a deterministic order.
public protocol CollisionBehaviorDelegate: AnyObject {
  /// Two items started touching at `point`, after the step that found the contact.
  func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
    with item2: any DynamicItem, at point: Point)
  /// Two items stopped touching.
  func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
    with item2: any DynamicItem)
  /// `identifier` is nil for the reference-bounds boundary.
  func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?, at point: Point)
  /// An item stopped touching a boundary; `identifier` is nil for the reference-bounds boundary.
  func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
  /// Does nothing: implement it to be told.
  public func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
    with item2: any DynamicItem, at point: Point
  ) {}
  /// Does nothing: implement it to be told.
  public func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
    with item2: any DynamicItem
  ) {}
  public func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?, at point: Point
  ) {}
  /// Does nothing: implement it to be told.
  public func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?
  ) {}
}
