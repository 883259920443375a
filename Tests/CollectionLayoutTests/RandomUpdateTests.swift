import Geometry2D
import Testing
import TestSupport
@testable import CollectionLayout

/// Random update sequences against every layout, seeded: single and batched inserts, deletes, moves and
/// reloads of items and sections, valid and deliberately invalid, interleaved with drags, flings, the
/// wheel, frames and resizes. After every operation every displayed cell shows the item the data source
/// has at its index path, the physics layouts' springs are keyed by their items, and a refused update
/// changes nothing (counts, cells, their views and frames, springs). A failure prints seed, step and
/// operation. Budget: 4 layouts × 5 seeds × 2,800 steps = 56,000 steps, each one to several collection
/// operations — about 10⁵ operations a run.
@Suite struct RandomUpdateTests {
  static let stepsPerRun = 2_800
  static let seeds: [UInt64] = [1, 2, 3, 4, 5]

  @Test(arguments: IdentityTests.layoutNames)
  func randomSequencesKeepIdentity(layout name: String) throws {
    var operations = 0
    for seed in Self.seeds { operations += try run(name, seed: seed) }
    #expect(operations >= 20_000, "\(name): \(operations) collection operations")
  }

  /// One seeded run; returns how many collection operations it made.
  func run(_ name: String, seed: UInt64) throws -> Int {
    var rng = SplitMix(seed: seed)
    let multiSection = name == "flow" || name == "springy"
    let frame = name == "carousel" ? Rect(x: 0, y: 0, width: 900, height: 300) : Rect(x: 0, y: 0, width: 360, height: 480)
    let (cv, data) = Identity.make(IdentityTests.make(name), sections: multiSection ? [12, 0, 25] : [name == "newtonian" ? 4 : 30],
                                   frame: frame)
    var driver = RandomUpdateDriver(cv: cv, data: data, multiSection: multiSection, maximumItems: name == "newtonian" ? 8 : 60)
    for step in 0..<Self.stepsPerRun {
      let op = driver.step(&rng)
      let problems = Identity.problems(cv, data) + springProblems(cv)
      guard problems.isEmpty else {
        Issue.record("\(name) seed \(seed) step \(step) after \(op): \(problems.prefix(3))")
        return driver.operations
      }
      if let refusal = driver.lastRefusalProblem {
        Issue.record("\(name) seed \(seed) step \(step) after \(op): a refused update changed \(refusal)")
        return driver.operations
      }
    }
    return driver.operations
  }

  /// Springs keyed by their items' index paths, inside the data.
  func springProblems(_ cv: CollectionView) -> [String] {
    let springs: [LayoutSpring]
    let lookup: (ElementKey) -> LayoutSpring?
    switch cv.collectionViewLayout {
    case let l as SpringyFlowLayout: (springs, lookup) = (l.springs, l.spring(for:))
    case let l as SpringyCarouselLayout: (springs, lookup) = (l.springs, l.spring(for:))
    default: return []
    }
    return springs.compactMap { s in
      let ip = s.attributes.indexPath
      if ip.section >= cv.numberOfSections || ip.item >= cv.numberOfItems(inSection: ip.section) { return "a spring at \(ip) outside the data" }
      return lookup(.cell(ip))?.attributes === s.attributes ? nil : "the spring at \(ip) is keyed elsewhere"
    }
  }
}
