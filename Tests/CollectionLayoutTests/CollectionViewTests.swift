import Testing
import Geometry2D
@testable import CollectionLayout

@Suite struct CollectionViewLayoutCycleTests {
  @Test func manyInvalidationsCostOneLayoutInUIKitsOrder() {
    let layout = LoggingFlowLayout()
    let (cv, _) = makeCollectionView(counts: [100], layout: layout)
    #expect(layout.log == ["prepare", "contentSize", "elements"])
    layout.log.removeAll()
    for _ in 0..<10 { layout.invalidateLayout() }
    #expect(layout.log.isEmpty, "invalidation only marks the layout dirty")
    let passes = cv.layoutPassCount
    cv.layoutIfNeeded()
    #expect(layout.log == ["prepare", "contentSize", "elements"])
    #expect(cv.layoutPassCount == passes + 1)
    layout.log.removeAll()
    cv.layoutIfNeeded()
    #expect(layout.log.isEmpty, "nothing to do")
  }

  @Test func scrollingAsksTheLayoutBeforeTheBoundsChange() {
    let layout = LoggingFlowLayout()
    let (cv, _) = makeCollectionView(counts: [1000], layout: layout)
    layout.log.removeAll()
    cv.beginPan(at: Point(x: 100, y: 400), time: 0)
    cv.pan(to: Point(x: 100, y: 300), time: 0.1)
    #expect(layout.boundsChecks.last?.old.origin.y == 0)
    #expect(layout.boundsChecks.last?.new.origin.y == 100)
    cv.layoutIfNeeded()
    #expect(layout.log == ["elements"], "a scroll re-queries the visible rect without preparing")
    layout.invalidateOnScroll = true
    layout.log.removeAll()
    cv.pan(to: Point(x: 100, y: 200), time: 0.2)
    cv.pan(to: Point(x: 100, y: 100), time: 0.3)
    cv.layoutIfNeeded()
    #expect(layout.log == ["prepare", "contentSize", "elements"])
  }

  @Test func advanceStepsPhysicsThenLayoutThenLaysOut() {
    final class TickingLayout: FlowLayout {
      var ticks: [Double] = []
      var sawOffset: [Double] = []
      override func advance(by seconds: Double) {
        ticks.append(seconds)
        sawOffset.append(collectionView?.contentOffset.y ?? -1)
        invalidateLayout()
      }
    }
    let layout = TickingLayout()
    let (cv, _) = makeCollectionView(counts: [1000], layout: layout)
    cv.setContentOffset(Point(x: 0, y: 300), animated: true)
    let passes = cv.layoutPassCount
    cv.advance(by: 0.5)
    #expect(layout.ticks == [0.5])
    #expect(layout.sawOffset == [300], "the layout steps after the scroll physics")
    #expect(cv.layoutPassCount == passes + 1, "and the collection view lays out in the same call")
    #expect(cv.displayedElements.first?.attributes.frame.minY ?? 0 >= 240)
  }

