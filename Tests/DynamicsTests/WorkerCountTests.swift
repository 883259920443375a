import Geometry2D
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import Dynamics

/// Any number of worker threads gives the same bits: every stage the pool runs in slices computes each
/// slice as it would alone, so 1, 2, 3 and 4 workers (more than this machine's cores, too) must step a
/// scene to exactly the same state. Small random scenes of every behavior kind are cut as finely as
/// can be (slices of one item, the pool on at any size); seeded piles of hundreds of shapes run with the
/// stages' own grains.
@Suite struct WorkerCountTests {
  @Test(arguments: 0..<2)
  func smallScenesCutFinelyGiveTheSameBits(chunk: Int) {
    for seed in UInt64(chunk * 20 + 1)...UInt64(chunk * 20 + 20) {
      let conservative = seed % 2 == 0
      let alone = RandomScene(seed: seed, conservative: conservative)
      alone.animator.workerCount = 1
      run(alone.animator, seconds: 1.5)
      for workers in 2...4 {
        let shared = RandomScene(seed: seed, conservative: conservative)
        shared.animator.workerCount = workers
        shared.animator.workers.minimumBodies = 0
        shared.animator.workers.grainOverride = 1
        run(shared.animator, seconds: 1.5)
        for k in alone.items.indices {
          let a = alone.items[k], b = shared.items[k]
          #expect(
            a.center == b.center && a.transform == b.transform,
            "seed \(seed), \(workers) workers, item \(k): \(b.center) \(b.transform), alone \(a.center) \(a.transform)\n\(alone.description)"
          )
        }
      }
    }
  }

  @Test(arguments: [UInt64(11), 12, 13])
  func seededPilesGiveTheSameBits(seed: UInt64) {
    let alone = SeededPile(seed: seed, workers: 1)
    let runs = (2...4).map { SeededPile(seed: seed, workers: $0) }
    for frame in 0..<90 {
      alone.frame(frame)
      for pile in runs { pile.frame(frame) }
    }
    for pile in runs {
      for k in alone.items.indices {
        let a = alone.items[k], b = pile.items[k]
        #expect(
          a.center == b.center && a.transform == b.transform,
          "seed \(seed), \(pile.animator.workerCount) workers, item \(k) of \(alone.items.count): \(b.center), alone \(a.center)"
        )
      }
      #expect(pile.animator.workers.isParallel == false, "seed \(seed): the pool's session ends with the advance")
    }
  }
}

/// A seeded pile big enough for the pool (over `WorkerPool.minimumBodies`): boxes, circles and
/// polygons of random sizes dropped into a walled box onto anchored pegs, a chain of attachments, and an
/// anchored paddle moved by hand every frame.
private final class SeededPile {
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1600, height: 1200))
  var items: [DynamicBody] = []
  let paddle = DynamicBody(center: Point(x: 800, y: 900), size: Size(width: 300, height: 20))

  init(seed: UInt64, workers: Int) {
    animator.workerCount = workers
    var random = SplitMix(state: seed)
    let collision = CollisionBehavior()
    collision.translatesReferenceBoundsIntoBoundary = true
    let gravity = GravityBehavior()
    let material = DynamicItemBehavior()
    material.friction = 0.6
    material.elasticity = 0.1
    for k in 0..<420 {
      let x = 40 + Double(k % 30) * 50 + random.uniform(-5, 5), y = 40 + Double(k / 30) * 45
      let w = random.uniform(10, 40), h = random.uniform(10, 40)
      let item: DynamicBody
      switch random.int(3) {
      case 0: item = DynamicBody(center: Point(x: x, y: y), size: Size(width: w, height: h))
      case 1:
        item = DynamicBody(center: Point(x: x, y: y), size: Size(width: w, height: w), collisionBoundsType: .ellipse)
      default:
        let corners = (0..<5).map { c -> Point in
          let a = Double(c) * 2 * Double.pi / 5 + random.uniform(-0.2, 0.2)
          return Point(x: 0.5 * w * cos(a), y: 0.5 * h * sin(a))
        }
        item = DynamicBody(
          center: Point(x: x, y: y), size: Size(width: w, height: h), collisionBoundsType: .path,
          collisionBoundingPath: Path(polygon: corners))
      }
      item.transform = AffineTransform(rotationAngle: random.uniform(-1, 1))
      items.append(item)
      collision.addItem(item)
      gravity.addItem(item)
      material.addItem(item)
    }
    let pegs = DynamicItemBehavior()
    pegs.isAnchored = true
    for k in 0..<8 {
      let peg = DynamicBody(center: Point(x: 150 + Double(k) * 180, y: 750), size: Size(width: 30, height: 30))
      collision.addItem(peg)
      pegs.addItem(peg)
    }
    collision.addItem(paddle)
    pegs.addItem(paddle)
    for k in 1..<6 {
      animator.addBehavior(AttachmentBehavior(item: items[k], attachedTo: items[k - 1]))
    }
    for b in [collision, gravity, material, pegs] { animator.addBehavior(b) }
  }

  /// One 1/60 s frame, the paddle moved first.
  func frame(_ k: Int) {
    paddle.center = Point(x: 800 + 300 * sin(Double(k) / 20), y: 900)
    animator.updateItem(usingCurrentState: paddle)
    animator.advance(by: 1.0 / 60)
  }
}
