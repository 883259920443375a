import CollectionLayout
import Dynamics
import Geometry2D
import Testing

/// iOS7 Day-by-Day, day 5 ("UIDynamics and Collection Views"): SCItemBehaviorManager, ported.
final class SCItemBehaviorManager {
  private(set) var gravityBehavior: GravityBehavior!
  private(set) var collisionBehavior: CollisionBehavior!
  private(set) var attachmentBehaviors: [IndexPath: AttachmentBehavior] = [:]
  let animator: DynamicAnimator

  // - (instancetype)initWithAnimator:(UIDynamicAnimator *)animator
  init(animator: DynamicAnimator) {
    self.animator = animator
    createGravityBehavior()
    createCollisionBehavior()
    animator.addBehavior(gravityBehavior)
    animator.addBehavior(collisionBehavior)
  }

  // - (void)createGravityBehavior
  private func createGravityBehavior() {
    gravityBehavior = GravityBehavior()
    gravityBehavior.magnitude = 0.3
  }

  // - (void)createCollisionBehavior
  private func createCollisionBehavior() {
    collisionBehavior = CollisionBehavior()
    collisionBehavior.collisionMode = .boundaries
    collisionBehavior.translatesReferenceBoundsIntoBoundary = true
    let itemBehavior = DynamicItemBehavior()
    itemBehavior.elasticity = 1
    collisionBehavior.addChildBehavior(itemBehavior)
  }

  // - (void)addItem:(UICollectionViewLayoutAttributes *)item anchor:(CGPoint)anchor
  func addItem(_ item: CollectionViewLayoutAttributes, anchor: Point) {
    let attachmentBehavior = createAttachmentBehavior(for: item, anchor: anchor)
    animator.addBehavior(attachmentBehavior)
    attachmentBehaviors[item.indexPath] = attachmentBehavior
    gravityBehavior.addItem(item)
    collisionBehavior.addItem(item)
  }

  // - (UIAttachmentBehavior *)createAttachmentBehaviorForItem:(id<UIDynamicItem>)item anchor:(CGPoint)anchor
  private func createAttachmentBehavior(for item: any DynamicItem, anchor: Point) -> AttachmentBehavior {
    let attachmentBehavior = AttachmentBehavior(item: item, attachedToAnchor: anchor)
    attachmentBehavior.damping = 0.5
    attachmentBehavior.frequency = 0.8
    attachmentBehavior.length = 0
    return attachmentBehavior
  }

  // - (void)removeItemAtIndexPath:(NSIndexPath *)indexPath
  func removeItem(at indexPath: IndexPath) {
    if let attachmentBehavior = attachmentBehaviors[indexPath] { animator.removeBehavior(attachmentBehavior) }
    for case let attr as CollectionViewLayoutAttributes in gravityBehavior.items where attr.indexPath == indexPath {
      gravityBehavior.removeItem(attr)
    }
    for case let attr as CollectionViewLayoutAttributes in collisionBehavior.items where attr.indexPath == indexPath {
      collisionBehavior.removeItem(attr)
    }
    attachmentBehaviors[indexPath] = nil
  }

  // - (void)updateItemCollection:(NSArray*)items
  func updateItemCollection(_ items: [CollectionViewLayoutAttributes]) {
    let toRemove = Set(attachmentBehaviors.keys).subtracting(items.map(\.indexPath))
    // Sorted: a Set's order must not decide the order behaviors leave.
    for indexPath in toRemove.sorted() { removeItem(at: indexPath) }
    let existingIndexPaths = currentlyManagedItemIndexPaths()
    for attr in items where !existingIndexPaths.contains(attr.indexPath) {
      addItem(attr, anchor: attr.center)
    }
  }

  // - (NSArray *)currentlyManagedItemIndexPaths
  func currentlyManagedItemIndexPaths() -> [IndexPath] { attachmentBehaviors.keys.sorted() }
}

/// iOS7 Day-by-Day, day 5: SCSpringyCarousel, ported.
final class SCSpringyCarousel: CollectionViewFlowLayout {
  private let itemSizeOfTiles: Size
  private var dynamicAnimator: DynamicAnimator!
  private(set) var behaviorManager: SCItemBehaviorManager!

  // - (instancetype)initWithItemSize:(CGSize)size
  init(itemSize size: Size) {
    itemSizeOfTiles = size
    super.init()
    itemSize = size
    scrollDirection = .horizontal
    minimumInteritemSpacing = 0
    dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
    behaviorManager = SCItemBehaviorManager(animator: dynamicAnimator)
  }

