import Geometry2D
import TestSupport
import Testing
@testable import Dynamics

/// What the narrow phase notes of its contacts for what comes after it, against the contacts
/// themselves, on a seeded heap of boxes and circles tumbling into a walled box and onto a shelf, on
/// one thread and on three with slices of two proxies (so slices come and go, and their windows move),
/// sleeping on or off:
/// - how they follow the last pass's (`ContactStore.succession`): whatever it says after a frame must
///   be so, the same keys index for index, some contact with no predecessor, or every contact with one
///   and not all at their own index;
/// - each contact's body A (`FoundContacts.bodiesA`), from which the next pass indexes them by body:
///   the index made from the notes is the one made from the contacts.
@Suite("What the narrow phase notes of its contacts")
struct NarrowPhaseNotesTests {
  /// What the lists say: how `list` follows `previous`.
  static func truth(_ list: [Contact], _ previous: [Contact]) -> ContactSuccession {
    let keys = Set(previous.map(\.key))
    if list.contains(where: { !keys.contains($0.key) }) { return .someNew }
    let same = list.count <= previous.count && list.indices.allSatisfy { list[$0].key == previous[$0].key }
    return same ? .sameOrder : .reordered
  }

  static func heap(seed: UInt64, workers: Int, sleeps: Bool) -> (DynamicAnimator, [DynamicBody]) {
    var r = SplitMix(seed: seed)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 900, height: 700))
    animator.workerCount = workers
    if workers > 1 { animator.workers.grainOverride = 2 }
    animator.allowsSleeping = sleeps
    var items: [DynamicBody] = []
    for k in 0..<(120 + r.int(80)) {
      let size = Size(width: r.uniform(12, 50), height: r.uniform(12, 50))
      let center = Point(x: 40 + Double(k % 16) * 52 + r.uniform(-4, 4), y: 30 + Double(k / 16) * 50)
      let item = DynamicBody(center: center, size: size, collisionBoundsType: r.int(3) == 0 ? .ellipse : .rectangle)
      item.transform = AffineTransform(rotationAngle: r.uniform(-0.5, 0.5))
      items.append(item)
    }
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(
      withIdentifier: "shelf", from: Point(x: 150, y: 450 + r.uniform(-40, 40)), to: Point(x: 600, y: 520))
    let material = DynamicItemBehavior(items: items)
    material.elasticity = r.uniform(0, 0.6)
    material.friction = r.uniform(0.2, 0.8)
    animator.addBehavior(GravityBehavior(items: items))
    animator.addBehavior(collision)
    animator.addBehavior(material)
    return (animator, items)
  }

  @Test(arguments: Array(1...6) as [UInt64])
  func theNarrowPhaseSaysHowItsContactsFollowTheLastPasss(seed: UInt64) {
    for workers in [1, 3] {
      let (animator, items) = Self.heap(seed: seed, workers: workers, sleeps: seed % 2 == 0)
      var told = [ContactSuccession: Int]()
      for frame in 0..<200 {
        // A nudge now and then reorders the heap's contacts.
        if frame % 45 == 44 { items[frame % items.count].center.x += 3 }
        animator.advance(by: 1.0 / 60)
        let contacts = animator.world.contacts
        let said = contacts.succession
        told[said, default: 0] += 1
        guard said != .unknown else { continue }
        let truth = Self.truth(contacts.list, contacts.previous)
        #expect(said == truth, "seed \(seed), \(workers) workers, frame \(frame): said \(said), lists \(truth)")
      }
      // The scene reaches each answer the carrying acts on (not a test that cannot fail for want of cases).
      #expect((told[.someNew] ?? 0) > 0 && (told[.sameOrder] ?? 0) > 0, "seed \(seed), \(workers) workers: \(told)")
    }
  }

  @Test(arguments: Array(1...4) as [UInt64])
  func theIndexFromTheNotedBodiesIsTheContactsIndex(seed: UInt64) {
    for workers in [1, 3] {
      let (animator, items) = Self.heap(seed: seed, workers: workers, sleeps: seed % 2 == 1)
      var fromNotes = 0
      for frame in 0..<160 {
        if frame % 45 == 44 { items[frame % items.count].center.x += 3 }
        animator.advance(by: 1.0 / 60)
        // As the next pass starts: this pass's contacts become the previous ones, indexed both ways.
        var noted = animator.world.contacts
        noted.previous = noted.list
        var plain = noted
        plain.slicesNotingBodies = 0
        let bodyCount = animator.world.bodies.count
        if noted.slicesNotingBodies > 0 { fromNotes += 1 }
        noted.indexPreviousContacts(bodyCount: bodyCount, on: WorkerPool(count: 1))
        plain.indexPreviousContacts(bodyCount: bodyCount, on: WorkerPool(count: 1))
        let n = noted.previous.count
        #expect(
          noted.previousHead == plain.previousHead && noted.previousNext[..<n] == plain.previousNext[..<n],
          "seed \(seed), \(workers) workers, frame \(frame): \(n) contacts")
      }
      #expect(fromNotes > 80, "seed \(seed), \(workers) workers: \(fromNotes) frames indexed from the notes")
    }
  }
}
