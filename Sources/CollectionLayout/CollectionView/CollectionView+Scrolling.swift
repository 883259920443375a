import Geometry2D

extension CollectionView {
  /// Where `scrollToItem(at:at:animated:)` puts the item in the viewport.
  public enum ScrollPosition: Hashable, Sendable {
    /// For a vertical layout: the item's top edge at the viewport's top, its centre at the viewport's
    /// centre, or its bottom edge at the viewport's bottom.
    case top, centeredVertically, bottom
    /// For a horizontal layout: the item's left edge at the viewport's left, its centre at the viewport's
    /// centre, or its right edge at the viewport's right.
    case left, centeredHorizontally, right
    /// Only as far as needed to make the item fully visible (no move if it already is).
    case nearest
  }

  /// Scrolls so the item is at `position` in the viewport, within the content's range.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    guard let item = layoutAttributesForItem(at: indexPath)?.frame else { return }
    let view = bounds
    var target = view.origin
    switch position {
    case .top: target.y = item.minY
    case .centeredVertically: target.y = item.midY - view.height / 2
    case .bottom: target.y = item.maxY - view.height
    case .left: target.x = item.minX
    case .centeredHorizontally: target.x = item.midX - view.width / 2
    case .right: target.x = item.maxX - view.width
    case .nearest:
      if item.minY < view.minY {
        target.y = item.minY
      } else if item.maxY > view.maxY {
        target.y = item.maxY - view.height
      }
      if item.minX < view.minX {
        target.x = item.minX
      } else if item.maxX > view.maxX {
        target.x = item.maxX - view.width
      }
    }
    let lo = minimumContentOffset, hi = maximumContentOffset
    target = Point(x: Swift.min(Swift.max(target.x, lo.x), hi.x), y: Swift.min(Swift.max(target.y, lo.y), hi.y))
    setContentOffset(target, animated: animated)
  }
}
