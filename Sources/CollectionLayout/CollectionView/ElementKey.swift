/// The identity of an element in a collection view: a cell, or a supplementary or decoration view of a
/// kind, at an index path. Ordered category, kind, index path.
public struct ElementKey: Hashable, Sendable, Comparable {
  /// A cell, a supplementary view or a decoration view.
  public var category: LayoutAttributes.ElementCategory
  /// The supplementary or decoration kind; nil for a cell.
  public var kind: String?
  /// The element's index path.
  public var indexPath: IndexPath

  /// The key of the element of `category` and `kind` at `indexPath`.
  public init(category: LayoutAttributes.ElementCategory, kind: String?, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }

  /// The key of the cell at `indexPath`.
  public static func cell(_ indexPath: IndexPath) -> ElementKey {
    ElementKey(category: .cell, kind: nil, indexPath: indexPath)
  }

  public static func < (a: ElementKey, b: ElementKey) -> Bool {
    if a.category != b.category { return a.category < b.category }
    if a.kind != b.kind { return (a.kind ?? "") < (b.kind ?? "") }
    return a.indexPath < b.indexPath
  }
}
