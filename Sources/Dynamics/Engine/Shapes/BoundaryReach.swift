/// What each proxy's bounds are known to do against the boundary segments, judged once per collision
/// pass before the narrow phase (`ShapeStore.judgeBoundaryReach`) and kept in the proxy while its
/// bounds stand: the narrow phase then asks the bands and the segments (`mayReachBoundary`) only for
/// the few shapes near a segment, where every shape of a scene of many floors was asked every pass
/// (22,000 boxes on twenty segments: 1.6 % of the step).
///
/// A proxy's verdict (`Proxy.boundaryClearReach`) is a reach up to which its grown bounds meet no
/// segment, judged with room to spare (twice the pass's largest reach and `room` more, so the reach
/// may grow for many passes before it is judged again), or `meets` when its bounds meet a segment
/// grown by nothing (then by any reach), or `unknown`. The narrow phase's answer is the one
/// `mayReachBoundary` would give: a grown box meets more segments the larger the reach.
enum BoundaryVerdict {
  /// Not judged since the bounds or the segments changed, or too near a segment to say.
  static let unknown: Float = -1
  /// The bounds meet a segment before they are grown.
  static let meets: Float = -2
  /// The reach, in points, judged beyond twice the pass's largest.
  static let room = 8.0
}

extension ShapeStore {
  /// Judges again every colliding proxy whose verdict no longer covers the pass's largest reach, in
  /// slices on the pool's threads (each proxy is its slice's alone).
  mutating func judgeBoundaryReach(on workers: WorkerPool) {
    guard !boundaries.isEmpty else { return }
    let reach = largestReach
    let judged = Float(2 * reach + BoundaryVerdict.room)
    // Taken out of the store while they are judged: the store is read for the segments meanwhile.
    var proxies: [Proxy] = []
    swap(&proxies, &broadPhase.proxies)
    defer { swap(&proxies, &broadPhase.proxies) }
    proxies.withUnsafeMutableBufferPointer { buffer in
      let px = buffer.baseAddress.unsafelyUnwrapped
      workers.forEachSlice(of: buffer.count, grain: ShapeStore.proxyGrain) { range in
        for k in range where px[k].collidesWithBoundaries && needsJudging(px[k], reach: reach) {
          px[k].boundaryClearReach = verdict(px[k], judged: judged)
        }
      }
    }
  }

  /// Whether proxy `p`'s verdict leaves its answer at reach `reach` open.
  @inline(__always) func needsJudging(_ p: Proxy, reach: Double) -> Bool {
    p.boundaryClearReach != BoundaryVerdict.meets && !(Double(p.boundaryClearReach) >= reach)
  }

  /// Proxy `p`'s verdict, clear up to `judged` if it is.
  func verdict(_ p: Proxy, judged: Float) -> Float {
    if mayReachBoundary(p, reach: 0) { return BoundaryVerdict.meets }
    return mayReachBoundary(p, reach: Double(judged)) ? BoundaryVerdict.unknown : judged
  }

  /// The narrow phase's question (`mayReachBoundary` at the pass's largest reach), answered from the
  /// proxy's verdict where it says.
  @inline(__always) func reachesBoundary(_ p: Proxy) -> Bool {
    let verdict = p.boundaryClearReach
    if verdict == BoundaryVerdict.meets { return true }
    if Double(verdict) >= largestReach { return false }
    return mayReachBoundary(p)
  }

  /// Forgets every proxy's verdict (the segments changed).
  mutating func forgetBoundaryVerdicts() {
    for k in broadPhase.proxies.indices { broadPhase.proxies[k].boundaryClearReach = BoundaryVerdict.unknown }
  }
}
