import TestSupport
import Testing

@testable import Dynamics

/// `LineAlignedArray`: an array's value semantics (copies never see each other's writes), its first
/// element on a cache line at every size, and the body records laid out on the lines the step's loops
/// read (`Body`'s comment).
@Suite struct LineAlignedArrayTests {
  @Test func startsOnACacheLineAtEverySize() {
    var a = LineAlignedArray<BodyState>()
    for n in 0..<5_000 {
      a.append(.fixed)
      let address = a.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
      #expect(address % 64 == 0, "\(n + 1) elements start at \(address) mod 64 = \(address % 64)")
    }
  }

  /// Random appends, inserts, writes and removals on the aligned array and on `Array` side by side, a
  /// copy taken now and then: each copy keeps what it held when it was taken.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func behavesAsAnArrayWithCopies(seed: UInt64) {
    var r = SplitMix(seed: seed)
    var a = LineAlignedArray<Int>(), b: [Int] = []
    var copies: [(LineAlignedArray<Int>, [Int])] = []
    for step in 0..<2_000 {
      switch r.int(6) {
      case 0, 1:
        let v = r.int(1_000)
        a.append(v)
        b.append(v)
      case 2:
        let i = r.int(b.count + 1), v = r.int(1_000)
        a.insert(v, at: i)
        b.insert(v, at: i)
      case 3 where !b.isEmpty:
        let i = r.int(b.count), v = r.int(1_000)
        a[i] = v
        b[i] = v
      case 4 where !b.isEmpty:
        #expect(a.removeLast() == b.removeLast(), "seed \(seed), step \(step)")
      case 5:
        copies.append((a, b))
      default:
        a.withUnsafeMutableBufferPointer { p in for i in p.indices { p[i] += 1 } }
        for i in b.indices { b[i] += 1 }
      }
      #expect(Array(a) == b, "seed \(seed), step \(step)")
    }
    for (k, (copy, expected)) in copies.enumerated() {
      #expect(Array(copy) == expected, "seed \(seed): copy \(k) changed after it was taken")
    }
  }

  @Test func removingAllKeepsOrDropsTheCapacity() {
    var a = LineAlignedArray<Int>(repeating: 7, count: 100)
    let shared = a
    a.removeAll(keepingCapacity: true)
    #expect(a.isEmpty && a.capacity >= 100)
    #expect(Array(shared) == [Int](repeating: 7, count: 100), "the copy lost its elements")
    a.append(1)
    a.removeAll()
    #expect(a.isEmpty && a.capacity == 0)
  }

  /// What each of the step's body loops reads lies on the lines `Body`'s comment names.
  @Test func bodyFieldsSitOnTheirCacheLines() {
    #expect(MemoryLayout<Body>.stride == 256)
    #expect(MemoryLayout<BodyState>.stride == 64)
    func line(_ path: PartialKeyPath<Body>) -> Int { MemoryLayout<Body>.offset(of: path)! / 64 }
    let pose: [PartialKeyPath<Body>] = [\.position, \.angle, \.cosAngle, \.sinAngle, \.extent, \.minExtent, \.asleep]
    for p in pose { #expect(line(p) == 0, "\(p) left line 0") }
    let forces: [PartialKeyPath<Body>] = [\.force, \.torque, \.acceleration, \.linearDamping, \.angularDamping]
    for p in forces { #expect(line(p) == 1, "\(p) left line 1") }
    let rest: [PartialKeyPath<Body>] = [\.sleepTime, \.stillTime, \.stillPosition, \.stillAngle]
    for p in rest { #expect(line(p) == 2, "\(p) left line 2") }
    for p in [\Body.writtenCos, \Body.writtenSin, \Body.moves] { #expect(line(p) == 3, "\(p) left line 3") }
    #expect([Body.poseLine, Body.forcesLine, Body.writtenLine] == [0, 1, 3])
  }
}
