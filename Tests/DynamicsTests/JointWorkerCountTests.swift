import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// Joints on the pool's threads give the same bits as on one: the warm start's two stages (each row's
/// velocity changes, then each body's in creation order) and the relax pass with the energy watch's
/// tally (each row's held energy kept, then added up in the pass's order). Seeded grids of circles on
/// pins hang from a few anchored circles and swing from a random kick, some pins replaced by welds,
/// springs or ropes (so groups are watched and left alone), bodies stepped with 1 to 4 workers, cut into
/// slices of a few rows.
@Suite struct JointWorkerCountTests {
  @Test(arguments: [UInt64(21), 22, 23, 24])
  func pinnedGridsGiveTheSameBits(seed: UInt64) {
    let alone = PinnedGrid(seed: seed, workers: 1)
    let runs = (2...4).map { PinnedGrid(seed: seed, workers: $0) }
    for _ in 0..<60 {
      alone.animator.advance(by: 1.0 / 60)
      for grid in runs { grid.animator.advance(by: 1.0 / 60) }
    }
    let held = alone.animator.world.joints.energy
    if seed % 2 == 1 {
      #expect(held.heldBefore.contains { $0 > 0 }, "seed \(seed): the energy watch tallied nothing")
    }
    for grid in runs {
      // The tallies decide only when a group gained energy; their sums must match whether or not one did.
      let shared = grid.animator.world.joints.energy
      #expect(
        shared.heldBefore.map(\.bitPattern) == held.heldBefore.map(\.bitPattern)
          && shared.heldAfter.map(\.bitPattern) == held.heldAfter.map(\.bitPattern),
        "seed \(seed), \(grid.animator.workerCount) workers: the energy watch's held sums differ")
      for k in alone.items.indices {
        let a = alone.items[k], b = grid.items[k]
        #expect(
          a.center == b.center && a.transform == b.transform,
          "seed \(seed), \(grid.animator.workerCount) workers, item \(k) of \(alone.items.count): \(b.center), alone \(a.center)"
        )
      }
    }
  }

  @Test func theGridSwings() {
    // The comparison above means something only if the joints act: the grid moves and stays held.
    let grid = PinnedGrid(seed: 21, workers: 2)
    let start = grid.items.map(\.center)
    for _ in 0..<60 { grid.animator.advance(by: 1.0 / 60) }
    let moved = zip(start, grid.items.map(\.center)).map {
      (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot()
    }
    #expect(moved.max()! > 5, "seed 21: the grid did not move (largest move \(moved.max()!) pt)")
    #expect(grid.items.allSatisfy { $0.center.y < 2000 }, "seed 21: the grid fell apart")
  }
}

/// An n × n grid of circles 30 pt apart, each pinned to its upper and left neighbours, three to five
/// of the top row anchored; a few links are welds instead of pins (an odd seed: the grid holds rigid
/// joints only, so the energy watch tallies it), or welds, springs and ropes (an even seed: a spring
/// leaves the group unwatched); every circle gets a random push to start.
private final class PinnedGrid {
  let animator = DynamicAnimator()
  var items: [DynamicBody] = []

  init(seed: UInt64, workers: Int) {
    var random = SplitMix(seed: seed)
    animator.workerCount = workers
    animator.workers.minimumBodies = 0
    // Drawn whatever the worker count, so every run builds the same grid.
    let grain = 1 + random.int(5)
    animator.workers.grainOverride = workers == 1 ? nil : grain
    let n = 12 + random.int(6)
    let gravity = GravityBehavior()
    let anchors = DynamicItemBehavior()
    anchors.isAnchored = true
    let push = PushBehavior(items: [], mode: .instantaneous)
    for k in 0..<n {
      for i in 0..<n {
        let item = DynamicBody(
          center: Point(x: 100 + 30 * Double(k), y: 100 + 30 * Double(i)), size: Size(width: 20, height: 20),
          collisionBoundsType: .ellipse)
        items.append(item)
        if i == 0 && abs(k - n / 2) <= 1 + random.int(2) {
          anchors.addItem(item)
        } else {
          gravity.addItem(item)
          push.addItem(item)
        }
        let (up, left) = (
          Point(x: 100 + 30 * Double(k), y: 85 + 30 * Double(i)), Point(x: 85 + 30 * Double(k), y: 100 + 30 * Double(i))
        )
        if i > 0 { link(items[items.count - 2], item, at: up, springs: seed % 2 == 0, &random) }
        if k > 0 { link(items[items.count - 1 - n], item, at: left, springs: seed % 2 == 0, &random) }
      }
    }
    push.pushDirection = Vector(dx: random.uniform(-2, 2), dy: random.uniform(-2, 2))
    for b in [gravity, anchors, push] { animator.addBehavior(b) }
  }

  private func link(_ a: DynamicBody, _ b: DynamicBody, at p: Point, springs: Bool, _ random: inout SplitMix) {
    switch springs ? random.int(20) : 2 * random.int(10) {
    case 0: animator.addBehavior(AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: p))
    case 1:
      let spring = AttachmentBehavior(item: a, attachedTo: b)
      spring.frequency = 3
      spring.damping = 0.3
      animator.addBehavior(spring)
    case 2:
      animator.addBehavior(
        AttachmentBehavior.limitAttachment(
          with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero))
    default: animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: p))
    }
  }
}
