import Geometry2D

/// The model of a view a collection view shows and recycles: UICollectionReusableView. It draws
/// nothing; a scene reads its `layoutAttributes` (and whatever its subclass stores) to draw it.
/// Subclass it (with `required init()`) and register the subclass under a reuse identifier.
open class ReusableView {
  /// The identifier it was dequeued with; it goes back to that pool when it leaves the screen.
  public internal(set) var reuseIdentifier: String?
  /// The attributes it was last given (content points), nil while in the pool.
  public internal(set) var layoutAttributes: LayoutAttributes?

  /// A view with no identifier and no attributes yet; the collection view makes and recycles these.
  public required init() {}

  /// Called just before a recycled view is handed out again: reset per-item state here.
  open func prepareForReuse() {}

  /// Called with the attributes every time the collection view places the view.
  open func apply(_ layoutAttributes: LayoutAttributes) {}

  /// The view's rectangle in content points (its attributes' frame), `.zero` while in the pool.
  public var frame: Rect { layoutAttributes?.frame ?? .zero }

  /// The attributes the view would like (UIKit's self-sizing hook): given a copy of what the layout
  /// proposes, return it with the size the content needs. The collection view asks when the view is
  /// first shown or its size changes; a layout that self-sizes (`FlowLayout.estimatedItemSize`) then
  /// lays out again with that size. The default returns the proposal unchanged.
  open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
    layoutAttributes
  }
}

/// A cell: UICollectionViewCell. It knows whether it is selected and highlighted.
open class CollectionViewCell: ReusableView {
  /// True while the cell is selected; the collection view sets it.
  open var isSelected = false
  /// True while a press highlights the cell; the collection view sets it.
  open var isHighlighted = false

  /// A cell, neither selected nor highlighted.
  public required init() { super.init() }

  open override func prepareForReuse() {
    super.prepareForReuse()
  }
}
