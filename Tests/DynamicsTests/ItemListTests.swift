import Testing
import TestSupport
import Geometry2D
@testable import Dynamics

/// The item list every item-holding behavior keeps: order of first addition, duplicates ignored,
/// absent removals ignored — checked against a plain array doing the same by identity.
@Suite("Item lists: order, duplicates, removal")
struct ItemListTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func matchesAPlainList(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let pool = (0..<40).map { box(Double($0), 0) }
    var list = ItemList()
    var model: [DynamicBody] = []
    for op in 0..<2_000 {
      let item = r.pick(pool)
      if r.chance(0.6) {
        let isNew = !model.contains { $0 === item }
        #expect(list.add(item, caller: "test") == isNew, "seed \(seed), op \(op)")
        if isNew { model.append(item) }
      } else {
        let index = model.firstIndex { $0 === item }
        #expect(list.remove(item) == (index != nil), "seed \(seed), op \(op)")
        if let index { model.remove(at: index) }
      }
      #expect(
        list.items.count == model.count && zip(list.items, model).allSatisfy { $0 === $1 }, "seed \(seed), op \(op)")
    }
  }

  /// A behavior made with tens of thousands of items (Box2D's many-pyramids benchmark has 22,000)
  /// keeps every one once, in order, even when the list names some twice.
  @Test func manyItemsOnceEach() {
    let items = (0..<30_000).map { box(Double($0 % 300), Double($0 / 300)) }
    let gravity = GravityBehavior(items: items + items.prefix(1_000))
    #expect(gravity.items.count == items.count)
    #expect(zip(gravity.items, items).allSatisfy { $0 === $1 })
  }
}
