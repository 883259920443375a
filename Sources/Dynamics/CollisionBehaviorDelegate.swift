import Geometry2D

/// Told when items start and stop touching each other or a boundary. All methods are optional. Calls
/// arrive after the step that detected the change, in a deterministic order.
public protocol CollisionBehaviorDelegate: AnyObject {
  func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                         with item2: any DynamicItem, at point: Point)
  func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                         with item2: any DynamicItem)
  /// `identifier` is nil for the reference-bounds boundary.
  func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                         withBoundaryIdentifier identifier: String?, at point: Point)
  func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                         withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
  public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                                with item2: any DynamicItem, at point: Point) {}
  public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                                with item2: any DynamicItem) {}
  public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                withBoundaryIdentifier identifier: String?, at point: Point) {}
  public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                withBoundaryIdentifier identifier: String?) {}
}
