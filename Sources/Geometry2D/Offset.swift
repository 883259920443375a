/// A horizontal and vertical offset (UIOffset), used for attachment points relative to an item's centre.
public struct Offset: Hashable, Sendable {
  /// The horizontal offset, in points (positive to the right).
  public var horizontal: Double
  /// The vertical offset, in points (positive downward).
  public var vertical: Double

  /// An offset of `horizontal` and `vertical` points.
  public init(horizontal: Double, vertical: Double) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// No offset.
  public static let zero = Offset(horizontal: 0, vertical: 0)

  /// The offset as a vector (`dx` = horizontal, `dy` = vertical).
  public var vector: Vector { Vector(dx: horizontal, dy: vertical) }
}
