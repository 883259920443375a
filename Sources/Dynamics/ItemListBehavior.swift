/// A behavior acting on a list of items you add and remove: ``CollisionBehavior``,
/// ``DynamicItemBehavior``, ``GravityBehavior``, ``PushBehavior`` and ``FieldBehavior``. The list keeps
/// the order items were added; adding an item twice is ignored, removing one that is not there does
/// nothing, and every added item is validated at the call. A change reaches the engine at the
/// animator's next step (or query), and wakes it.
public protocol ItemListBehavior: DynamicBehavior {}

extension ItemListBehavior {
  /// The items, in the order they were added.
  public var items: [any DynamicItem] { itemList.items }

  /// Adds `item` (validated: finite centre, non-zero finite size); adding one already here is ignored.
  public func addItem(_ item: any DynamicItem) {
    if itemList.add(item, caller: "\(Self.self).addItem") { setNeedsItemSync() }
  }

  /// Removes `item`; removing one that is not here does nothing.
  public func removeItem(_ item: any DynamicItem) {
    if itemList.remove(item) { setNeedsItemSync() }
  }
}
