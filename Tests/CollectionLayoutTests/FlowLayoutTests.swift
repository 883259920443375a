import Testing
import Geometry2D
@testable import CollectionLayout

@Suite struct FlowLayoutTests {
  // 320 wide, 50 × 50 items, spacing 10: 5 fit (5·50 + 4·10 = 290); the leftover 70 is shared by 4 gaps,
  // so the columns are 17.5 + 50 apart: x = 0, 67.5, 135, 202.5, 270.
  @Test func rowsAreJustifiedAndTheLastRowIsSpacedAsIfFull() {
    let (cv, _) = makeCollectionView(counts: [12])
    let xs = [0, 67.5, 135, 202.5, 270]
    for i in 0..<12 {
      #expect(close(frame(cv, i), Rect(x: xs[i % 5], y: Double(i / 5) * 60, width: 50, height: 50)), "item \(i)")
    }
    // Items 10 and 11 sit under columns 0 and 1, not spread over the last row.
    #expect(cv.contentSize == Size(width: 320, height: 170))
  }

  @Test func sectionInsetNarrowsTheLine() {
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
    let (cv, _) = makeCollectionView(counts: [7], layout: layout)
    // Available 300: still 5 per line, gaps (300 − 250)/4 = 12.5.
    #expect(close(frame(cv, 1), Rect(x: 72.5, y: 5, width: 50, height: 50)))
    #expect(close(frame(cv, 4), Rect(x: 260, y: 5, width: 50, height: 50)))
    #expect(close(frame(cv, 6), Rect(x: 72.5, y: 65, width: 50, height: 50)))
    #expect(cv.contentSize.height == 5 + 110 + 7)
  }

