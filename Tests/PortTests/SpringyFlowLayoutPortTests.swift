import CollectionLayout
import Dynamics
import Geometry2D
import Testing

/// objc.io issue 5, "UICollectionView + UIKit Dynamics" (Ash Furrow): ASHSpringyCollectionViewFlowLayout,
/// the tiled version, ported line for line. Each method names the selector it ports.
final class ASHSpringyCollectionViewFlowLayout: CollectionViewFlowLayout {
  var dynamicAnimator: DynamicAnimator!
  var visibleIndexPathsSet = Set<IndexPath>()
  var latestDelta = 0.0

  // - (id)init
  override init() {
    super.init()
    minimumInteritemSpacing = 10
    minimumLineSpacing = 10
    itemSize = Size(width: 44, height: 44)
    sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    // Safe here: the animator does not read the content size before there is a collection view.
    dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
  }

  // - (void)prepareLayout
  override func prepare() {
    super.prepare()
    let originalRect = Rect(origin: collectionView!.bounds.origin, size: collectionView!.frame.size)
    let visibleRect = originalRect.insetBy(dx: -100, dy: -100)
    let itemsInVisibleRectArray = super.layoutAttributesForElements(in: visibleRect)
    let itemsIndexPathsInVisibleRectSet = Set(itemsInVisibleRectArray.map(\.indexPath))

    let noLongerVisibleBehaviours = dynamicAnimator.behaviors.filter { behaviour in
      let item = (behaviour as! AttachmentBehavior).items.first as! CollectionViewLayoutAttributes
      return !itemsIndexPathsInVisibleRectSet.contains(item.indexPath)
    }
    for behaviour in noLongerVisibleBehaviours {
      dynamicAnimator.removeBehavior(behaviour)
      let item = (behaviour as! AttachmentBehavior).items.first as! CollectionViewLayoutAttributes
      visibleIndexPathsSet.remove(item.indexPath)
    }

    let newlyVisibleItems = itemsInVisibleRectArray.filter { !visibleIndexPathsSet.contains($0.indexPath) }
    let touchLocation = collectionView!.panGestureRecognizer.location(in: collectionView)
    for item in newlyVisibleItems {
      var center = item.center
      let springBehaviour = AttachmentBehavior(item: item, attachedToAnchor: center)
      springBehaviour.length = 0
      springBehaviour.damping = 0.8
      springBehaviour.frequency = 1
      if touchLocation != .zero {
        let yDistanceFromTouch = abs(touchLocation.y - springBehaviour.anchorPoint.y)
        let xDistanceFromTouch = abs(touchLocation.x - springBehaviour.anchorPoint.x)
        let scrollResistance = (yDistanceFromTouch + xDistanceFromTouch) / 1500
        if latestDelta < 0 {
          center.y += max(latestDelta, latestDelta * scrollResistance)
        } else {
          center.y += min(latestDelta, latestDelta * scrollResistance)
        }
        item.center = center
      }
      dynamicAnimator.addBehavior(springBehaviour)
      visibleIndexPathsSet.insert(item.indexPath)
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

  // - (BOOL)shouldInvalidateLayoutForBoundsChange:(CGRect)newBounds
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    let scrollView = collectionView!
    let delta = newBounds.origin.y - scrollView.bounds.origin.y
    latestDelta = delta
    let touchLocation = collectionView!.panGestureRecognizer.location(in: collectionView)
    for case let springBehaviour as AttachmentBehavior in dynamicAnimator.behaviors {
      let yDistanceFromTouch = abs(touchLocation.y - springBehaviour.anchorPoint.y)
      let xDistanceFromTouch = abs(touchLocation.x - springBehaviour.anchorPoint.x)
      let scrollResistance = (yDistanceFromTouch + xDistanceFromTouch) / 1500
      let item = springBehaviour.items.first as! CollectionViewLayoutAttributes
      var center = item.center
      if delta < 0 {
        center.y += max(delta, delta * scrollResistance)
      } else {
        center.y += min(delta, delta * scrollResistance)
      }
      item.center = center
      dynamicAnimator.updateItem(usingCurrentState: item)
    }
    return false
  }
}

@Suite struct SpringyFlowLayoutPortTests {
  static func make() -> (CollectionView, ASHSpringyCollectionViewFlowLayout, CountedItems) {
    let layout = ASHSpringyCollectionViewFlowLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    let items = CountedItems(120)
    cv.dataSource = items
    cv.layoutIfNeeded()
    return (cv, layout, items)
  }

  /// Tiling: only the items within 100 pt of the screen have a spring, each anchored on its flow position.
  @Test func springsCoverTheVisibleRectGrownBy100() {
    let (cv, layout, _) = Self.make()
    let flow = FlowLayout()
    flow.itemSize = Size(width: 44, height: 44)
    flow.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let reference = CollectionView(frame: cv.frame, collectionViewLayout: flow)
    let referenceItems = CountedItems(120)
    reference.dataSource = referenceItems
    reference.layoutIfNeeded()
    let expected = flow.layoutAttributesForElements(in: Rect(x: -100, y: -100, width: 520, height: 680))
    #expect(layout.dynamicAnimator.behaviors.count == expected.count)
    #expect(layout.visibleIndexPathsSet == Set(expected.map(\.indexPath)))
    withExtendedLifetime(referenceItems) {}
    for case let spring as AttachmentBehavior in layout.dynamicAnimator.behaviors {
      let item = spring.items.first as! CollectionViewLayoutAttributes
      #expect(spring.anchorPoint == flow.layoutAttributesForItem(at: item.indexPath)!.center)
    }
  }

