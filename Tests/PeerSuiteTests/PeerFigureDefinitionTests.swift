import Geometry2D
import TestSupport
import XCTest

@testable import PeerScenes

/// The figures' definitions on seeded random worlds that are built but not stepped, where the answer
/// is known: a failure prints its seed (`SplitMix(seed:)` replays it).
final class PeerFigureDefinitionTests: XCTestCase {
  /// The deepest overlap with its early rejection equals the plain all-pairs answer.
  func testDeepestOverlapMatchesEveryPair() {
    for seed in UInt64(0)..<100 {
      var random = SplitMix(seed: seed)
      let world = PeerWorld()
      for _ in 0..<random.int(2..<40) {
        world.circle(
          x: random.uniform(-3, 3), y: random.uniform(-3, 3), r: random.uniform(0.05, 1), material: PeerMaterial())
      }
      var expected = 0.0
      for i in world.circles.indices {
        for j in world.circles.indices where j != i {
          let a = world.circles[i], b = world.circles[j]
          let d =
            ((a.body.center.x - b.body.center.x) * (a.body.center.x - b.body.center.x)
            + (a.body.center.y - b.body.center.y) * (a.body.center.y - b.body.center.y)).squareRoot()
          expected = max(expected, a.radius + b.radius - d)
        }
      }
      XCTAssertEqual(PeerRun.deepestOverlap(world.circles), expected, accuracy: 1e-9, "seed \(seed)")
    }
  }

  /// A pin made between two turned bodies is closed where it was made: the joint point in each body's
  /// frame maps back to the same point (the conversion `gap` reads every frame).
  func testPinsStartClosedBetweenTurnedBodies() {
    for seed in UInt64(0)..<100 {
      var random = SplitMix(seed: seed)
      let world = PeerWorld()
      func body() -> DynamicBodyRef {
        world.box(
          x: random.uniform(-5, 5), y: random.uniform(-5, 5), hx: random.uniform(0.1, 2), hy: random.uniform(0.1, 2),
          angle: random.uniform(-7, 7), material: PeerMaterial())
      }
      for _ in 0..<random.int(1..<10) {
        world.pin(body(), body(), atX: random.uniform(-6, 6), y: random.uniform(-6, 6))
      }
      XCTAssertLessThan(PeerRun.widestPinGap(world), 1e-9, "seed \(seed)")
    }
  }

  /// A point given in the turning container's own frame is inside exactly when it is inside the
  /// unturned box, at any time.
  func testTheContainerTurnsWithTime() {
    for seed in UInt64(0)..<200 {
      var random = SplitMix(seed: seed)
      let spin = random.uniform(-3, 3), time = random.uniform(0, 20)
      let box = PeerContainer(
        centerX: random.uniform(-5, 5), centerY: random.uniform(-5, 5), halfWidth: random.uniform(0.5, 5),
        halfHeight: random.uniform(0.5, 5)
      ) { spin * $0 }
      let lx = random.uniform(-6, 6), ly = random.uniform(-6, 6)
      let inside = abs(lx) < box.halfWidth && abs(ly) < box.halfHeight
      if abs(abs(lx) - box.halfWidth) < 1e-6 || abs(abs(ly) - box.halfHeight) < 1e-6 { continue }
      let a = spin * time
      let x = box.centerX + cos(a) * lx - sin(a) * ly, y = box.centerY + sin(a) * lx + cos(a) * ly
      XCTAssertEqual(
        PeerRun.isOutside(PeerWorld.point(x, y), box, time: time), !inside, "seed \(seed): (\(lx), \(ly))")
    }
  }

  /// Before a step nothing has moved: no drift, slide or sink; every body stands; the figures of an
  /// unstepped world are the start's.
  func testAnUnsteppedWorldHasNotMoved() {
    for seed in UInt64(0)..<50 {
      var random = SplitMix(seed: seed)
      let world = PeerWorld()
      let n = random.int(1..<30)
      for _ in 0..<n {
        let b = world.box(
          x: random.uniform(-5, 5), y: random.uniform(0, 5), hx: 0.5, hy: 0.5, angle: random.uniform(-3, 3),
          material: PeerMaterial())
        world.expect(b, restingAtHeight: -b.center.y / PeerWorld.pointsPerMetre)
      }
      let f = PeerRun.endFigures(world)
      XCTAssertEqual(f[.drift], 0, "seed \(seed)")
      XCTAssertEqual(f[.slide], 0, "seed \(seed)")
      XCTAssertEqual(f[.standing], Double(n), "seed \(seed)")
      XCTAssertEqual(f[.sink]!, 0, accuracy: 1e-9, "seed \(seed)")
    }
  }

  /// The allowance never falls below the reference and grows with it; counts get none.
  func testMarginsAreAllowancesNeverTightenings() {
    var random = SplitMix(seed: 7)
    for k in 0..<500 {
      let figure = random.pick(PeerFigure.allCases)
      let a = random.uniform(0, 1000), b = a + random.uniform(0, 1000)
      XCTAssertGreaterThanOrEqual(PeerJudgement.allowed(figure, reference: a), a, "draw \(k) (seed 7): \(figure)")
      XCTAssertLessThanOrEqual(
        PeerJudgement.allowed(figure, reference: a), PeerJudgement.allowed(figure, reference: b),
        "draw \(k) (seed 7): \(figure)")
    }
    for figure in [PeerFigure.slid, .escaped, .standing] {
      XCTAssertEqual(PeerJudgement.allowed(figure, reference: 3), 3)
    }
  }
}

private typealias DynamicBodyRef = PeerWorld.Body
