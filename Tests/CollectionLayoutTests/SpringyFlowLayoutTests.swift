import Testing
import Dynamics
import Geometry2D
@testable import CollectionLayout

/// The springy Messages list (issue 6): rest positions, lag during a drag, tiling, coasting tiles,
/// and spring identity across inserts and deletes.
@Suite struct SpringyFlowLayoutTests {
  final class Items: CollectionViewDataSource {
    var ids: [Int]
    var nextID: Int
    init(_ n: Int) {
      ids = Array(0..<n)
      nextID = n
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
  }

  static let frameTime = 1.0 / 60

  /// The article's configuration: 44 × 44 cells, spacing 10, insets 10, in an 800 × 600 view.
  static func configure(_ layout: FlowLayout) {
    layout.itemSize = Size(width: 44, height: 44)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
  }

  static func make(_ n: Int, tiled: Bool = true) -> (CollectionView, SpringyFlowLayout, Items) {
    let layout = SpringyFlowLayout()
    configure(layout)
    layout.isTilingEnabled = tiled
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    let items = Items(n)
    cv.dataSource = items
    cv.layoutIfNeeded()
    return (cv, layout, items)
  }

  /// A plain flow layout's frames for the same content.
  static func flowFrames(count n: Int) -> FlowLayout {
    let flow = FlowLayout()
    configure(flow)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: flow)
    let items = Items(n)
    cv.dataSource = items
    cv.layoutIfNeeded()
    withExtendedLifetime(items) {}
    _ = cv
    return flow
  }

  static func run(_ cv: CollectionView, seconds: Double) {
    for _ in 0..<Int((seconds / frameTime).rounded()) { cv.advance(by: frameTime) }
  }

  /// A drag from (400, y0) upwards by `distance` over `frames` frames, then a release.
  static func drag(_ cv: CollectionView, from y0: Double = 500, by distance: Double, frames: Int, release: Bool = true)
  {
    cv.beginPan(at: Point(x: 400, y: y0), time: cv.time)
    for k in 1...frames {
      cv.advance(by: frameTime)
      cv.pan(to: Point(x: 400, y: y0 - distance * Double(k) / Double(frames)), time: cv.time)
    }
    if release {
      cv.advance(by: frameTime)
      cv.endPan(at: Point(x: 400, y: y0 - distance), time: cv.time)
    }
  }

