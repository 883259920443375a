/// The contact blocks' working copy of the velocities they touch: per state entry (vx, vy, w, 0) in
/// floats, one 16-byte load a body (Box2D's float `b2BodyState`).
///
/// A pass over the blocks gathers eight bodies per block. Reading each straight from the double body
/// states cost a conversion per number, both ways, every block; instead the pass converts the bodies
/// the blocks touch once on the way in (`load`) and once on the way out (`store`). The bits are the
/// same: the lanes rounded each double to float anyway, and a float survives the trip through a double
/// exactly. Bodies no block touches are neither read nor written.
struct LaneVelocities {
  /// Per state entry; only the touched ones are current during a pass.
  private(set) var values: [SIMD4<Float>] = []
  /// The state entries the blocks touch, each once.
  private(set) var touched: [Int32] = []
  private var isTouched: [Bool] = []

  /// Notes which entries `blocks` touch (after each packing).
  mutating func collect(_ blocks: [ContactBlock], stateCount: Int) {
    clear()
    if values.count != stateCount {
      values = [SIMD4<Float>](repeating: .zero, count: stateCount)
      isTouched = [Bool](repeating: false, count: stateCount)
    }
    for b in blocks {
      for k in 0..<4 {
        note(b.stateA[k])
        note(b.stateB[k])
      }
    }
  }

  private mutating func note(_ i: Int32) {
    guard !isTouched[Int(i)] else { return }
    isTouched[Int(i)] = true
    touched.append(i)
  }

  /// Touches nothing until the next `collect` (the blocks were dropped; the states may shrink).
  mutating func clear() {
    for i in touched { isTouched[Int(i)] = false }
    touched.removeAll(keepingCapacity: true)
  }

  /// Runs `body` on the float velocities of the touched entries of `st`, then writes them back.
  mutating func withValues(_ st: UnsafeMutablePointer<BodyState>, _ body: (UnsafeMutablePointer<SIMD4<Float>>) -> Void) {
    touched.withUnsafeBufferPointer { t in
      values.withUnsafeMutableBufferPointer { vb in
        let v = vb.baseAddress.unsafelyUnwrapped
        for i in t {
          let s = st + Int(i)
          v[Int(i)] = SIMD4(Float(s.pointee.v.x), Float(s.pointee.v.y), Float(s.pointee.w), 0)
        }
        body(v)
        for i in t {
          let f = v[Int(i)], s = st + Int(i)
          s.pointee.v = Vec2(Double(f.x), Double(f.y))
          s.pointee.w = Double(f.z)
        }
      }
    }
  }
}
