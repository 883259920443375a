import Testing
import TestSupport
import Geometry2D
@testable import CollectionLayout

/// Seeded random sequences of collection operations against every layout: single and batch updates,
/// valid and deliberately invalid, interleaved with scroll steps, drags, flings, frames and resizes.
/// After every operation the identity invariants hold (`identityViolations`), and a refused update
/// leaves a full snapshot unchanged. A failure names the seed, the step and the operation.
///
/// Budget: `seeds.count` × 4 layouts × `steps` operations (an operation is one update, one frame, one
/// scroll step, one pointer event or one resize): 3 × 4 × 2,500 = 3·10⁴ per run. With
/// `RandomUpdateTests` (its own generator, driver and invariants) the suite makes about 10⁵ a run.
@Suite struct RandomBatchUpdateTests {
  static let seeds: [UInt64] = [42, 2024, 0xDEC0DE]
  static let steps = 2_500

  @Test(arguments: IdentityLayoutKind.allCases)
  func randomOperationSequencesKeepIdentity(kind: IdentityLayoutKind) {
    for seed in Self.seeds {
      var run = RandomUpdateRun(kind: kind, seed: seed)
      if let failure = run.run(steps: Self.steps) {
        Issue.record("\(kind), seed \(seed): \(failure)")
      } else {
        #expect(run.operations == Self.steps)
      }
    }
  }

  /// The invalid updates a sequence makes are really refused (the generator's cases all throw).
  @Test func invalidUpdatesAreRefused() {
    var generator = RandomUpdateGenerator(rng: SplitMix(seed: 9), maxItems: 40)
    let scene = IdentityScene(.flow, counts: [5, 3])
    for _ in 0..<40 {
      let (name, update) = generator.invalidUpdate(scene.model.counts)
      #expect(throws: CollectionViewUpdateError.self, "\(name)") { try update(scene.cv) }
    }
  }
}

/// One seeded sequence against one layout.
struct RandomUpdateRun {
  let scene: IdentityScene
  var generator: RandomUpdateGenerator
  private(set) var operations = 0
  private var isDragging = false
  private var dragAlong = 0.0

  init(kind: IdentityLayoutKind, seed: UInt64) {
    var rng = SplitMix(seed: seed)
    let counts = (0..<rng.int(1..<4)).map { _ in rng.int(0..<(kind == .newtonian ? 5 : 16)) }
    scene = IdentityScene(kind, counts: counts, animationDuration: rng.int(0..<2) == 0 ? 0 : 0.3)
    generator = RandomUpdateGenerator(rng: rng, maxItems: kind == .newtonian ? 8 : 40)
  }

  /// Runs `steps` operations; returns the first failure (step, operation, what is wrong), or nil.
  mutating func run(steps: Int) -> String? {
    for step in 0..<steps {
      let before = bodiesByItemID(scene.cv, scene.model)
      let (operation, refusalProblem) = performRandomOperation()
      operations += 1
      scene.cv.layoutIfNeeded()
      var problems = identityViolations(scene.cv, scene.model, bodiesBefore: before)
      if let refusalProblem { problems.insert(refusalProblem, at: 0) }
      if !problems.isEmpty { return "step \(step), \(operation): \(problems.joined(separator: "; "))" }
    }
    return nil
  }

  /// Performs one operation; returns its description and, for a refused update, what it changed.
  private mutating func performRandomOperation() -> (String, String?) {
    let roll = generator.rng.int(0..<100)
    switch roll {
    case 0..<22: return (validUpdate(), nil)
    case 22..<28: return invalidUpdate()
    case 28..<60:
      scene.cv.advance(by: IdentityScene.frameTime)
      return ("frame", nil)
    case 60..<78: return (pointer(), nil)
    case 78..<92: return (scrollStep(), nil)
    default: return (resize(), nil)
    }
  }

  private mutating func validUpdate() -> String {
    let single = generator.chance(50)
    let batch = generator.validBatch(scene.model.counts, single: single)
    guard let next = batch.apply(to: scene.model.sections, make: scene.model.makeItem) else {
      return "no update (the generator's batch does not apply: \(batch))"
    }
    scene.model.sections = next
    do {
      if single { try batch.tell(scene.cv) } else { try scene.cv.performBatchUpdates { try batch.tell(scene.cv) } }
    } catch {
      return "\(single ? "update" : "batch") \(batch) REFUSED: \(error)"
    }
    return "\(single ? "update" : "batch") \(batch)"
  }

  private mutating func invalidUpdate() -> (String, String?) {
    let (name, update) = generator.invalidUpdate(scene.model.counts)
    scene.cv.layoutIfNeeded()
    let snapshot = CollectionSnapshot(scene.cv, scene.model)
    do {
      try update(scene.cv)
      return ("invalid update \(name)", "it was accepted")
    } catch {
      let same = CollectionSnapshot(scene.cv, scene.model) == snapshot
      return ("invalid update \(name)", same ? nil : "the refused update changed the collection view")
    }
  }

  /// A pointer event: press, move, or release (a quick release flings).
  private mutating func pointer() -> String {
    let cv = scene.cv
    let span = scene.isHorizontal ? cv.frame.width : cv.frame.height
    func at(_ along: Double) -> Point {
      scene.isHorizontal ? Point(x: along, y: cv.frame.height * 0.8) : Point(x: cv.frame.width / 2, y: along)
    }
    if !isDragging {
      dragAlong = Double(generator.rng.int(0..<Int(span)))
      cv.beginPan(at: at(dragAlong), time: cv.time)
      isDragging = true
      return "press at \(dragAlong)"
    }
    if generator.chance(70) {
      dragAlong += Double(generator.rng.int(-60..<61))
      cv.advance(by: IdentityScene.frameTime)
      cv.pan(to: at(dragAlong), time: cv.time)
      return "drag to \(dragAlong)"
    }
    cv.endPan(at: at(dragAlong), time: cv.time)
    isDragging = false
    return "release at \(dragAlong)"
  }

  /// A programmatic scroll to a random offset in range (stops a fling).
  private mutating func scrollStep() -> String {
    let cv = scene.cv
    let lo = cv.minimumContentOffset, hi = cv.maximumContentOffset
    let x = lo.x + Double(generator.rng.int(0..<Swift.max(1, Int(hi.x - lo.x) + 1)))
    let y = lo.y + Double(generator.rng.int(0..<Swift.max(1, Int(hi.y - lo.y) + 1)))
    if generator.chance(50) {
      cv.contentOffset = Point(x: x, y: y)
      return "scroll to (\(x), \(y))"
    }
    cv.setContentOffset(Point(x: x, y: y), animated: true)
    return "animated scroll to (\(x), \(y))"
  }

  private mutating func resize() -> String {
    let cv = scene.cv
    let w = Double(generator.rng.int(200..<900)), h = Double(generator.rng.int(200..<700))
    cv.frame = Rect(x: 0, y: 0, width: w, height: h)
    return "resize to \(w) × \(h)"
  }
}
