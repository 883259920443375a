import CollectionLayout
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

/// The flow grid shows each section on a background (a decoration view) under a header pinned to the top.
@Suite struct FlowGridDecorationTests {
  @Test func midScrollTheHeaderIsPinnedAndTheSectionHasABackground() {
    let s = FlowGridScene()
    s.resize(to: Size(width: 800, height: 600))
    s.collectionView.contentOffset = Point(x: 0, y: 400)
    s.advance(by: 1.0 / 60)
    let shown = s.collectionView.displayedElements.map(\.attributes)
    let header = shown.first { $0.representedElementKind == CollectionView.elementKindSectionHeader }
    #expect(header?.indexPath.section == 0)
    #expect(header?.frame.minY == 400, "pinned to the visible top: \(String(describing: header?.frame))")
    let background = shown.first { $0.representedElementCategory == .decorationView }
    #expect(background?.representedElementKind == FlowLayout.elementKindSectionBackground)
    #expect(background.map { $0.frame.contains(Point(x: 400, y: 500)) } == true)
    // Drawn first (behind the cells), header last (above them).
    #expect(s.collectionView.displayedElements.first?.attributes.representedElementCategory == .decorationView)
    #expect(
      s.collectionView.displayedElements.last?.attributes.representedElementKind
        == CollectionView.elementKindSectionHeader)
  }
}