  @Test func displayedElementsCoverTheViewportAndRecycleViews() {
    let layout = FlowLayout()
    layout.headerReferenceSize = Size(width: 0, height: 40)
    let (cv, _) = makeCollectionView(counts: [500, 500], layout: layout)
    let first = cv.displayedElements
    // 480 tall: header 40, then lines 60 apart → lines 0…7 (the 8th starts at 460), 5 per line.
    #expect(first.filter { $0.attributes.representedElementCategory == .cell }.count == 40)
    #expect(
      first.last?.attributes.representedElementKind == CollectionView.elementKindSectionHeader, "headers draw on top")
    #expect(cv.indexPathsForVisibleItems.count == 40)
    let created = cv.reuseStatistics.created
    for step in 1...20 {
      cv.contentOffset = Point(x: 0, y: Double(step) * 120)
      cv.layoutIfNeeded()
    }
    #expect(cv.reuseStatistics.created <= created + 12, "scrolling recycles instead of creating")
    #expect(cv.reuseStatistics.reused > 150)
    for element in cv.displayedElements {
      #expect(element.view.layoutAttributes === element.attributes)
      #expect(element.attributes.frame.intersects(cv.bounds))
    }
  }

  @Test func indexPathForItemAtAPoint() {
    let (cv, _) = makeCollectionView(counts: [20])
    #expect(cv.indexPathForItem(at: Point(x: 70, y: 65)) == IndexPath(item: 6, section: 0))
    #expect(cv.indexPathForItem(at: Point(x: 55, y: 10)) == nil, "a gap")
    #expect(cv.convertFromSuperview(Point(x: 10, y: 10)) == Point(x: 10, y: 10))
  }

  @Test func reuseIdentifiersMakeRegisteredClasses() {
    final class BadgeCell: CollectionViewCell {
      var prepared = 0
      override func prepareForReuse() { prepared += 1 }
    }
    final class Source: CollectionViewDataSource {
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(
          withReuseIdentifier: indexPath.item % 2 == 0 ? "badge" : "plain", for: indexPath)
      }
    }
    let source = Source()
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
    cv.register(BadgeCell.self, forCellWithReuseIdentifier: "badge")
    cv.dataSource = source
    cv.layoutIfNeeded()
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) is BadgeCell)
    #expect(!(cv.cellForItem(at: IndexPath(item: 1, section: 0)) is BadgeCell))
    cv.contentOffset = Point(x: 0, y: 2000)
    cv.layoutIfNeeded()
    let badge = cv.cellForItem(at: IndexPath(item: 170, section: 0)) as? BadgeCell
    #expect(badge?.prepared == 1, "a recycled cell is prepared for reuse")
    #expect(badge?.reuseIdentifier == "badge")
  }
}

