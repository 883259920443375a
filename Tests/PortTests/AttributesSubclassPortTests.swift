import CollectionLayout
import Geometry2D
import Testing

/// Apple's Collection View Programming Guide: "if the standard UICollectionViewLayoutAttributes is not enough, subclass it to store what
/// the view's look needs, and implement isEqual: to compare the custom properties" (and copyWithZone:).
final class ShadedLayoutAttributes: CollectionViewLayoutAttributes {
  var shade = 0.0

  // - (id)copyWithZone:(NSZone *)zone
  override func copy() -> CollectionViewLayoutAttributes {
    let copy = super.copy() as! ShadedLayoutAttributes
    copy.shade = shade
    return copy
  }

  // - (BOOL)isEqual:(id)object
  override func hasEqualValues(_ other: CollectionViewLayoutAttributes) -> Bool {
    guard let other = other as? ShadedLayoutAttributes, other.shade == shade else { return false }
    return super.hasEqualValues(other)
  }
}

/// A flow layout that makes the subclass and shades items by row.
final class ShadedFlowLayout: CollectionViewFlowLayout {
  // + (Class)layoutAttributesClass
  override class var layoutAttributesClass: CollectionViewLayoutAttributes.Type { ShadedLayoutAttributes.self }

  // - (NSArray *)layoutAttributesForElementsInRect:(CGRect)rect
  override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
    let attributes = super.layoutAttributesForElements(in: rect)
    for case let a as ShadedLayoutAttributes in attributes { a.shade = Double(a.indexPath.item % 4) / 4 }
    return attributes
  }
}

/// The view that reads the subclass's property in `applyLayoutAttributes:`.
final class ShadedCell: CollectionViewCell {
  var appliedShade: Double?
  // - (void)applyLayoutAttributes:(UICollectionViewLayoutAttributes *)layoutAttributes
  override func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
    appliedShade = (layoutAttributes as? ShadedLayoutAttributes)?.shade
  }
}

@Suite struct AttributesSubclassPortTests {
  @Test func theLayoutMakesTheSubclassAndCopiesKeepIt() {
    let layout = ShadedFlowLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    cv.register(ShadedCell.self, forCellWithReuseIdentifier: CollectionView.defaultReuseIdentifier)
    let items = CountedItems(40)  // the data source is weak, as in UIKit
    cv.dataSource = items
    cv.layoutIfNeeded()
    defer { withExtendedLifetime(items) {} }
    let a = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))
    #expect(a is ShadedLayoutAttributes)
    let shaded =
      layout.layoutAttributesForElements(in: cv.bounds).first { $0.indexPath.item == 3 } as! ShadedLayoutAttributes
    #expect(shaded.shade == 0.75)
    let copy = shaded.copy()
    #expect(copy !== shaded)
    #expect((copy as? ShadedLayoutAttributes)?.shade == 0.75)
    #expect(copy.hasEqualValues(shaded))
    (copy as! ShadedLayoutAttributes).shade = 0.5
    #expect(!copy.hasEqualValues(shaded))
    // The views get the subclass too.
    let cell = cv.cellForItem(at: IndexPath(item: 3, section: 0)) as? ShadedCell
    #expect(cell?.appliedShade == 0.75)
    #expect(cell?.frame == shaded.frame)
  }

  /// The update animation interpolates copies: the subclass survives it.
  @Test func anUpdateAnimationKeepsTheSubclass() throws {
    let layout = ShadedFlowLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    let items = CountedItems(40)
    cv.dataSource = items
    cv.layoutIfNeeded()
    items.count += 1
    try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    cv.advance(by: 0.1)
    #expect(cv.isAnimatingUpdates)
    #expect(cv.displayedElements.allSatisfy { $0.attributes is ShadedLayoutAttributes })
  }
}
