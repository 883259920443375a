import Dynamics
import Geometry2D
#if canImport(Glibc)
  import Glibc
#endif

/// Dynamics benchmarks, one `advance(by: 1/60)` per measured iteration (release build):
/// - springs-N: N items (300×44 pt, a column 52 pt apart) each hanging on its own attachment (length 0,
///   1 Hz, damping 0.8), nudged every frame as a springy collection view's scroll does (each item moved
///   3·(0.5 + (i mod 10)/10) pt, direction flipping every second, then `updateItem(usingCurrentState:)`).
///   "frame" times nudge + step, "nudge" the nudge alone, "step" the `advance(by:)` alone.
/// - boxes-N: N 44×44 boxes (elasticity 0.5, friction 0.6) dropped from a jittered grid into a closed
///   container with item collisions, as in the comparison with Box2D and Chipmunk
///   (`scripts/bench-peers`, docs/benchmarks.md). "falling" times
///   the first 3 s; "piled" times 5 s after 12 s of settling (a paused animator costs nothing; the line
///   says how many frames were still running); "piled-awake" keeps the animator running (Box2D's
///   comparison figure has sleeping off); "piled-rebuild" adds and removes a behavior every frame (two
///   structural changes) on top of that; "piled-save" saves the animator's state before each
///   piled-awake frame, and "piled-restore" restores one saved state before each (`DynamicAnimator.State`).
///   With `--awake` sleeping is off throughout (`allowsSleeping`): nothing pauses or sleeps, the work of
///   Box2D's `nosleep` figures, which scripts/bench-peers compares.
func runDynamicsBenchmarks(_ harness: BenchmarkHarness) {
  // Skip a scene's set-up (and its untimed settling) when the filter excludes all its figures.
  func wanted(_ prefix: String) -> Bool {
    guard let filter = harness.filter else { return true }
    return "dynamics/\(prefix)".contains(filter) || filter.contains("dynamics/\(prefix)") || filter.hasPrefix(prefix)
      || "dynamics/\(prefix)-".hasPrefix(filter) || "dynamics".contains(filter)
  }
  for n in [100, 1_000, 10_000] where wanted("springs-\(n)") { springBenchmark(harness, count: n) }
  for n in [100, 1_000] where wanted("boxes-\(n)") { boxBenchmark(harness, count: n) }
}

private func springBenchmark(_ harness: BenchmarkHarness, count n: Int) {
  let animator = DynamicAnimator()
  var items: [DynamicBody] = []
  items.reserveCapacity(n)
  for i in 0..<n {
    let item = DynamicBody(center: Point(x: 160, y: 26 + 52 * Double(i)), size: Size(width: 300, height: 44))
    let spring = AttachmentBehavior(item: item, attachedToAnchor: item.center)
    spring.length = 0
    spring.frequency = 1
    spring.damping = 0.8
    animator.addBehavior(spring)
    items.append(item)
  }
  var frame = 0
  func nudge() {
    let sign = (frame / 60) % 2 == 0 ? 1.0 : -1.0
    for (i, item) in items.enumerated() {
      item.center.y += sign * 3 * (0.5 + Double(i % 10) / 10)
      animator.updateItem(usingCurrentState: item)
    }
    frame += 1
  }
  for _ in 0..<60 {
    nudge()
    animator.advance(by: 1.0 / 60)
  }
  let iterations = n >= 10_000 ? 300 : 600
  harness.measure(group: "dynamics", name: "springs-\(n)-frame", iterations: iterations) {
    nudge()
    animator.advance(by: 1.0 / 60)
  }
  harness.measure(group: "dynamics", name: "springs-\(n)-nudge", iterations: iterations) { nudge() }
  // The step alone: the harness times whole closures, so time `advance` inside one with its clock and
  // report the same line format (mean, min and 95th percentile of the step only).
  var samples: [Double] = []
  samples.reserveCapacity(iterations)
  harness.measure(group: "dynamics", name: "springs-\(n)-nudge+step", warmup: 0, iterations: iterations) {
    nudge()
    let t0 = BenchmarkHarness.now()
    animator.advance(by: 1.0 / 60)
    samples.append((BenchmarkHarness.now() - t0) * 1e6)
  }
  if !samples.isEmpty { BenchmarkHarness.report(group: "dynamics", name: "springs-\(n)-step", samples: samples) }
  blackHole(items[n / 2].center)
}