@Suite struct BatchUpdateTests {
  @Test func aCountMismatchThrowsAndChangesNothing() {
    let (cv, ds) = makeCollectionView(counts: [5, 3])
    cv.selectItem(at: IndexPath(item: 2, section: 1))
    ds.counts = [5, 4]
    #expect(
      throws: CollectionViewUpdateError.invalidNumberOfItems(
        section: 1, before: 3, after: 4, inserted: 0, deleted: 1,
        movedIn: 0, movedOut: 0)
    ) {
      try cv.deleteItems(at: [IndexPath(item: 0, section: 1)])
    }
    #expect(cv.numberOfItems(inSection: 1) == 3)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 1)])
    let error = CollectionViewUpdateError.invalidNumberOfItems(
      section: 1, before: 3, after: 4, inserted: 0, deleted: 1,
      movedIn: 0, movedOut: 0)
    #expect(
      error.description.contains("section 1") && error.description.contains("(4)") && error.description.contains("(3)"))
    // The right update goes through.
    try? cv.insertItems(at: [IndexPath(item: 3, section: 1)])
    #expect(cv.numberOfItems(inSection: 1) == 4)
  }

  @Test func invalidIndexPathsAndConflictsThrow() {
    let (cv, ds) = makeCollectionView(counts: [5])
    ds.counts = [4]
    #expect(
      throws: CollectionViewUpdateError.itemOutOfRange(
        IndexPath(item: 7, section: 0), operation: "delete", itemCount: 5)
    ) {
      try cv.deleteItems(at: [IndexPath(item: 7, section: 0)])
    }
    #expect(throws: CollectionViewUpdateError.self) {
      try cv.performBatchUpdates {
        try cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
        try cv.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 3, section: 0))
      }
    }
    ds.counts = [5, 2]
    #expect(throws: CollectionViewUpdateError.invalidNumberOfSections(before: 1, after: 2, inserted: 0, deleted: 0)) {
      try cv.performBatchUpdates {}
    }
    #expect(throws: CollectionViewUpdateError.sectionOutOfRange(3, operation: "insert", sectionCount: 2)) {
      try cv.insertSections([3])
    }
    #expect(cv.numberOfSections == 1 && cv.numberOfItems(inSection: 0) == 5)
    try? cv.insertSections([1])
    #expect(cv.numberOfSections == 2 && cv.numberOfItems(inSection: 1) == 2)
  }

  @Test func theLayoutSeesTheUpdateItemsThenFinalizes() throws {
    let layout = LoggingFlowLayout()
    let (cv, ds) = makeCollectionView(counts: [10, 4], layout: layout)
    layout.log.removeAll()
    ds.counts = [10, 3, 2]
    try cv.performBatchUpdates {
      try cv.deleteItems(at: [IndexPath(item: 3, section: 1)])
      try cv.insertSections([2])
      try cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 9, section: 0))
    }
    // (The first "elements" is the old layout asked about the viewport's surroundings, for slides.)
    let fromPrepare = layout.log.drop { $0 != "prepare" }
    #expect(fromPrepare.prefix(4) == ["prepare", "contentSize", "prepareForUpdates", "elements"])
    #expect(layout.log.contains("finalize"))
    let actions = layout.updateItems.map(\.updateAction)
    #expect(actions == [.insert, .delete, .move])
    #expect(layout.updateItems[0].isSectionUpdate && layout.updateItems[0].indexPathAfterUpdate?.section == 2)
    #expect(layout.updateItems[2].indexPathBeforeUpdate == IndexPath(item: 0, section: 0))
  }

  @Test func insertsFadeInAndNeighboursSlide() throws {
    var finished: Bool?
    let (cv, ds) = makeCollectionView(counts: [10])
    let before = frame(cv, 2)!
    ds.counts = [11]
    try cv.performBatchUpdates(
      { try cv.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished = $0 })
    #expect(cv.isAnimatingUpdates)
    func shown(_ item: Int) -> CollectionView.DisplayedElement? {
      cv.displayedElements.first {
        $0.attributes.representedElementCategory == .cell && $0.attributes.indexPath.item == item && !$0.isDisappearing
      }
    }
    #expect(shown(0)?.attributes.alpha == 0, "the new item starts invisible")
    #expect(shown(3)?.attributes.frame == before, "old item 2 is now item 3 and starts where it was")
    cv.advance(by: 0.15)
    #expect(close(shown(0)?.attributes.alpha ?? -1, 0.5, 1e-9))
    #expect(finished == nil)
    cv.advance(by: 0.2)
    #expect(!cv.isAnimatingUpdates && finished == true)
    #expect(shown(0)?.attributes.alpha == 1)
    #expect(shown(3)?.attributes.frame == frame(cv, 3))
  }

  @Test func deletesFadeOutAndTheirViewsAreRecycled() throws {
    let (cv, ds) = makeCollectionView(counts: [10])
    let deletedView = cv.cellForItem(at: IndexPath(item: 4, section: 0))
    ds.counts = [9]
    try cv.deleteItems(at: [IndexPath(item: 4, section: 0)])
    let leaving = cv.displayedElements.filter(\.isDisappearing)
    #expect(leaving.count == 1 && leaving[0].view === deletedView)
    cv.advance(by: 0.15)
    #expect(close(cv.displayedElements.first(where: \.isDisappearing)?.attributes.alpha ?? -1, 0.5, 1e-9))
    cv.advance(by: 0.2)
    #expect(cv.displayedElements.filter(\.isDisappearing).isEmpty)
    #expect(cv.displayedElements.count == 9)
  }

  @Test func customAppearingAttributesAreUsed() throws {
    final class DropIn: FlowLayout {
      override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        let a = layoutAttributesForItem(at: itemIndexPath)?.copy()
        a?.center = Point(x: 400, y: -100)
        return a
      }
    }
    let (cv, ds) = makeCollectionView(counts: [3], layout: DropIn())
    ds.counts = [4]
    try cv.insertItems(at: [IndexPath(item: 3, section: 0)])
    let start = cv.displayedElements.first { $0.attributes.indexPath.item == 3 }
    #expect(start?.attributes.center == Point(x: 400, y: -100))
  }

  @Test func selectionFollowsItemsThroughUpdates() throws {
    let (cv, ds) = makeCollectionView(counts: [10])
    cv.allowsMultipleSelection = true
    cv.selectItem(at: IndexPath(item: 5, section: 0))
    cv.selectItem(at: IndexPath(item: 7, section: 0))
    ds.counts = [10]
    try cv.performBatchUpdates {
      try cv.deleteItems(at: [IndexPath(item: 7, section: 0), IndexPath(item: 1, section: 0)])
      try cv.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
    }
    // Old 5: one deletion before it (1) → rank 4; new slots 0 and 2 are taken → new 6. Old 7 is gone.
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    ds.counts = [10]
    try cv.moveItem(at: IndexPath(item: 6, section: 0), to: IndexPath(item: 0, section: 0))
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
  }
}

