import Geometry2D

extension FlowLayout {
  /// The estimate that means "size every item by its view, estimating with `itemSize`"
  /// (UICollectionViewFlowLayout.automaticSize).
  public static let automaticSize = Size(width: -1, height: -1)

  /// Whether `estimatedItemSize` turns self-sizing on.
  var isSelfSizing: Bool { estimatedItemSize != .zero }

  /// The estimate in use: `itemSize` for `automaticSize`.
  var effectiveEstimatedItemSize: Size { estimatedItemSize == FlowLayout.automaticSize ? itemSize : estimatedItemSize }

  func flowShouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    guard isSelfSizing, preferredAttributes.representedElementCategory == .cell else { return false }
    return preferredAttributes.size != originalAttributes.size
  }

  func flowInvalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  )
    -> CollectionViewLayoutInvalidationContext
  {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes,
      withOriginalAttributes: originalAttributes)
    preferredSizes[preferredAttributes.indexPath] = preferredAttributes.size
    if let flow = context as? FlowLayoutInvalidationContext {
      flow.invalidateFlowLayoutDelegateMetrics = false
      flow.invalidateFlowLayoutAttributes = true
    }
    return context
  }
}
