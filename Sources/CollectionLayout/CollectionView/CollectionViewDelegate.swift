/// The edit actions of a collection view's menu (seed 001: only cut, copy and paste are supported).
public enum EditAction: String, Hashable, Sendable, CaseIterable {
  case cut, copy, paste
}

/// Optional callbacks about highlight, selection, display and edit actions: UICollectionViewDelegate.
/// Every method has a default (allow, do nothing), so implement only what you need.
public protocol CollectionViewDelegate: AnyObject {
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)

  /// A cell is about to be shown (it came on screen or was created for an update).
  func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
  /// A cell left the screen and went back to the reuse pool.
  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)

  /// Whether a long press shows the edit menu for an item. Default false.
  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
  /// Whether the menu offers `action` for the item. Default false.
  func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath) -> Bool
  /// Performs `action` on the item. Default: nothing.
  func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath)

  /// The layout that blends `oldLayout` into `newLayout` in an interactive transition. Default: a
  /// plain `TransitionLayout`.
  func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionViewLayout,
                      newLayout: CollectionViewLayout) -> TransitionLayout
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { false }
  public func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction,
                             forItemAt indexPath: IndexPath) -> Bool { false }
  public func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionViewLayout,
                             newLayout: CollectionViewLayout) -> TransitionLayout {
    TransitionLayout(currentLayout: oldLayout, nextLayout: newLayout)
  }
}
