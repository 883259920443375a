import Geometry2D

/// The part of the plane a field acts in (UIRegion), in points, centred on the field's `position`:
/// `contains(_:)` takes a point relative to that position (field-local), y down.
///
/// A region is a small program in postfix order (shapes push a truth value, set operations combine
/// the top two), so composition to any depth neither recurses when tested nor when freed, and testing
/// a point allocates nothing for regions of up to 64 nested operations.
/// Edges belong to the region: a circle of radius 10 contains (10, 0), a 20×20 rectangle contains
/// (10, 10). The inverse of `.infinite` is empty.
public struct Region: Sendable, Hashable {
  /// One instruction of the postfix program.
  enum Op: Sendable, Hashable {
    case everything
    /// Points no farther than the radius (pt) from the origin.
    case circle(radius: Double)
    /// Points with |x| ≤ width/2 and |y| ≤ height/2.
    case rectangle(halfWidth: Double, halfHeight: Double)
    case not
    case or
    case and
    /// The second-from-top minus the top.
    case andNot
  }

  private(set) var ops: [Op]

  init(ops: [Op]) { self.ops = ops }

  /// Everywhere; the default region of every field.
  public static let infinite = Region(ops: [.everything])

  /// A disc of `radius` points around the field's position.
  /// - Precondition: `radius` is finite and not negative.
  public init(radius: Double) {
    precondition(
      radius.isFinite && radius >= 0, "Region(radius:): the radius must be finite and not negative, got \(radius).")
    ops = [.circle(radius: radius)]
  }

  /// A rectangle of `size` points centred on the field's position.
  /// - Precondition: both sides are finite and not negative.
  public init(size: Size) {
    precondition(
      size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
      "Region(size:): the size must be finite and not negative, got \(size).")
    ops = [.rectangle(halfWidth: size.width / 2, halfHeight: size.height / 2)]
  }

  /// Everything this region leaves out (the inverse of `.infinite` contains no point).
  public func inverse() -> Region { Region(ops: ops + [.not]) }

  /// Points in this region or in `other`.
  public func union(_ other: Region) -> Region { Region(ops: ops + other.ops + [.or]) }

  /// Points in this region but not in `other`.
  public func difference(_ other: Region) -> Region { Region(ops: ops + other.ops + [.andNot]) }

  /// Points in both regions.
  public func intersection(_ other: Region) -> Region { Region(ops: ops + other.ops + [.and]) }

  /// True for the unmodified `.infinite` region (fields skip the test then).
  public var isInfinite: Bool { ops == [.everything] }

  /// Whether `point` (in points, relative to the field's position) is in the region.
  public func contains(_ point: Point) -> Bool {
    if ops.count == 1 { return Region.test(ops[0], point) }
    let depth = ops.count
    if depth <= 64 {
      return withUnsafeTemporaryAllocation(of: Bool.self, capacity: depth) { run(point, stack: $0) }
    }
    var stack = [Bool](repeating: false, count: depth)
    return stack.withUnsafeMutableBufferPointer { run(point, stack: $0) }
  }

  private func run(_ p: Point, stack: UnsafeMutableBufferPointer<Bool>) -> Bool {
    var top = -1
    for op in ops {
      switch op {
      case .not: stack[top] = !stack[top]
      case .or:
        top -= 1
        stack[top] = stack[top] || stack[top + 1]
      case .and:
        top -= 1
        stack[top] = stack[top] && stack[top + 1]
      case .andNot:
        top -= 1
        stack[top] = stack[top] && !stack[top + 1]
      default:
        top += 1
        stack[top] = Region.test(op, p)
      }
    }
    return stack[0]
  }

  @inline(__always) static func test(_ op: Op, _ p: Point) -> Bool {
    switch op {
    case .everything: true
    case .circle(let r): p.x * p.x + p.y * p.y <= r * r
    case .rectangle(let hw, let hh): abs(p.x) <= hw && abs(p.y) <= hh
    default: false
    }
  }
}
