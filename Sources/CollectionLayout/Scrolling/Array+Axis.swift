import Geometry2D

extension Array {
  /// The element kept for `axis` in a two-element per-axis array (horizontal first).
  subscript(axis: Axis) -> Element {
    get { self[axis.rawValue] }
    set { self[axis.rawValue] = newValue }
  }
}
