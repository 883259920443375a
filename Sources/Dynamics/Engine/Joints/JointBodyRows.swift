/// Per moving body, the joint rows that move it, in creation order, each with the side the body is on:
/// what lets the warm start add a body's velocity changes on any thread in the order one loop over the
/// rows adds them (`JointStore+WarmStart`). Worked out with the solve order, whenever rows or bodies
/// changed (`orderRows`).
struct JointBodyRows {
  /// Per body slot, where its rows start in `entries` (one more at the end).
  var starts: [Int32] = [0]
  /// Row index × 2, plus 1 when the body is the row's B.
  var entries: [Int32] = []

  /// No rows.
  init() {}

  /// The index of `rows` over `bodyCount` body slots; `moves(i)` says whether body i moves.
  init(_ rows: UnsafeBufferPointer<JointRow>, bodyCount: Int, moves: (Int32) -> Bool) {
    var counts = [Int32](repeating: 0, count: bodyCount + 1)
    for k in 0..<rows.count {
      let (a, b) = (rows[k].bodyA, rows[k].bodyB)
      if moves(a) { counts[Int(a) + 1] += 1 }
      if moves(b) { counts[Int(b) + 1] += 1 }
    }
    for i in 0..<bodyCount { counts[i + 1] += counts[i] }
    starts = counts
    var next = counts
    entries = [Int32](repeating: 0, count: Int(counts[bodyCount]))
    for k in 0..<rows.count {
      let (a, b) = (rows[k].bodyA, rows[k].bodyB)
      if moves(a) {
        entries[Int(next[Int(a)])] = Int32(2 * k)
        next[Int(a)] += 1
      }
      if moves(b) {
        entries[Int(next[Int(b)])] = Int32(2 * k + 1)
        next[Int(b)] += 1
      }
    }
  }

  /// Adds every row's changes (`kicks`, by row) to the states of the bodies it moves, in slices of
  /// bodies: each body's in creation order, as the one loop adds them.
  func apply(
    _ kicks: UnsafeBufferPointer<WarmStartKick>, to s: UnsafeMutableBufferPointer<BodyState>, on workers: WorkerPool
  ) {
    withBuffers(starts, entries) { starts, entries in
      let bodyCount = starts.count - 1
      workers.forEachSlice(of: bodyCount, grain: JointBodyRows.grain) { range in
        for i in range {
          let (from, to) = (Int(starts[i]), Int(starts[i + 1]))
          guard from < to else { continue }
          var v = s[i].v, w = s[i].w
          for e in from..<to {
            let entry = Int(entries[e])
            let kick = kicks[entry >> 1]
            if entry & 1 == 0 {
              v -= kick.vA
              w -= kick.wA
            } else {
              v += kick.vB
              w += kick.wB
            }
          }
          s[i].v = v
          s[i].w = w
        }
      }
    }
  }

  /// Bodies in a slice of the warm start's second stage.
  static let grain = 512
}
