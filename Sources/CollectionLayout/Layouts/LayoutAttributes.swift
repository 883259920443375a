import Dynamics
import Geometry2D

/// Where and how one element of a collection view is shown: UICollectionViewLayoutAttributes.
///
/// A class, as in UIKit, because it is a `DynamicItem`: a physics layout hands the attributes to a
/// dynamic animator, which moves their `center` and turns their `transform`. Geometry is in content
/// points. `frame` is the untransformed rectangle around `center` (the transform is drawn about the centre).
///
/// Subclass it to carry more about an element's look (UIKit's custom attributes): add stored properties,
/// override `copy()` to copy them onto `super.copy()` (which is already of your class), and override
/// `hasEqualValues(_:)` (UIKit's `isEqual:`) to compare them. Name the class in the layout's
/// `layoutAttributesClass`; the layouts here make their attributes of that class.
open class LayoutAttributes: DynamicItem, CustomStringConvertible {
  /// What kind of view the attributes describe.
  public enum ElementCategory: Hashable, Sendable, Comparable {
    /// A cell: one per item.
    case cell
    /// A header, a footer or another view the data source supplies, by kind.
    case supplementaryView
    /// A view the layout itself supplies, by kind (a section background).
    case decorationView
  }

  /// The element's index path (for a header or footer: the section, item 0).
  public var indexPath: IndexPath
  /// Whether the attributes are for a cell, a supplementary view or a decoration view.
  public let representedElementCategory: ElementCategory
  /// The supplementary or decoration kind (`CollectionView.elementKindSectionHeader` …); nil for cells.
  public let representedElementKind: String?
  /// The centre, in content points.
  public var center: Point
  /// The untransformed size, in points.
  public var size: Size
  /// Applied about the centre; only the rotation is read and written by the dynamics.
  public var transform: AffineTransform = .identity
  /// 0 (invisible) … 1 (opaque).
  public var alpha: Double = 1
  /// Drawing order: higher is drawn later (on top). Equal values keep the layout's order.
  public var zIndex: Int = 0
  /// True when the element is not drawn (it keeps its place). Default false.
  public var isHidden = false

  /// Attributes for the cell at `indexPath`, at the origin with zero size.
  public required init(forCellWith indexPath: IndexPath) {
    self.indexPath = indexPath
    self.representedElementCategory = .cell
    self.representedElementKind = nil
    self.center = .zero
    self.size = .zero
  }

  /// Attributes for a supplementary view (a header, a footer) of `kind`.
  public required init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
    self.indexPath = indexPath
    self.representedElementCategory = .supplementaryView
    self.representedElementKind = kind
    self.center = .zero
    self.size = .zero
  }

  /// Attributes for a decoration view of `kind`, which the layout owns (no data source involved).
  public required init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
    self.indexPath = indexPath
    self.representedElementCategory = .decorationView
    self.representedElementKind = kind
    self.center = .zero
    self.size = .zero
  }

  /// A copy of `other`'s base values, as an object of this class (what `copy()` builds on). A subclass
  /// with stored properties of its own copies them in its `copy()` override, not here.
  public required init(copying other: LayoutAttributes) {
    indexPath = other.indexPath
    representedElementCategory = other.representedElementCategory
    representedElementKind = other.representedElementKind
    center = other.center
    size = other.size
    transform = other.transform
    alpha = other.alpha
    zIndex = other.zIndex
    isHidden = other.isHidden
  }

  /// The untransformed rectangle: `size` centred on `center` (content points).
  public var frame: Rect {
    get { Rect(center: center, size: size) }
    set {
      size = newValue.size
      center = newValue.center
    }
  }

  /// (0, 0, width, height): for the dynamics only the size matters. Setting it sets `size`.
  public var bounds: Rect {
    get { Rect(origin: .zero, size: size) }
    set { size = newValue.size }
  }

  /// A new object of the same class with the same values (layouts copy before changing attributes they
  /// did not create): UIKit's `copyWithZone:`. A subclass overrides it to copy its own properties onto
  /// `super.copy()`, which already has the subclass's type.
  open func copy() -> LayoutAttributes { type(of: self).init(copying: self) }

  /// Whether every value (not the identity) is the same: UIKit's `isEqual:`. A subclass with properties
  /// of its own overrides it, comparing them and then calling super; the collection view uses it to
  /// decide whether a view needs its attributes applied again.
  open func hasEqualValues(_ other: LayoutAttributes) -> Bool {
    indexPath == other.indexPath && representedElementCategory == other.representedElementCategory
      && representedElementKind == other.representedElementKind && center == other.center && size == other.size
      && transform == other.transform && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
  }

  /// Which element the attributes describe: category, kind and index path.
  public var elementKey: ElementKey {
    ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
  }

  open var description: String {
    let kind = representedElementKind.map { " \($0)" } ?? ""
    return "LayoutAttributes(\(representedElementCategory)\(kind) \(indexPath) frame \(frame) alpha \(alpha))"
  }
}