@Suite struct SelectionTests {
  @Test func aTapHighlightsThenSelects() {
    let (cv, _) = makeCollectionView(counts: [20])
    let delegate = RecordingDelegate()
    cv.delegate = delegate
    cv.touchDown(at: Point(x: 80, y: 70), time: 0)
    #expect(cv.highlightedIndexPath == IndexPath(item: 6, section: 0))
    #expect(cv.cellForItem(at: IndexPath(item: 6, section: 0))?.isHighlighted == true)
    cv.touchUp(at: Point(x: 82, y: 71), time: 0.1)
    #expect(delegate.log == ["highlight 6", "unhighlight 6", "select 6"])
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    #expect(cv.cellForItem(at: IndexPath(item: 6, section: 0))?.isSelected == true)
    // Single selection: another tap moves it.
    cv.touchDown(at: Point(x: 10, y: 10), time: 1)
    cv.touchUp(at: Point(x: 10, y: 10), time: 1.1)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(delegate.log.suffix(2) == ["deselect 6", "select 0"])
  }

  @Test func aDragDoesNotSelect() {
    let (cv, _) = makeCollectionView(counts: [200])
    let delegate = RecordingDelegate()
    cv.delegate = delegate
    cv.touchDown(at: Point(x: 80, y: 300), time: 0)
    cv.touchMoved(to: Point(x: 80, y: 250), time: 0.05)
    #expect(cv.highlightedIndexPath == nil)
    cv.touchUp(at: Point(x: 80, y: 200), time: 0.1)
    #expect(cv.indexPathsForSelectedItems.isEmpty)
    #expect(cv.contentOffset.y == 100)
    #expect(!delegate.log.contains { $0.hasPrefix("select") })
  }

  @Test func theDelegateCanRefuseAndMultipleSelectionToggles() {
    let (cv, _) = makeCollectionView(counts: [20])
    let delegate = RecordingDelegate()
    delegate.refuseSelection = [IndexPath(item: 0, section: 0)]
    cv.delegate = delegate
    cv.touchDown(at: Point(x: 10, y: 10), time: 0)
    cv.touchUp(at: Point(x: 10, y: 10), time: 0.1)
    #expect(cv.indexPathsForSelectedItems.isEmpty)
    cv.allowsMultipleSelection = true
    for (x, t) in [(80.0, 1.0), (150, 2), (80, 3)] {
      cv.touchDown(at: Point(x: x, y: 10), time: t)
      cv.touchUp(at: Point(x: x, y: 10), time: t + 0.1)
    }
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    #expect(delegate.log.filter { !$0.contains("highlight") } == ["select 1", "select 2", "deselect 1"])
  }

  @Test func editActionsGoThroughTheDelegate() {
    let (cv, _) = makeCollectionView(counts: [3])
    let delegate = RecordingDelegate()
    delegate.allowedActions = [.copy, .paste]
    cv.delegate = delegate
    let ip = IndexPath(item: 1, section: 0)
    #expect(cv.availableEditActions(forItemAt: ip) == [.copy, .paste])
    #expect(cv.perform(.copy, forItemAt: ip))
    #expect(!cv.perform(.cut, forItemAt: ip))
    #expect(delegate.log == ["copy 1"])
  }
}

