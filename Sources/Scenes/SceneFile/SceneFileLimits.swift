/// The range one number in a scene file must fall in, and how to say it.
struct ValueRange: Sendable {
  var minimum: Double
  var maximum: Double
  /// True when the minimum itself is refused (a size or a density must be more than 0).
  var excludesMinimum = false
  /// True when +∞ is meaningful (infinite resistance stops at once); a file writes it "infinity".
  var allowsInfinity = false
  /// What the value is, as an error says it: "an elasticity".
  var meaning: String

  func contains(_ v: Double) -> Bool {
    if v == .infinity { return allowsInfinity }
    guard v.isFinite else { return false }
    return (excludesMinimum ? v > minimum : v >= minimum) && v <= maximum
  }

  var expectation: String {
    let span = excludesMinimum ? "greater than \(Self.format(minimum)) and at most \(Self.format(maximum))"
      : "from \(Self.format(minimum)) to \(Self.format(maximum))"
    return "\(meaning) \(span)\(allowsInfinity ? ", or \"infinity\"" : "")"
  }

  static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
  }
}

/// Every range and count a scene file is checked against, in one table, before anything reaches the
/// Dynamics API (whose preconditions trap). Each range is the API's documented one — elasticity 0…1,
/// friction, damping, frequency, resistance ≥ 0 (resistance may be ∞), density and sizes > 0,
/// smoothness 0…1, everything else finite — narrowed to magnitudes where the engine's arithmetic stays
/// far from overflow (a coordinate is at most a million points; squares and products of such values
/// stay finite), since a file should never be able to make the engine's numbers infinite.
enum SceneFileLimits {
  static let coordinate = ValueRange(minimum: -1e6, maximum: 1e6, meaning: "a coordinate in points")
  static let extent = ValueRange(minimum: 0, maximum: 100_000, excludesMinimum: true, meaning: "a size in points")
  static let rotation = ValueRange(minimum: -1e6, maximum: 1e6, meaning: "an angle in radians")
  static let pathCoordinate = ValueRange(minimum: -100_000, maximum: 100_000, meaning: "a path coordinate in points")
  static let regionRadius = ValueRange(minimum: 0, maximum: 1e6, excludesMinimum: true, meaning: "a radius in points")
  static let regionExtent = ValueRange(minimum: 0, maximum: 2e6, excludesMinimum: true, meaning: "a size in points")

  /// Numbers a behavior takes, by property name (the same meaning in every behavior that has it).
  static let behaviorNumbers: [String: ValueRange] = [
    "magnitude": ValueRange(minimum: -1000, maximum: 1000, meaning: "a magnitude"),
    "angle": ValueRange(minimum: -1e6, maximum: 1e6, meaning: "an angle in radians"),
    "length": ValueRange(minimum: 0, maximum: 1e6, meaning: "a length in points"),
    "damping": ValueRange(minimum: 0, maximum: 1000, meaning: "a damping ratio"),
    "frequency": ValueRange(minimum: 0, maximum: 1000, meaning: "a frequency in Hz"),
    "elasticity": ValueRange(minimum: 0, maximum: 1, meaning: "an elasticity (1 = perfectly elastic)"),
    "friction": ValueRange(minimum: 0, maximum: 1000, meaning: "a friction"),
    "density": ValueRange(minimum: 0, maximum: 1e6, excludesMinimum: true, meaning: "a density"),
    "resistance": ValueRange(minimum: 0, maximum: 1e6, allowsInfinity: true, meaning: "a resistance (damping rate)"),
    "angularResistance": ValueRange(minimum: 0, maximum: 1e6, allowsInfinity: true, meaning: "an angular resistance"),
    "charge": ValueRange(minimum: -1e6, maximum: 1e6, meaning: "a charge"),
    "angularVelocity": ValueRange(minimum: -1e6, maximum: 1e6, meaning: "an angular velocity in radians/s"),
    "strength": ValueRange(minimum: -1e6, maximum: 1e6, meaning: "a field strength"),
    "falloff": ValueRange(minimum: -10, maximum: 10, meaning: "a falloff exponent"),
    "minimumRadius": ValueRange(minimum: 0, maximum: 1e6, meaning: "a minimum radius in points"),
    "smoothness": ValueRange(minimum: 0, maximum: 1, meaning: "a smoothness"),
    "animationSpeed": ValueRange(minimum: 0, maximum: 1000, meaning: "an animation speed in Hz"),
  ]

  /// Where one behavior kind documents a narrower range than the name's usual one: a snap's damping
  /// is UIKit's 0…1 (an attachment's is any ratio ≥ 0).
  static let behaviorNumberOverrides: [String: [String: ValueRange]] = [
    "snap": ["damping": ValueRange(minimum: 0, maximum: 1, meaning: "a snap damping")],
  ]

  /// The range of the number `key` of a `kind` behavior, nil for a key that takes no number.
  static func range(of key: String, in kind: String) -> ValueRange? {
    behaviorNumberOverrides[kind]?[key] ?? behaviorNumbers[key]
  }

  /// `[x, y]` properties of behaviors: the range of each component.
  static let behaviorPoints: [String: ValueRange] = [
    "gravityDirection": ValueRange(minimum: -1000, maximum: 1000, meaning: "a gravity component (1 = 1000 pt/s²)"),
    "pushDirection": ValueRange(minimum: -1000, maximum: 1000, meaning: "a push component"),
    "direction": ValueRange(minimum: -1000, maximum: 1000, meaning: "a direction component"),
    "linearVelocity": ValueRange(minimum: -1e6, maximum: 1e6, meaning: "a velocity in points/s"),
    "anchor": coordinate, "snapPoint": coordinate, "position": coordinate,
    "offsetFromCenter": coordinate, "attachedOffsetFromCenter": coordinate,
  ]

  // Counts: enough for any scene a person writes, few enough that building stays quick.
  static let maximumItems = 10_000
  static let maximumBehaviors = 10_000
  static let maximumItemsPerBehavior = 10_000
  static let maximumBoundaries = 1_000
  static let maximumBoundaryPoints = 10_000
  static let maximumPathPoints = 1_000
  static let maximumStringLength = 1_000
  /// Bytes read from a scene file at most.
  static let maximumFileSize = 16 << 20
}
