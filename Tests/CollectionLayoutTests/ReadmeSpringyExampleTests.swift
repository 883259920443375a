import CollectionLayout
import Geometry2D
import Testing

/// The second half of the README's library example.
@Suite struct ReadmeSpringyExampleTests {
  @Test func aSpringyListWithTheSeedsDefaults() {
    let layout = SpringyFlowLayout()
    let list = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: layout)
    #expect(layout.springDamping == 0.8 && layout.springFrequency == 1 && layout.springLength == 0)
    #expect(layout.scrollResistance == 1500 && layout.tilingMargin == 100)
    #expect(list.collectionViewLayout === layout)
  }
}
