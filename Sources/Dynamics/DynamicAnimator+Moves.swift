import Geometry2D

/// Moving items from outside the animator: a springy layout nudging every visible cell as it scrolls,
/// a drag. It runs for every moved item every frame, so it is kept to one identity check, one body
/// write and no allocation.
extension DynamicAnimator {
  /// Re-reads an item's centre and rotation after you changed them; its velocity is kept. Items not in
  /// the animator are ignored.
  /// - Precondition: the item's centre and transform are finite, checked at this call whether or not
  ///   the item is in the animator (a bad state is refused where it was made, not at the next step).
  public func updateItem(usingCurrentState item: any DynamicItem) {
    let c = item.center, t = item.transform
    precondition(
      Validate.isFinite(c, t),
      "updateItem(usingCurrentState:): item \(item) has a non-finite center \(c) or transform \(t); set finite values first."
    )
    guard let i = bodyIndex(ofMoved: item) else { return }
    // Most items are unrotated; skip the arctangent for them. The angle of a finite transform is finite.
    let a = t.b == 0 && t.a > 0 ? 0 : t.rotationAngle
    world.placeBody(i, at: Vec2(c.x, c.y), angle: a)
    if !isRunning { wake() }
  }

  /// The item's body slot, or nil when it has none. Callers mostly move items in the order they added
  /// them (a list of cells, top to bottom), so the slot after the last one found is tried first: a
  /// look at the next element of `items`, which the previous call brought into the cache, instead of a
  /// probe into the identity map, a cache miss at every call once there are thousands of items.
  @inline(__always) func bodyIndex(ofMoved item: any DynamicItem) -> Int32? {
    let guess = nextMovedSlot
    let found: Int32? = items.withUnsafeBufferPointer { slots in
      guard guess < slots.count, let candidate = slots[guess], candidate === item else { return bodyIndex[item] }
      return Int32(guess)
    }
    if let i = found { nextMovedSlot = Int(i) + 1 }
    return found
  }
}
