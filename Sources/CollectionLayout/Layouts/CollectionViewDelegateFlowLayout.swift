import Geometry2D

/// Per-item sizes and per-section insets, spacings and header/footer sizes for a `FlowLayout`:
/// UICollectionViewDelegateFlowLayout, with UIKit's non-optional returns, so a method ported as
/// `-> Size` is the one the layout calls.
///
/// Every method is optional in UIKit's sense: the default implementations answer with the layout's
/// property (`itemSize`, `sectionInset`, …), which is what UIKit uses when the delegate does not
/// implement a method. The layout also notices when it was the default `sizeForItemAt` that answered
/// (a flag the default sets) and then lays the section out arithmetically, without asking about each
/// item — which is what lets a section of a million uniform items cost O(1).
public protocol CollectionViewDelegateFlowLayout: AnyObject {
  /// The size of the item at `indexPath` (points). Default: the layout's `itemSize`.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
  ) -> Size
  /// The margins around the items of `section`. Default: the layout's `sectionInset`.
  func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int)
    -> EdgeInsets
  /// The minimum distance between the lines of `section`. Default: the layout's `minimumLineSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double
  /// The minimum distance between items in a line of `section`. Default: the layout's `minimumInteritemSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double
  /// The header's size (only the scroll-axis dimension counts; zero = none). Default: `headerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size
  /// The footer's size (only the scroll-axis dimension counts; zero = none). Default: `footerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size
}

extension CollectionViewDelegateFlowLayout {
  /// The layout's `itemSize`; tells the layout that the delegate does not size items itself.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
  ) -> Size {
    guard let flow = layout as? FlowLayout else { return .zero }
    flow.delegateSizeWasDefault = true
    return flow.itemSize
  }
  /// The layout's `sectionInset`.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets {
    (layout as? FlowLayout)?.sectionInset ?? .zero
  }
  /// The layout's `minimumLineSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double {
    (layout as? FlowLayout)?.minimumLineSpacing ?? 0
  }
  /// The layout's `minimumInteritemSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double {
    (layout as? FlowLayout)?.minimumInteritemSpacing ?? 0
  }
  /// The layout's `headerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size {
    (layout as? FlowLayout)?.headerReferenceSize ?? .zero
  }
  /// The layout's `footerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size {
    (layout as? FlowLayout)?.footerReferenceSize ?? .zero
  }
}
