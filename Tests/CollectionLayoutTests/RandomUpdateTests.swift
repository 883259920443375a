import Geometry2D
import Testing
import TestSupport
@testable import CollectionLayout

/// The randomized update harness: seeded sequences of collection operations against every layout of
/// `IdentityLayoutKind`. The operations: valid updates built by UIKit's rules (`RandomUpdateGenerator`),
/// alone or batched, of items and sections; updates the collection view must refuse; single reloads;
/// frames; presses, drags and releases, both as the scroll view's pan and as the collection view's touch
/// (which also selects); the wheel; programmatic and animated scrolls; resizes. After every operation the
/// identity invariants hold (`identityViolations`) and a refused update leaves a full snapshot unchanged
/// (`CollectionSnapshot`). A failure names the layout, the seed, the step and the operation.
///
/// Budget: 4 layouts × 8 seeds × 4,000 steps = 128,000 steps a run; counting each change of a batch and
/// each frame as one collection operation, about 1.9·10⁵ operations.
@Suite struct RandomUpdateTests {
  static let seeds: [UInt64] = [1, 2, 3, 4, 5, 42, 2024, 0xDEC0DE]
  static let steps = 4_000

  @Test(arguments: IdentityLayoutKind.allCases)
  func randomOperationSequencesKeepIdentity(kind: IdentityLayoutKind) {
    var collectionOperations = 0
    for seed in Self.seeds {
      var run = RandomUpdateRun(kind: kind, seed: seed)
      if let failure = run.run(steps: Self.steps) {
        Issue.record("\(kind), seed \(seed): \(failure)")
        return
      }
      #expect(run.operations == Self.steps)
      collectionOperations += run.collectionOperations
    }
    #expect(collectionOperations >= 35_000, "\(kind): \(collectionOperations) collection operations")
  }

  /// The invalid updates a sequence makes are really refused (the generator's cases all throw).
  @Test func invalidUpdatesAreRefused() {
    var generator = RandomUpdateGenerator(rng: SplitMix(seed: 9), maxItems: 40)
    let scene = IdentityScene(.flow, counts: [5, 3])
    for _ in 0..<60 {
      let (name, update) = generator.invalidUpdate(scene.model.counts)
      #expect(throws: CollectionViewUpdateError.self, "\(name)") { try update(scene.cv) }
    }
  }
}

/// One seeded sequence against one layout.
struct RandomUpdateRun {
  /// How the pointer that is down was pressed: as the scroll view's pan, or as the collection view's
  /// touch (a press that may select).
  enum Pointer { case pan, touch }

  let scene: IdentityScene
  var generator: RandomUpdateGenerator
  private(set) var operations = 0
  /// Collection operations: each change of a batch, each frame, each other operation.
  private(set) var collectionOperations = 0
  private var pointer: Pointer?
  private var pointerAt = Point.zero

  init(kind: IdentityLayoutKind, seed: UInt64) {
    var rng = SplitMix(seed: seed)
    let counts = (0..<rng.int(1..<4)).map { _ in rng.int(0..<(kind == .newtonian ? 5 : 26)) }
    scene = IdentityScene(kind, counts: counts, animationDuration: rng.int(0..<2) == 0 ? 0 : 0.3)
    generator = RandomUpdateGenerator(rng: rng, maxItems: kind == .newtonian ? 8 : 60)
  }

  /// Runs `steps` operations; returns the first failure (step, operation, what is wrong), or nil.
  mutating func run(steps: Int) -> String? {
    for step in 0..<steps {
      let before = bodiesByItemID(scene.cv, scene.model)
      let (operation, refusalProblem) = performRandomOperation()
      operations += 1
      collectionOperations += 1
      scene.cv.layoutIfNeeded()
      var problems = identityViolations(scene.cv, scene.model, bodiesBefore: before)
      if let refusalProblem { problems.insert(refusalProblem, at: 0) }
      if !problems.isEmpty { return "step \(step), \(operation): \(problems.joined(separator: "; "))" }
    }
    return nil
  }

