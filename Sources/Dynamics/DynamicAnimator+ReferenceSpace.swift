import Geometry2D

/// Hooks for clients that build on an animator (the collection view layouts): the item list to index,
/// a way to move the reference bounds, and an exact placement of resting items that does not wake a
/// paused animator.
extension DynamicAnimator {
  /// Every item in the animator, in body order (pending behavior changes applied first). O(1) until
  /// items come or go: a cached array.
  public var dynamicItems: [any DynamicItem] {
    applyPendingChanges()
    return liveItems
  }

  /// A number that changes whenever the set of items changes (after pending behavior changes).
  public var itemsRevision: Int {
    applyPendingChanges()
    return itemsVersion
  }

  /// Moves the reference bounds (a layout's content grew or shrank). Collision behaviors that turn the
  /// reference bounds into a boundary follow at the next step. Setting the same bounds does nothing.
  /// - Precondition: the rect is finite.
  public func setReferenceBounds(_ rect: Rect?) {
    guard rect != referenceBounds else { return }
    if let r = rect {
      precondition(r.isFinite, "setReferenceBounds: \(r) is not finite; pass a finite rect or nil.")
    }
    referenceBounds = rect
    boundariesNeedUpdate = true
    setNeedsChanges()
  }

  /// Places an item exactly at `center` with no velocity, without waking a paused animator: for a
  /// layout that lets springs that have come to rest sit exactly at their anchors (the sleep threshold
  /// leaves them up to a few hundredths of a point short). Items not in the animator are ignored.
  public func restItem(_ item: any DynamicItem, at center: Point) {
    precondition(center.isFinite, "restItem(_:at:): \(center) is not finite.")
    item.center = center
    guard let i = body(of: item) else { return }
    world.rest(i, at: Vec2(center.x, center.y))
  }

  /// An item's linear velocity in points/s (zero for items not in the animator).
  public func linearVelocity(of item: any DynamicItem) -> Vector {
    guard let i = body(of: item) else { return .zero }
    let v = world.linearVelocity(of: i)
    return Vector(dx: v.x, dy: v.y)
  }

  /// Sets an item's linear velocity in points/s and wakes the animator. Items not in the animator are
  /// ignored.
  /// - Precondition: `velocity` is finite.
  public func setLinearVelocity(_ velocity: Vector, of item: any DynamicItem) {
    Validate.vector(velocity, "setLinearVelocity(_:of:) velocity")
    guard let i = body(of: item) else { return }
    let now = linearVelocity(of: item)
    world.addVelocity(Vec2(velocity.dx - now.dx, velocity.dy - now.dy), to: i)
    wake()
  }
}
