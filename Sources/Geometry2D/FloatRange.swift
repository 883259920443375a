/// A closed range of doubles (UIFloatRange), used for attachment limits.
public struct FloatRange: Hashable, Sendable {
  public var minimum: Double
  public var maximum: Double

  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }

  public static let zero = FloatRange(minimum: 0, maximum: 0)
  public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)

  public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
  public var isEmpty: Bool { !(minimum <= maximum) }

  public func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

  /// `value` moved into the range (unchanged when inside).
  public func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, minimum), maximum) }
}
