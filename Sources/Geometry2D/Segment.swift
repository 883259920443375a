/// A straight line segment between two points.
public struct Segment: Hashable, Sendable {
  /// Where the segment begins.
  public var start: Point
  /// Where the segment ends.
  public var end: Point

  /// The segment from `start` to `end`.
  public init(from start: Point, to end: Point) {
    self.start = start
    self.end = end
  }

  /// `end − start`.
  public var vector: Vector { end - start }
  /// The distance from `start` to `end`.
  public var length: Double { vector.length }
  /// The point halfway along.
  public var midpoint: Point { start.interpolated(to: end, fraction: 0.5) }

  /// The fraction along the segment (0…1) of the point nearest to `p`.
  public func closestFraction(to p: Point) -> Double {
    let v = vector
    let l2 = v.lengthSquared
    guard l2 > 0 else { return 0 }
    return Swift.min(1, Swift.max(0, (p - start).dot(v) / l2))
  }

  /// The point of the segment nearest to `p`.
  public func closestPoint(to p: Point) -> Point {
    start.interpolated(to: end, fraction: closestFraction(to: p))
  }

  /// The distance from `p` to the nearest point of the segment.
  public func distance(to p: Point) -> Double { closestPoint(to: p).distance(to: p) }

  /// Where this segment crosses `other`, or nil when they do not cross (parallel segments never do).
  public func intersection(with other: Segment) -> Point? {
    let r = vector, s = other.vector
    let denom = r.cross(s)
    guard denom != 0 else { return nil }
    let q = other.start - start
    let t = q.cross(s) / denom, u = q.cross(r) / denom
    guard t >= 0, t <= 1, u >= 0, u <= 1 else { return nil }
    return start + r * t
  }
}
