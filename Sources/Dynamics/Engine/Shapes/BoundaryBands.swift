/// The boundary segments by horizontal band, so that the narrow phase tests a shape against the few
/// segments of its band rather than every segment: a scene of many floors (twenty rows of pyramids,
/// each on its own segment) tested 20 segments for each of its 22,000 boxes every collision pass.
///
/// Built when the segments change. A shape whose bounds lie in one band gets that band's segments, in
/// ascending order, which are all the segments its bounds can overlap vertically; a shape across bands
/// (or with bounds that are not finite) gets every segment. Either way the narrow phase then tests each
/// as before, in the same order: only segments that test would reject are skipped.
struct BoundaryBands {
  /// Fewer segments than this are all tested: the bands would save nothing.
  static let minimumSegments = 8

  private var bottom = 0.0, height = 0.0
  /// `1 / height`: a band is found by a product, not a quotient (two a shape, for most shapes of a
  /// scene of many floors). The bands' slack covers the product's rounding as it did the quotient's.
  private var inverseHeight = 0.0
  private var bandCount = 0
  /// Per band, where its segments start in `members` (one more entry at the end).
  private var starts: [Int32] = []
  /// The segments overlapping each band (by their vertical extent), ascending within a band.
  private var members: [Int32] = []

  init() {}

  init(_ segments: [BoundarySegment]) {
    guard segments.count >= BoundaryBands.minimumSegments else { return }
    let low = segments.map(\.minY).min() ?? 0, high = segments.map(\.maxY).max() ?? 0
    guard low.isFinite && high.isFinite && high > low else { return }
    bandCount = Swift.min(segments.count, 1024)
    bottom = low
    height = (high - low) / Double(bandCount)
    inverseHeight = 1 / height
    // Each band reaches a little past its ends, so a shape placed in it by a rounded division is
    // inside what its segments were tested against.
    let slack = height * 1e-6
    starts = [0]
    for b in 0..<bandCount {
      let lower = bottom + Double(b) * height - slack, upper = bottom + Double(b + 1) * height + slack
      for (k, s) in segments.enumerated() where s.minY <= upper && s.maxY >= lower { members.append(Int32(k)) }
      starts.append(Int32(members.count))
    }
  }

  /// The segments a shape with vertical bounds `minY...maxY` may reach, ascending, as a range of
  /// `members` (read with `withMembers`), or nil for every segment.
  @inline(__always) func candidates(minY: Double, maxY: Double) -> Range<Int>? {
    guard bandCount > 0, minY.isFinite, maxY.isFinite, minY <= maxY else { return nil }
    let first = band(of: minY), last = band(of: maxY)
    guard first == last else { return nil }
    return starts.withUnsafeBufferPointer { s in
      let s = s.baseAddress.unsafelyUnwrapped
      return Int(s[first])..<Int(s[first &+ 1])
    }
  }

  /// Lends `members`' storage (each band's segments, at the ranges `candidates` gives).
  @inline(__always) func withMembers<R>(_ body: (UnsafePointer<Int32>) -> R) -> R {
    members.withUnsafeBufferPointer { body($0.baseAddress ?? UnsafePointer(bitPattern: 8).unsafelyUnwrapped) }
  }

  /// The band of height `y` (finite), the end bands taking everything beyond them (whatever is below
  /// the lowest segment or above the highest meets none, so the end band's list holds all it can meet).
  /// Truncated, not rounded down: the same band for every position in range (not negative there), and
  /// rounding down was a call to the C library, two a shape on 22,000 boxes.
  @inline(__always) private func band(of y: Double) -> Int {
    let position = (y - bottom) * inverseHeight
    return position < 0 ? 0 : position >= Double(bandCount) ? bandCount &- 1 : Int(position)
  }
}

extension ShapeStore {
  /// Whether proxy `p`'s bounds, grown by the largest whole reach of any body, reach some boundary
  /// segment's: false only when every segment its band holds is clearly apart (the shape's bounds for
  /// the boundaries, `boundaryShape`, lie inside those, so its tests would reject them all too; NaN
  /// bounds reach everything). The largest reach, not the body's own: read at random in the proxies'
  /// order, the bodies' sweeps cost a miss apiece on 22,000 boxes, and a shape that passes here only
  /// meets the exact test.
  @inline(__always) func mayReachBoundary(_ p: Proxy) -> Bool { mayReachBoundary(p, reach: largestReach) }

  /// Whether proxy `p`'s bounds grown by `reach` reach some boundary segment's (`mayReachBoundary`):
  /// the larger the reach, the more segments.
  @inline(__always) func mayReachBoundary(_ p: Proxy, reach: Double) -> Bool {
    let (minX, maxX, minY, maxY) = (p.minX - reach, p.maxX + reach, p.minY - reach, p.maxY + reach)
    // Most shapes lie well inside the boundaries: their tests would reject every segment.
    if boundaryClearing.holds(minX: minX, maxX: maxX, minY: minY, maxY: maxY) { return false }
    return boundaries.withUnsafeBufferPointer { segments in
      @inline(__always) func reaches(_ k: Int) -> Bool {
        let s = segments.baseAddress.unsafelyUnwrapped + k
        return
          !(s.pointee.minX > maxX || s.pointee.maxX < minX || s.pointee.minY > maxY
          || s.pointee.maxY < minY)
      }
      if let band = boundaryBands.candidates(minY: minY, maxY: maxY) {
        return boundaryBands.withMembers { members in band.contains { reaches(Int(members[$0])) } }
      }
      return (0..<segments.count).contains { reaches($0) }
    }
  }

  /// Shape `a` as the boundary tests see it: its swept bounds (`ShapeRefresh.place`, along the body's
  /// motion) grown behind the motion too, so they reach as far every way as the body can move before
  /// the next pass. A body moving away from a wall keeps its contact there: a bounce can turn it back
  /// within the window, and the continuous pass sweeps only a body that moves further than that reach
  /// (`BodyStore.movesFast`).
  @inline(__always) func boundaryShape(_ a: Int) -> Shape {
    var s = list[a]
    let sweep = sweeps[Int(s.body)]
    // The motion's length (the whole reach less the turn's part), less what the bounds hold already.
    let back = sweep.margin - sweep.turn, m = sweep.motion
    s.minX -= back + Swift.min(m.x, 0)
    s.maxX += back - Swift.max(m.x, 0)
    s.minY -= back + Swift.min(m.y, 0)
    s.maxY += back - Swift.max(m.y, 0)
    return s
  }
}
