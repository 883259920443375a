import CollectionLayout
import Dynamics
import Geometry2D
import Testing

private let kItemSize = 100.0

/// Seeds 000/002, second half: the Newtonian collection view layout, ported. Items start at zero and
/// are added with batch updates; each hangs from one point on a 300 pt spring, under gravity, knocking
/// into the others.
final class ASHNewtonianCollectionViewLayout: CollectionViewLayout {
  var dynamicAnimator: DynamicAnimator!
  let gravityBehaviour = GravityBehavior()
  let collisionBehaviour = CollisionBehavior()

  override init() {
    super.init()
    dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
    dynamicAnimator.addBehavior(gravityBehaviour)
    dynamicAnimator.addBehavior(collisionBehaviour)
  }

  var attachmentPoint: Point { Point(x: collectionView!.bounds.midX, y: 64) }

  // - (CGSize)collectionViewContentSize
  override var collectionViewContentSize: Size {
    Size(width: collectionView!.frame.size.width,
         height: collectionView!.frame.size.height - collectionView!.contentInset.top)
  }

  // - (void)prepareForCollectionViewUpdates:(NSArray *)updateItems
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    for updateItem in updateItems where updateItem.updateAction == .insert {
      let attributes = CollectionViewLayoutAttributes(forCellWith: updateItem.indexPathAfterUpdate!)
      attributes.frame = Rect(x: collectionView!.frame.maxX + kItemSize, y: 300, width: kItemSize, height: kItemSize)
      let attachmentBehaviour = AttachmentBehavior(item: attributes, attachedToAnchor: attachmentPoint)
      attachmentBehaviour.length = 300
      attachmentBehaviour.damping = 0.4
      attachmentBehaviour.frequency = 1
      dynamicAnimator.addBehavior(attachmentBehaviour)
      gravityBehaviour.addItem(attributes)
      collisionBehaviour.addItem(attributes)
    }
  }

  // - (NSArray *)layoutAttributesForElementsInRect:(CGRect)rect
  override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
    dynamicAnimator.items(in: rect).compactMap { $0 as? CollectionViewLayoutAttributes }
  }

  // - (UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath
  override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    dynamicAnimator.layoutAttributesForCell(at: indexPath)
  }
}

@Suite struct NewtonianPortTests {
  /// An inserted item swings in from off screen on the right and comes to hang below the attachment
  /// point, a little past the spring's 300 pt under gravity.
  @Test func anInsertedItemSwingsInAndHangs() throws {
    let layout = ASHNewtonianCollectionViewLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 700), collectionViewLayout: layout)
    let items = CountedItems(0)
    cv.dataSource = items
    cv.layoutIfNeeded()
    items.count = 1
    try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    let item = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    #expect(item.center.x == 400 + kItemSize + kItemSize / 2)
    run(cv, seconds: 0.5)
    #expect(item.center.x < 400 + kItemSize, "it swings in from the right: \(item.center.x)")
    run(cv, seconds: 20)
    // The spring's damping acts along it only: the item still swings like a pendulum (as in UIKit),
    // on a spring stretched a little past 300 pt by gravity, below the point.
    let anchor = Point(x: 200, y: 64)
    let hang = item.center.distance(to: anchor)
    #expect(hang > 300 && hang < 380, "a 300 pt spring stretched by gravity: \(hang)")
    #expect(item.center.y - anchor.y > 250, "below the point: \(item.center)")
    #expect(cv.displayedElements.count == 1)
    withExtendedLifetime(items) {}
  }

  /// A second item knocks into the first: both hang apart, not overlapping.
  @Test func itemsCollideInsteadOfOverlapping() throws {
    let layout = ASHNewtonianCollectionViewLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 700), collectionViewLayout: layout)
    let items = CountedItems(0)
    cv.dataSource = items
    cv.layoutIfNeeded()
    items.count = 1
    try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    run(cv, seconds: 3)
    items.count = 2
    try cv.insertItems(at: [IndexPath(item: 1, section: 0)])
    run(cv, seconds: 15)
    let a = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
    let b = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame
    let overlap = a.intersection(b) ?? .zero
    // Contacts settle within the engine's slop: far less than 5 % of an item's area.
    #expect(overlap.width * overlap.height < 0.05 * kItemSize * kItemSize, "overlap \(overlap)")
    withExtendedLifetime(items) {}
  }
}
