import Geometry2D
import Testing
import TestSupport
@testable import Dynamics

/// The proxies' kept boundary verdicts (`BoundaryVerdict`) give the narrow phase the answer the bands
/// and segments would: for every colliding proxy, at every pass, `reachesBoundary` is
/// `mayReachBoundary`, however the largest reach grows or shrinks, the proxies move and the segments
/// change.
@Suite("Boundary verdicts")
struct BoundaryReachTests {
  /// Random segments (`BoundaryBandsTests.segments`) and proxies, judged over passes of random largest
  /// reaches (none, small, growing past what was judged, huge), some proxies moved between passes (their
  /// verdict forgotten, as the refresh does) and the segments sometimes replaced.
  @Test(arguments: 1...40)
  func aKeptVerdictAnswersAsTheSegmentsWould(seed: Int) {
    var r = SplitMix(seed: UInt64(seed))
    var used: [Double] = []
    var shapes = ShapeStore()
    shapes.boundaries = BoundaryBandsTests.segments(&r, &used)
    shapes.broadPhase.proxies = (0..<120).map { k in Self.proxy(&r, used, shape: Int32(k)) }
    let pool = WorkerPool(count: 1)
    for pass in 0..<30 {
      let grown = shapes.largestReach * 2.5
      shapes.largestReach = r.pick([0, r.uniform(0, 0.5), r.uniform(0, 20), r.uniform(0, 1e4), grown])
      for k in shapes.broadPhase.proxies.indices where r.chance(0.1) {
        shapes.broadPhase.proxies[k] = Self.proxy(&r, used, shape: Int32(k))
      }
      if r.chance(0.05) { shapes.boundaries = BoundaryBandsTests.segments(&r, &used) }
      shapes.judgeBoundaryReach(on: pool)
      for p in shapes.broadPhase.proxies where p.collidesWithBoundaries {
        #expect(
          shapes.reachesBoundary(p) == shapes.mayReachBoundary(p),
          "seed \(seed), pass \(pass): proxy \(p) at reach \(shapes.largestReach)")
      }
    }
  }

  /// A proxy of random bounds (sometimes NaN), not yet judged.
  static func proxy(_ r: inout SplitMix, _ used: [Double], shape: Int32) -> Proxy {
    let xs = [r.uniform(-150, 150), r.uniform(-150, 150)].sorted()
    var ys = [BoundaryBandsTests.height(&r, used), BoundaryBandsTests.height(&r, used)].sorted()
    if r.chance(0.05) { ys[0] = .nan }
    return Proxy(
      minX: xs[0], maxX: xs[1], minY: ys[0], maxY: ys[1], itemMask: 1, shape: shape, body: 0, isStatic: false,
      collidesWithBoundaries: r.chance(0.8))
  }

  /// The engine's own passes: boxes thrown about a box of walls with shelves added and removed, the
  /// bodies' reaches changing with their speeds; after every frame each colliding proxy's kept verdict
  /// answers as the segments would.
  @Test(arguments: 1...6)
  func theEnginesVerdictsFollowItsProxiesAndSegments(seed: Int) {
    var r = SplitMix(seed: UInt64(seed) &+ 0xB0_0D)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
    let boxes = (0..<40).map { _ in
      DynamicBody(
        center: Point(x: r.uniform(40, 760), y: r.uniform(40, 560)),
        size: Size(width: r.uniform(8, 40), height: r.uniform(8, 40)))
    }
    let collision = CollisionBehavior(items: boxes)
    collision.translatesReferenceBoundsIntoBoundary = true
    let material = DynamicItemBehavior(items: boxes)
    animator.addBehavior(collision)
    animator.addBehavior(material)
    animator.addBehavior(GravityBehavior(items: boxes))
    for frame in 0..<120 {
      if r.chance(0.1) {
        let y = r.uniform(100, 500)
        collision.addBoundary(
          withIdentifier: "shelf \(frame)", from: Point(x: r.uniform(0, 400), y: y),
          to: Point(x: r.uniform(400, 800), y: y + r.uniform(-30, 30)))
      }
      if r.chance(0.05), let shelf = collision.boundaryIdentifiers.first(where: { $0.hasPrefix("shelf") }) {
        collision.removeBoundary(withIdentifier: shelf)
      }
      if r.chance(0.1) {
        let box = r.pick(boxes)
        material.addLinearVelocity(Vector(dx: r.uniform(-3000, 3000), dy: r.uniform(-3000, 3000)), for: box)
      }
      animator.advance(by: 1.0 / 60)
      let shapes = animator.world.shapes
      for p in shapes.broadPhase.proxies where p.collidesWithBoundaries {
        #expect(
          shapes.reachesBoundary(p) == shapes.mayReachBoundary(p),
          "seed \(seed), frame \(frame): proxy of shape \(p.shape) at reach \(shapes.largestReach)")
      }
    }
  }
}
