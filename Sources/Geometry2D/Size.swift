/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent, in points.
  public var width: Double
  /// The vertical extent, in points.
  public var height: Double

  /// A size of `width` × `height` points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of 0 × 0.
  public static let zero = Size(width: 0, height: 0)

  /// `width × height`, in square points (the area UIKit Dynamics' mass is computed from).
  public var area: Double { width * height }
  /// True when both extents are finite.
  public var isFinite: Bool { width.isFinite && height.isFinite }
  /// True when either side is zero or negative.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  public var description: String { "\(width)×\(height)" }

  /// Both extents multiplied by `k`.
  public static func * (s: Size, k: Double) -> Size { Size(width: s.width * k, height: s.height * k) }
}
