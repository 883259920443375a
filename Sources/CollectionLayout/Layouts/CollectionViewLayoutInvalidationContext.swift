import Geometry2D

/// What an invalidation changes: UICollectionViewLayoutInvalidationContext. A layout passes one to
/// `invalidateLayout(with:)` so that `prepare()` can redo only what the change touched; `invalidateLayout()`
/// is `invalidateLayout(with:)` with a context whose `invalidateEverything` is true.
///
/// Subclass it to carry your layout's own flags (as `FlowLayoutInvalidationContext` does) and name the
/// class in the layout's `invalidationContextClass`.
open class CollectionViewLayoutInvalidationContext {
  /// True when the whole layout must be recomputed (`invalidateLayout()`, a reload).
  public internal(set) var invalidateEverything = false
  /// True when the data source's counts changed (an insert, a delete, a reload).
  public internal(set) var invalidateDataSourceCounts = false
  /// Added to the collection view's content offset when the invalidation is applied (points).
  public var contentOffsetAdjustment = Vector.zero
  /// Added to the content size the collection view last read, until the next `prepare()` (points).
  public var contentSizeAdjustment = Size.zero
  /// The cells named with `invalidateItems(at:)`, in the order named; nil when none were.
  public private(set) var invalidatedItemIndexPaths: [IndexPath]?
  /// The supplementary views named with `invalidateSupplementaryElements(ofKind:at:)`, by kind.
  public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
  /// The decoration views named with `invalidateDecorationElements(ofKind:at:)`, by kind.
  public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

  /// An empty context: nothing is invalidated until you say what.
  public required init() {}

  /// Names cells whose attributes changed.
  public func invalidateItems(at indexPaths: [IndexPath]) {
    invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
  }

  /// Names supplementary views of `kind` whose attributes changed.
  public func invalidateSupplementaryElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths ?? [:]
    invalidatedSupplementaryIndexPaths![kind, default: []] += indexPaths
  }

  /// Names decoration views of `kind` whose attributes changed.
  public func invalidateDecorationElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    invalidatedDecorationIndexPaths = invalidatedDecorationIndexPaths ?? [:]
    invalidatedDecorationIndexPaths![kind, default: []] += indexPaths
  }
}

/// The flow layout's invalidation context: UICollectionViewFlowLayoutInvalidationContext. Both flags
/// default to true (recompute everything); a layout that only moved elements itself clears both, and
/// the flow geometry is kept.
open class FlowLayoutInvalidationContext: CollectionViewLayoutInvalidationContext {
  /// The delegate's sizes, insets and spacings must be asked for again. Default true.
  public var invalidateFlowLayoutDelegateMetrics = true
  /// The flow layout's own attributes (the lines) must be recomputed. Default true.
  public var invalidateFlowLayoutAttributes = true

  /// A context that recomputes the flow (both flags true) and names nothing else.
  public required init() { super.init() }
}
