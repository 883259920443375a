import Testing
import TestSupport
import PropertyBased
@testable import CollectionLayout

/// Properties of batch updates over random section counts and random valid batches. A failure prints
/// the input and PropertyBased's seed (add `.fixedSeed(…)` to the test to replay it); the batch itself
/// comes from `RandomUpdateGenerator` seeded by the generated `seed`, so the input names it fully.
@Suite struct UpdatePropertyTests {
  static let counts = Gen.int(in: 0...9).array(of: 1...4)
  static let seeds = Gen.uint64()

  /// The batch that undoes `b` (no reloads: a reload cannot be undone): its inserts are `b`'s deletes
  /// and the other way round, its moves run backwards.
  static func inverse(of b: IdentityBatch, oldCounts: [Int]) -> IdentityBatch {
    var inv = IdentityBatch()
    inv.deletedSections = b.insertedSections.map(\.section)
    inv.insertedSections = b.deletedSections.map { ($0, oldCounts[$0]) }
    inv.movedSections = b.movedSections.map { ($0.to, $0.from) }
    inv.deletedItems = b.insertedItems
    inv.insertedItems = b.deletedItems
    inv.movedItems = b.movedItems.map { ($0.to, $0.from) }
    return inv
  }

  static func recorder(_ b: IdentityBatch) -> BatchRecorder {
    var r = BatchRecorder()
    r.deletedSections = b.deletedSections
    r.insertedSections = b.insertedSections.map(\.section)
    r.movedSections = b.movedSections
    r.reloadedSections = b.reloadedSections.map(\.section)
    r.deletedItems = b.deletedItems
    r.insertedItems = b.insertedItems
    r.movedItems = b.movedItems
    r.reloadedItems = b.reloadedItems
    return r
  }

  static func batch(_ counts: [Int], seed: UInt64, reloads: Bool) -> IdentityBatch {
    var generator = RandomUpdateGenerator(rng: SplitMix(seed: seed), maxItems: 40)
    var b = generator.validBatch(counts, single: false)
    if !reloads {
      b.reloadedItems = []
      b.reloadedSections = []
    }
    return b
  }

  static func oldIndexPaths(_ counts: [Int]) -> [IndexPath] {
    counts.indices.flatMap { s in (0..<counts[s]).map { IndexPath(item: $0, section: s) } }
  }

  /// The collection view's plan and the layouts' index map (built from the update items alone) send
  /// every old item to the same place: the physics layouts' bodies go where the views go.
  @Test func thePlanAndTheLayoutsIndexMapAgree() async {
    await propertyCheck(count: 300, input: Self.counts, Self.seeds) { counts, seed in
      let b = Self.batch(counts, seed: seed, reloads: true)
      let model = IdentityModel(counts)
      guard let after = b.apply(to: model.sections, make: model.makeItem) else { return }
      let plan = try UpdatePlan(oldCounts: counts, newCounts: after.map(\.count), batch: Self.recorder(b))
      let map = UpdateIndexMap(plan.updateItems)
      for ip in Self.oldIndexPaths(counts) {
        let reloadedSection = b.reloadedSections.contains { $0.section == ip.section }
        let expected = reloadedSection ? nil : plan.newIndexPath(forOld: ip, includingReloaded: true)
        #expect(map.newIndexPath(forOld: ip) == expected, "\(b): \(ip)")
        // And both agree with the data source: the item found there is the one that was here.
        if let new = expected {
          #expect(after[new.section][new.item].id == model.sections[ip.section][ip.item].id, "\(b): \(ip)")
        }
      }
    }
  }

  /// A valid batch then its inverse maps every surviving item back to where it was.
  @Test func aBatchThenItsInverseRestoresTheMapping() async {
    await propertyCheck(count: 300, input: Self.counts, Self.seeds) { counts, seed in
      let b = Self.batch(counts, seed: seed, reloads: false)
      let model = IdentityModel(counts)
      guard let after = b.apply(to: model.sections, make: model.makeItem) else { return }
      let newCounts = after.map(\.count)
      let plan = try UpdatePlan(oldCounts: counts, newCounts: newCounts, batch: Self.recorder(b))
      let back = try UpdatePlan(
        oldCounts: newCounts, newCounts: counts,
        batch: Self.recorder(Self.inverse(of: b, oldCounts: counts)))
      let map = UpdateIndexMap(plan.updateItems), backMap = UpdateIndexMap(back.updateItems)
      for ip in Self.oldIndexPaths(counts) {
        guard let new = plan.newIndexPath(forOld: ip) else { continue }
        #expect(back.newIndexPath(forOld: new) == ip, "\(b): \(ip) → \(new)")
        #expect(map.newIndexPath(forOld: ip).flatMap { backMap.newIndexPath(forOld: $0) } == ip, "\(b): \(ip)")
      }
    }
  }

  /// On screen: a batch then its inverse leaves every cell showing the original item, and every body
  /// that survived both still belongs to its item, in every layout.
  @Test(arguments: IdentityLayoutKind.allCases)
  func aBatchThenItsInverseRestoresTheCells(kind: IdentityLayoutKind) async {
    await propertyCheck(count: 25, input: Self.counts, Self.seeds) { counts, seed in
      let scene = IdentityScene(kind, counts: counts)
      scene.run(frames: 3)
      let original = scene.model.sections
      let start = bodiesByItemID(scene.cv, scene.model)
      let b = Self.batch(counts, seed: seed, reloads: false)
      guard try scene.perform(b) else { return }
      scene.run(frames: 2)
      scene.model.sections = original
      try scene.cv.performBatchUpdates { try Self.inverse(of: b, oldCounts: counts).tell(scene.cv) }
      #expect(identityViolations(scene.cv, scene.model, bodiesBefore: start) == [], "\(b)")
      scene.run(frames: 20)
      #expect(identityViolations(scene.cv, scene.model, bodiesBefore: start) == [], "\(b), settled")
    }
  }
}
