import Testing
import TestSupport
@testable import Dynamics

/// The layout carried to the same contacts in another order (`ContactSolver.carryLayout`): each row
/// takes its predecessor's lane, so the blocks hold exactly what they held, the overflow rows keep their
/// solve order; contacts that are not exactly the last pass's are laid out as a fresh solver lays them.
@Suite("Contact layout carried by predecessor")
struct ContactLayoutCarryingTests {
  typealias Setup = ContactBlockTests.Setup

  /// The per-body lists of `contacts` by body A (`ContactStore.indexPreviousContacts`' result, made
  /// plainly).
  static func index(_ contacts: [Contact], bodyCount: Int) -> (head: [Int32], next: [Int32]) {
    var head = [Int32](repeating: -1, count: bodyCount), next = [Int32](repeating: -1, count: contacts.count)
    for i in contacts.indices.reversed() {
      next[i] = head[Int(contacts[i].bodyA)]
      head[Int(contacts[i].bodyA)] = Int32(i)
    }
    return (head, next)
  }

  /// Every contact near (no far row), so the layout is kept.
  static func nearAll(_ setup: inout Setup, _ r: inout SplitMix) {
    for k in setup.contacts.indices {
      setup.contacts[k].point0.baseSeparation = -r.uniform(0, 2)
      setup.contacts[k].point1.baseSeparation = -r.uniform(0, 2)
    }
  }

  /// A seeded contact set (`salt` varies it per test), every contact near, and a solver that prepared
  /// it on one thread.
  static func prepared(seed: UInt64, salt: UInt64) -> (setup: Setup, random: SplitMix, solver: ContactSolver) {
    var setup = Setup(seed: seed, hub: seed % 2 == 0)
    var r = SplitMix(seed: seed ^ salt)
    nearAll(&setup, &r)
    var solver = ContactSolver(softnesses: ContactBlockTests.softnesses)
    solver.prepare(setup.contacts, count: setup.contacts.count, states: &setup.states, on: WorkerPool(count: 1))
    return (setup, r, solver)
  }

  @Test(arguments: Array(1...30) as [UInt64])
  func shuffledContactsKeepTheirLanes(seed: UInt64) {
    let prepared = Self.prepared(seed: seed, salt: 0xCA77_1A7E)
    var (setup, r) = (prepared.setup, prepared.random)
    let before = prepared.solver
    let n = setup.contacts.count
    let past = setup.contacts
    var order = Array(0..<n)
    for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, r.int(i + 1)) }
    let shuffled = order.map { past[$0] }
    let (head, next) = Self.index(past, bodyCount: setup.states.count)
    for threads in [1, 3] {
      let pool = WorkerPool(count: threads)
      pool.grainOverride = 2
      var carried = before
      pool.session {
        carried.carryLayout(
          shuffled, count: n, past: past, head: head, next: next, stateCount: setup.states.count, on: pool)
        carried.prepare(shuffled, count: n, states: &setup.states, on: pool)
      }
      let context = "seed \(seed), \(threads) threads"
      #expect((0..<n).allSatisfy { carried.laneOfRow[$0] == before.laneOfRow[order[$0]] }, "\(context)")
      #expect(
        (0..<n).allSatisfy { carried.laneOfRow[$0] < 0 || carried.rowOfLane[Int(carried.laneOfRow[$0])] == $0 },
        "\(context)")
      var newIndex = [Int32](repeating: -1, count: n)
      for (i, p) in order.enumerated() { newIndex[p] = Int32(i) }
      #expect(carried.overflowRows == before.overflowRows.map { newIndex[Int($0)] }, "\(context)")
      for i in carried.overflowRows {
        #expect(carried.rows[Int(i)].bits == before.rows[order[Int(i)]].bits, "\(context): row \(i)")
      }
      #expect(carried.blocks.count == before.blocks.count, "\(context)")
      for b in carried.blocks.indices {
        for k in 0..<4 {
          #expect(
            ContactBlockTests.lane(carried.blocks[b], k) == ContactBlockTests.lane(before.blocks[b], k),
            "\(context): block \(b)")
        }
      }
      #expect(carried.laneVelocities.bodies == before.laneVelocities.bodies, "\(context)")
    }
  }

  /// A contact that is new (its key unknown to the last pass): nothing is carried, and the rows are
  /// laid out as a fresh solver lays them out.
  @Test(arguments: Array(1...20) as [UInt64])
  func aNewContactLaysOutAfresh(seed: UInt64) {
    var (setup, r, solver) = Self.prepared(seed: seed, salt: 0xF4E5)
    let n = setup.contacts.count
    let past = setup.contacts
    setup.contacts.reverse()
    setup.contacts[r.int(n)].key = UInt64(n + 7)
    let (head, next) = Self.index(past, bodyCount: setup.states.count)
    solver.carryLayout(
      setup.contacts, count: n, past: past, head: head, next: next, stateCount: setup.states.count,
      on: WorkerPool(count: 1))
    solver.prepare(setup.contacts, count: n, states: &setup.states, on: WorkerPool(count: 1))
    var fresh = ContactSolver(softnesses: ContactBlockTests.softnesses)
    fresh.prepare(setup.contacts, count: n, states: &setup.states, on: WorkerPool(count: 1))
    #expect(solver.laneOfRow == fresh.laneOfRow && solver.rowOfLane == fresh.rowOfLane, "seed \(seed)")
    #expect(solver.overflowRows == fresh.overflowRows, "seed \(seed)")
  }
}