  @Test func atRestEveryCellSitsExactlyOnItsFlowPosition() {
    let (cv, layout, items) = Self.make(10_000)
    Self.drag(cv, by: 360, frames: 12)
    Self.run(cv, seconds: 12)
    #expect(!cv.isDecelerating && !cv.isTracking)
    #expect(!layout.dynamicAnimator.isRunning)
    let flow = Self.flowFrames(count: items.ids.count)
    let cells = cv.displayedElements.filter { $0.attributes.representedElementCategory == .cell }
    #expect(cells.count > 100)
    var worst = 0.0
    for e in cells {
      let expected = flow.layoutAttributesForItem(at: e.attributes.indexPath)!.center
      worst = max(worst, abs(e.attributes.center.x - expected.x), abs(e.attributes.center.y - expected.y))
    }
    // Tolerance 0.01 pt (the issue's); the layout places resting springs exactly, so it is 0.
    #expect(worst <= 0.01)
    #expect(worst == 0)
    // Every spring too, not only the visible ones.
    for s in layout.springs { #expect(s.attributes.center == s.attachment.anchorPoint) }
  }

  @Test func duringADragNearCellsFollowAndFartherOnesLagInOrderOfDistance() {
    let (cv, layout, _) = Self.make(10_000)
    let before = Set(layout.springs.map { $0.attributes.indexPath })
    // Dragging the content up (scrolling down) at 600 pt/s, pointer near the bottom.
    Self.drag(cv, from: 560, by: 200, frames: 20, release: false)
    guard let touch = cv.panLocation else {
      Issue.record("no pointer while dragging")
      return
    }
    struct Sample {
      var distance: Double
      var lag: Double
    }
    var samples: [Sample] = []
    for s in layout.springs where before.contains(s.attributes.indexPath) {
      let a = s.attachment.anchorPoint
      let distance = abs(touch.x - a.x) + abs(touch.y - a.y)
      // Content moved up; a lagging cell is below its anchor (it moved with the viewport).
      samples.append(Sample(distance: distance, lag: s.attributes.center.y - a.y))
    }
    #expect(samples.count > 100)
    samples.sort { $0.distance < $1.distance }
    // The cell nearest the pointer follows the content: it lags less than 5% of the 200 pt scrolled.
    #expect(abs(samples[0].lag) < 10)
    // The farthest lags by more than a quarter of it.
    #expect(samples.last!.lag > 50)
    // In order of distance: a cell 20 pt or more farther from the pointer lags more. (Cells at nearly
    // equal distances may swap: the pointer slid 10 pt over the content before the pan's slop was taken.)
    for (i, p) in samples.enumerated() {
      for q in samples[(i + 1)...] where q.distance >= p.distance + 20 {
        #expect(q.lag > p.lag)
      }
    }
  }

  @Test func tiledAndUntiledShowTheSameCellsAtTheSamePlacesOnceSettled() {
    let (tiled, tiledLayout, _) = Self.make(400, tiled: true)
    let (untiled, untiledLayout, _) = Self.make(400, tiled: false)
    #expect(untiledLayout.springCount == 400)
    #expect(tiledLayout.springCount < 400)
    for cv in [tiled, untiled] {
      Self.drag(cv, by: 300, frames: 10)
      Self.run(cv, seconds: 2)
      Self.drag(cv, from: 200, by: -150, frames: 6)
      Self.run(cv, seconds: 12)
    }
    #expect(tiled.contentOffset == untiled.contentOffset)
    let a = tiled.displayedElements.map { ($0.attributes.indexPath, $0.attributes.frame) }.sorted { $0.0 < $1.0 }
    let b = untiled.displayedElements.map { ($0.attributes.indexPath, $0.attributes.frame) }.sorted { $0.0 < $1.0 }
    #expect(a.count == b.count && a.count > 50)
    for (x, y) in zip(a, b) {
      #expect(x.0 == y.0)
      #expect(abs(x.1.minX - y.1.minX) <= 0.01 && abs(x.1.minY - y.1.minY) <= 0.01)
    }
  }

  @Test func tilesEnteringWhileCoastingArePreDisplaced() {
    let (cv, layout, _) = Self.make(10_000)
    Self.drag(cv, by: 240, frames: 6)
    #expect(cv.isDecelerating)
    var entered = 0
    for _ in 0..<40 where cv.isDecelerating {
      let before = Set(layout.springs.map { $0.attributes.indexPath })
      cv.advance(by: Self.frameTime)
      guard let touch = cv.panLocation else { break }
      for s in layout.springs where !before.contains(s.attributes.indexPath) {
        let anchor = s.attachment.anchorPoint
        let expected = layout.displacement(anchor: anchor, delta: layout.latestDelta, touch: touch)
        let offset = s.attributes.center - anchor
        // Created after the frame's step: exactly the pre-displacement (1e-9 pt).
        #expect(abs(offset.dx - expected.dx) < 1e-9 && abs(offset.dy - expected.dy) < 1e-9)
        #expect(abs(offset.dy) > 0.5)
        // Towards the scroll: the content moves up, the new tile lags down with the viewport.
        #expect(offset.dy * layout.latestDelta.dy > 0)
        entered += 1
      }
    }
    #expect(entered > 10)
  }

  /// The animator invalidates the layout after a step in which something moved, and only then: at rest
  /// frames cost no layout pass at all; a seed-style layout needs only the two one-line overrides.
  @Test func theAnimatorInvalidatesOnlyWhenSomethingMoved() {
    let (cv, layout, _) = Self.make(1_000)
    Self.run(cv, seconds: 1)
    #expect(!layout.dynamicAnimator.isRunning)
    let passes = cv.layoutPassCount
    Self.run(cv, seconds: 1)
    #expect(cv.layoutPassCount == passes)
    Self.drag(cv, by: 100, frames: 5)
    #expect(cv.layoutPassCount > passes + 4)
    #expect(layout.dynamicAnimator.collectionViewLayout === layout)
    #expect(layout.dynamicAnimator.referenceBounds == Rect(origin: .zero, size: layout.collectionViewContentSize))
  }

  @Test func zeroSizeCellsAreSkippedNotFatal() {
    final class Sizes: CollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
      ) -> Size {
        indexPath.item % 3 == 0 ? .zero : Size(width: 44, height: 44)
      }
    }
    let sizes = Sizes()
    let (cv, layout, _) = Self.make(60)
    layout.delegate = sizes
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    Self.run(cv, seconds: 0.5)
    #expect(layout.springCount == 40)
    #expect(layout.springs.allSatisfy { $0.attributes.indexPath.item % 3 != 0 })
  }

  @Test func horizontalScrollingLagsAlongX() {
    let layout = SpringyFlowLayout()
    Self.configure(layout)
    layout.scrollDirection = .horizontal
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    let items = Items(5_000)
    cv.dataSource = items
    cv.layoutIfNeeded()
    cv.beginPan(at: Point(x: 700, y: 300), time: cv.time)
    for k in 1...10 {
      cv.advance(by: Self.frameTime)
      cv.pan(to: Point(x: 700 - 20 * Double(k), y: 300), time: cv.time)
    }
    let far = layout.springs.max { $0.attachment.anchorPoint.x > $1.attachment.anchorPoint.x }!
    #expect(far.attributes.center.x - far.attachment.anchorPoint.x > 2)
    #expect(far.attributes.center.y == far.attachment.anchorPoint.y)
  }
}
