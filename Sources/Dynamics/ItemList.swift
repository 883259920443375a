/// The ordered item list the item-holding behaviors share: adding an item twice is ignored, removing
/// one that is not there does nothing, and every added item is validated (finite, non-zero size, finite
/// centre) at the call.
struct ItemList {
  private(set) var items: [any DynamicItem] = []
  /// The items' identities, so adding one asks in constant time whether it is there (a behavior made
  /// with 22,000 items searched its list for each: seconds of quadratic work). The list holds the
  /// items, so no identity here can be reused by another object while it is listed.
  private var members: Set<ObjectIdentifier> = []

  init() {}

  init(_ items: [any DynamicItem], caller: StaticString) {
    for item in items { _ = add(item, caller: "\(caller)") }
  }

  /// Returns false when the item was already there. `caller` names the call in the message of a
  /// refused item, and is only made then.
  mutating func add(_ item: any DynamicItem, caller: @autoclosure () -> String) -> Bool {
    if members.contains(ObjectIdentifier(item)) { return false }
    Validate.item(item, caller())
    items.append(item)
    members.insert(ObjectIdentifier(item))
    return true
  }

  /// Returns false when the item was not there.
  mutating func remove(_ item: any DynamicItem) -> Bool {
    guard members.remove(ObjectIdentifier(item)) != nil, let i = items.firstIndex(where: { $0 === item }) else {
      return false
    }
    items.remove(at: i)
    return true
  }
}
