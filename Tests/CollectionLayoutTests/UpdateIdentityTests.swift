import Testing
import Dynamics
import Geometry2D
@testable import CollectionLayout

/// "Collection updates keep identity" (docs/robustness.md): after every insert, delete, move and reload of items
/// and sections, alone or in batches, at rest, mid-drag, mid-fling and while an update animates, every
/// displayed cell shows the data source's item at its index path and every body follows its item.
@Suite struct UpdateIdentityTests {
  /// The reported case: with a springy flow layout, moving item 2 to 11 showed the neighbours' items in
  /// cells 2…11, because the collection view read each displayed element's index path after the layout
  /// had already re-keyed its (shared) attributes, and so mapped every view twice.
  @Test(arguments: IdentityLayoutKind.allCases)
  func movingItemTwoToElevenKeepsEveryCellOnItsItem(kind: IdentityLayoutKind) throws {
    let scene = IdentityScene(kind, counts: [20])
    scene.run(frames: 30)
    let before = bodiesByItemID(scene.cv, scene.model)
    try scene.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 11, section: 0))
    #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [])
    // The cells 2…11 are on screen in the flow layouts, so the check above saw them.
    if kind == .flow || kind == .springyFlow {
      let shown = Set(scene.cv.visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath.item))
      #expect(shown.isSuperset(of: 2...11))
    }
    scene.run(frames: 30)
    #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [])
  }

  /// The states an update can meet the scene in.
  enum Moment: String, CaseIterable, CustomStringConvertible, Sendable {
    case atRest, midDrag, midFling, midAnimation
    var description: String { rawValue }

    func reach(_ scene: IdentityScene) {
      switch self {
      case .atRest: scene.run(frames: 5)
      case .midDrag: scene.drag(by: 60, frames: 4, release: false)
      case .midFling: scene.fling(by: 120)
      case .midAnimation:
        try? scene.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
        scene.run(frames: 4)
      }
    }
  }

  typealias Update = (name: String, apply: @Sendable (IdentityScene) throws -> Void)

  /// Each kind of update alone, and mixed in batches.
  static let updates: [Update] = [
    ("insert item", { try $0.insertItem(at: IndexPath(item: 3, section: 0)) }),
    ("delete item", { try $0.deleteItem(at: IndexPath(item: 4, section: 0)) }),
    ("move item forward", { try $0.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 7, section: 0)) }),
    ("move item back", { try $0.moveItem(at: IndexPath(item: 8, section: 0), to: IndexPath(item: 0, section: 0)) }),
    (
      "move item across sections",
      { try $0.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 1, section: 1)) }
    ),
    ("reload item", { $0.reloadItem(at: IndexPath(item: 5, section: 0)) }),
    ("insert section", { try $0.insertSection(1, count: 3) }),
    ("delete section", { try $0.deleteSection(0) }),
    ("move section", { try $0.moveSection(1, to: 0) }),
    ("reload section", { $0.reloadSection(0, count: 6) }),
    (
      "batch of items",
      { s in
        var b = IdentityBatch()
        b.deletedItems = [IndexPath(item: 1, section: 0)]
        b.insertedItems = [IndexPath(item: 4, section: 0)]
        b.movedItems = [
          (IndexPath(item: 6, section: 0), IndexPath(item: 0, section: 0)),
          (IndexPath(item: 2, section: 1), IndexPath(item: 9, section: 0))
        ]
        b.reloadedItems = [IndexPath(item: 3, section: 1)]
        let performed = try s.perform(b)
        #expect(performed)
      }
    ),
    (
      "batch of sections and items",
      { s in
        var b = IdentityBatch()
        b.movedSections = [(1, 0)]
        b.insertedSections = [(2, 2)]
        b.insertedItems = [IndexPath(item: 0, section: 1)]
        b.movedItems = [(IndexPath(item: 0, section: 1), IndexPath(item: 5, section: 1))]
        let performed = try s.perform(b)
        #expect(performed)
      }
    )
  ]

  @Test(arguments: IdentityLayoutKind.allCases, Moment.allCases)
  func everyUpdateKeepsIdentity(kind: IdentityLayoutKind, moment: Moment) throws {
    for update in Self.updates {
      let scene = IdentityScene(kind, counts: [12, 6])
      scene.run(frames: 20)
      moment.reach(scene)
      let before = bodiesByItemID(scene.cv, scene.model)
      try update.apply(scene)
      #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [], "\(update.name)")
      // Half-way through its animation, and after the drag ends and everything settles.
      scene.run(frames: 9)
      #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [], "\(update.name), animating")
      scene.releaseDrag()
      scene.run(frames: 40)
      #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [], "\(update.name), settled")
    }
  }

  /// A springy layout gives an item inserted in the tiling rect a new spring and takes a deleted
  /// item's away; the neighbours keep theirs.
  @Test(arguments: [IdentityLayoutKind.springyFlow, .springyCarousel])
  func insertedItemsGetAFreshSpringAndDeletedOnesLoseTheirs(kind: IdentityLayoutKind) throws {
    let scene = IdentityScene(kind, counts: [20])
    scene.run(frames: 20)
    let before = bodiesByItemID(scene.cv, scene.model)
    let deleted = scene.model.sections[0][5].id
    let oldSprings = Set(before.values.map { ObjectIdentifier($0) })
    try scene.cv.performBatchUpdates {
      try scene.deleteItem(at: IndexPath(item: 5, section: 0))
      try scene.insertItem(at: IndexPath(item: 2, section: 0))
    }
    let bodies = bodyAttributes(of: scene.cv)
    let inserted = try #require(bodies[.cell(IndexPath(item: 2, section: 0))])
    #expect(!oldSprings.contains(ObjectIdentifier(inserted)))
    #expect(!bodies.values.contains { $0 === before[deleted] })
    #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [])
  }

  /// A refused update (counts that do not add up, an index out of range, a conflict) changes nothing:
  /// counts, cells, their views and frames, selection, bodies and their velocities, the animation.
  @Test(arguments: IdentityLayoutKind.allCases)
  func aRefusedUpdateChangesNothing(kind: IdentityLayoutKind) throws {
    let scene = IdentityScene(kind, counts: [12, 6])
    scene.run(frames: 10)
    scene.fling(by: 100)
    try scene.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
    scene.run(frames: 3)
    scene.cv.layoutIfNeeded()
    let refused: [(String, () throws -> Void)] = [
      ("delete without changing the data source", { try scene.cv.deleteItems(at: [IndexPath(item: 0, section: 0)]) }),
      ("insert out of range", { try scene.cv.insertItems(at: [IndexPath(item: 40, section: 0)]) }),
      (
        "delete and move the same item",
        {
          try scene.cv.performBatchUpdates {
            try scene.cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
            try scene.cv.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 0))
          }
        }
      ),
      ("delete a missing section", { try scene.cv.deleteSections([5]) })
    ]
    for (name, update) in refused {
      let snapshot = CollectionSnapshot(scene.cv, scene.model)
      #expect(throws: CollectionViewUpdateError.self, "\(name)") { try update() }
      #expect(CollectionSnapshot(scene.cv, scene.model) == snapshot, "\(name)")
    }
    let before = bodiesByItemID(scene.cv, scene.model)
    scene.run(frames: 20)
    #expect(identityViolations(scene.cv, scene.model, bodiesBefore: before) == [])
  }
}
