import Testing
import Geometry2D
@testable import CollectionLayout

/// What the `flow-grid` scene will do, headless: a sectioned grid with headers and a thousand items,
/// selection by click, animated inserts and deletes, an animated switch to a list and back, scrolled by
/// wheel and drag, drawn from `displayedElements` every frame.
@Suite struct FlowGridScenarioTests {
  final class Model: CollectionViewDataSource {
    var sections: [[Int]]
    var nextID = 10_000
    init() { sections = (0..<10).map { s in (0..<100).map { s * 100 + $0 } } }
    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! Tile
      cell.id = sections[indexPath.section][indexPath.item]
      return cell
    }
  }

  final class Tile: CollectionViewCell {
    var id = -1
    override func prepareForReuse() { id = -1 }
  }

  static func grid() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 70, height: 70)
    layout.headerReferenceSize = Size(width: 0, height: 32)
    layout.sectionInset = EdgeInsets(all: 8)
    return layout
  }

  static func list() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 760, height: 36)
    layout.minimumLineSpacing = 2
    layout.headerReferenceSize = Size(width: 0, height: 32)
    return layout
  }

  /// One frame as the scene draws it: every element's window rectangle, checked for consistency.
  func drawFrame(_ cv: CollectionView, _ model: Model) -> [Rect] {
    var keys = Set<ElementKey>()
    var drawn: [Rect] = []
    for element in cv.displayedElements {
      #expect(element.view.layoutAttributes === element.attributes)
      if !element.isDisappearing {
        #expect(keys.insert(element.attributes.elementKey).inserted, "each element once")
        if element.attributes.representedElementCategory == .cell, let tile = element.view as? Tile {
          let ip = element.attributes.indexPath
          #expect(tile.id == model.sections[ip.section][ip.item], "the cell shows its item")
        }
      }
      drawn.append(cv.convertToSuperview(element.attributes.frame))
    }
    return drawn
  }

  @Test func theSceneRunsOnThisAPI() throws {
    let model = Model()
    let cv = CollectionView(
      frame: Rect(x: 0, y: 40, width: 800, height: 600), collectionViewLayout: FlowGridScenarioTests.grid())
    cv.register(Tile.self, forCellWithReuseIdentifier: "tile")
    cv.dataSource = model
    var time = 0.0
    func frame() {
      time += 1.0 / 60
      cv.advance(by: 1.0 / 60)
      _ = drawFrame(cv, model)
    }
    frame()
    #expect(
      cv.displayedElements.contains { $0.attributes.representedElementKind == CollectionView.elementKindSectionHeader })

    // Click an item: select it.
    let target = cv.layoutAttributesForItem(at: IndexPath(item: 12, section: 0))!.frame
    let click = Point(x: target.midX, y: target.midY + 40)  // the view's frame starts 40 down
    cv.touchDown(at: click, time: time)
    frame()
    cv.touchUp(at: click, time: time)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 12, section: 0)])

    // Wheel down three notches, then drag and fling.
    cv.scrollWheel(by: Vector(dx: 0, dy: 3), isPrecise: false, at: Point(x: 400, y: 300), time: time)
    for _ in 0..<20 { frame() }
    #expect(cv.contentOffset.y == 159)
    cv.touchDown(at: Point(x: 400, y: 500), time: time)
    for i in 1...6 {
      frame()
      cv.touchMoved(to: Point(x: 400, y: 500 - Double(i) * 20), time: time)
    }
    cv.touchUp(at: Point(x: 400, y: 380), time: time)
    #expect(cv.isDecelerating)
    for _ in 0..<240 { frame() }
    #expect(!cv.isDecelerating)

    // Insert at the top of section 0 and delete the selected item: both animate.
    cv.setContentOffset(.zero, animated: false)
    frame()
    model.sections[0].insert(model.nextID, at: 0)
    try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 13, section: 0)])
    frame()
    #expect(cv.isAnimatingUpdates)
    for _ in 0..<20 { frame() }
    #expect(!cv.isAnimatingUpdates)
    model.sections[0].remove(at: 13)
    try cv.deleteItems(at: [IndexPath(item: 13, section: 0)])
    #expect(cv.indexPathsForSelectedItems.isEmpty)
    frame()
    #expect(cv.displayedElements.contains { $0.isDisappearing })
    for _ in 0..<20 { frame() }

    // To the list and back, animated.
    let list = FlowGridScenarioTests.list(), grid = FlowGridScenarioTests.grid()
    cv.setCollectionViewLayout(list, animated: true)
    for _ in 0..<20 { frame() }
    #expect(cv.collectionViewLayout === list && !cv.isAnimatingUpdates)
    for element in cv.displayedElements where element.attributes.representedElementCategory == .cell {
      #expect(element.attributes.frame.width == 760)
    }
    cv.setCollectionViewLayout(grid, animated: true)
    for _ in 0..<20 { frame() }
    for element in cv.displayedElements where element.attributes.representedElementCategory == .cell {
      #expect(element.attributes.frame == grid.layoutAttributesForItem(at: element.attributes.indexPath)?.frame)
    }
    #expect(cv.reuseStatistics.created < 200, "a thousand items, a few screens of views")
  }
}
