import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// The parallel narrow phase's slices write their contacts into windows of the list planned from the
/// last pass (`SliceWindows`); once all are done, every slice's contacts must end right after the
/// slice before it's, in order, whatever the windows held.
@Suite struct SliceWindowsTests {
  /// Random windows, some filled, some not, with overflows: relocating the windows and copying the
  /// overflows after them gives each slice's contacts in order, slice after slice (a reference made by
  /// concatenation).
  @Test(arguments: 1...200)
  func relocatedSlicesFollowEachOtherInOrder(seed: Int) {
    var r = SplitMix(state: UInt64(seed))
    let slices = r.int(1..<13)
    let capacities = (0..<slices).map { _ in r.int(0..<9) }
    var filled: [Int] = [], overflows: [[Int]] = [], expected: [Int] = []
    for k in 0..<slices {
      // A slice writes its window first; only a full window overflows.
      let made = r.chance(0.3) ? capacities[k] + r.int(0..<6) : r.int(0..<(capacities[k] + 1))
      filled.append(Swift.min(made, capacities[k]))
      overflows.append((filled[k]..<made).map { 1000 * k + $0 })
      expected += (0..<made).map { 1000 * k + $0 }
    }
    var windowStarts: [Int] = [0]
    for c in capacities { windowStarts.append(windowStarts.last! + c) }
    var finalStarts: [Int] = []
    var total = 0
    for k in 0..<slices {
      finalStarts.append(total)
      total += filled[k] + overflows[k].count
    }
    var buffer = [Int](repeating: -1, count: Swift.max(total, windowStarts.last!) + 1)
    for k in 0..<slices {
      for i in 0..<filled[k] { buffer[windowStarts[k] + i] = 1000 * k + i }
    }
    buffer.withUnsafeMutableBufferPointer { b in
      windowStarts.withUnsafeBufferPointer { ws in
        filled.withUnsafeBufferPointer { f in
          finalStarts.withUnsafeBufferPointer { fs in
            SliceWindows.relocate(b.baseAddress!, windowStarts: ws, filled: f, finalStarts: fs)
          }
        }
      }
    }
    for k in 0..<slices {
      for (i, v) in overflows[k].enumerated() { buffer[finalStarts[k] + filled[k] + i] = v }
    }
    #expect(
      Array(buffer[0..<total]) == expected,
      "seed \(seed): windows \(capacities) filled \(filled), overflows \(overflows.map(\.count))")
  }

  /// A pass whose contacts far outnumber the last pass's (a grid of boxes apart, then moved into one
  /// heap) outgrows the list's room: the slices fall back to their own lists (one worker's single
  /// slice too, whose window is all of the list's room), and every worker count still gives one
  /// worker's bits.
  @Test func contactsOutgrowingTheWindowsGiveTheSameBits() {
    let alone = Heap(workers: 1)
    let runs = (2...4).map { Heap(workers: $0) }
    for frame in 0..<40 {
      alone.frame(frame)
      for heap in runs { heap.frame(frame) }
    }
    for heap in [alone] + runs {
      #expect(
        heap.animator.world.contacts.sliceWindows.outgrownPasses > 0,
        "\(heap.animator.workerCount) workers: the heap never outgrew the windows")
    }
    for heap in runs {
      for k in alone.items.indices {
        let a = alone.items[k], b = heap.items[k]
        #expect(
          a.center == b.center && a.transform == b.transform,
          "\(heap.animator.workerCount) workers, item \(k): \(b.center) \(b.transform), alone \(a.center) \(a.transform)"
        )
      }
    }
  }
}

/// 900 boxes in a grid, apart, moved by hand at frame 10 into a tight heap of overlapping boxes.
private final class Heap {
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
  var items: [DynamicBody] = []

  init(workers: Int) {
    animator.workerCount = workers
    animator.workers.minimumBodies = 0
    let collision = CollisionBehavior()
    collision.translatesReferenceBoundsIntoBoundary = true
    let gravity = GravityBehavior()
    for k in 0..<900 {
      let item = DynamicBody(
        center: Point(x: 50 + Double(k % 30) * 64, y: 50 + Double(k / 30) * 64), size: Size(width: 30, height: 30))
      items.append(item)
      collision.addItem(item)
      gravity.addItem(item)
    }
    animator.addBehavior(collision)
    animator.addBehavior(gravity)
  }

  func frame(_ k: Int) {
    if k == 10 {
      for (i, item) in items.enumerated() {
        item.center = Point(x: 600 + Double(i % 30) * 26, y: 1000 + Double(i / 30) * 26)
        animator.updateItem(usingCurrentState: item)
      }
    }
    animator.advance(by: 1.0 / 60)
  }
}
