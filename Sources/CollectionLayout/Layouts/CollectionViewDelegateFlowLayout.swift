import Geometry2D

/// Per-item sizes and per-section insets, spacings and header/footer sizes for a `FlowLayout`:
/// UICollectionViewDelegateFlowLayout. Every method is optional: return nil (the default) to use the
/// layout's property.
///
/// Sizes: the layout asks for item 0 of each section first. If that returns nil, the whole section uses
/// `itemSize` and the delegate is not asked about its other items — which is what lets a section of a
/// million uniform items be laid out arithmetically, without visiting each item.
public protocol CollectionViewDelegateFlowLayout: AnyObject {
  /// The size of the item at `indexPath`, or nil for the layout's `itemSize`. Asked for item 0 first: nil
  /// there means the whole section uses `itemSize`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size?
  /// The margins around the section's items, or nil for the layout's `sectionInset`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets?
  /// The section's distance between lines, or nil for the layout's `minimumLineSpacing`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      minimumLineSpacingForSectionAt section: Int) -> Double?
  /// The section's distance between items in a line, or nil for the layout's `minimumInteritemSpacing`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      minimumInteritemSpacingForSectionAt section: Int) -> Double?
  /// The section header's size, or nil for the layout's `headerReferenceSize`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      referenceSizeForHeaderInSection section: Int) -> Size?
  /// The section footer's size, or nil for the layout's `footerReferenceSize`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      referenceSizeForFooterInSection section: Int) -> Size?
}

extension CollectionViewDelegateFlowLayout {
  /// Default: nil, the layout's `itemSize`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
  /// Default: nil, the layout's `sectionInset`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets? { nil }
  /// Default: nil, the layout's `minimumLineSpacing`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             minimumLineSpacingForSectionAt section: Int) -> Double? { nil }
  /// Default: nil, the layout's `minimumInteritemSpacing`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             minimumInteritemSpacingForSectionAt section: Int) -> Double? { nil }
  /// Default: nil, the layout's `headerReferenceSize`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             referenceSizeForHeaderInSection section: Int) -> Size? { nil }
  /// Default: nil, the layout's `footerReferenceSize`.
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             referenceSizeForFooterInSection section: Int) -> Size? { nil }
}