  // - (void)prepareLayout
  override func prepare() {
    sectionInset = EdgeInsets(top: collectionView!.bounds.height - itemSizeOfTiles.height, left: 0, bottom: 0, right: 0)
    super.prepare()
    var expandedViewPort = collectionView!.bounds
    expandedViewPort.origin.x -= 2 * itemSizeOfTiles.width
    expandedViewPort.size.width += 4 * itemSizeOfTiles.width
    let currentItems = super.layoutAttributesForElements(in: expandedViewPort)
    behaviorManager.updateItemCollection(currentItems)
  }

  // - (BOOL)shouldInvalidateLayoutForBoundsChange:(CGRect)newBounds
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    let scrollDelta = newBounds.origin.x - collectionView!.bounds.origin.x
    let touchLocation = collectionView!.panGestureRecognizer.location(in: collectionView)
    for indexPath in behaviorManager.currentlyManagedItemIndexPaths() {
      let behavior = behaviorManager.attachmentBehaviors[indexPath]!
      let anchorPoint = behavior.anchorPoint
      let distFromTouch = abs(anchorPoint.x - touchLocation.x)
      let attr = behavior.items.first as! CollectionViewLayoutAttributes
      var center = attr.center
      let scrollFactor = min(1, distFromTouch / 500)
      center.x += scrollDelta * scrollFactor
      attr.center = center
      dynamicAnimator.updateItem(usingCurrentState: attr)
    }
    return false
  }

  // - (NSArray *)layoutAttributesForElementsInRect:(CGRect)rect
  override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
    dynamicAnimator.items(in: rect).compactMap { $0 as? CollectionViewLayoutAttributes }
  }

  // - (UICollectionViewLayoutAttributes *)initialLayoutAttributesForAppearingItemAtIndexPath:(NSIndexPath *)itemIndexPath
  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes?
  {
    dynamicAnimator.layoutAttributesForCell(at: itemIndexPath)
  }

  // - (void)prepareForCollectionViewUpdates:(NSArray *)updateItems
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    for updateItem in updateItems where updateItem.updateAction == .insert {
      resetItemSprings(forInsertAt: updateItem.indexPathAfterUpdate!)
      let attr = super.initialLayoutAttributesForAppearingItem(at: updateItem.indexPathAfterUpdate!)!
      var center = attr.center
      let contentSize = collectionViewContentSize
      center.y -= contentSize.height - attr.bounds.height
      let insertionPointAttr = layoutAttributesForItem(at: updateItem.indexPathAfterUpdate!)!
      insertionPointAttr.center = center
      dynamicAnimator.updateItem(usingCurrentState: insertionPointAttr)
    }
  }

  // - (void)resetItemSpringsForInsertAtIndexPath:(NSIndexPath *)indexPath
  private func resetItemSprings(forInsertAt indexPath: IndexPath) {
    let items = behaviorManager.currentlyManagedItemIndexPaths()
    var fromEnumerator = items.reversed().makeIterator()
    _ = fromEnumerator.next()
    for toIndex in items.reversed() {
      let fromIndex = fromEnumerator.next()
      if let fromIndex, fromIndex.item >= indexPath.item {
        let toItem = layoutAttributesForItem(at: toIndex)!
        let fromItem = layoutAttributesForItem(at: fromIndex)!
        toItem.center = fromItem.center
        dynamicAnimator.updateItem(usingCurrentState: toItem)
      }
    }
  }

  // - (UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath
  override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    dynamicAnimator.layoutAttributesForCell(at: indexPath)
  }
}

/// iOS7 Day-by-Day, day 5, the view controller: the index right of centre, and the insert button.
extension SpringyCarouselPortTests {
  // - (NSIndexPath *)indexPathOfItemRightOfCenter
  static func indexPathOfItemRightOfCenter(_ collectionView: CollectionView) -> IndexPath {
    let visibleItems = collectionView.indexPathsForVisibleItems
    let midX = collectionView.bounds.midX
    var indexOfItem = 0
    var curMin = Double.greatestFiniteMagnitude
    for indexPath in visibleItems {
      let cell = collectionView.cellForItem(at: indexPath)!
      if abs(cell.frame.midX - midX) < abs(curMin) {
        curMin = cell.frame.midX - midX
        indexOfItem = indexPath.item
      }
    }
    if curMin < 0 { indexOfItem += 1 }
    return IndexPath(item: indexOfItem, section: 0)
  }
}

