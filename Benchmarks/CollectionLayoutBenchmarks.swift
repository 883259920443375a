import CollectionLayout
import Geometry2D

/// A data source of one section with `count` items.
private final class BenchmarkDataSource: CollectionViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// Sizes that vary per item, so the flow layout must measure every item in `prepare()`.
private final class VaryingSizes: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
  ) -> Size {
    Size(width: Double(40 + indexPath.item % 5 * 10), height: Double(30 + indexPath.item % 7 * 5))
  }
}

/// Group "collection": the flow layout's prepare and attributes-in-rect for an 800 × 600 viewport at
/// 10³…10⁶ items, and a whole scroll frame (physics, bounds change, layout query, view recycling).
func runCollectionLayoutBenchmarks(_ harness: BenchmarkHarness) {
  let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
  for count in [1_000, 10_000, 100_000, 1_000_000] {
    let source = BenchmarkDataSource(count: count)
    let layout = FlowLayout()
    let cv = CollectionView(frame: viewport, collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    let height = cv.contentSize.height

    harness.measure(group: "collection", name: "prepare_uniform_\(count)", iterations: 200) {
      layout.invalidateLayout()  // prepare() keeps the lines unless the layout was invalidated
      layout.prepare()
      blackHole(layout.collectionViewContentSize)
    }

    var y = 0.0
    harness.measure(group: "collection", name: "attributes_in_rect_\(count)", iterations: 2000) {
      // Walk the whole content so the cost is not one lucky spot.
      y += 7919
      if y > height - 600 { y = y.truncatingRemainder(dividingBy: Swift.max(1, height - 600)) }
      blackHole(layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 800, height: 600)))
    }

    var offset = 0.0
    harness.measure(group: "collection", name: "scroll_frame_\(count)", iterations: 1000) {
      // One 60 Hz frame of a steady scroll: the offset moves 40 points, the layout is queried for the
      // new viewport and cells that left are recycled for the ones that came in.
      offset += 40
      if offset > height - 600 { offset = 0 }
      cv.contentOffset = Point(x: 0, y: offset)
      cv.advance(by: 1.0 / 60)
      blackHole(cv.displayedElements.count)
    }
  }

  // A fling in progress: physics in 1 ms steps plus the layout pass.
  let flingView = CollectionView(frame: viewport, collectionViewLayout: FlowLayout())
  let flingSource = BenchmarkDataSource(count: 100_000)
  flingView.dataSource = flingSource
  flingView.layoutIfNeeded()
  var time = 0.0
  harness.measure(group: "collection", name: "fling_frame_100000", iterations: 1000) {
    if !flingView.isDecelerating {
      flingView.contentOffset = Point(x: 0, y: 100_000)
      flingView.beginPan(at: Point(x: 400, y: 500), time: time)
      flingView.pan(to: Point(x: 400, y: 400), time: time + 0.05)
      flingView.endPan(at: Point(x: 400, y: 300), time: time + 0.1)
    }
    time += 1.0 / 60
    flingView.advance(by: 1.0 / 60)
    blackHole(flingView.displayedElements.count)
  }

  // Sizes from the delegate: prepare measures every item (O(n)), queries stay O(log n + k).
  for count in [10_000, 100_000] {
    let sizes = VaryingSizes()
    let layout = FlowLayout()
    layout.delegate = sizes
    let cv = CollectionView(frame: viewport, collectionViewLayout: layout)
    let source = BenchmarkDataSource(count: count)
    cv.dataSource = source
    cv.layoutIfNeeded()
    let height = cv.contentSize.height
    harness.measure(group: "collection", name: "prepare_measured_\(count)", iterations: 20) {
      layout.invalidateLayout()  // prepare() keeps the lines unless the layout was invalidated
      layout.prepare()
    }
    var y = 0.0
    harness.measure(group: "collection", name: "attributes_in_rect_measured_\(count)", iterations: 2000) {
      y += 7919
      if y > height - 600 { y = y.truncatingRemainder(dividingBy: Swift.max(1, height - 600)) }
      blackHole(layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 800, height: 600)))
    }
  }
}
