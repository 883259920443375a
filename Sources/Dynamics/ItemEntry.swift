import Geometry2D

/// What the animator keeps per item in the engine, in its body's slot: the body, the behaviors naming
/// the item (its reference count; the body goes when the last one leaves) and what they last made of
/// it, so a change recomputes only the items it touched.
struct ItemEntry {
  var handle: BodyHandle
  var size: Size
  /// The behaviors naming the item, in the order they named it.
  var namedBy: [DynamicBehavior] = []
  /// The fold of the item behaviors' overrides, the collision masks and whether a force behavior acts
  /// on it, as last given to the world.
  var material = Material()
  var itemMask: UInt64 = 0
  var boundaryMask: UInt64 = 0
  var receivesForces = false
  /// Queued for the batch's refresh.
  var isTouched = false
}

extension ItemEntry {
  /// The item's material from scratch: the defaults overridden by the behaviors naming it that set
  /// any, in the flattened behavior order (`flatOrder`; the last explicit setting wins).
  var foldedMaterial: Material {
    var m = Material()
    let sources = namedBy.compactMap { b in b.materialOverrides.map { (order: b.flatOrder, overrides: $0) } }
    for s in sources.sorted(by: { $0.order < $1.order }) { s.overrides.apply(to: &m) }
    return m
  }

  /// The item's collision masks from scratch: the bits of the collision groups naming it.
  var foldedMasks: (item: UInt64, boundary: UInt64) {
    var item: UInt64 = 0, boundary: UInt64 = 0
    for b in namedBy {
      let masks = b.collisionMasks
      item |= masks.item
      boundary |= masks.boundary
    }
    return (item, boundary)
  }

  var foldedReceivesForces: Bool { namedBy.contains { $0.appliesForces } }
}
