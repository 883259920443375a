import Geometry2D
@testable import CollectionLayout

/// A data source with plain counts per section.
final class CountsDataSource: CollectionViewDataSource {
  var counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
}

/// A flow-layout delegate with explicit sizes per item (nil = uniform) and optional section values.
/// Without a size of its own it answers with the layout's `itemSize` (UIKit: a delegate that implements
/// the method is asked about every item).
final class SizesDelegate: CollectionViewDelegateFlowLayout {
  var sizes: [IndexPath: Size] = [:]
  var uniform: Size?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
  ) -> Size {
    guard let size = sizes[indexPath] ?? uniform else { return (layout as! FlowLayout).itemSize }
    return size
  }
}

/// Records selection and highlight callbacks.
final class RecordingDelegate: CollectionViewDelegate {
  var log: [String] = []
  var refuseSelection: Set<IndexPath> = []
  var allowedActions: Set<EditAction> = []
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    !refuseSelection.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("select \(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    log.append("deselect \(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    log.append("highlight \(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    log.append("unhighlight \(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }
  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath
  ) -> Bool {
    allowedActions.contains(action)
  }
  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath
  ) {
    log.append("\(action) \(indexPath.item)")
  }
}

/// A flow layout that logs the layout cycle.
final class LoggingFlowLayout: FlowLayout {
  var log: [String] = []
  var boundsChecks: [(old: Rect, new: Rect)] = []
  var invalidateOnScroll = false
  var updateItems: [CollectionViewUpdateItem] = []
  override func prepare() {
    log.append("prepare")
    super.prepare()
  }
  override var collectionViewContentSize: Size {
    log.append("contentSize")
    return super.collectionViewContentSize
  }
  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    log.append("elements")
    return super.layoutAttributesForElements(in: rect)
  }
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    if let cv = collectionView { boundsChecks.append((cv.bounds, newBounds)) }
    return invalidateOnScroll || super.shouldInvalidateLayout(forBoundsChange: newBounds)
  }
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    log.append("prepareForUpdates")
    self.updateItems = updateItems
  }
  override func finalizeCollectionViewUpdates() { log.append("finalize") }
}

func makeCollectionView(
  width: Double = 320, height: Double = 480, counts: [Int],
  layout: CollectionViewLayout = FlowLayout()
) -> (CollectionView, CountsDataSource) {
  let cv = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  let ds = CountsDataSource(counts)
  cv.dataSource = ds
  cv.layoutIfNeeded()
  return (cv, ds)
}

func frame(_ cv: CollectionView, _ item: Int, _ section: Int = 0) -> Rect? {
  cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
    && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}
