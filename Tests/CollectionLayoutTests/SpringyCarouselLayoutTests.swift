import Testing
import Dynamics
import Geometry2D
@testable import CollectionLayout

/// The springy carousel (iOS7 Day-by-Day, day 5): tiles at the bottom, scroll lag, insert right of centre.
@Suite struct SpringyCarouselLayoutTests {
  typealias Items = SpringyFlowLayoutTests.Items
  static let frameTime = 1.0 / 60

  static func make(_ n: Int = 30) -> (CollectionView, SpringyCarouselLayout, Items) {
    let layout = SpringyCarouselLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    cv.updateAnimationDuration = 0
    let items = Items(n)
    cv.dataSource = items
    cv.layoutIfNeeded()
    return (cv, layout, items)
  }

  static func run(_ cv: CollectionView, seconds: Double) {
    for _ in 0..<Int((seconds / frameTime).rounded()) { cv.advance(by: frameTime) }
  }

  @Test func tilesRestOnTheBottomUnderGravity() {
    let (cv, layout, _) = Self.make()
    Self.run(cv, seconds: 4)
    #expect(layout.springCount > 8)
    for s in layout.springs {
      // 70 pt tiles whose anchors sit on the bottom; gravity (300 pt/s²) sags them onto the boundary.
      // The exact spring step and the boundary's contact meet within 0.001 pt (measured 0.0003 pt above).
      #expect(abs(s.attachment.anchorPoint.y - 565) < 1e-9)
      #expect(
        s.attributes.center.y >= 565 - 1e-3 && s.attributes.center.y <= 565 + 1.5, "centre \(s.attributes.center)")
      #expect(abs(s.attributes.center.x - s.attachment.anchorPoint.x) < 0.5)
    }
  }

  @Test func aDragDisplacesTilesByDistanceFromThePointer() {
    let (cv, layout, _) = Self.make(60)
    Self.run(cv, seconds: 2)
    let before = Set(layout.springs.map { $0.attributes.indexPath })
    cv.beginPan(at: Point(x: 100, y: 560), time: cv.time)
    for k in 1...8 {
      cv.advance(by: Self.frameTime)
      cv.pan(to: Point(x: 100 - 15 * Double(k), y: 560), time: cv.time)
    }
    let touch = cv.panLocation!
    let sorted = layout.springs.filter { before.contains($0.attributes.indexPath) }.sorted {
      abs($0.attachment.anchorPoint.x - touch.x) < abs($1.attachment.anchorPoint.x - touch.x)
    }
    let near = sorted.first!, far = sorted.last!
    let nearLag = near.attributes.center.x - near.attachment.anchorPoint.x
    let farLag = far.attributes.center.x - far.attachment.anchorPoint.x
    // min(1, distance / 500): the nearest tile (within half a slot) moves with under a tenth of the
    // 120 pt delta, the farthest with most of it.
    #expect(abs(nearLag) < 12)
    #expect(farLag > 4 * abs(nearLag))
  }

  /// Inserting right of centre, while the carousel scrolls: the neighbours keep their bodies and spring
  /// one slot over; the new tile starts at the top and drops onto its place.
  @Test func insertRightOfCentreDropsTheNewTileAndShiftsTheNeighbours() throws {
    let (cv, layout, items) = Self.make()
    Self.run(cv, seconds: 2)
    cv.beginPan(at: Point(x: 600, y: 560), time: cv.time)
    for k in 1...5 {
      cv.advance(by: Self.frameTime)
      cv.pan(to: Point(x: 600 - 20 * Double(k), y: 560), time: cv.time)
    }
    let midX = cv.bounds.midX
    let right = layout.springs.filter { $0.attachment.anchorPoint.x > midX }.min {
      $0.attributes.indexPath < $1.attributes.indexPath
    }!
    let at = right.attributes.indexPath
    let before = Dictionary(
      uniqueKeysWithValues: layout.springs.map {
        (items.ids[$0.attributes.indexPath.item], ($0.attributes, $0.attributes.center, $0.attachment.anchorPoint))
      })
    try cv.performBatchUpdates {
      items.ids.insert(items.nextID, at: at.item)
      items.nextID += 1
      try cv.insertItems(at: [at])
    }
    let pitch = layout.itemSize.width + layout.minimumLineSpacing
    for s in layout.springs {
      guard let (object, center, anchor) = before[items.ids[s.attributes.indexPath.item]] else { continue }
      #expect(object === s.attributes)
      #expect(s.attributes.center == center)
      let shift = s.attributes.indexPath.item > at.item ? pitch : 0
      #expect(abs(s.attachment.anchorPoint.x - (anchor.x + shift)) < 1e-9)
    }
    let new = layout.spring(for: .cell(at))!
    #expect(abs(new.attributes.center.y - 35) < 1e-9)
    cv.endPan(at: Point(x: 500, y: 560), time: cv.time)
    Self.run(cv, seconds: 6)
    #expect(abs(new.attributes.center.y - 565) < 1.5)
    // On its slot (friction against the floor may hold it a few points short; a slot is 80 pt).
    #expect(abs(new.attributes.center.x - new.attachment.anchorPoint.x) < 10)
  }
}
