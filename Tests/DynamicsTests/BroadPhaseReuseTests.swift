import Testing
import Geometry2D
import TestSupport
@testable import Dynamics

/// The broad phase's grown bounds: a pass that keeps the last sweep's pairs still collides every pair
/// whose swept bounds overlap, and a pile at rest runs no sweep at all.
@Suite("Broad phase pair reuse")
struct BroadPhaseReuseTests {
  /// The pairs the world would collide now, from scratch: every two proxies whose shapes' swept bounds
  /// overlap and whose filter accepts them.
  static func missingPairs(_ probe: EngineProbe) -> [String] {
    let px = probe.broadPhase.proxies
    var listed = Set<UInt64>()
    for p in probe.broadPhase.pairs { listed.insert(UInt64(UInt32(p.a)) << 32 | UInt64(UInt32(p.b))) }
    var missing: [String] = []
    for i in px.indices where px[i].itemMask != 0 {
      for j in px.indices where j != i {
        guard probe.shapeBounds(px[i].shape).overlaps(probe.shapeBounds(px[j].shape)) else { continue }
        guard probe.broadPhaseAccepts(px[i], px[j]) else { continue }
        let pair = ShapePair(px[i], px[j])
        if !listed.contains(UInt64(UInt32(pair.a)) << 32 | UInt64(UInt32(pair.b))) {
          missing.append("shapes \(pair.a)–\(pair.b)")
        }
      }
    }
    return missing
  }

  /// Random scenes, with items teleported (a little or far), kicked, added and removed and behaviors
  /// changed between frames: whenever the last sweep's pairs stand, they hold every overlapping pair.
  @Test(arguments: Array(1...24) as [UInt64])
  func keptPairsHoldEveryOverlappingPair(seed: UInt64) {
    let scene = RandomScene(seed: 7_000 + seed, conservative: seed % 2 == 0)
    var r = SplitMix(seed: seed)
    var checked = 0, kept = 0
    for frame in 0..<240 {
      if r.chance(0.1), !scene.items.isEmpty {
        let item = scene.items[r.int(scene.items.count)]
        let d = r.chance(0.5) ? r.uniform(-3, 3) : r.uniform(-200, 200)
        item.center = Point(x: min(max(item.center.x + d, 20), 980), y: min(max(item.center.y + d, 20), 980))
        scene.animator.updateItem(usingCurrentState: item)
      }
      if r.chance(0.03) { scene.addItem() }
      if r.chance(0.02) { scene.removeItem() }
      if r.chance(0.03) { scene.addBehavior() }
      if r.chance(0.02) { scene.removeBehavior() }
      let sweepsBefore = scene.animator.engineProbe.broadPhase.sweepCount
      scene.animator.advance(by: 1.0 / 60)
      let probe = scene.animator.engineProbe
      guard probe.broadPhase.pairsCurrent else { continue }
      if probe.broadPhase.sweepCount == sweepsBefore { kept += 1 }
      checked += 1
      let missing = Self.missingPairs(probe)
      if !missing.isEmpty {
        Issue.record("seed \(seed), frame \(frame): kept pairs miss \(missing.prefix(3)) — \(scene.description)")
        return
      }
    }
    #expect(checked > 0, "seed \(seed): the pairs never stood after a frame")
    _ = kept
  }

  /// A stack at rest: after it settles, a second of running (kept awake) sweeps nothing, and every
  /// overlapping pair is still collided.
  @Test func aRestingStackSweepsNothing() {
    let floorY = 600.0
    let boxes = (0..<8).map { k in box(200, floorY - 22 - 44 * Double(k), 44, 44) }
    let collision = CollisionBehavior(items: boxes)
    collision.addBoundary(withIdentifier: "floor", from: Point(x: -100, y: floorY), to: Point(x: 500, y: floorY))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: boxes))
    animator.addBehavior(collision)
    run(animator, seconds: 2)
    let sweeps = animator.engineProbe.broadPhase.sweepCount
    for _ in 0..<60 {
      animator.updateItem(usingCurrentState: boxes[0])
      animator.advance(by: 1.0 / 60)
    }
    #expect(animator.isRunning, "the stack paused: the test needs it awake")
    #expect(
      animator.engineProbe.broadPhase.sweepCount == sweeps,
      "a resting stack swept \(animator.engineProbe.broadPhase.sweepCount - sweeps) times")
    #expect(Self.missingPairs(animator.engineProbe).isEmpty)
    for (k, b) in boxes.enumerated() {
      // Soft contacts may each overlap by about the slop (0.5 pt), so the stack settles a little.
      #expect(abs(b.center.y - (floorY - 22 - 44 * Double(k))) < 0.5 * Double(k + 1) + 0.5, "box \(k) at \(b.center.y)")
    }
  }
}