@Suite struct LayoutChangeTests {
  static func listLayout() -> FlowLayout {
    let list = FlowLayout()
    list.itemSize = Size(width: 300, height: 40)
    list.minimumLineSpacing = 4
    return list
  }

  @Test func animatedLayoutChangeMovesEveryCellToItsNewFrame() {
    let (cv, _) = makeCollectionView(counts: [30])
    let gridFrame = frame(cv, 7)!
    let list = LayoutChangeTests.listLayout()
    var done = false
    cv.setCollectionViewLayout(list, animated: true) { done = $0 }
    let listFrame = list.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))!.frame
    func shown() -> Rect? {
      cv.displayedElements.first { $0.attributes.indexPath.item == 7 && !$0.isDisappearing }?.attributes.frame
    }
    #expect(shown() == gridFrame)
    cv.advance(by: 0.15)
    #expect(close(shown()?.midY ?? 0, (gridFrame.midY + listFrame.midY) / 2, 1e-9))
    #expect(close(shown()?.width ?? 0, (gridFrame.width + listFrame.width) / 2, 1e-9))
    cv.advance(by: 0.2)
    #expect(shown() == listFrame && done)
    #expect(cv.collectionViewLayout === list)
    #expect(cv.contentSize.height == 30 * 44 - 4)
  }

  @Test func theFirstVisibleItemKeepsItsPlace() {
    let (cv, _) = makeCollectionView(counts: [300])
    cv.contentOffset = Point(x: 0, y: 600)  // line 10 at the top: item 50
    cv.layoutIfNeeded()
    cv.setCollectionViewLayout(LayoutChangeTests.listLayout(), animated: false)
    #expect(cv.contentOffset.y == 50 * 44)
    #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 50, section: 0))
  }

  @Test func transitionLayoutBlendsByProgress() {
    let (cv, _) = makeCollectionView(counts: [30])
    let grid = cv.collectionViewLayout
    let list = LayoutChangeTests.listLayout()
    var completed: Bool?
    let transition = cv.startInteractiveTransition(to: list) { done, _ in completed = done }
    transition.transitionProgress = 0.25
    cv.layoutIfNeeded()
    let a = grid.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
    let b = list.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
    let blended = cv.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
    #expect(close(blended.midX, a.midX + (b.midX - a.midX) * 0.25, 1e-9))
    #expect(close(blended.height, a.height + (b.height - a.height) * 0.25, 1e-9))
    cv.finishInteractiveTransition()
    cv.advance(by: 0.5)
    #expect(completed == true && cv.collectionViewLayout === list)
  }
}

