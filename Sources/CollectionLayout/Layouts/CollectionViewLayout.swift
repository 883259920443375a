import Geometry2D

/// The object that places a collection view's elements: UICollectionViewLayout. Subclass it and
/// override what you need; `FlowLayout` is the ready-made grid.
///
/// The layout cycle (as Apple's Collection View Programming Guide describes it): `invalidateLayout()` only marks the layout dirty; the collection view's
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

  // MARK: Snapshots (`CollectionView.takeSnapshot()`)

  /// Everything the layout keeps that decides what it does next, for a collection view's snapshot; a
  /// subclass that keeps more overrides both, wrapping what `super` saved. The attributes objects it
  /// shares go into `attributes`, which saves their values.
  func saveLayoutState(_ attributes: inout SavedAttributes) -> Any {
    (isInvalidated, animatorLinks, animatorLinks.map { $0.saveState() })
  }

  /// Puts back what `saveLayoutState` saved.
  func restoreLayoutState(_ saved: Any) {
    let (invalidated, links, states) = saved as! (Bool, [LayoutAnimatorLink], [LayoutAnimatorLink.SavedState])
    isInvalidated = invalidated
    animatorLinks = links
    for (link, state) in zip(links, states) { link.restoreState(state) }
  }

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

  /// Marks the whole layout dirty: `invalidateLayout(with:)` with a context of `invalidationContextClass`
  /// whose `invalidateEverything` is true. Returns at once and coalesces.
  open func invalidateLayout() {
    let context = Self.invalidationContextClass.init()
    context.invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks the layout dirty for what `context` names; the next layout pass prepares it again. Applies the
  /// context's content offset adjustment at once. Overrides read the context and must call super.
  open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    isInvalidated = true
    guard let cv = collectionView else { return }
    if context.contentSizeAdjustment != .zero {
      cv.contentSize = Size(
        width: cv.contentSize.width + context.contentSizeAdjustment.width,
        height: cv.contentSize.height + context.contentSizeAdjustment.height)
    }
    if context.contentOffsetAdjustment != .zero {
      cv.contentOffset = cv.contentOffset + context.contentOffsetAdjustment
    }
    cv.setNeedsLayout()
  }

  /// The class of the contexts this layout makes (`invalidateLayout()`, bounds changes):
  /// `CollectionViewLayoutInvalidationContext` here, `FlowLayoutInvalidationContext` for a flow layout.
  open class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
    CollectionViewLayoutInvalidationContext.self
  }

  /// The context used when `shouldInvalidateLayout(forBoundsChange:)` returned true: an empty context of
  /// `invalidationContextClass` (not `invalidateEverything`). Override to name what the change touches.
  open func invalidationContext(forBoundsChange newBounds: Rect) -> CollectionViewLayoutInvalidationContext {
    Self.invalidationContextClass.init()
  }

  /// The class of the attributes this layout makes; `LayoutAttributes` unless a subclass names its own
  /// (UIKit's `layoutAttributesClass`). The flow layout and the physics layouts honour it.
  open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

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
  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    nil
  }

  /// Like `finalLayoutAttributesForDisappearingItem(at:)`, for supplementary views.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    nil
  }

  /// Like `initialLayoutAttributesForAppearingItem(at:)`, for decoration views. Nil, the default, fades
  /// the element in at its final attributes.
  open func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    nil
  }

  /// Like `finalLayoutAttributesForDisappearingItem(at:)`, for decoration views (old index path). Nil, the
  /// default, fades the element out where it was.
  open func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    nil
  }

  /// The decoration views of `kind` that the update adds (new index paths), asked during a batch update
  /// after `prepare(forCollectionViewUpdates:)`: they animate from their initial attributes. The default
  /// is empty (decoration views then appear and leave with their sections' index paths).
  open func indexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

  /// The decoration views of `kind` that the update removes (old index paths): they animate to their
  /// final attributes. The default is empty.
  open func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

  /// The supplementary views of `kind` that the update adds (new index paths). The default is empty.
  open func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

  /// The supplementary views of `kind` that the update removes (old index paths). The default is empty.
  open func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

  // MARK: Decoration views

  /// The view classes registered for decoration kinds (UIKit registers them on the layout).
  public private(set) var decorationViewClasses: [String: ReusableView.Type] = [:]

  /// Registers the class the collection view makes for decoration views of `kind` (nil unregisters).
  /// Without a registration a decoration view is a plain `ReusableView`.
  public func register(_ viewClass: ReusableView.Type?, forDecorationViewOfKind kind: String) {
    decorationViewClasses[kind] = viewClass
    collectionView?.setNeedsLayout()
  }

  // MARK: Self-sizing

  /// Whether a view's preferred attributes (`ReusableView.preferredLayoutAttributesFitting(_:)`) should
  /// change the layout. The default is false; `FlowLayout` says true for self-sized cells whose size differs.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    false
  }

  /// The context for an invalidation by preferred attributes: the element named as invalidated, and the
  /// content size adjusted by the size difference along both axes.
  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  )
    -> CollectionViewLayoutInvalidationContext
  {
    let context = Self.invalidationContextClass.init()
    let ip = [preferredAttributes.indexPath]
    switch preferredAttributes.representedElementCategory {
    case .cell: context.invalidateItems(at: ip)
    case .supplementaryView:
      context.invalidateSupplementaryElements(ofKind: preferredAttributes.representedElementKind ?? "", at: ip)
    case .decorationView:
      context.invalidateDecorationElements(ofKind: preferredAttributes.representedElementKind ?? "", at: ip)
    }
    return context
  }

  // MARK: Animated bounds changes

  /// Called before the collection view's size changes (a window resize), with the old bounds, after
  /// the layout was invalidated for it and before it is prepared again. The default does nothing.
  open func prepare(forAnimatedBoundsChange oldBounds: Rect) {}

  /// Called after the layout pass that followed `prepare(forAnimatedBoundsChange:)`. The default does nothing.
  open func finalizeAnimatedBoundsChange() {}

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
  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: Point,
    withScrollingVelocity velocity: Vector
  ) -> Point {
    proposedContentOffset
  }

  // MARK: Time

  /// Advances anything the layout animates by `seconds`. `CollectionView.advance(by:)` calls it after
  /// the scroll physics; physics layouts step their dynamic animator here and invalidate themselves.
  /// The default steps the dynamic animators made for this layout (nothing else), so a layout built on
  /// `DynamicAnimator(collectionViewLayout:)` need not override it; overrides should call super.
  open func advance(by seconds: Double) { advanceDynamicAnimators(by: seconds) }
}