/// What a saved state costs on top of the piled-awake frame. Saving copies nothing at once: the engine's
/// arrays are shared until the next step writes them, so the copy is paid in the step after a save (and
/// after a restore, which shares the saved arrays again).
private func stateBenchmark(_ harness: BenchmarkHarness, animator: DynamicAnimator, boxes: [DynamicBody]) {
  var saved = animator.saveState()
  harness.measure(group: "dynamics", name: "boxes-\(boxes.count)-piled-save", warmup: 5, iterations: 300) {
    saved = animator.saveState()
    animator.updateItem(usingCurrentState: boxes[0])
    animator.advance(by: 1.0 / 60)
  }
  harness.measure(group: "dynamics", name: "boxes-\(boxes.count)-piled-restore", warmup: 5, iterations: 300) {
    animator.restore(saved)
    animator.updateItem(usingCurrentState: boxes[0])
    animator.advance(by: 1.0 / 60)
  }
}

private func boxBenchmark(_ harness: BenchmarkHarness, count n: Int) {
  let columns = Int((1.5 * Double(n).squareRoot()).rounded(.up))
  let width = Double(columns) * 44
  let pitch = 1.5 * 44.0
  let perRow = max(1, Int(width / pitch) - 1)
  let rows = (n + perRow - 1) / perRow
  let height = Double(rows) * pitch + 100 + 44
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: width, height: height))
  animator.workerCount = harness.workers
  animator.allowsSleeping = !harness.awake
  // A small deterministic generator for the jitter (the benchmark must not depend on the process seed).
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func random() -> Double {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return Double(state >> 11) / Double(1 << 53)
  }
  var boxes: [DynamicBody] = []
  for i in 0..<n {
    let r = i / perRow, c = i % perRow
    let b = DynamicBody(
      center: Point(
        x: pitch * (Double(c) + 1) + (random() - 0.5) * 8,
        y: 44 + pitch * Double(r) + (random() - 0.5) * 8),
      size: Size(width: 44, height: 44))
    b.transform = AffineTransform(rotationAngle: (random() - 0.5) * 0.6)
    boxes.append(b)
  }
  let collision = CollisionBehavior(items: boxes)
  collision.translatesReferenceBoundsIntoBoundary = true
  let material = DynamicItemBehavior(items: boxes)
  material.elasticity = 0.5
  material.friction = 0.6
  animator.addBehavior(GravityBehavior(items: boxes))
  animator.addBehavior(collision)
  animator.addBehavior(material)
  // 5 warm-up frames + 175 measured = the first 3 s.
  harness.measure(group: "dynamics", name: "boxes-\(n)-falling", warmup: 5, iterations: 175) {
    animator.advance(by: 1.0 / 60)
  }
  // A filter naming the falling figure alone (as a profiler run does) skips the settling and the rest.
  if let filter = harness.filter, filter.hasSuffix("falling") { return }
  for _ in 0..<(12 * 60) { animator.advance(by: 1.0 / 60) }
  var running = 0
  harness.measure(group: "dynamics", name: "boxes-\(n)-piled", warmup: 0, iterations: 300) {
    animator.advance(by: 1.0 / 60)
    if animator.isRunning { running += 1 }
  }
  // Box2D's figure is with sleeping off; ours pauses a resting pile. Re-reading one box every frame
  // (`updateItem`, no change) resumes the animator and keeps that box's island awake: the pile is one
  // island, so every body in it is solved (the line after the figures counts the awake bodies).
  harness.measure(group: "dynamics", name: "boxes-\(n)-piled-awake", warmup: 5, iterations: 300) {
    animator.updateItem(usingCurrentState: boxes[0])
    animator.advance(by: 1.0 / 60)
  }
  // A structural change every frame (a push added to one box, then removed): what a rebuild of the
  // engine's arrays costs with n items, on top of the piled-awake step.
  harness.measure(group: "dynamics", name: "boxes-\(n)-piled-rebuild", warmup: 5, iterations: 120) {
    let push = PushBehavior(items: [boxes[0]], mode: .instantaneous)
    animator.addBehavior(push)
    animator.advance(by: 1.0 / 60)
    animator.removeBehavior(push)
  }
  stateBenchmark(harness, animator: animator, boxes: boxes)
  var escaped = 0
  for b in boxes where !(b.center.x > 0 && b.center.x < width && b.center.y > 0 && b.center.y < height) { escaped += 1 }
  // Islands sleep on their own: say how many bodies the piled-awake figure really kept awake.
  animator.isDebugEnabled = true
  let drawing = animator.debugDrawing()
  let awake = drawing.bodies.filter(\.isAwake).count
  print(
    "# boxes-\(n): piled frames still running \(running)/300, awake bodies after piled-awake \(awake)/\(n), "
      + "contact points \(drawing.contacts.count), escaped \(escaped)")
}
