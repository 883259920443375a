#if canImport(Glibc)
  import Glibc
#endif
import CollectionLayout
import Dynamics
import Geometry2D

/// A data source of one section with `count` items.
private final class SpringyBenchmarkItems: CollectionViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// Group "springy": the cost of one 60 Hz frame of the springy list in an 800 × 600 view (the article's
/// 44 × 44 cells): scroll physics, the bounds change shifting every spring, the layout prepare and
/// tiling, the animator's steps and the attributes-in-rect query with view recycling — all of
/// `CollectionView.advance(by:)`. 10³ and 10⁶ items must cost the same.
func runSpringyBenchmarks(_ harness: BenchmarkHarness) {
  let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
  let frame = 1.0 / 60
  for count in [1_000, 1_000_000] {
    let items = SpringyBenchmarkItems(count: count)
    let layout = SpringyFlowLayout()
    layout.itemSize = Size(width: 44, height: 44)
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let cv = CollectionView(frame: viewport, collectionViewLayout: layout)
    cv.dataSource = items
    cv.layoutIfNeeded()
    cv.setContentOffset(Point(x: 0, y: (cv.contentSize.height / 2).rounded()), animated: false)
    cv.advance(by: frame)

    // A finger held down and moved up and down 150 pt at 0.5 Hz: every frame scrolls, new rows tile in
    // and old ones leave at the top or the bottom.
    var k = 0
    cv.beginPan(at: Point(x: 400, y: 300), time: cv.time)
    harness.measure(group: "springy", name: "drag_frame_\(count)", warmup: 30, iterations: 1200) {
      k += 1
      let y = 300 + 150 * sin(2 * Double.pi * 0.5 * Double(k) * frame)
      cv.pan(to: Point(x: 400, y: y), time: cv.time)
      cv.advance(by: frame)
      blackHole(cv.displayedElements.count)
    }
    cv.endPan(at: Point(x: 400, y: 300 + 150 * sin(2 * Double.pi * 0.5 * Double(k) * frame)), time: cv.time)

    // Released: the fling and the springs settle (coasting frames, then frames at rest).
    harness.measure(group: "springy", name: "coast_frame_\(count)", warmup: 0, iterations: 600) {
      cv.advance(by: frame)
      blackHole(cv.displayedElements.count)
    }
    print(
      "# springy \(count): \(layout.springCount) springs, \(cv.displayedElements.count) cells on screen, animator running: \(layout.dynamicAnimator.isRunning)"
    )
  }
}
