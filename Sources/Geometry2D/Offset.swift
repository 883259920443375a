/// A horizontal and vertical offset (UIOffset), used for attachment points relative to an item's centre.
public struct Offset: Hashable, Sendable {
  public var horizontal: Double
  public var vertical: Double

  public init(horizontal: Double, vertical: Double) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let zero = Offset(horizontal: 0, vertical: 0)

  public var vector: Vector { Vector(dx: horizontal, dy: vertical) }
}
