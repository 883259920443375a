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

  /// Links `previous` into per-body lists by body A (in array order, so matching is deterministic).
  /// Body A of each contact is read from the last narrow phase's slices, which noted it as they made the
  /// contacts (`FoundContacts.bodiesA`), when they still describe the list: read from the contacts,
  /// a cache line of each one's 224 bytes, the linking cost a resting pyramid's step four times its
  /// instructions' share (perf: 2 % of the frame on 22,000 boxes). Otherwise, on more than one thread,
  /// the contacts' bodies are first copied out in slices (into `previousNext`, which the linking then
  /// overwrites entry by entry), and on one read as they are linked.
  mutating func indexPreviousContacts(bodyCount: Int, on workers: WorkerPool) {
    if previousHead.count < bodyCount { previousHead = [Int32](repeating: -1, count: bodyCount) }
    if previousNext.count < previous.count {
      previousNext = [Int32](repeating: -1, count: Swift.max(previous.count * 2, 64))
    }
    let noted = slicesNotingBodies
    slicesNotingBodies = 0
    withMutableBuffers(&previousHead, &previousNext) { head, next in
      for i in 0..<head.count { head[i] = -1 }
      if noted > 0 && noted <= foundBySlice.count
        && foundBySlice[..<noted].reduce(0, { $0 + $1.bodiesA.count }) == previous.count
      {
        for k in (0..<noted).reversed() {
          foundBySlice[k].bodiesA.withUnsafeBufferPointer { bodies in
            ContactStore.link(bodies.count, head, next, base: foundBySlice[k].base) { bodies[$0] }
          }
        }
        return
      }
      previous.withUnsafeBufferPointer { pc in
        guard workers.isParallel else {
          ContactStore.link(pc.count, head, next, base: 0) { pc[$0].bodyA }
          return
        }
        workers.forEachSlice(of: pc.count, grain: ContactSolver.rowGrain) { range in
          for i in range { next[i] = pc[i].bodyA }
        }
        ContactStore.link(pc.count, head, next, base: 0) { next[$0] }
      }
    }
  }

  /// Links entries `base..<base + n` into per-body lists, `bodyA(i)` being entry `base + i`'s body
  /// (read before `next[base + i]` is written), in front of the lists of the entries after them.
  @inline(__always) private static func link(
    _ n: Int, _ head: UnsafeMutableBufferPointer<Int32>, _ next: UnsafeMutableBufferPointer<Int32>, base: Int,
    _ bodyA: (Int) -> Int32
  ) {
    var i = n - 1
    while i >= 0 {
      let a = Int(bodyA(i))
      next[base + i] = head[a]
      head[a] = Int32(base + i)
      i -= 1
    }
  }
}
