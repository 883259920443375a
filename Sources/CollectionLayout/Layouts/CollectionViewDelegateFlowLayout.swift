import Geometry2D

/// Per-item sizes and per-section insets, spacings and header/footer sizes for a `FlowLayout`:
/// UICollectionViewDelegateFlowLayout. Every method is optional: return nil (the default) to use the
/// layout's property.
///
/// Sizes: the layout asks for item 0 of each section first. If that returns nil, the whole section uses
/// `itemSize` and the delegate is not asked about its other items — which is what lets a section of a
/// million uniform items be laid out arithmetically, without visiting each item.
public protocol CollectionViewDelegateFlowLayout: AnyObject {
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size?
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets?
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      minimumLineSpacingForSectionAt section: Int) -> Double?
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      minimumInteritemSpacingForSectionAt section: Int) -> Double?
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      referenceSizeForHeaderInSection section: Int) -> Size?
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                      referenceSizeForFooterInSection section: Int) -> Size?
}

extension CollectionViewDelegateFlowLayout {
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets? { nil }
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             minimumLineSpacingForSectionAt section: Int) -> Double? { nil }
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             minimumInteritemSpacingForSectionAt section: Int) -> Double? { nil }
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             referenceSizeForHeaderInSection section: Int) -> Size? { nil }
  public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout,
                             referenceSizeForFooterInSection section: Int) -> Size? { nil }
}
