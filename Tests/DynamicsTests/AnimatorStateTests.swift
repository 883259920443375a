import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// `DynamicAnimator.saveState()` and `restore(_:)`: a run that saves, wanders off (steps, drags
/// anchors, moves snap points, fires pushes) and restores then moves exactly as one that never left.
@Suite struct AnimatorStateTests {
  @Test(arguments: UInt64(1)...24)
  func restoreThenStepEqualsNeverSaved(seed: UInt64) {
    let straight = Self.run(seed: seed, detour: false)
    let restored = Self.run(seed: seed, detour: true)
    #expect(restored == straight, "seed \(seed): the restored run moved differently")
  }

  /// The digest of 40 frames after a save 30 frames into a random scene (changed mid-run), with or
  /// without a detour of up to 40 frames of other input restored away before them.
  static func run(seed: UInt64, detour: Bool) -> UInt64 {
    let scene = RandomScene(seed: seed, conservative: seed % 3 == 0)
    var random = SceneRandom(state: seed ^ 0x5A7E_0000_0001)
    func frame() -> Double {
      random.pick([DynamicAnimator.stepDuration, 1.0 / 60, 1.0 / 30, random.uniform(0, 0.05)])
    }
    for _ in 0..<30 {
      if !scene.conservative && random.chance(0.15) {
        random.chance(0.5) ? scene.addBehavior() : scene.addItem()
      }
      scene.animator.advance(by: frame())
    }
    let saved = scene.animator.saveState()
    if detour { wander(scene, seed: seed, from: saved) }
    var digest = MotionDigest()
    for _ in 0..<40 {
      scene.animator.advance(by: frame())
      digest.fold(scene.items, material: scene.material)
    }
    return digest.value
  }

  /// Steps and moves what moves without changing the configuration, then restores `saved`.
  static func wander(_ scene: RandomScene, seed: UInt64, from saved: DynamicAnimator.State) {
    var other = SceneRandom(state: seed ^ 0xDE70_0000_0002)
    for _ in 0..<other.int(1..<40) {
      for b in scene.animator.behaviors {
        if let a = b as? AttachmentBehavior, a.attachedBehaviorType == .anchor {
          a.anchorPoint = Point(x: other.uniform(0, 1000), y: other.uniform(0, 1000))
        } else if let s = b as? SnapBehavior {
          s.snapPoint = Point(x: other.uniform(0, 1000), y: other.uniform(0, 1000))
        } else if let p = b as? PushBehavior {
          p.active = true
        }
      }
      scene.animator.advance(by: other.uniform(0, 0.05))
    }
    #expect(scene.animator.canRestore(saved))
    scene.animator.restore(saved)
  }

  @Test func aPileMidFallRestoresItsContactsAndSleep() {
    func fall(detour: Bool) -> UInt64 {
      let pile = Pile(count: 120)
      for _ in 0..<90 { pile.animator.advance(by: 1.0 / 60) }
      let saved = pile.animator.saveState()
      if detour {
        for _ in 0..<150 { pile.animator.advance(by: 1.0 / 60) }
        pile.animator.restore(saved)
        #expect(pile.animator.elapsedTime == saved.elapsedTime)
      }
      var digest = MotionDigest()
      for _ in 0..<300 {
        pile.animator.advance(by: 1.0 / 60)
        digest.fold(pile.boxes, material: pile.material)
      }
      return digest.value
    }
    #expect(fall(detour: true) == fall(detour: false))
  }

  @Test func aChangedConfigurationCannotBeRestored() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
    let item = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.advance(by: 0.1)
    let saved = animator.saveState()
    animator.advance(by: 0.1)
    #expect(animator.canRestore(saved))
    animator.addBehavior(CollisionBehavior(items: [item]))
    #expect(!animator.canRestore(saved), "a behavior joined since the save")
    #expect(!DynamicAnimator().canRestore(saved), "another animator's state")
  }

  @Test func restoringWritesTheItemsBack() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
    let item = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let push = PushBehavior(items: [item], mode: .continuous)
    push.pushDirection = Vector(dx: 1, dy: 0.5)
    push.setTargetOffsetFromCenter(Offset(horizontal: 5, vertical: 5), for: item)
    animator.addBehavior(push)
    animator.advance(by: 0.2)
    let (center, transform) = (item.center, item.transform)
    let saved = animator.saveState()
    animator.advance(by: 0.5)
    #expect(item.center != center && item.transform != transform)
    animator.restore(saved)
    #expect(item.center == center && item.transform == transform)
  }
}
