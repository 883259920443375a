import CollectionLayout
import Foundation
import Geometry2D

/// A data source of one section with `count` items.
private final class ManyItems: CollectionViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// The springy list with 10⁶ cells (44 × 44, in an 800 × 600 view): a finger moves 150 pt up and down
/// at 0.5 Hz for four seconds, lets go so the list flings and the springs settle for two, and starts
/// again a little further down — so new rows keep tiling in and old ones leave, for the whole run.
enum SpringyMillion {
  static func make() -> () -> Bool {
    let items = ManyItems(count: 1_000_000)
    let layout = SpringyFlowLayout()
    layout.itemSize = Size(width: 44, height: 44)
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    cv.dataSource = items
    cv.layoutIfNeeded()
    cv.setContentOffset(Point(x: 0, y: (cv.contentSize.height / 2).rounded()), animated: false)
    var frame = 0
    return {
      let phase = frame % 360  // 6 s: 4 s held and moving, 2 s let go
      let angle: Double = Double.pi * Double(phase) / 60  // 0.5 Hz
      let y: Double = 300 + 150 * sin(angle)
      let point = Point(x: 400, y: y)
      if phase == 0 { cv.beginPan(at: point, time: cv.time) }
      if phase > 0 && phase < 240 { cv.pan(to: point, time: cv.time) }
      if phase == 240 { cv.endPan(at: point, time: cv.time) }
      cv.advance(by: 1.0 / 60)
      frame += 1
      return cv.contentOffset.y.isFinite
        && cv.displayedElements.allSatisfy { $0.attributes.center.x.isFinite && $0.attributes.center.y.isFinite }
    }
  }
}
