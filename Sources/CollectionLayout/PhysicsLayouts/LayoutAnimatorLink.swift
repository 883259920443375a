import Dynamics
import Geometry2D

/// What ties a dynamic animator to the collection view layout it was made for
/// (`DynamicAnimator(collectionViewLayout:)`): the animator's reference space is the layout's content,
/// the layout's `advance(by:)` steps it, every step in which something moved invalidates the layout
/// (and only such a step), and `items(in:)` / `layoutAttributesForCell(at:)` answer from a spatial index.
///
/// The animator keeps the link (its `referenceSpace`); the layout keeps it too, to advance the animator.
/// Both references back are weak, so the layout owns the animator as usual and nothing leaks.
final class LayoutAnimatorLink: DynamicReferenceSpace {
  weak var layout: CollectionViewLayout?
  weak var animator: DynamicAnimator?
  var index = LayoutAttributesIndex()
  var indexedRevision = -1
  var indexedTime = -1.0
  /// Set by a layout after it moved items itself or changed their index paths (the index re-sorts or
  /// re-keys at the next query).
  var needsReindex = true

  /// The index with the revision and time it was made at, for a snapshot.
  typealias SavedState = (index: LayoutAttributesIndex, revision: Int, time: Double, needsReindex: Bool)
  func saveState() -> SavedState { (index, indexedRevision, indexedTime, needsReindex) }
  func restoreState(_ s: SavedState) { (index, indexedRevision, indexedTime, needsReindex) = s }

  init(layout: CollectionViewLayout, animator: DynamicAnimator) {
    self.layout = layout
    self.animator = animator
  }

  func items(in rect: Rect, of animator: DynamicAnimator) -> [any DynamicItem]? {
    attributes(in: rect)
  }

  /// The attributes in `rect` (content points), O(log n + k).
  func attributes(in rect: Rect) -> [LayoutAttributes] {
    refreshIfNeeded()
    return index.items(in: rect)
  }

  func attributes(for key: ElementKey) -> LayoutAttributes? {
    refreshIfNeeded()
    return index.attributes(for: key)
  }

  private func refreshIfNeeded() {
    guard let animator else { return }
    let alongY = (layout as? FlowLayout)?.scrollDirection != .horizontal
    let revision = animator.itemsRevision
    if revision != indexedRevision || needsReindex || alongY != index.sortsAlongY {
      index.sortsAlongY = alongY
      index.rebuild(from: animator.dynamicItems)
    } else if animator.elapsedTime != indexedTime {
      index.refreshPositions()
    } else {
      return
    }
    indexedRevision = revision
    indexedTime = animator.elapsedTime
    needsReindex = false
  }

  /// Marks positions stale without re-keying (a layout moved items by hand).
  func positionsDidChange() { indexedTime = -1 }

  /// Steps the animator by `seconds` in the layout's content space; when a step was taken (something
  /// moved) the layout is invalidated. Returns whether it was.
  @discardableResult
  func advance(by seconds: Double) -> Bool {
    guard let animator, let layout else { return false }
    let content =
      layout.collectionView == nil ? (animator.referenceBounds?.size ?? .zero) : layout.collectionViewContentSize
    animator.setReferenceBounds(Rect(x: 0, y: 0, width: content.width, height: content.height))
    let before = animator.elapsedTime
    animator.advance(by: seconds)
    guard animator.elapsedTime != before else { return false }
    // The animator moved its items; the layout's metrics stand (a flow layout keeps its lines).
    let context = type(of: layout).invalidationContextClass.init()
    if let flow = context as? FlowLayoutInvalidationContext {
      flow.invalidateFlowLayoutDelegateMetrics = false
      flow.invalidateFlowLayoutAttributes = false
    }
    layout.invalidateLayout(with: context)
    return true
  }
}
