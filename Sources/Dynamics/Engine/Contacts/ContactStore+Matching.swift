/// Matching a collision pass's contacts against the previous pass's by key: warm starting from the
/// impulses of the point with the same feature id, and the began/ended events.
extension ContactStore {
  /// Starts a collision pass: the rows' impulses go back to the contacts, which become the previous
  /// pass's (indexed by body for matching), and the bodies' motion since the pass starts from zero
  /// (contacts track it from here on). The broad phase's last sort swapped proxies `pairSwaps` times.
  mutating func beginPass(_ bodies: inout BodyStore, pairSwaps: Int, on workers: WorkerPool) {
    storeImpulses(on: workers)
    let solverBodies = bodies.solverBodies
    bodies.withView { v in
      workers.forEachSlice(of: solverBodies.count, grain: BodyStore.grain) { range in
        for k in range {
          v.states[Int(solverBodies[k])].deltaPosition = .zero
          v.states[Int(solverBodies[k])].deltaAngle = 0
        }
      }
    }
    if !bodies.kinematicMoves.isEmpty { bodies.beginKinematicPass() }
    compactFrames(pairSwaps: pairSwaps)
    swap(&list, &previous)
    list.removeAll(keepingCapacity: true)
    previousMatched.removeAll(keepingCapacity: true)
    previousMatched.append(contentsOf: repeatElement(false, count: previous.count))
    recycledCount = 0
    succession = .unknown
    wallContactsNoted = false
    indexPreviousContacts(bodyCount: bodies.count, on: workers)
  }

  /// Ended events for last step's touching contacts that found no successor.
  mutating func finishMatching() {
    for i in 0..<previous.count where !previousMatched[i] && previous[i].isTouching {
      let c = previous[i]
      events.append(ContactEvent(began: false, bodyA: c.bodyA, bodyB: c.bodyB, boundary: c.boundary, point: .zero))
    }
  }

  /// Links `previousContacts` into per-body lists by body A (in array order, so matching is deterministic).
  /// On more than one thread, the contacts' bodies are first copied out in slices (into `previousNext`,
  /// which the linking then overwrites entry by entry): read in the linking, a contact's body was a
  /// cache line of its 224 bytes each, the linking's whole cost, on the caller's thread alone.
  mutating func indexPreviousContacts(bodyCount: Int, on workers: WorkerPool) {
    if previousHead.count < bodyCount { previousHead = [Int32](repeating: -1, count: bodyCount) }
    if previousNext.count < previous.count {
      previousNext = [Int32](repeating: -1, count: Swift.max(previous.count * 2, 64))
    }
    withMutableBuffers(&previousHead, &previousNext) { head, next in
      for i in 0..<head.count { head[i] = -1 }
      previous.withUnsafeBufferPointer { pc in
        guard workers.isParallel else {
          ContactStore.link(pc.count, head, next) { pc[$0].bodyA }
          return
        }
        workers.forEachSlice(of: pc.count, grain: ContactSolver.rowGrain) { range in
          for i in range { next[i] = pc[i].bodyA }
        }
        ContactStore.link(pc.count, head, next) { next[$0] }
      }
    }
  }

  /// Links entries `0..<n` into per-body lists, `bodyA(i)` being entry `i`'s body (read before `next[i]`
  /// is written).
  @inline(__always) private static func link(
    _ n: Int, _ head: UnsafeMutableBufferPointer<Int32>, _ next: UnsafeMutableBufferPointer<Int32>,
    _ bodyA: (Int) -> Int32
  ) {
    var i = n - 1
    while i >= 0 {
      let a = Int(bodyA(i))
      next[i] = head[a]
      head[a] = Int32(i)
      i -= 1
    }
  }
}
