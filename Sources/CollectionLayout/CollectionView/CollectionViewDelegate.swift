/// The edit actions of a collection view's menu (as in UIKit: only cut, copy and paste are supported).
public enum EditAction: String, Hashable, Sendable, CaseIterable {
  /// Cut, copy and paste: the actions the edit menu can offer.
  case cut, copy, paste
}

/// Optional callbacks about highlight, selection, display and edit actions: UICollectionViewDelegate.
/// Every method has a default (allow, do nothing), so implement only what you need.
public protocol CollectionViewDelegate: AnyObject {
  /// Whether a press on the item highlights it. Default true.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  /// The item was highlighted (a press began on it).
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item's highlight ended (the press was released or moved off).
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether a tap selects the item. Default true.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// The item was selected by a tap (not by `selectItem(at:…)`, as in UIKit).
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// Whether a tap deselects the selected item (with multiple selection). Default true.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  /// The item was deselected by a tap.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)

  /// A cell is about to be shown (it came on screen or was created for an update).
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
  /// A cell left the screen and went back to the reuse pool.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)

  /// Whether a long press shows the edit menu for an item. Default false.
  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
  /// Whether the menu offers `action` for the item. Default false.
  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath
  ) -> Bool
  /// Performs `action` on the item. Default: nothing.
  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath)

  /// The layout that blends `oldLayout` into `newLayout` in an interactive transition. Default: a
  /// plain `TransitionLayout`.
  func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionViewLayout,
    newLayout: CollectionViewLayout
  ) -> TransitionLayout
}

extension CollectionViewDelegate {
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Default: nothing.
  public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  /// Default: nothing.
  public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
  /// Default: nothing.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Default: nothing.
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    false
  }
  public func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction,
    forItemAt indexPath: IndexPath
  ) -> Bool { false }
  public func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionViewLayout,
    newLayout: CollectionViewLayout
  ) -> TransitionLayout {
    TransitionLayout(currentLayout: oldLayout, nextLayout: newLayout)
  }
}
