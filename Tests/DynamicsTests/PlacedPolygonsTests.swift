import Geometry2D
import TestSupport
import Testing
@testable import Dynamics

/// The narrow phase reads the same world polygons whether the refresh wrote them or they were made on
/// the spot (`PlacedPolygons`): the same seeded heap stepped with the refresh always writing them, and
/// with every frame's first pass told the last read none (so it writes none), comes out bit for bit the
/// same, with the same contacts, on one and three workers.
@Suite("World polygons written or made on the spot")
struct PlacedPolygonsTests {
  @Test(arguments: Array(1...4) as [UInt64])
  func theSceneIsTheSameEitherWay(seed: UInt64) {
    for workers in [1, 3] {
      let (written, writtenItems) = NarrowPhaseNotesTests.heap(seed: seed, workers: workers, sleeps: seed % 2 == 0)
      let (made, madeItems) = NarrowPhaseNotesTests.heap(seed: seed, workers: workers, sleeps: seed % 2 == 0)
      var placedBoth = (0, 0)
      for frame in 0..<120 {
        // As if the last pass had read every polygon, or none.
        written.world.contacts.geometryUses = Int.max / 2
        made.world.contacts.geometryUses = 0
        written.advance(by: 1.0 / 60)
        made.advance(by: 1.0 / 60)
        if written.world.shapes.placesGeometry { placedBoth.0 += 1 }
        if !made.world.shapes.placesGeometry { placedBoth.1 += 1 }
        let a = written.world.contacts.list, b = made.world.contacts.list
        let same =
          a.count == b.count
          && zip(a, b).allSatisfy {
            $0.key == $1.key && $0.normal == $1.normal && $0.point0.anchorA == $1.point0.anchorA
              && $0.point1.baseSeparation == $1.point1.baseSeparation
          }
        #expect(same, "seed \(seed), \(workers) workers, frame \(frame): \(a.count) contacts against \(b.count)")
        if !same { break }
      }
      #expect(placedBoth.0 > 0 && placedBoth.1 > 0, "seed \(seed): \(placedBoth)")
      for k in writtenItems.indices {
        #expect(
          writtenItems[k].center == madeItems[k].center && writtenItems[k].transform == madeItems[k].transform,
          "seed \(seed), \(workers) workers, item \(k)")
      }
    }
  }
}
