import Dynamics
import Geometry2D

/// An app that makes and drops an animator for every transition it plays: `count` animators, each with
/// two items under gravity, collision, an attachment between them and their material, stepped a few
/// frames and dropped. Nothing may outlive its last reference (the animator, its behaviors and its
/// items: a reference cycle between them would keep all of them), and memory may not grow.
enum AnimatorChurn {
  struct Survivors {
    weak var animator: DynamicAnimator?
    weak var behavior: DynamicBehavior?
    weak var item: DynamicBody?
  }

  static func once() -> Survivors {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
    let a = DynamicBody(center: Point(x: 150, y: 100), size: Size(width: 40, height: 40))
    let b = DynamicBody(center: Point(x: 250, y: 100), size: Size(width: 40, height: 40), collisionBoundsType: .ellipse)
    let collision = CollisionBehavior(items: [a, b])
    collision.translatesReferenceBoundsIntoBoundary = true
    let material = DynamicItemBehavior(items: [a, b])
    material.elasticity = 0.5
    animator.addBehavior(GravityBehavior(items: [a, b]))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    animator.addBehavior(AttachmentBehavior(item: a, attachedTo: b))
    for _ in 0..<3 { animator.advance(by: 1.0 / 60) }
    return Survivors(animator: animator, behavior: collision, item: a)
  }

  static func run(count: Int) -> LoadScene.Result {
    let warmUp = min(1_000, count / 10)
    var start = 0
    var survivors = 0
    for i in 0..<count {
      if i == warmUp { start = ResidentMemory.kilobytes() }
      let left = once()
      if left.animator != nil || left.behavior != nil || left.item != nil { survivors += 1 }
    }
    let end = ResidentMemory.kilobytes()
    var failures: [String] = []
    if survivors > 0 { failures.append("animator churn: \(survivors) of \(count) animators left something behind") }
    if end > start + ResidentMemory.allowedGrowth(from: start) {
      failures.append("animator churn: resident memory grew from \(start / 1024) MiB to \(end / 1024) MiB")
    }
    let line =
      "load animator-churn: \(count) animators made, stepped and dropped; left behind: \(survivors); "
      + "memory after \(warmUp) \(start / 1024) MiB, at the end \(end / 1024) MiB"
    return LoadScene.Result(line: line, failures: failures)
  }
}