@Suite struct SpringyCarouselPortTests {
  static func make() -> (CollectionView, SCSpringyCarousel, CountedItems) {
    let layout = SCSpringyCarousel(itemSize: Size(width: 70, height: 70))
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
    let items = CountedItems(30)  // the data source is weak, as in UIKit
    cv.dataSource = items
    cv.layoutIfNeeded()
    return (cv, layout, items)
  }

  /// The tiles hang on their springs under gravity 0.3 against the floor: at rest each sits on the
  /// bottom edge (the floor stops the sag), within a point of its flow position.
  @Test func tilesRestOnTheBottom() {
    let (cv, layout, items) = Self.make()
    defer { withExtendedLifetime(items) {} }
    run(cv, seconds: 4)
    let managed = layout.behaviorManager.currentlyManagedItemIndexPaths()
    // The view plus two tiles either side: (320 + 4·70) / (70 + 10) ≈ 7–8 tiles.
    #expect(managed.count >= 6 && managed.count <= 9, "\(managed.count) tiles managed")
    for indexPath in managed {
      let attr = layout.layoutAttributesForItem(at: indexPath)!
      #expect(abs(attr.frame.maxY - 200) < 1, "tile \(indexPath.item) bottom \(attr.frame.maxY)")
      let anchor = layout.behaviorManager.attachmentBehaviors[indexPath]!.anchorPoint
      #expect(abs(attr.center.x - anchor.x) < 1)
    }
  }

  /// A drag moves each tile by delta × min(1, |anchor.x − touch.x| / 500): tiles near the finger hardly
  /// move at first, far ones move with the scroll.
  @Test func aDragDisplacesTilesByDistanceFromTheTouch() {
    let (cv, layout, items) = Self.make()
    defer { withExtendedLifetime(items) {} }
    run(cv, seconds: 2)
    cv.beginPan(at: Point(x: 20, y: 150), time: cv.time)
    cv.advance(by: frameTime)
    var before: [IndexPath: Double] = [:]
    for ip in layout.behaviorManager.currentlyManagedItemIndexPaths() {
      before[ip] = layout.behaviorManager.attachmentBehaviors[ip]!.items.first!.center.x
    }
    cv.pan(to: Point(x: 0, y: 150), time: cv.time)  // the content scrolls right by 20
    // Read by the layout before the bounds moved (content x = window x + the old offset).
    let touch = Point(x: cv.panGestureRecognizer.location(in: cv).x - 20, y: 150)
    for (ip, x) in before {
      let spring = layout.behaviorManager.attachmentBehaviors[ip]!
      let factor = min(1, abs(spring.anchorPoint.x - touch.x) / 500)
      let moved = spring.items.first!.center.x - x
      #expect(abs(moved - 20 * factor) < 1e-9, "tile \(ip.item) moved \(moved)")
    }
    cv.endPan(at: Point(x: 0, y: 150), time: cv.time)
  }

  /// The insert button: the new tile drops in from the top right of centre; the tiles after it are
  /// pulled one place right by their springs; all come to rest on the bottom at their flow positions.
  @Test func anInsertedTileDropsInFromTheTop() throws {
    let (cv, layout, items) = Self.make()
    defer { withExtendedLifetime(items) {} }
    // [UIView setAnimationsEnabled:NO]: the animator does the animating.
    cv.updateAnimationDuration = 0
    run(cv, seconds: 3)
    let rightOfCenter = Self.indexPathOfItemRightOfCenter(cv)
    let neighbour = layout.layoutAttributesForItem(at: rightOfCenter)!.center
    items.count += 1
    try cv.insertItems(at: [rightOfCenter])
    let dropped = layout.layoutAttributesForItem(at: rightOfCenter)!
    #expect(abs(dropped.center.y - 35) < 1e-9, "starts at the top: \(dropped.center.y)")
    // The old neighbour (now one index on) starts where it was.
    let moved = layout.layoutAttributesForItem(at: IndexPath(item: rightOfCenter.item + 1, section: 0))!
    #expect(moved.center.distance(to: neighbour) < 1e-9)
    run(cv, seconds: 6)
    let pitch = 70.0 + 10  // the item and the flow layout's default 10 pt line spacing
    #expect(abs(dropped.center.x - neighbour.x) < 1, "the new tile takes the neighbour's place: \(dropped.center)")
    #expect(abs(dropped.frame.maxY - 200) < 1, "and rests on the bottom: \(dropped.frame.maxY)")
    // Within a few points: sliding along the floor, a tile stops where friction holds the spring's last pull.
    #expect(abs(moved.center.x - (neighbour.x + pitch)) < 3, "the neighbour moves one place right: \(moved.center)")
  }
}
