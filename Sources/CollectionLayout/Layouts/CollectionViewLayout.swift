import Geometry2D

/// The object that places a collection view's elements: UICollectionViewLayout. Subclass it and
/// override what you need; `FlowLayout` is the ready-made grid.
///
/// The layout cycle (seed 001): `invalidateLayout()` only marks the layout dirty; the collection view's
/// next `layoutIfNeeded()` calls `prepare()`, then reads `collectionViewContentSize`, then asks
/// `layoutAttributesForElements(in:)` for the visible rect. However many invalidations come in between,
/// `prepare()` runs once. Attributes are in content points.
open class CollectionViewLayout {
  /// The collection view that shows this layout (set by the collection view).
  public internal(set) weak var collectionView: CollectionView?

  /// True after `invalidateLayout()` until the collection view's next layout pass has called `prepare()`.
  public internal(set) var isInvalidated = true

  /// The dynamic animators made for this layout (`DynamicAnimator(collectionViewLayout:)`), stepped by
  /// the default `advance(by:)`.
  var animatorLinks: [LayoutAnimatorLink] = []

  /// A layout not yet in a collection view; subclass it and override the layout cycle.
  public init() {}

  // MARK: The layout cycle

  /// Computes what the layout needs before it is asked for attributes. Called first in every layout
  /// pass after an invalidation. The default does nothing. Invalidations made inside `prepare()` are
  /// absorbed by the pass that is running.
  open func prepare() {}

  /// The size of the whole content (points), read after `prepare()`. The default is zero.
  open var collectionViewContentSize: Size { .zero }

  /// Every element (cells, supplementary and decoration views) whose frame meets `rect` (content
  /// points). The default is empty.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

  /// The cell at `indexPath`, or nil if the layout has none there. The default is nil.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// The supplementary view of `kind` at `indexPath` (a section header is at item 0). The default is nil.
  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    nil
  }

  /// The decoration view of `kind` at `indexPath`. The default is nil.
  open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    nil
  }

  // MARK: Invalidation

  /// Asked before every change of the collection view's bounds (a scroll changes `bounds.origin`),
  /// while `collectionView.bounds` still holds the old bounds. Return true to have the layout
  /// invalidated. The default is false: scrolling does not change a layout.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// Marks the layout dirty; the next layout pass prepares it again. Returns at once and coalesces.
  /// Overrides must call super.
  open func invalidateLayout() {
    isInvalidated = true
    collectionView?.setNeedsLayout()
  }

  // MARK: Updates

  /// Called during a batch update, after `prepare()` has seen the new counts and before the
  /// appearing/disappearing attributes are asked for. The default does nothing.
  open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

  /// Called when the collection view has taken every attribute it needs for the update's animation.
  open func finalizeCollectionViewUpdates() {}

  /// Where an inserted item starts its animation (it then moves to its attributes in the new layout).
  /// Nil, the default, means the collection view's default: its final frame at alpha 0 (a fade in).
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? { nil }

  /// Where a deleted item ends its animation (`itemIndexPath` is from before the update). Nil, the
  /// default, means the collection view's default: where it was, at alpha 0 (a fade out).
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? { nil }

  /// Like `initialLayoutAttributesForAppearingItem(at:)`, for headers, footers and other supplementary views.
  open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind kind: String,
                                                                    at indexPath: IndexPath) -> LayoutAttributes? {
    nil
  }

  /// Like `finalLayoutAttributesForDisappearingItem(at:)`, for supplementary views.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind kind: String,
                                                                     at indexPath: IndexPath) -> LayoutAttributes? {
    nil
  }

  // MARK: Layout changes

  /// Called on the new layout before an animated `setCollectionViewLayout(_:animated:)` or a
  /// transition layout starts. The default does nothing.
  open func prepareForTransition(from oldLayout: CollectionViewLayout) {}

  /// Called on the old layout before it is replaced. The default does nothing.
  open func prepareForTransition(to newLayout: CollectionViewLayout) {}

  /// Called on both layouts when a layout change is complete. The default does nothing.
  open func finalizeLayoutTransition() {}

  /// Where a scroll that would stop at `proposedContentOffset` should stop instead (paging by item
  /// and the like). The default keeps the proposal.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    proposedContentOffset
  }

  /// Where a fling that would stop at `proposedContentOffset` should stop instead, given the release
  /// `velocity` (points/s): snap to items here. The default keeps the proposal.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                withScrollingVelocity velocity: Vector) -> Point {
    proposedContentOffset
  }

  // MARK: Time

  /// Advances anything the layout animates by `seconds`. `CollectionView.advance(by:)` calls it after
  /// the scroll physics; physics layouts step their dynamic animator here and invalidate themselves.
  /// The default steps the dynamic animators made for this layout (nothing else), so a layout built on
  /// `DynamicAnimator(collectionViewLayout:)` need not override it; overrides should call super.
  open func advance(by seconds: Double) { advanceDynamicAnimators(by: seconds) }
}
