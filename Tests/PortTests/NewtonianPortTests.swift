import CollectionLayout
import Dynamics
import Geometry2D
import Testing

private let kItemSize = 100.0

/// objc.io issue 5, "UICollectionView + UIKit Dynamics", second half: the Newtonian collection view layout, ported. Items start at zero and
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
    Size(
      width: collectionView!.frame.size.width,
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

  /// The article describes deletion without code: "a method on the layout that removes the item's
  /// attachment and, two seconds later, deletes the cell from the collection view; meanwhile it falls off
  /// the screen". Ported from that description; time is the layout's `advance(by:)`.
  private var pendingDetachments:
    [(remaining: Double, attributes: CollectionViewLayoutAttributes, completion: () -> Void)] = []

  func detachItem(at indexPath: IndexPath, completion: @escaping () -> Void) {
    guard let attributes = dynamicAnimator.layoutAttributesForCell(at: indexPath) else { return }
    for case let attachment as AttachmentBehavior in dynamicAnimator.behaviors
    where (attachment.items.first as? CollectionViewLayoutAttributes) === attributes {
      dynamicAnimator.removeBehavior(attachment)
    }
    pendingDetachments.append((2, attributes, completion))
  }

  override func advance(by seconds: Double) {
    super.advance(by: seconds)
    for i in pendingDetachments.indices { pendingDetachments[i].remaining -= seconds }
    let due = pendingDetachments.filter { $0.remaining <= 1e-9 }
    pendingDetachments.removeAll { $0.remaining <= 1e-9 }
    for detachment in due {
      gravityBehaviour.removeItem(detachment.attributes)
      collisionBehaviour.removeItem(detachment.attributes)
      detachment.completion()
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

  /// Delete: the item's attachment goes, it falls off the screen, and two seconds later it is deleted.
  @Test func aDetachedItemFallsOffThenIsDeleted() throws {
    let layout = ASHNewtonianCollectionViewLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 700), collectionViewLayout: layout)
    let items = CountedItems(0)
    cv.dataSource = items
    cv.layoutIfNeeded()
    items.count = 1
    try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    run(cv, seconds: 3)
    let item = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    var deleted = false
    layout.detachItem(at: IndexPath(item: 0, section: 0)) {
      items.count -= 1
      try? cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
      deleted = true
    }
    run(cv, seconds: 1.9)
    #expect(!deleted)
    #expect(item.frame.minY > 700, "fell off the screen: \(item.frame)")
    run(cv, seconds: 0.2)
    #expect(deleted)
    #expect(cv.numberOfItems(inSection: 0) == 0)
    withExtendedLifetime(items) {}
  }
}