  /// A drag moves the cells near the finger with the content and lets far ones lag by
  /// delta × distance / 1500; released, every cell springs back onto its flow position.
  @Test func farCellsLagTheScrollThenSpringBack() {
    let (cv, layout, _) = Self.make()
    cv.beginPan(at: Point(x: 160, y: 400), time: cv.time)
    cv.advance(by: frameTime)
    // One move of 20 pt up: the content scrolls by +20.
    cv.pan(to: Point(x: 160, y: 380), time: cv.time)
    // The layout read the touch while the bounds were still the old ones (as in UIKit): 20 pt higher
    // in content points than it is now.
    let now = cv.panGestureRecognizer.location(in: cv)
    let touch = Point(x: now.x, y: now.y - 20)
    #expect(now == Point(x: 160, y: 380 + 20))
    #expect(cv.panGestureRecognizer.state == .changed)
    #expect(cv.panGestureRecognizer.translation(in: cv) == Point(x: 0, y: -20))
    for case let spring as AttachmentBehavior in layout.dynamicAnimator.behaviors {
      let item = spring.items.first as! CollectionViewLayoutAttributes
      let r = (abs(touch.y - spring.anchorPoint.y) + abs(touch.x - spring.anchorPoint.x)) / 1500
      let lag = item.center.y - spring.anchorPoint.y
      #expect(abs(lag - min(20, 20 * r)) < 1e-9, "item \(item.indexPath)")
    }
    // Far cells (the top of the screen, ~400 pt from the finger) lag more than the ones beside it.
    let near = layout.dynamicAnimator.layoutAttributesForCell(at: cv.indexPathForItem(at: Point(x: 160, y: 400 + 20))!)!
    let far = layout.dynamicAnimator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0))!
    func lag(_ a: CollectionViewLayoutAttributes) -> Double {
      let spring = layout.dynamicAnimator.behaviors.compactMap { $0 as? AttachmentBehavior }
        .first { ($0.items.first as! CollectionViewLayoutAttributes) === a }!
      return a.center.y - spring.anchorPoint.y
    }
    #expect(lag(far) > 4 && lag(near) < 1)
    cv.endPan(at: Point(x: 160, y: 380), time: cv.time)
    #expect(cv.panGestureRecognizer.state == .ended)
    // Until the next frame the recognizer still has the release point; then it is over (UIKit's reset).
    #expect(cv.panGestureRecognizer.location(in: nil) == Point(x: 160, y: 380))
    cv.advance(by: frameTime)
    #expect(cv.panGestureRecognizer.state == .possible)
    #expect(cv.panGestureRecognizer.location(in: cv) == .zero)
    run(cv, seconds: 6)
    for case let spring as AttachmentBehavior in layout.dynamicAnimator.behaviors {
      let item = spring.items.first as! CollectionViewLayoutAttributes
      #expect(item.center.distance(to: spring.anchorPoint) < 0.5, "item \(item.indexPath) did not come back")
    }
  }

  /// The layout tiles with `touchLocation != .zero` meaning "a finger is down". After a release the
  /// recognizer reads the zero point, so the cells tiled while a fling coasts, and after a programmatic
  /// jump of the content offset, start on their anchors instead of displaced by the last delta from a
  /// finger that has left (up to the whole 7,000 pt jump).
  @Test func cellsTiledAfterAFlingAndAJumpStartOnTheirAnchors() {
    let layout = ASHSpringyCollectionViewFlowLayout()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    let items = CountedItems(2_000)
    cv.dataSource = items
    cv.layoutIfNeeded()
    defer { withExtendedLifetime(items) {} }
    /// After each frame: the springs added in it (their items not stepped yet) and their distance from
    /// the anchor.
    var worst = 0.0, tiled = 0
    func frame() {
      let before = layout.visibleIndexPathsSet
      cv.advance(by: frameTime)
      for case let spring as AttachmentBehavior in layout.dynamicAnimator.behaviors {
        let item = spring.items.first as! CollectionViewLayoutAttributes
        guard !before.contains(item.indexPath) else { continue }
        tiled += 1
        worst = max(worst, item.center.distance(to: spring.anchorPoint))
      }
    }
    // A fast flick upwards, released: the content flings on.
    cv.beginPan(at: Point(x: 160, y: 420), time: cv.time)
    for k in 1...6 {
      frame()
      cv.pan(to: Point(x: 160, y: 420 - 50 * Double(k)), time: cv.time)
    }
    cv.endPan(at: Point(x: 160, y: 120), time: cv.time)
    let releasedAt = cv.contentOffset.y
    worst = 0
    tiled = 0
    for _ in 0..<120 { frame() }
    #expect(cv.contentOffset.y > releasedAt + 500, "the fling coasted \(cv.contentOffset.y - releasedAt) pt")
    #expect(tiled > 20)
    #expect(worst < 1e-9, "a cell tiled during the fling started \(worst) pt from its anchor")
    // A programmatic jump 7,000 pt further: every cell on screen is new.
    worst = 0
    tiled = 0
    cv.setContentOffset(Point(x: 0, y: cv.contentOffset.y + 7_000), animated: false)
    frame()
    #expect(tiled > 20)
    #expect(worst < 1e-9, "a cell tiled after the jump started \(worst) pt from its anchor")
  }
}
