import Testing
import Dynamics
import Geometry2D
@testable import CollectionLayout

/// The Newtonian collection view (objc.io issue 5): pendulums that swing in and fall out.
@Suite struct NewtonianLayoutTests {
  typealias Items = SpringyFlowLayoutTests.Items
  static let frameTime = 1.0 / 60

  static func make() -> (CollectionView, NewtonianLayout, Items) {
    let layout = NewtonianLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    cv.updateAnimationDuration = 0
    let items = Items(0)
    cv.dataSource = items
    cv.layoutIfNeeded()
    return (cv, layout, items)
  }

  static func insert(_ cv: CollectionView, _ items: Items, at i: Int) throws {
    try cv.performBatchUpdates {
      items.ids.insert(items.nextID, at: i)
      items.nextID += 1
      try cv.insertItems(at: [IndexPath(item: i, section: 0)])
    }
  }

  static func run(_ cv: CollectionView, seconds: Double) {
    for _ in 0..<Int((seconds / frameTime).rounded()) { cv.advance(by: frameTime) }
  }

  @Test func insertedItemsSwingInFromTheRightAndHangBelowTheAnchor() throws {
    let (cv, layout, items) = Self.make()
    try Self.insert(cv, items, at: 0)
    let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    #expect(first.frame == Rect(x: 900, y: 300, width: 100, height: 100))
    Self.run(cv, seconds: 0.5)
    try Self.insert(cv, items, at: 1)
    Self.run(cv, seconds: 0.5)
    try Self.insert(cv, items, at: 0)
    Self.run(cv, seconds: 20)
    #expect(layout.itemCount == 3)
    let anchor = layout.attachmentPoint
    #expect(anchor == Point(x: 400, y: 64))
    for e in cv.displayedElements {
      let c = e.attributes.center
      let r = ((c.x - anchor.x) * (c.x - anchor.x) + (c.y - anchor.y) * (c.y - anchor.y)).squareRoot()
      // Length 300 plus the spring's sag under gravity: g/ω² = 1000/(2π)² ≈ 25 pt.
      #expect(r > 290 && r < 340)
      #expect(c.y > anchor.y + 150)
    }
    // The items collide: two 100 pt squares, however turned, cannot have centres closer than 100 pt
    // (their inscribed circles), less the contact slop (0.5 pt) and a margin (2 pt).
    let centers = cv.displayedElements.map(\.attributes.center)
    for (i, a) in centers.enumerated() {
      for b in centers[(i + 1)...] {
        #expect(((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() > 97.5)
      }
    }
  }

  /// A detached item falls; the completion comes once it has left the screen, with its index path at
  /// that moment, even though an insert in front of it happened meanwhile.
  @Test func detachedItemFallsAndIsRemovedOnceOffScreen() throws {
    let (cv, layout, items) = Self.make()
    for i in 0..<3 { try Self.insert(cv, items, at: i) }
    Self.run(cv, seconds: 4)
    let id = items.ids[1]
    var completed: [IndexPath] = []
    layout.detachItem(at: IndexPath(item: 1, section: 0)) { ip in
      completed.append(ip)
      try? cv.performBatchUpdates {
        items.ids.remove(at: ip.item)
        try cv.deleteItems(at: [ip])
      }
    }
    #expect(layout.isFalling(at: IndexPath(item: 1, section: 0)))
    Self.run(cv, seconds: 0.1)
    try Self.insert(cv, items, at: 0)
    #expect(layout.isFalling(at: IndexPath(item: 2, section: 0)))
    var seconds = 0.0
    while completed.isEmpty && seconds < 5 {
      cv.advance(by: Self.frameTime)
      seconds += Self.frameTime
    }
    #expect(completed == [IndexPath(item: 2, section: 0)])
    // Fell from the hanging height (≈ 390 pt down to below 600 pt): well under two seconds.
    #expect(seconds < 1.5)
    #expect(!items.ids.contains(id))
    #expect(layout.itemCount == 3)
    #expect(cv.numberOfItems(inSection: 0) == 3)
    Self.run(cv, seconds: 1)
    #expect(completed.count == 1)
  }
}
