import Geometry2D

/// A pointer press on a collection view that may become a tap (select) or a drag (scroll).
struct Press {
  var start: Point
  var indexPath: IndexPath?
  /// False once the pointer moved too far or the press stopped a moving view: it will not select.
  var canSelect: Bool
}

extension CollectionView {
  /// How far (points) a press may move and still count as a tap.
  public static let tapSlop = 10.0

  /// The selected items, in index-path order.
  public var indexPathsForSelectedItems: [IndexPath] { selection.sorted() }

  /// Selects an item (programmatically: the delegate is not asked and not told, as in UIKit). Without
  /// multiple selection the previous selection is cleared. Out-of-range index paths are ignored.
  public func selectItem(at indexPath: IndexPath) {
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection { selection.removeAll() }
    selection.insert(indexPath)
    refreshCellStates()
  }

  /// Deselects an item (programmatically; the delegate is not told).
  public func deselectItem(at indexPath: IndexPath) {
    guard selection.remove(indexPath) != nil else { return }
    refreshCellStates()
  }

  func isValid(_ ip: IndexPath) -> Bool {
    ip.section >= 0 && ip.section < numberOfSections && ip.item >= 0 && ip.item < numberOfItems(inSection: ip.section)
  }

  func refreshCellStates() {
    for (key, view) in visibleViews {
      guard let cell = view as? CollectionViewCell else { continue }
      cell.isSelected = selection.contains(key.indexPath)
      cell.isHighlighted = highlightedIndexPath == key.indexPath
    }
  }

  func setHighlight(_ indexPath: IndexPath?, previous: IndexPath?) {
    highlightedIndexPath = indexPath
    refreshCellStates()
    if let previous, previous != indexPath { delegate?.collectionView(self, didUnhighlightItemAt: previous) }
    if let indexPath, indexPath != previous { delegate?.collectionView(self, didHighlightItemAt: indexPath) }
  }

  // MARK: Pointer

  /// A pointer went down at `location` (superview points): the scroll view starts tracking (a moving
  /// view stops) and the item under the pointer is highlighted if the delegate allows.
  public func touchDown(at location: Point, time: Double) {
    let wasMoving = isDecelerating
    beginPan(at: location, time: time)
    layoutIfNeeded()
    let ip = indexPathForItem(at: convertFromSuperview(location))
    // A press that stops a fling only stops it (UIKit does not select then).
    press = Press(start: location, indexPath: ip, canSelect: !wasMoving && allowsSelection)
    if let ip, !wasMoving, allowsSelection,
      delegate?.collectionView(self, shouldHighlightItemAt: ip) ?? true
    {
      setHighlight(ip, previous: highlightedIndexPath)
    }
  }

  /// The pressed pointer moved: it scrolls, and once it has moved more than `tapSlop` it no longer
  /// counts as a tap and the highlight goes.
  public func touchMoved(to location: Point, time: Double) {
    pan(to: location, time: time)
    guard var current = press else { return }
    if current.canSelect, current.start.distance(to: location) > CollectionView.tapSlop {
      current.canSelect = false
      press = current
      if let highlighted = highlightedIndexPath { setHighlight(nil, previous: highlighted) }
    }
  }

  /// The pointer went up: a drag flings; a tap on the item it went down on selects it (or toggles it
  /// with multiple selection), asking the delegate's should-select/should-deselect and telling did-.
  public func touchUp(at location: Point, time: Double) {
    touchMoved(to: location, time: time)
    endPan(at: location, time: time)
    let finished = press
    press = nil
    if let highlighted = highlightedIndexPath { setHighlight(nil, previous: highlighted) }
    guard let finished, finished.canSelect, let ip = finished.indexPath,
      indexPathForItem(at: convertFromSuperview(location)) == ip
    else { return }
    userSelect(ip)
  }

  /// The press was cancelled (the pointer left the window): no selection; the content flings as released.
  public func touchCancelled(at location: Point, time: Double) {
    endPan(at: location, time: time)
    press = nil
    if let highlighted = highlightedIndexPath { setHighlight(nil, previous: highlighted) }
  }

  /// Selection as a user's tap does it, with the delegate's consent and notifications.
  public func userSelect(_ ip: IndexPath) {
    guard allowsSelection, isValid(ip) else { return }
    if selection.contains(ip) {
      guard allowsMultipleSelection else { return }
      guard delegate?.collectionView(self, shouldDeselectItemAt: ip) ?? true else { return }
      selection.remove(ip)
      refreshCellStates()
      delegate?.collectionView(self, didDeselectItemAt: ip)
      return
    }
    guard delegate?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
    var deselected: [IndexPath] = []
    if !allowsMultipleSelection {
      deselected = selection.sorted()
      selection.removeAll()
    }
    selection.insert(ip)
    refreshCellStates()
    for old in deselected { delegate?.collectionView(self, didDeselectItemAt: old) }
    delegate?.collectionView(self, didSelectItemAt: ip)
  }

  // MARK: Edit actions

  /// Whether the delegate shows an edit menu for the item (UIKit's long press).
  public func shouldShowMenu(forItemAt indexPath: IndexPath) -> Bool {
    isValid(indexPath) && (delegate?.collectionView(self, shouldShowMenuForItemAt: indexPath) ?? false)
  }

  /// The edit actions the delegate allows on the item, in menu order (cut, copy, paste).
  public func availableEditActions(forItemAt indexPath: IndexPath) -> [EditAction] {
    guard shouldShowMenu(forItemAt: indexPath), let delegate else { return [] }
    return EditAction.allCases.filter { delegate.collectionView(self, canPerformAction: $0, forItemAt: indexPath) }
  }

  /// Performs an edit action through the delegate if it allows it; returns whether it did.
  @discardableResult
  public func perform(_ action: EditAction, forItemAt indexPath: IndexPath) -> Bool {
    guard isValid(indexPath), let delegate,
      delegate.collectionView(self, canPerformAction: action, forItemAt: indexPath)
    else { return false }
    delegate.collectionView(self, performAction: action, forItemAt: indexPath)
    return true
  }
}
