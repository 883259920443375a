/// The contact blocks' copy of their bodies' velocities as floats, (vx, vy, w, 0) in one 16-byte
/// `SIMD4<Float>` per state entry: a block gathers a side's four lanes with four 16-byte loads instead of
/// twelve doubles converted one by one, and scatters them back the same way (Box2D v3 keeps its solver
/// velocities in floats for the same reason).
///
/// A solve pass copies in the velocities of the bodies the blocks name, runs the blocks on the copy, and
/// copies them back. Not the warm start: its blocks do a third of a solve's work, and there the copy cost
/// more than it saved (callgrind, 1,000-box pile: solve −17 %, warm start +45 %). The blocks computed in
/// floats before the copy existed (each read Float(v) and wrote Double(result)), so the result is the
/// same bit for bit: a body's first block reads the double rounded to a float, as the copy does, and
/// every later block read Float(Double(f)) = f, the float the block before it wrote.
struct LaneVelocities {
  var velocities: [SIMD4<Float>] = []
  /// Every state entry some lane of the blocks names (the world's too), ascending, each once.
  private(set) var bodies: [Int32] = []
  /// Scratch for `collect`: whether an entry is in `bodies`.
  private var named: [Bool] = []

  /// Notes the state entries the blocks name, out of `stateCount`.
  mutating func collect(_ blocks: [ContactBlock], stateCount n: Int) {
    bodies.removeAll(keepingCapacity: true)
    if velocities.count != n { velocities = [SIMD4<Float>](repeating: .zero, count: n) }
    if named.count != n { named = [Bool](repeating: false, count: n) }
    guard !blocks.isEmpty else { return }
    named.withUnsafeMutableBufferPointer { named in
      for block in blocks {
        for k in 0..<4 {
          named[Int(block.stateA[k])] = true
          named[Int(block.stateB[k])] = true
        }
      }
      for i in 0..<n where named[i] {
        bodies.append(Int32(i))
        named[i] = false
      }
    }
  }

  /// Copies the named bodies' velocities in, rounded to floats (in slices on the pool's threads).
  mutating func load(from states: UnsafeMutablePointer<BodyState>, on workers: WorkerPool) {
    let bodies = self.bodies
    velocities.withUnsafeMutableBufferPointer { lv in
      let lv = lv.baseAddress.unsafelyUnwrapped
      workers.forEachSlice(of: bodies.count, grain: LaneVelocities.grain) { range in
        for k in range {
          let i = Int(bodies[k]), s = states + i
          lv[i] = SIMD4(Float(s.pointee.v.x), Float(s.pointee.v.y), Float(s.pointee.w), 0)
        }
      }
    }
  }

  /// Writes the named bodies' velocities back (in slices on the pool's threads).
  func store(to states: UnsafeMutablePointer<BodyState>, on workers: WorkerPool) {
    withBuffers(bodies, velocities) { bodies, lv in
      workers.forEachSlice(of: bodies.count, grain: LaneVelocities.grain) { range in
        for k in range {
          let i = Int(bodies[k])
          let v = lv[i], s = states + i
          s.pointee.v = Vec2(Double(v.x), Double(v.y))
          s.pointee.w = Double(v.z)
        }
      }
    }
  }

  /// Bodies in a slice of a copy.
  static let grain = 1024
}
