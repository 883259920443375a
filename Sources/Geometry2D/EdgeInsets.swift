/// Distances inward from each edge of a rectangle (UIEdgeInsets).
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge, in points.
  public var top: Double
  /// The inset from the left edge, in points.
  public var left: Double
  /// The inset from the bottom edge, in points.
  public var bottom: Double
  /// The inset from the right edge, in points.
  public var right: Double

  /// Insets in UIEdgeInsets' order: top, left, bottom, right.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four sides.
  public init(all inset: Double) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// `left + right`: how much narrower an inset rectangle is.
  public var horizontal: Double { left + right }
  /// `top + bottom`: how much shorter an inset rectangle is.
  public var vertical: Double { top + bottom }
}
