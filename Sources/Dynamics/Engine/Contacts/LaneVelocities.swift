/// The contact blocks' copy of their bodies' states as floats, 32 bytes per state entry: the velocity
/// (vx, vy, w, 0) and the motion since the collision pass (Δx, Δy, Δθ, 0), what a row's separation
/// needs. A block gathers a side's four lanes with four 32-byte loads instead of reading the 64-byte
/// states too and converting twenty doubles one by one, and scatters the velocities back the same way
/// (Box2D v3 keeps its solver bodies in floats for the same reason).
///
/// A pass (the warm start too) copies in the moving bodies the blocks name, runs the blocks on the copy,
/// and copies the velocities back. The velocities come out as they did when each block read Float(v)
/// and wrote Double(result): a body's first block reads the double rounded to a float, as the copy
/// does, and every later block read Float(Double(f)) = f, the float the block before it wrote. The
/// motion is rounded per body, so a row's relative displacement is Float(Δp_B) − Float(Δp_A), as
/// Box2D's. Bodies that cannot move are read through sinks (`ContactBlock.laneA`) and never written back.
struct LaneVelocities {
  /// A state entry's copy: (vx, vy, w, 0, Δx, Δy, Δθ, 0). (Aligned to 16 bytes only, as Swift lays out
  /// arrays: storage aligned to the cache line was tried and measured no faster.)
  typealias Entry = SIMD8<Float>

  /// One entry per state entry, then 8 sinks per block (`ContactBlock.laneA`).
  var entries: [Entry] = []
  /// Every moving body some lane of the blocks names, ascending, each once: the entries copied in and
  /// back.
  private(set) var bodies: [Int32] = []
  /// The sinks in use and the state entry each stands for: copied in, never back.
  private(set) var sinks: [(sink: Int32, state: Int32)] = []
  /// Scratch for `collect`: whether an entry is in `bodies`.
  private var named: [Bool] = []

  /// The first sink entry of block `b` among `stateCount` state entries. Converted without the
  /// overflow checks (a test and two compares for every row written): the entries are indexed by
  /// `Int32` lanes, so their count fits one.
  @inline(__always) static func sinks(ofBlock b: Int, stateCount n: Int) -> Int32 {
    Int32(truncatingIfNeeded: n &+ 8 &* b)
  }

  /// Notes the entries the blocks name, out of `stateCount`.
  mutating func collect(_ blocks: [ContactBlock], stateCount n: Int) {
    bodies.removeAll(keepingCapacity: true)
    sinks.removeAll(keepingCapacity: true)
    let total = n + 8 * blocks.count
    entries.resize(to: total, with: .zero)
    if named.count != n { named = [Bool](repeating: false, count: n) }
    guard !blocks.isEmpty else { return }
    // Moved out while `note` changes the rest of `self` (not copied: collecting allocates nothing).
    var marks: [Bool] = []
    swap(&marks, &named)
    defer { swap(&marks, &named) }
    marks.withUnsafeMutableBufferPointer { named in
      // Through a pointer: a block is over 500 bytes, and copying each out cost more than the noting.
      blocks.withUnsafeBufferPointer { blocks in
        for block in blocks.indices {
          let block = blocks.baseAddress.unsafelyUnwrapped + block
          let (laneA, laneB) = (block.pointee.laneA, block.pointee.laneB)
          let (stateA, stateB) = (block.pointee.stateA, block.pointee.stateB)
          for k in 0..<4 {
            note(laneA[k], stateA[k], n, named)
            note(laneB[k], stateB[k], n, named)
          }
        }
      }
      // Written through a pointer, then cut to length: each append checked the array was uniquely
      // referenced and had room.
      bodies.resize(to: n, with: 0)
      let found = bodies.withUnsafeMutableBufferPointer { bodies in
        var found = 0
        for i in 0..<n where named[i] {
          bodies[found] = Int32(i)
          found += 1
          named[i] = false
        }
        return found
      }
      bodies.removeLast(n - found)
    }
  }

  @inline(__always) private mutating func note(
    _ lane: Int32, _ state: Int32, _ n: Int, _ named: UnsafeMutableBufferPointer<Bool>
  ) {
    if Int(lane) < n {
      named[Int(lane)] = true
    } else {
      sinks.append((lane, state))
    }
  }

  /// A state's entry, rounded to floats.
  @inline(__always) static func entry(_ s: UnsafePointer<BodyState>) -> Entry {
    let dp = s.pointee.deltaPosition
    return Entry(
      Float(s.pointee.v.x), Float(s.pointee.v.y), Float(s.pointee.w), 0, Float(dp.x), Float(dp.y),
      Float(s.pointee.deltaAngle), 0)
  }

  /// Copies the moving bodies in, rounded to floats, and fills the sinks (in slices on the pool's
  /// threads).
  mutating func load(from states: UnsafeMutablePointer<BodyState>, on workers: WorkerPool) {
    let (bodies, sinks) = (self.bodies, self.sinks)
    entries.withUnsafeMutableBufferPointer { lv in
      let lv = lv.baseAddress.unsafelyUnwrapped
      @inline(__always) func copy(_ s: UnsafeMutablePointer<BodyState>) -> Entry { LaneVelocities.entry(s) }
      workers.forEachSlice(of: bodies.count, grain: LaneVelocities.grain) { range in
        for k in range { lv[Int(bodies[k])] = copy(states + Int(bodies[k])) }
      }
      for (sink, state) in sinks { lv[Int(sink)] = copy(states + Int(state)) }
    }
  }

  /// Writes the moving bodies' velocities back (in slices on the pool's threads).
  func store(to states: UnsafeMutablePointer<BodyState>, on workers: WorkerPool) {
    withBuffers(bodies, entries) { bodies, lv in
      workers.forEachSlice(of: bodies.count, grain: LaneVelocities.grain) { range in
        for k in range {
          let i = Int(bodies[k])
          let v = lv[i].lowHalf, s = states + i
          s.pointee.v = Vec2(Double(v.x), Double(v.y))
          s.pointee.w = Double(v.z)
        }
      }
    }
  }

  /// Bodies in a slice of a copy.
  static let grain = 1024
}
