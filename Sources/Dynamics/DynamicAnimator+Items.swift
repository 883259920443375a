#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Items' bodies: made when a behavior first names the item, gone when the last one stops, and
/// recomputed (material, masks, forces) only when a change touched the item.
extension DynamicAnimator {
  /// The item's body slot, after a reference from `b`: its existing body, or a new one at the item's
  /// centre and rotation with the next serial.
  func acquireBody(for item: any DynamicItem, namedBy b: DynamicBehavior) -> Int32 {
    if let i = bodyIndex[item] {
      entries[Int(i)]!.namedBy.append(b)
      touchItem(i)
      return i
    }
    Validate.item(item, "DynamicAnimator")
    precondition(
      nextSerial < (1 << 23),
      "DynamicAnimator: more than 8 million items were added over its lifetime; create a new animator.")
    let c = item.center
    let handle = world.createBody(
      position: Vec2(c.x, c.y), angle: item.transform.rotationAngle, serial: nextSerial,
      geometry: ShapeBuilder.shapes(for: item))
    nextSerial += 1
    let i = handle.index
    let entry = ItemEntry(handle: handle, size: item.bounds.size, namedBy: [b])
    let plain = (item as? DynamicBody).map { Unmanaged.passUnretained($0) }
    if Int(i) == items.count {
      items.append(item)
      plainBodies.append(plain)
      entries.append(entry)
    } else {
      items[Int(i)] = item
      plainBodies[Int(i)] = plain
      entries[Int(i)] = entry
    }
    bodyIndex.set(item, i)
    liveItemsCache = nil
    touchItem(i)
    return i
  }

  /// Drops `b`'s reference to the item (its body goes at the batch's refresh if none is left).
  func releaseBody(of item: any DynamicItem, namedBy b: DynamicBehavior) {
    guard let i = bodyIndex[item], let k = entries[Int(i)]?.namedBy.firstIndex(where: { $0 === b }) else { return }
    entries[Int(i)]!.namedBy.remove(at: k)
    touchItem(i)
  }

  func touchItem(_ i: Int32) {
    guard let e = entries[Int(i)], !e.isTouched else { return }
    entries[Int(i)]!.isTouched = true
    touchedItems.append(i)
    hasPendingChanges = true
  }

  /// Recomputes the touched items from the behaviors naming them and hands the world what changed; an
  /// item no behavior names loses its body. In slot order, so new bodies get their shapes in the order
  /// the items were first named.
  func refreshTouchedItems() {
    touchedItems.sort()
    for i in touchedItems {
      guard var e = entries[Int(i)] else { continue }
      e.isTouched = false
      if e.namedBy.isEmpty {
        destroyBody(i)
        continue
      }
      let m = e.foldedMaterial
      if m != e.material {
        world.setMaterial(m, of: i)
        e.material = m
      }
      let masks = e.foldedMasks
      if masks != (e.itemMask, e.boundaryMask) {
        world.setCollisionMasks(item: masks.item, boundary: masks.boundary, of: i)
        (e.itemMask, e.boundaryMask) = masks
      }
      let forced = e.foldedReceivesForces
      if forced != e.receivesForces {
        world.setReceivesForces(forced, of: i)
        e.receivesForces = forced
      }
      entries[Int(i)] = e
    }
    touchedItems.removeAll(keepingCapacity: true)
  }

  func destroyBody(_ i: Int32) {
    guard let e = entries[Int(i)], let item = items[Int(i)] else { return }
    world.destroyBody(e.handle)
    bodyIndex.remove(item)
    items[Int(i)] = nil
    plainBodies[Int(i)] = nil
    entries[Int(i)] = nil
    liveItemsCache = nil
  }

  /// The live items in slot order.
  var liveItems: [any DynamicItem] {
    if let cached = liveItemsCache { return cached }
    let live = items.compactMap { $0 }
    liveItemsCache = live
    return live
  }
}
