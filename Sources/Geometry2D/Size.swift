/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  public var area: Double { width * height }
  public var isFinite: Bool { width.isFinite && height.isFinite }
  /// True when either side is zero or negative.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  public var description: String { "\(width)×\(height)" }

  public static func * (s: Size, k: Double) -> Size { Size(width: s.width * k, height: s.height * k) }
}
