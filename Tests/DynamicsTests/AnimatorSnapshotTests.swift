import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// `DynamicAnimator.takeSnapshot()` and `restore(_:)`: a run that takes a snapshot, wanders off through
/// changes of configuration (behaviors and items added and removed, materials set, anchors dragged)
/// and restores then moves, and changes, exactly as one that never left.
@Suite struct AnimatorSnapshotTests {
  @Test(arguments: UInt64(1)...32)
  func restoreThenStepEqualsNeverSnapshotted(seed: UInt64) {
    let straight = Self.run(seed: seed, detour: false)
    let restored = Self.run(seed: seed, detour: true)
    #expect(restored == straight, "seed \(seed): the restored run moved differently")
  }

  /// What a random scene's own bookkeeping holds: the test restores it beside the animator, as a
  /// scene restores its own variables beside its animator's snapshot.
  typealias Bookkeeping = (
    items: [DynamicBody], removable: [DynamicBehavior], freeCells: [Int], random: SceneRandom,
    accelerations: [ObjectIdentifier: Vector]
  )

  /// The digest of 60 frames (with changes) after a snapshot 30 frames into a random scene, with or
  /// without a detour of up to 60 frames of other changes restored away before them.
  static func run(seed: UInt64, detour: Bool) -> UInt64 {
    let scene = RandomScene(seed: seed, conservative: seed % 3 == 0)
    var random = SceneRandom(state: seed ^ 0x5A7E_0000_0003)
    for _ in 0..<30 { change(scene, random: &random) }
    let snapshot = scene.animator.takeSnapshot()
    let kept: Bookkeeping = (scene.items, scene.removable, scene.freeCells, scene.random, scene.accelerations)
    let keptRandom = random
    if detour {
      var other = SceneRandom(state: seed ^ 0xDE70_0000_0004)
      for _ in 0..<other.int(1..<60) { change(scene, random: &other) }
      scene.animator.restore(snapshot)
      (scene.items, scene.removable, scene.freeCells, scene.random, scene.accelerations) = kept
      random = keptRandom
    }
    var digest = MotionDigest()
    for _ in 0..<60 {
      change(scene, random: &random)
      digest.fold(scene.items, material: scene.material)
    }
    return digest.value
  }

  /// A frame: sometimes a change of configuration or a dragged anchor, then a step.
  static func change(_ scene: RandomScene, random: inout SceneRandom) {
    if !scene.conservative && random.chance(0.2) {
      switch random.int(5) {
      case 0: scene.addBehavior()
      case 1: scene.addItem()
      case 2: if !scene.items.isEmpty { scene.removeItem() }
      case 3: if !scene.removable.isEmpty { scene.removeBehavior() }
      default: scene.randomMaterial()
      }
    }
    for b in scene.animator.behaviors {
      if let a = b as? AttachmentBehavior, a.attachedBehaviorType == .anchor, random.chance(0.3) {
        a.anchorPoint = Point(x: random.uniform(0, 1000), y: random.uniform(0, 1000))
      }
    }
    scene.animator.advance(by: random.pick([DynamicAnimator.stepDuration, 1.0 / 60, random.uniform(0, 0.05)]))
  }

  @Test func aSnapshotTakesBackABehaviorAddedSince() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
    let item = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.advance(by: 0.1)
    let snapshot = animator.takeSnapshot()
    let grab = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 300, y: 50))
    animator.addBehavior(grab)
    animator.advance(by: 0.3)
    animator.restore(snapshot)
    #expect(animator.behaviors.count == 1)
    #expect(grab.dynamicAnimator == nil)
    // The behavior taken back can join again, as a fresh one would.
    animator.addBehavior(grab)
    animator.advance(by: 0.1)
    #expect(grab.dynamicAnimator === animator)
  }
}
