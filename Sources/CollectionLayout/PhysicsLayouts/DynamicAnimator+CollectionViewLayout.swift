import Dynamics
import Geometry2D

/// UIDynamicAnimator's collection-view half: an animator whose reference space is a layout's content.
extension DynamicAnimator {
  /// An animator for a collection view layout (UIKit's `initWithCollectionViewLayout:`). Its reference
  /// bounds are the layout's content (0, 0, content size), followed as the content changes; the layout's
  /// `advance(by:)` steps it (so it pauses and resumes with the layout), and each step in which anything
  /// moved invalidates the layout. `items(in:)` and `layoutAttributesForCell(at:)` answer from a spatial
  /// index in O(log n + k), so a layout needs only
  ///
  /// ```swift
  /// override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
  ///   animator.items(in: rect).compactMap { $0 as? LayoutAttributes }
  /// }
  /// override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
  ///   animator.layoutAttributesForCell(at: indexPath)
  /// }
  /// ```
  /// Keep the animator in a property of the layout: the layout does not own it.
  ///
  /// Safe to call from the layout's `init` (as UIKit ports do): the content size is not read until the
  /// layout has a collection view (the bounds start empty and follow the content from the first step).
  public convenience init(collectionViewLayout layout: CollectionViewLayout) {
    let content = layout.collectionView == nil ? Size.zero : layout.collectionViewContentSize
    self.init(referenceBounds: Rect(origin: .zero, size: content))
    let link = LayoutAnimatorLink(layout: layout, animator: self)
    referenceSpace = link
    layout.animatorLinks.append(link)
  }

  /// The layout this animator was made for, if any.
  public var collectionViewLayout: CollectionViewLayout? { layoutLink?.layout }

  /// The attributes of the cell at `indexPath` that this animator moves, or nil if it has none. O(1).
  public func layoutAttributesForCell(at indexPath: IndexPath) -> LayoutAttributes? {
    layoutLink?.attributes(for: .cell(indexPath))
  }

  /// The attributes of a supplementary view (a header, a footer) that this animator moves, or nil.
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    layoutLink?.attributes(for: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
  }

  /// The attributes of a decoration view that this animator moves, or nil.
  public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    layoutLink?.attributes(for: ElementKey(category: .decorationView, kind: kind, indexPath: indexPath))
  }

  var layoutLink: LayoutAnimatorLink? { referenceSpace as? LayoutAnimatorLink }
}
