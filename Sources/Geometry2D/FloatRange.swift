/// A closed range of doubles (UIFloatRange), used for attachment limits.
public struct FloatRange: Hashable, Sendable {
  /// The lower end of the range.
  public var minimum: Double
  /// The upper end of the range.
  public var maximum: Double

  /// The range `minimum`…`maximum` (empty when `minimum > maximum`).
  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// The range 0…0.
  public static let zero = FloatRange(minimum: 0, maximum: 0)
  /// −∞…+∞ (UIFloatRangeInfinite): no limit.
  public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)

  /// True for −∞…+∞.
  public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
  /// True when `minimum > maximum` (or either is NaN).
  public var isEmpty: Bool { !(minimum <= maximum) }

  /// True when `value` lies in `minimum`…`maximum`, both ends included.
  public func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

  /// `value` moved into the range (unchanged when inside).
  public func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, minimum), maximum) }
}
