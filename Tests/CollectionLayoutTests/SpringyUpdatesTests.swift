import Testing
import TestSupport
import Dynamics
import Geometry2D
@testable import CollectionLayout

@Suite struct SpringyUpdatesTests {
  typealias T = SpringyFlowLayoutTests

  /// Random batches of deletes and inserts around the visible cells, while the list moves: after each
  /// one every spring is keyed by its attributes' index path, every surviving element kept its body
  /// (the same attributes object), nothing is left in the animator without a spring, and once settled
  /// every cell is back on its flow position.
  @Test(arguments: [UInt64(1), 7, 2024])
  func insertsAndDeletesKeepTheModelConsistent(seed: UInt64) throws {
    let (cv, layout, items) = T.make(3_000)
    var rng = SplitMix(seed: seed)
    T.drag(cv, by: 400, frames: 8)
    for _ in 0..<40 {
      var objectForID: [Int: ObjectIdentifier] = [:]
      for s in layout.springs { objectForID[items.ids[s.attributes.indexPath.item]] = ObjectIdentifier(s.attributes) }
      let visible = cv.indexPathsForVisibleItems.map(\.item)
      guard let lo = visible.min(), let hi = visible.max() else {
        Issue.record("nothing visible")
        return
      }
      var deleted = Set<Int>()
      for _ in 0..<rng.int(0..<4) { deleted.insert(rng.int(lo..<(hi + 1))) }
      let inserts = rng.int(0..<4)
      try cv.performBatchUpdates {
        for i in deleted.sorted(by: >) { items.ids.remove(at: i) }
        var at: [Int] = []
        for _ in 0..<inserts { at.append(rng.int(lo..<(lo + 40))) }
        for i in Set(at).sorted() {
          items.ids.insert(items.nextID, at: i)
          items.nextID += 1
        }
        try cv.deleteItems(at: deleted.map { IndexPath(item: $0, section: 0) })
        try cv.insertItems(at: Set(at).map { IndexPath(item: $0, section: 0) })
      }
      let count = items.ids.count
      #expect(cv.numberOfItems(inSection: 0) == count)
      for s in layout.springs {
        let ip = s.attributes.indexPath
        #expect(ip.section == 0 && ip.item >= 0 && ip.item < count)
        #expect(layout.spring(for: .cell(ip))?.attributes === s.attributes)
        #expect(layout.dynamicAnimator.layoutAttributesForCell(at: ip) === s.attributes)
        if let before = objectForID[items.ids[ip.item]] { #expect(before == ObjectIdentifier(s.attributes)) }
      }
      #expect(layout.dynamicAnimator.dynamicItems.count == layout.springCount)
      #expect(layout.dynamicAnimator.behaviors.count == layout.springCount)
      // Let it move a little, sometimes with a drag, before the next batch.
      if rng.int(0..<3) == 0 {
        T.drag(cv, from: 450, by: Double(rng.int(-80..<120)), frames: 4)
      } else {
        T.run(cv, seconds: Double(rng.int(0..<12)) / 60)
      }
    }
    T.run(cv, seconds: 12)
    let flow = T.flowFrames(count: items.ids.count)
    for s in layout.springs {
      #expect(s.attributes.center == flow.layoutAttributesForItem(at: s.attributes.indexPath)!.center)
    }
  }

  /// A resize of one item re-anchors its spring and its neighbours' by identity (same objects).
  @Test func resizingKeepsSpringsByIdentity() {
    final class Sizes: CollectionViewDelegateFlowLayout {
      var big: Int?
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
      ) -> Size {
        indexPath.item == big ? Size(width: 200, height: 90) : Size(width: 44, height: 44)
      }
    }
    let (cv, layout, _) = T.make(500)
    let sizes = Sizes()
    layout.delegate = sizes
    layout.invalidateLayout()
    T.run(cv, seconds: 0.1)
    let objects = Dictionary(
      uniqueKeysWithValues: layout.springs.map { ($0.attributes.indexPath, ObjectIdentifier($0.attributes)) })
    sizes.big = 20
    layout.invalidateLayout()
    T.run(cv, seconds: 0.05)
    let resized = layout.spring(for: .cell(IndexPath(item: 20, section: 0)))!
    #expect(resized.attributes.size == Size(width: 200, height: 90))
    for s in layout.springs {
      if let o = objects[s.attributes.indexPath] { #expect(o == ObjectIdentifier(s.attributes)) }
    }
    T.run(cv, seconds: 10)
    for s in layout.springs { #expect(s.attributes.center == s.attachment.anchorPoint) }
  }
}