@Suite struct CollectionViewMiscTests {
  @Test func decorationViewsComeFromTheLayoutAndThePool() {
    final class Backdrop: ReusableView {}
    final class DecoratedLayout: FlowLayout {
      override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let backdrop = LayoutAttributes(forDecorationViewOfKind: "backdrop", with: IndexPath(item: 0, section: 0))
        backdrop.frame = Rect(x: 0, y: 0, width: 320, height: 120)
        backdrop.zIndex = -1
        return [backdrop] + super.layoutAttributesForElements(in: rect)
      }
    }
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: DecoratedLayout())
    cv.register(Backdrop.self, forDecorationViewOfKind: "backdrop")
    let source = CountsDataSource([10])
    cv.dataSource = source
    cv.layoutIfNeeded()
    let first = cv.displayedElements.first
    #expect(first?.attributes.representedElementCategory == .decorationView, "z-index −1 draws first")
    #expect(first?.view is Backdrop)
  }

  @Test func aNewWidthReflowsTheFlowLayout() {
    let (cv, _) = makeCollectionView(counts: [12])
    let passes = cv.layoutPassCount
    cv.frame = Rect(x: 0, y: 0, width: 200, height: 480)
    cv.layoutIfNeeded()
    #expect(cv.layoutPassCount == passes + 1)
    // 200 wide: 3 per line (3·50 + 2·10 = 170), gaps 25.
    #expect(frame(cv, 4) == Rect(x: 75, y: 60, width: 50, height: 50))
    cv.contentOffset = Point(x: 0, y: 10)
    cv.layoutIfNeeded()
    #expect(cv.layoutPassCount == passes + 1, "a scroll does not re-flow")
  }

  @Test func contentInsetExtendsTheRange() {
    let (cv, _) = makeCollectionView(counts: [100])
    cv.contentInset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
    #expect(cv.minimumContentOffset.y == -50)
    #expect(cv.maximumContentOffset.y == cv.contentSize.height + 30 - 480)
    cv.beginPan(at: Point(x: 10, y: 10), time: 0)
    cv.pan(to: Point(x: 10, y: 200), time: 0.2)
    cv.endPan(at: Point(x: 10, y: 200), time: 0.6)
    for _ in 0..<120 { cv.advance(by: 1.0 / 60) }
    #expect(cv.contentOffset.y == -50)
  }

  @Test func aWheelAtTheCollectionViewScrollsItsCells() {
    let (cv, _) = makeCollectionView(counts: [1000])
    cv.scrollWheel(by: Vector(dx: 0, dy: 2), isPrecise: false, at: Point(x: 100, y: 100), time: 0)
    cv.advance(by: 0.1)
    #expect(cv.panLocation != nil, "the wheel's pointer is the pan location while it moves")
    cv.advance(by: 0.2)
    #expect(cv.contentOffset.y == 106)
    #expect(cv.displayedElements.allSatisfy { $0.attributes.frame.maxY > 106 })
  }
}

@Suite struct ScrollTargetTests {
  /// Snaps flings to line boundaries (60 points: 50 item + 10 spacing).
  final class SnappingLayout: FlowLayout {
    var proposals: [Point] = []
    override func targetContentOffset(
      forProposedContentOffset proposedContentOffset: Point,
      withScrollingVelocity velocity: Vector
    ) -> Point {
      proposals.append(proposedContentOffset)
      return Point(x: proposedContentOffset.x, y: (proposedContentOffset.y / 60).rounded() * 60)
    }
  }

  @Test func theLayoutAimsFlings() {
    let layout = SnappingLayout()
    let (cv, _) = makeCollectionView(counts: [1000], layout: layout)
    cv.contentOffset = Point(x: 0, y: 3000)
    cv.beginPan(at: Point(x: 100, y: 400), time: 0)
    for i in 1...12 { cv.pan(to: Point(x: 100, y: 400 - Double(i) * 10), time: Double(i) / 120) }
    cv.endPan(at: Point(x: 100, y: 280), time: 0.1)
    let natural = layout.proposals.last!.y
    #expect(abs(natural - (3120 + 1200 * 0.998 / 2)) < 1, "proposed: where the 1200 pt/s fling would stop")
    for _ in 0..<600 where cv.isScrolling { cv.advance(by: 1.0 / 60) }
    #expect(cv.contentOffset.y == (natural / 60).rounded() * 60)
  }

  @Test func scrollToItemPositionsIt() {
    let (cv, _) = makeCollectionView(counts: [1000])
    cv.scrollToItem(at: IndexPath(item: 500, section: 0), at: .top, animated: false)
    #expect(cv.contentOffset.y == 6000)
    cv.scrollToItem(at: IndexPath(item: 500, section: 0), at: .centeredVertically, animated: true)
    cv.advance(by: 0.5)
    #expect(cv.contentOffset.y == 6025 - 240)
    cv.scrollToItem(at: IndexPath(item: 999, section: 0), at: .nearest, animated: false)
    #expect(cv.contentOffset.y == cv.maximumContentOffset.y)
  }
}

