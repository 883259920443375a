import Geometry2D
import Testing
@testable import CollectionLayout

/// Every displayed cell shows the item the data source has at its index path after an update, for every
/// layout: the physics layouts renumber the attribute objects they return, which the collection view
/// must not map through the update a second time.
@Suite struct IdentityTests {
  static let layoutNames = ["flow", "springy", "carousel", "newtonian"]

  static func make(_ name: String) -> CollectionViewLayout {
    switch name {
    case "springy": SpringyFlowLayout()
    case "carousel": SpringyCarouselLayout()
    case "newtonian": NewtonianLayout()
    default: FlowLayout()
    }
  }

  @Test(arguments: layoutNames) func aMoveKeepsEveryCellOnItsItem(layout name: String) throws {
    let make = { Self.make(name) }
    let count = name == "newtonian" ? 6 : 20
    let frame = name == "carousel" ? Rect(x: 0, y: 0, width: 1400, height: 400) : Rect(x: 0, y: 0, width: 400, height: 600)
    let (cv, data) = Identity.make(make(), sections: [count], frame: frame)
    #expect(Identity.problems(cv, data).isEmpty)
    let (from, to) = name == "newtonian" ? (1, 4) : (2, 11)
    data.sections[0].insert(data.sections[0].remove(at: from), at: to)
    try cv.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
    for frameIndex in 0..<30 {
      let problems = Identity.problems(cv, data)
      #expect(problems.isEmpty, "\(name), frame \(frameIndex) after moving \(from) → \(to): \(problems.prefix(4))")
      if !problems.isEmpty { break }
      cv.advance(by: 1.0 / 60)
    }
  }

  /// The user's report: a springy list of 20, item 2 moved to 11.
  @Test func theSpringyListMoveFromTheReport() throws {
    let layout = SpringyFlowLayout()
    let (cv, data) = Identity.make(layout, sections: [20])
    data.sections[0].insert(data.sections[0].remove(at: 2), at: 11)
    try cv.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 11, section: 0))
    cv.advance(by: 1.0 / 60)
    #expect(Identity.problems(cv, data).isEmpty)
    for s in layout.springs {
      #expect(layout.spring(for: .cell(s.attributes.indexPath))?.attributes === s.attributes, "springs keyed by their item")
    }
  }
}
