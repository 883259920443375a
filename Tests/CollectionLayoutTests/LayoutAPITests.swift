import Geometry2D
import Testing
@testable import CollectionLayout

/// UIKit's layout API beyond the basic cycle: invalidation contexts, the flow delegate's shape, pinned
/// headers, decoration views, self-sizing, animated bounds changes and the pan gesture recognizer.
@Suite struct LayoutAPITests {
  static func grid(_ counts: [Int], layout: FlowLayout = FlowLayout()) -> (CollectionView, FlowLayout, CountsDataSource)
  {
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 300), collectionViewLayout: layout)
    let data = CountsDataSource(counts)
    cv.dataSource = data
    cv.layoutIfNeeded()
    return (cv, layout, data)
  }

  @Test func aFlowContextWithBothFlagsClearKeepsTheLines() {
    let (cv, layout, data) = Self.grid([100])
    let revision = layout.flowGeometryRevision
    let keep = FlowLayoutInvalidationContext()
    keep.invalidateFlowLayoutDelegateMetrics = false
    keep.invalidateFlowLayoutAttributes = false
    layout.invalidateLayout(with: keep)
    #expect(layout.isInvalidated)
    cv.layoutIfNeeded()
    #expect(layout.flowGeometryRevision == revision)
    layout.invalidateLayout(with: FlowLayoutInvalidationContext())
    cv.layoutIfNeeded()
    #expect(layout.flowGeometryRevision == revision + 1)
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    #expect(layout.flowGeometryRevision == revision + 2)
    withExtendedLifetime(data) {}
  }

  @Test func boundsChangesGetTheLayoutsContextAndItsOffsetAdjustment() {
    final class Recording: FlowLayout {
      var contexts: [CollectionViewLayoutInvalidationContext] = []
      var animatedFrom: [Rect] = []
      var finalized = 0
      override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
      }
      override func prepare(forAnimatedBoundsChange oldBounds: Rect) { animatedFrom.append(oldBounds) }
      override func finalizeAnimatedBoundsChange() { finalized += 1 }
    }
    let (cv, _, data) = Self.grid([100], layout: Recording())
    let layout = cv.collectionViewLayout as! Recording
    #expect(Recording.invalidationContextClass == FlowLayoutInvalidationContext.self)
    layout.contexts.removeAll()
    cv.frame = Rect(x: 0, y: 0, width: 300, height: 300)
    let context = layout.contexts.last as? FlowLayoutInvalidationContext
    #expect(context?.invalidateEverything == false)
    #expect(context?.invalidateFlowLayoutDelegateMetrics == true)
    #expect(layout.animatedFrom == [Rect(x: 0, y: 0, width: 400, height: 300)])
    cv.layoutIfNeeded()
    #expect(layout.finalized == 1)
    // A context's offset adjustment moves the content at once.
    let adjust = CollectionViewLayoutInvalidationContext()
    adjust.contentOffsetAdjustment = Vector(dx: 0, dy: 40)
    layout.invalidateLayout(with: adjust)
    #expect(cv.contentOffset.y == 40)
    // reloadData says the counts changed.
    cv.reloadData()
    #expect(layout.contexts.last?.invalidateDataSourceCounts == true)
    #expect(layout.contexts.last?.invalidateEverything == true)
    withExtendedLifetime(data) {}
  }

  @Test func aDelegateSizingItemsWithNonOptionalReturnsIsCalled() {
    final class Sizes: CollectionViewDelegateFlowLayout {
      var asked = 0
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
      ) -> Size {
        asked += 1
        return Size(width: 30 + Double(indexPath.item), height: 20)
      }
    }
    final class SpacingOnly: CollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
      ) -> Double { 40 }
    }
    let sizes = Sizes()
    let layout = FlowLayout()
    layout.delegate = sizes
    let (cv, _, data) = Self.grid([50, 50], layout: layout)
    #expect(sizes.asked == 100)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 1))?.size == Size(width: 35, height: 20))
    // A delegate without sizeForItemAt: the default answers, the sections stay arithmetic.
    let spacing = SpacingOnly()
    layout.delegate = spacing
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    guard case .uniform(let grid) = layout.sections[0].items else {
      Issue.record("a section without delegate sizes is measured item by item")
      return
    }
    #expect(grid.linePitch == layout.itemSize.height + 40)
    withExtendedLifetime((data, sizes, spacing)) {}
  }

  @Test func pinnedHeadersStayAtTheTopUntilTheirSectionPushesThemOff() {
    let layout = FlowLayout()
    layout.headerReferenceSize = Size(width: 0, height: 30)
    layout.sectionHeadersPinToVisibleBounds = true
    let (cv, _, data) = Self.grid([40, 40, 40], layout: layout)
    let header = CollectionView.elementKindSectionHeader
    let natural = layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 0))!
    #expect(natural.frame.minY == 0)
    cv.contentOffset = Point(x: 0, y: 100)
    cv.layoutIfNeeded()
    let pinned = cv.displayedElements.first { $0.attributes.representedElementKind == header }!.attributes
    #expect(pinned.indexPath.section == 0 && pinned.frame.minY == 100)
    #expect(pinned.zIndex > 10)
    // Near the end of section 0 the header is pushed up by it, never overlapping section 1's header.
    let end = layout.sections[0].footerStart
    cv.contentOffset = Point(x: 0, y: end - 10)
    cv.layoutIfNeeded()
    let h0 = layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 0))!
    #expect(h0.frame.maxY == end)
    withExtendedLifetime(data) {}
  }

  @Test func sectionBackgroundsAreDecorationViewsOfTheRegisteredClass() throws {
    final class Background: ReusableView {}
    /// Records the decoration lists the update offers.
    final class Spy: FlowLayout {
      var inserted: [IndexPath] = []
      override func finalizeCollectionViewUpdates() {
        inserted = indexPathsToInsertForDecorationView(ofKind: FlowLayout.elementKindSectionBackground)
        super.finalizeCollectionViewUpdates()
      }
    }
    let layout = Spy()
    layout.showsSectionBackgrounds = true
    layout.sectionBackgroundInsets = EdgeInsets(all: 4)
    layout.register(Background.self, forDecorationViewOfKind: FlowLayout.elementKindSectionBackground)
    let (cv, _, data) = Self.grid([60, 30], layout: layout)
    let backgrounds = cv.displayedElements.filter { $0.attributes.representedElementCategory == .decorationView }
    #expect(backgrounds.count == 1)
    #expect(backgrounds.first?.view is Background)
    #expect(backgrounds.first?.attributes.zIndex == -1)
    let section0 = layout.sections[0]
    #expect(
      backgrounds.first?.attributes.frame
        == Rect(x: 4, y: section0.start + 4, width: 392, height: section0.end - section0.start - 8))
    // Drawn behind the cells.
    #expect(cv.displayedElements.first?.attributes.representedElementCategory == .decorationView)
    // An inserted section's background is listed for the update, and fades in.
    data.counts.insert(5, at: 0)
    try cv.insertSections([0])
    #expect(layout.inserted == [IndexPath(item: 0, section: 0)])
    let appearing = layout.initialLayoutAttributesForAppearingDecorationElement(
      ofKind: FlowLayout.elementKindSectionBackground, at: IndexPath(item: 0, section: 0))
    #expect(appearing?.alpha == 0)
    #expect(
      appearing?.frame
        == layout.layoutAttributesForDecorationView(
          ofKind: FlowLayout.elementKindSectionBackground, at: IndexPath(item: 0, section: 0))?.frame)
    withExtendedLifetime(data) {}
  }

  @Test func appearingAndDisappearingItemsFadeAtTheirFrames() {
    let (cv, layout, data) = Self.grid([20])
    let before = layout.layoutAttributesForItem(at: IndexPath(item: 19, section: 0))!
    let appearing = layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 3, section: 0))
    #expect(appearing?.frame == layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame)
    #expect(appearing?.alpha == 0)
    data.counts = [10]
    layout.invalidateLayout()
    cv.reloadData()
    cv.layoutIfNeeded()
    let gone = layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 19, section: 0))
    #expect(gone?.frame == before.frame)
    #expect(gone?.alpha == 0)
    withExtendedLifetime(data) {}
  }

  @Test func selfSizingCellsTakeTheirPreferredSize() {
    final class TallCell: CollectionViewCell {
      override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        layoutAttributes.size = Size(width: 80, height: 40 + Double(layoutAttributes.indexPath.item % 3) * 10)
        return layoutAttributes
      }
    }
    let layout = FlowLayout()
    layout.estimatedItemSize = FlowLayout.automaticSize
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 300), collectionViewLayout: layout)
    cv.register(TallCell.self, forCellWithReuseIdentifier: CollectionView.defaultReuseIdentifier)
    let data = CountsDataSource([12])
    cv.dataSource = data
    cv.layoutIfNeeded()
    let a = layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!
    #expect(a.size == Size(width: 80, height: 60))
    #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.size == Size(width: 80, height: 60))
    // An insert carries the measured sizes along: the old item 2 (60 high) is item 3 now.
    data.counts = [13]
    try? cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    #expect(layout.preferredSizes[IndexPath(item: 3, section: 0)] == Size(width: 80, height: 60))
    withExtendedLifetime(data) {}
  }

  /// UIKit's states: `.possible` (location zero), `.began`, `.changed`, `.ended` (the release point), and
  /// `.possible` again, with the zero point, from the next frame on: also while the content flings.
  @Test func thePanRecognizerGoesThroughUIKitsStates() {
    let (cv, _, data) = Self.grid([200])
    let pan = cv.panGestureRecognizer
    #expect(pan.state == .possible)
    #expect(pan.location(in: cv) == .zero)
    cv.beginPan(at: Point(x: 100, y: 200), time: 0)
    #expect(pan.state == .began)
    cv.advance(by: 1.0 / 60)
    cv.pan(to: Point(x: 100, y: 150), time: 1.0 / 60)
    #expect(pan.state == .changed)
    #expect(pan.translation(in: cv) == Point(x: 0, y: -50))
    #expect(pan.location(in: cv) == Point(x: 100, y: 150 + cv.contentOffset.y))
    #expect(pan.velocity(in: cv).y < 0)
    cv.endPan(at: Point(x: 100, y: 150), time: 2.0 / 60)
    #expect(pan.state == .ended)
    #expect(pan.location(in: nil) == Point(x: 100, y: 150))
    #expect(pan.velocity(in: cv) == .zero)
    cv.advance(by: 1.0 / 60)
    #expect(cv.isDecelerating)
    #expect(pan.state == .possible)
    #expect(pan.location(in: cv) == .zero && pan.location(in: nil) == .zero)
    #expect(pan.translation(in: cv) == .zero)
    withExtendedLifetime(data) {}
  }

  @Test func subclassedAttributesCopyAsTheirClass() {
    final class Tinted: LayoutAttributes {
      var tint = 0
      override func copy() -> LayoutAttributes {
        let c = super.copy() as! Tinted
        c.tint = tint
        return c
      }
    }
    final class TintedLayout: FlowLayout {
      override class var layoutAttributesClass: LayoutAttributes.Type { Tinted.self }
    }
    let (_, layout, data) = Self.grid([10], layout: TintedLayout())
    let a = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) as? Tinted
    #expect(a != nil)
    a?.tint = 7
    #expect((a?.copy() as? Tinted)?.tint == 7)
    #expect(CollectionViewLayoutAttributes.self == LayoutAttributes.self)
    withExtendedLifetime(data) {}
  }
}