  @Test func aRowWithOneItemIsCentred() {
    let (single, _) = makeCollectionView(counts: [1])
    #expect(close(frame(single, 0), Rect(x: 135, y: 0, width: 50, height: 50)))
    // Items too wide for two per line: every line holds one, centred.
    let wide = FlowLayout()
    wide.itemSize = Size(width: 200, height: 40)
    let (cv, _) = makeCollectionView(counts: [3], layout: wide)
    for i in 0..<3 { #expect(close(frame(cv, i), Rect(x: 60, y: Double(i) * 50, width: 200, height: 40))) }
  }

  @Test func aSingleLineSectionIsJustifiedAcrossTheLine() {
    let (cv, _) = makeCollectionView(counts: [2])
    #expect(close(frame(cv, 0), Rect(x: 0, y: 0, width: 50, height: 50)))
    #expect(close(frame(cv, 1), Rect(x: 270, y: 0, width: 50, height: 50)))
  }

  @Test func mixedHeightsAreCentredOnTheirLine() {
    let delegate = SizesDelegate()
    let heights = [40.0, 80, 60, 20]
    for (i, h) in heights.enumerated() { delegate.sizes[IndexPath(item: i, section: 0)] = Size(width: 100, height: h) }
    let layout = FlowLayout()
    layout.delegate = delegate
    let (cv, _) = makeCollectionView(counts: [4], layout: layout)
    // 100 + 10 + 100 + 10 + 100 = 320: three per line; the line is 80 tall.
    #expect(close(frame(cv, 0), Rect(x: 0, y: 20, width: 100, height: 40)))
    #expect(close(frame(cv, 1), Rect(x: 110, y: 0, width: 100, height: 80)))
    #expect(close(frame(cv, 2), Rect(x: 220, y: 10, width: 100, height: 60)))
    // The last line (one item) is spaced as if full: under the first column, 80 + 10 down.
    #expect(close(frame(cv, 3), Rect(x: 0, y: 90, width: 100, height: 20)))
    #expect(cv.contentSize.height == 110)
  }

  @Test func headersInsetsRowsFootersInScrollOrder() {
    let layout = FlowLayout()
    layout.headerReferenceSize = Size(width: 999, height: 30)
    layout.footerReferenceSize = Size(width: 1, height: 20)
    layout.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
    let (cv, _) = makeCollectionView(counts: [5, 5], layout: layout)
    let header = CollectionView.elementKindSectionHeader, footer = CollectionView.elementKindSectionFooter
    func supplementary(_ kind: String, _ s: Int) -> Rect? {
      cv.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s))?.frame
    }
    // Headers span the whole width whatever their reference width.
    #expect(close(supplementary(header, 0), Rect(x: 0, y: 0, width: 320, height: 30)))
    #expect(close(frame(cv, 0, 0), Rect(x: 0, y: 35, width: 50, height: 50)))
    #expect(close(supplementary(footer, 0), Rect(x: 0, y: 92, width: 320, height: 20)))
    #expect(close(supplementary(header, 1), Rect(x: 0, y: 112, width: 320, height: 30)))
    #expect(close(frame(cv, 4, 1), Rect(x: 270, y: 147, width: 50, height: 50)))
    #expect(close(supplementary(footer, 1), Rect(x: 0, y: 204, width: 320, height: 20)))
    #expect(cv.contentSize.height == 224)
    // And they are among the elements in a rect, in section order.
    let kinds = cv.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480))
      .map { $0.representedElementKind ?? "cell" }
    #expect(
      kinds == [header] + Array(repeating: "cell", count: 5) + [footer, header] + Array(repeating: "cell", count: 5) + [
        footer
      ])
  }

  @Test func horizontalLayoutSwapsTheAxes() {
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.headerReferenceSize = Size(width: 40, height: 7)
    let (cv, _) = makeCollectionView(width: 320, height: 200, counts: [7], layout: layout)
    // Columns of three (3·50 + 2·10 ≤ 200), justified: y = 0, 75, 150; columns 60 apart after the header.
    #expect(
      close(
        cv.layoutAttributesForSupplementaryElement(
          ofKind: CollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 0))?.frame,
        Rect(x: 0, y: 0, width: 40, height: 200)))
    #expect(close(frame(cv, 0), Rect(x: 40, y: 0, width: 50, height: 50)))
    #expect(close(frame(cv, 2), Rect(x: 40, y: 150, width: 50, height: 50)))
    #expect(close(frame(cv, 4), Rect(x: 100, y: 75, width: 50, height: 50)))
    #expect(close(frame(cv, 6), Rect(x: 160, y: 0, width: 50, height: 50)))
    #expect(cv.contentSize == Size(width: 210, height: 200))
  }

  @Test func delegateSizesEqualUniformSizesWhenTheyAgree() {
    for count in [1, 2, 5, 6, 13, 31] {
      let delegate = SizesDelegate()
      delegate.uniform = Size(width: 44, height: 30)
      let measured = FlowLayout()
      measured.delegate = delegate
      let uniform = FlowLayout()
      uniform.itemSize = Size(width: 44, height: 30)
      let (a, _) = makeCollectionView(counts: [count], layout: measured)
      let (b, _) = makeCollectionView(counts: [count], layout: uniform)
      for i in 0..<count { #expect(close(frame(a, i), frame(b, i)!, 1e-9), "count \(count) item \(i)") }
      #expect(a.contentSize == b.contentSize)
    }
  }

  @Test func perSectionValuesComeFromTheDelegate() {
    final class SectionDelegate: CollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
      ) -> EdgeInsets {
        section == 1 ? EdgeInsets(all: 20) : (layout as! FlowLayout).sectionInset
      }
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
      ) -> Double {
        section == 1 ? 30 : (layout as! FlowLayout).minimumLineSpacing
      }
    }
    let delegate = SectionDelegate()
    let layout = FlowLayout()
    layout.delegate = delegate
    let (cv, _) = makeCollectionView(counts: [5, 6], layout: layout)
    // Section 0: one line, 50 tall. Section 1 starts at 50 with a 20 inset; 280 wide fits 4 (4·50+3·10).
    #expect(close(frame(cv, 0, 1), Rect(x: 20, y: 70, width: 50, height: 50)))
    #expect(close(frame(cv, 4, 1), Rect(x: 20, y: 150, width: 50, height: 50)))
    #expect(cv.contentSize.height == 50 + 20 + 50 + 30 + 50 + 20)
  }

  @Test func aMillionUniformItemsAreAnsweredByArithmetic() {
    let (cv, _) = makeCollectionView(width: 800, height: 600, counts: [1_000_000])
    let layout = cv.collectionViewLayout as! FlowLayout
    // 13 per line (13·50 + 12·10 = 770), lines 60 apart.
    #expect(cv.contentSize.height == Double((1_000_000 + 12) / 13) * 60 - 10)
    let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 600_000, width: 800, height: 600))
    #expect(found.count == 130)
    #expect(found.first?.indexPath == IndexPath(item: 130_000, section: 0))
    #expect(found.last?.indexPath == IndexPath(item: 130_129, section: 0))
    if case .uniform = layout.sections[0].items {} else { Issue.record("a uniform section must not be measured") }
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 999_999, section: 0))?.frame.maxY == cv.contentSize.height)
  }

  @Test func elementsInRectMatchABruteForceScan() {
    let delegate = SizesDelegate()
    for i in 0..<200 {
      delegate.sizes[IndexPath(item: i, section: 1)] = Size(
        width: Double(20 + (i * 37) % 90), height: Double(15 + (i * 13) % 50))
    }
    let layout = FlowLayout()
    layout.delegate = delegate
    layout.headerReferenceSize = Size(width: 0, height: 25)
    let (cv, _) = makeCollectionView(counts: [50, 200, 0, 30], layout: layout)
    var all: [LayoutAttributes] = []
    for s in 0..<4 {
      for i in 0..<cv.numberOfItems(inSection: s) {
        all.append(layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!)
      }
    }
    for y in stride(from: -100.0, through: cv.contentSize.height, by: 97) {
      let rect = Rect(x: 30, y: y, width: 200, height: 150)
      let got = Set(
        layout.layoutAttributesForElements(in: rect).filter { $0.representedElementCategory == .cell }.map(\.indexPath))
      let expected = Set(all.filter { $0.frame.intersects(rect) }.map(\.indexPath))
      #expect(got == expected, "rect at y \(y)")
    }
  }
}