@Suite struct UpdatePlanTests {
  @Test func sectionsAndItemsMapThroughMovesAndReloads() throws {
    var batch = BatchRecorder()
    batch.movedSections = [(from: 0, to: 2)]
    batch.deletedSections = [1]
    batch.insertedSections = [0]
    batch.movedItems = [(from: IndexPath(item: 1, section: 2), to: IndexPath(item: 0, section: 2))]
    batch.reloadedItems = [IndexPath(item: 0, section: 3)]
    // Old: s0 (3), s1 (2), s2 (4), s3 (1). New: inserted s0 (5), old s2 → s1 (3 after the move out),
    // old s0 → s2 (4 after the move in), old s3 → s3 (1).
    let plan = try UpdatePlan(oldCounts: [3, 2, 4, 1], newCounts: [5, 3, 4, 1], batch: batch)
    #expect(plan.newIndexPath(forOld: IndexPath(item: 1, section: 2)) == IndexPath(item: 0, section: 2))
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 2))
    #expect(plan.newIndexPath(forOld: IndexPath(item: 2, section: 2)) == IndexPath(item: 1, section: 1))
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 1)) == nil, "its section is deleted")
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 3)) == nil, "reloaded: a new element")
    #expect(
      plan.newIndexPath(forOld: IndexPath(item: 0, section: 3), includingReloaded: true)
        == IndexPath(item: 0, section: 3))
    #expect(plan.oldIndexPath(forNew: IndexPath(item: 3, section: 2)) == IndexPath(item: 2, section: 0))
    #expect(plan.oldIndexPath(forNew: IndexPath(item: 2, section: 0)) == nil, "in an inserted section")
    // Round trips for every surviving item.
    for (s, count) in [3, 2, 4, 1].enumerated() {
      for i in 0..<count {
        let old = IndexPath(item: i, section: s)
        if let new = plan.newIndexPath(forOld: old) { #expect(plan.oldIndexPath(forNew: new) == old) }
      }
    }
  }

  @Test func nestedBatchesAndReloadsOutsideABatch() throws {
    let (cv, ds) = makeCollectionView(counts: [4, 4])
    var completions = 0
    ds.counts = [5, 3]
    try cv.performBatchUpdates(
      {
        try cv.performBatchUpdates(
          { try cv.insertItems(at: [IndexPath(item: 4, section: 0)]) }, completion: { _ in completions += 1 })
        try cv.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
        try cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: { _ in completions += 1 })
    #expect(cv.numberOfItems(inSection: 0) == 5 && cv.numberOfItems(inSection: 1) == 3)
    cv.advance(by: 1)
    #expect(completions == 2)
    cv.reloadItems(at: [IndexPath(item: 2, section: 1), IndexPath(item: 99, section: 1)])
    #expect(
      cv.displayedElements.filter { $0.isDisappearing }.count == 1, "the old cell fades out while the new one fades in")
  }

  @Test func cancellingAnInteractiveTransitionRestoresTheLayout() {
    let (cv, _) = makeCollectionView(counts: [30])
    let grid = cv.collectionViewLayout
    var result: Bool?
    let transition = cv.startInteractiveTransition(to: LayoutChangeTests.listLayout()) { completed, _ in
      result = completed
    }
    transition.transitionProgress = 0.6
    cv.cancelInteractiveTransition()
    cv.advance(by: 0.1)
    #expect(transition.transitionProgress < 0.6 && transition.transitionProgress > 0)
    cv.advance(by: 0.5)
    #expect(result == false && cv.collectionViewLayout === grid)
    #expect(cv.displayedElements.first?.attributes.frame == Rect(x: 0, y: 0, width: 50, height: 50))
  }
}

@Suite struct ContentInsetLayoutTests {
  @Test func aHorizontalContentInsetNarrowsTheFlow() {
    let (cv, _) = makeCollectionView(counts: [10])
    cv.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
    cv.layoutIfNeeded()
    // 280 wide: 4 per line (4·50 + 3·10 = 230), gaps 70/3 + 10.
    #expect(cv.contentSize.width == 280)
    #expect(close(frame(cv, 3), Rect(x: 230, y: 0, width: 50, height: 50)))
    #expect(close(frame(cv, 4), Rect(x: 0, y: 60, width: 50, height: 50)))
  }
}