  /// Performs one operation; returns its description and, for a refused update, what it changed.
  private mutating func performRandomOperation() -> (String, String?) {
    switch generator.rng.int(0..<100) {
    case 0..<20: return (validUpdate(), nil)
    case 20..<26: return invalidUpdate()
    case 26..<30: return (reload(), nil)
    case 30..<54:
      let frames = generator.chance(70) ? 1 : generator.rng.int(2..<6)
      scene.run(frames: frames)
      collectionOperations += frames - 1
      return ("\(frames) frame\(frames == 1 ? "" : "s")", nil)
    case 54..<72: return (pointerEvent(), nil)
    case 72..<78: return (wheel(), nil)
    case 78..<91: return (scrollStep(), nil)
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
    collectionOperations += Swift.max(0, batch.changeCount - 1)
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
      let after = CollectionSnapshot(scene.cv, scene.model)
      return (
        "invalid update \(name)",
        after == snapshot ? nil : "the refused update changed \(snapshot.difference(to: after))"
      )
    }
  }

  /// One item gets new content (its version goes up) and is reloaded on its own, outside a batch.
  private mutating func reload() -> String {
    let filled = scene.model.sections.indices.filter { !scene.model.sections[$0].isEmpty }
    guard !filled.isEmpty else { return "no item to reload" }
    let s = filled[generator.rng.int(0..<filled.count)]
    let ip = IndexPath(item: generator.rng.int(0..<scene.model.sections[s].count), section: s)
    scene.reloadItem(at: ip)
    return "reload \(ip)"
  }

  /// A press, a move of the pointer a frame later, or a release (a fling when quick). A press is either
  /// the scroll view's pan or the collection view's touch; its moves and release are of the same kind.
  private mutating func pointerEvent() -> String {
    let cv = scene.cv
    let f = cv.frame
    guard let kind = pointer else {
      pointerAt = Point(
        x: Double(generator.rng.int(1..<Swift.max(2, Int(f.width)))),
        y: Double(generator.rng.int(1..<Swift.max(2, Int(f.height)))))
      let kind: Pointer = generator.chance(60) ? .pan : .touch
      if kind == .pan { cv.beginPan(at: pointerAt, time: cv.time) } else { cv.touchDown(at: pointerAt, time: cv.time) }
      pointer = kind
      return "\(kind) press at \(pointerAt)"
    }
    if generator.chance(70) {
      pointerAt = Point(
        x: Swift.min(f.width - 1, Swift.max(1, pointerAt.x + Double(generator.rng.int(-80..<81)))),
        y: Swift.min(f.height - 1, Swift.max(1, pointerAt.y + Double(generator.rng.int(-80..<81)))))
      cv.advance(by: IdentityScene.frameTime)
      if kind == .pan { cv.pan(to: pointerAt, time: cv.time) } else { cv.touchMoved(to: pointerAt, time: cv.time) }
      return "\(kind) drag to \(pointerAt)"
    }
    if kind == .pan { cv.endPan(at: pointerAt, time: cv.time) } else { cv.touchUp(at: pointerAt, time: cv.time) }
    pointer = nil
    return "\(kind) release at \(pointerAt)"
  }

  private mutating func wheel() -> String {
    let cv = scene.cv
    let d = Vector(dx: Double(generator.rng.int(-40..<41)), dy: Double(generator.rng.int(-120..<121)))
    let precise = generator.chance(50)
    cv.scrollWheel(by: d, isPrecise: precise, at: Point(x: cv.frame.midX, y: cv.frame.midY), time: cv.time)
    return "wheel \(d)\(precise ? " (precise)" : "")"
  }

  /// A programmatic scroll to a random offset in range, at once or animated (either stops a fling).
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

  /// A new size: anything from 200 × 200 to 900 × 700, or a nudge of up to 60 pt from the present one.
  private mutating func resize() -> String {
    let cv = scene.cv
    let w: Double, h: Double
    if generator.chance(50) {
      w = Double(generator.rng.int(200..<900))
      h = Double(generator.rng.int(200..<700))
    } else {
      w = Swift.max(200, cv.frame.width + Double(generator.rng.int(-60..<61)))
      h = Swift.max(200, cv.frame.height + Double(generator.rng.int(-60..<61)))
    }
    cv.frame = Rect(x: 0, y: 0, width: w, height: h)
    return "resize to \(w) × \(h)"
  }
}
