import Geometry2D
import TestSupport
import Testing
@testable import Dynamics

/// A floor made of pieces (boundary segments end to end, or anchored boxes side by side) catches what
/// falls on it as one long floor does. A fast item has speculative contacts with the corners of the
/// pieces beside the one it falls on, their normals slanted; they are solved after the nearer contact
/// under it (`ContactColoring`), and their impacts after the sooner one under it (`ImpactPass.run`), so
/// none takes the fall on its slant and throws the item sideways.
@Suite struct TiledFloorTests {
  enum Floor: CaseIterable { case segments, boxes }

  /// 41 pieces of 100 pt along y = 500, from x = −2,050 to 2,050.
  static func build(_ floor: Floor, elasticity: Double, catching ball: DynamicBody) -> [DynamicBehavior] {
    let collision = CollisionBehavior(items: [ball])
    var behaviors: [DynamicBehavior] = [collision]
    switch floor {
    case .segments:
      for i in -20...20 {
        let x = Double(i) * 100
        collision.addBoundary(withIdentifier: "tile \(i)", from: Point(x: x - 50, y: 500), to: Point(x: x + 50, y: 500))
      }
    case .boxes:
      let tiles = (-20...20).map { i in
        DynamicBody(center: Point(x: Double(i) * 100, y: 550), size: Size(width: 100, height: 100))
      }
      for tile in tiles { collision.addItem(tile) }
      let anchored = DynamicItemBehavior(items: tiles)
      anchored.isAnchored = true
      anchored.elasticity = elasticity
      anchored.friction = 0.6
      behaviors.append(anchored)
    }
    return behaviors
  }

  /// Seeded: a ball 100 pt across dropped at 10,000 pt/s (Box2D's 100 m/s) from 450 pt above the floor,
  /// landing anywhere along a piece, never moves sideways faster than 10 pt/s (it was thrown at up to
  /// 1,180 pt/s landing inside a piece; on the seam the slants cancelled) and comes to rest on it; with
  /// UIKit's default elasticity (0.2) too, where the impact pass takes the landing.
  @Test(arguments: Floor.allCases, 0..<16)
  func aFastBallLandsOnAFloorOfPiecesAsOnOne(floor: Floor, seed: UInt64) {
    var r = SplitMix(seed: seed)
    let x = r.uniform(-50, 50), elasticity = seed % 2 == 0 ? 0 : 0.2
    let ball = DynamicBody(
      center: Point(x: x, y: 0), size: Size(width: 100, height: 100), collisionBoundsType: .ellipse)
    let animator = DynamicAnimator()
    let material = DynamicItemBehavior(items: [ball])
    material.friction = 0.6
    material.elasticity = elasticity
    material.resistance = 0
    material.angularResistance = 0
    material.addLinearVelocity(Vector(dx: 0, dy: 10_000), for: ball)
    let gravity = GravityBehavior(items: [ball])
    for b in Self.build(floor, elasticity: elasticity, catching: ball) + [material, gravity] { animator.addBehavior(b) }
    var fastest = 0.0
    run(animator, seconds: 3) { _ in fastest = max(fastest, abs(animator.linearVelocity(of: ball).dx)) }
    let what = "seed \(seed), \(floor), elasticity \(elasticity), landing at x = \(x)"
    #expect(fastest < 10, "\(what): thrown sideways at \(fastest) pt/s")
    // Straight back up (still bouncing after 3 s at elasticity 0.2), or at rest on the floor.
    #expect(abs(ball.center.x - x) < 5, "\(what): ended at \(ball.center)")
    #expect(elasticity > 0 || abs(ball.center.y - 450) < 2, "\(what): ended at \(ball.center)")
  }
}
