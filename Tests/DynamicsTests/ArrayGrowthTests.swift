import Testing
import TestSupport
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The solver's per-pass arrays grow geometrically: a contact count that creeps up pass after pass must
/// not copy the rows to a new block (a fresh `mmap` beyond 128 KB, every page faulting in) every pass.
@Suite("Array growth")
struct ArrayGrowthTests {
  /// Seeded: sizes that mostly creep up by a little, sometimes fall back or jump. After each
  /// `reserveGrowing(n)` the capacity holds n, and it changed at most log₂ of the largest size plus two
  /// times (exact reservations change it at every new maximum).
  @Test("reserveGrowing holds every size with logarithmically many reallocations", arguments: UInt64(1)...20)
  func reserveGrowing(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var array: [Int32] = []
    var n = 0, largest = 0, changes = 0
    for _ in 0..<2_000 {
      switch random.int(10) {
      case 0: n = random.int(n + 1)
      case 1: n += random.int(5_000)
      default: n += random.int(8)
      }
      largest = max(largest, n)
      let before = array.capacity
      array.reserveGrowing(n)
      #expect(array.capacity >= n, "seed \(seed): capacity \(array.capacity) for \(n)")
      if array.capacity != before { changes += 1 }
    }
    let bound = Int(log2(Double(max(largest, 2)))) + 2
    #expect(changes <= bound, "seed \(seed): \(changes) reallocations up to \(largest) elements (at most \(bound))")
  }

  /// 400 boxes, jittered and turned, dropped into a box: the contact rows' storage is replaced at most
  /// log₂ of the largest row count plus two times over 4 s, while the count itself takes many values.
  @Test("the contact rows of a falling pile are reallocated logarithmically often")
  func fallingPileRows() {
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 700, height: 1_200))
    var random = SplitMix(seed: 7)
    let boxes = (0..<400).map { i in
      let b = box(
        40 + 30 * Double(i % 20) + random.uniform(-4, 4), 30 + 40 * Double(i / 20) + random.uniform(-4, 4), 22, 22)
      b.transform = AffineTransform(rotationAngle: random.uniform(-0.4, 0.4))
      return b
    }
    let collision = CollisionBehavior(items: boxes)
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    animator.addBehavior(GravityBehavior(items: boxes))
    var counts = Set<Int>(), largest = 0, changes = 0
    var capacity = animator.engineProbe.contactSolver.rows.capacity
    for _ in 0..<240 {
      animator.advance(by: 1.0 / 60)
      let rows = animator.engineProbe.contactSolver.rows
      counts.insert(rows.count)
      largest = max(largest, rows.count)
      if rows.capacity != capacity {
        changes += 1
        capacity = rows.capacity
      }
    }
    #expect(counts.count > 12, "the row count took only \(counts.count) values: the scene does not exercise growth")
    let bound = Int(log2(Double(max(largest, 2)))) + 2
    #expect(changes <= bound, "\(changes) reallocations of the rows up to \(largest) rows (at most \(bound))")
  }
}
