/// One of the plane's two directions: what a scroll view, a flow layout or a gesture measures along.
/// Points, vectors and sizes are subscripted by it, so code written for one axis serves both.
public enum Axis: Int, CaseIterable, Sendable, Hashable {
  /// x, width.
  case horizontal
  /// y, height.
  case vertical

  /// The other axis.
  public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Point {
  /// The coordinate along `axis`: x or y.
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? x : y }
    set { if axis == .horizontal { x = newValue } else { y = newValue } }
  }
}

extension Vector {
  /// The component along `axis`: dx or dy.
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? dx : dy }
    set { if axis == .horizontal { dx = newValue } else { dy = newValue } }
  }
}

extension Size {
  /// The extent along `axis`: width or height.
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? width : height }
    set { if axis == .horizontal { width = newValue } else { height = newValue } }
  }
}
