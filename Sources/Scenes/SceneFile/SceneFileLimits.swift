import Dynamics

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
    let span =
      excludesMinimum
      ? "greater than \(Self.format(minimum)) and at most \(Self.format(maximum))"
      : "from \(Self.format(minimum)) to \(Self.format(maximum))"
    return "\(meaning) \(span)\(allowsInfinity ? ", or \"infinity\"" : "")"
  }

  static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
  }
}

extension ValueRange {
  /// The Dynamics API's documented range for a parameter, narrowed to `practical`: the file is refused
  /// before the API's precondition could trap, and before magnitudes that only overflow.
  init(api: ClosedRange<Double>, practical: ClosedRange<Double>, meaning: String) {
    // The API writes "> 0" as a lower bound of the least non-zero double.
    let positive = api.lowerBound > 0 && api.lowerBound <= Double.leastNormalMagnitude
    self.init(
      minimum: positive ? 0 : Swift.max(api.lowerBound, practical.lowerBound),
      maximum: Swift.min(api.upperBound, practical.upperBound), excludesMinimum: positive,
      allowsInfinity: api.upperBound == .infinity, meaning: meaning)
  }
}

/// Every range and count a scene file is checked against, in one table, before anything reaches the
/// Dynamics API (whose preconditions trap). Each behavior property's range is the API's own
/// (`DynamicItemBehavior.elasticityRange` and the like: elasticity 0…1, friction, damping, frequency,
/// resistance ≥ 0 with resistance allowed ∞, density > 0, smoothness 0…1, everything else finite),
/// narrowed to magnitudes where the engine's arithmetic stays far from overflow (a coordinate is at most
/// a million points; squares and products of such values stay finite), since a file should never be
/// able to make the engine's numbers infinite.
enum SceneFileLimits {
  static let coordinate = ValueRange(
    api: FieldBehavior.coordinateRange, practical: -1e6...1e6, meaning: "a coordinate in points")
  static let extent = ValueRange(minimum: 0, maximum: 100_000, excludesMinimum: true, meaning: "a size in points")
  static let rotation = ValueRange(minimum: -1e6, maximum: 1e6, meaning: "an angle in radians")
  static let pathCoordinate = ValueRange(minimum: -100_000, maximum: 100_000, meaning: "a path coordinate in points")
  static let regionRadius = ValueRange(minimum: 0, maximum: 1e6, excludesMinimum: true, meaning: "a radius in points")
  static let regionExtent = ValueRange(minimum: 0, maximum: 2e6, excludesMinimum: true, meaning: "a size in points")

  private static let angle = -1e6...1e6, large = -1e6...1e6, ratio = 0.0...1000

  /// The numbers each behavior kind takes, by property name.
  static let behaviorNumbers: [String: [String: ValueRange]] = [
    "gravity": [
      "magnitude": ValueRange(api: GravityBehavior.magnitudeRange, practical: -1000...1000, meaning: "a magnitude"),
      "angle": ValueRange(api: GravityBehavior.angleRange, practical: angle, meaning: "an angle in radians")
    ],
    "push": [
      "magnitude": ValueRange(api: PushBehavior.magnitudeRange, practical: -1000...1000, meaning: "a magnitude"),
      "angle": ValueRange(api: PushBehavior.angleRange, practical: angle, meaning: "an angle in radians")
    ],
    "attachment": [
      "length": ValueRange(api: AttachmentBehavior.lengthRange, practical: large, meaning: "a length in points"),
      "damping": ValueRange(api: AttachmentBehavior.dampingRange, practical: ratio, meaning: "a damping ratio"),
      "frequency": ValueRange(api: AttachmentBehavior.frequencyRange, practical: ratio, meaning: "a frequency in Hz")
    ],
    "snap": [
      "damping": ValueRange(api: SnapBehavior.dampingRange, practical: ratio, meaning: "a snap damping")
    ],
    "itemBehavior": [
      "elasticity": ValueRange(
        api: DynamicItemBehavior.elasticityRange, practical: large, meaning: "an elasticity (1 = perfectly elastic)"),
      "friction": ValueRange(api: DynamicItemBehavior.frictionRange, practical: ratio, meaning: "a friction"),
      "density": ValueRange(api: DynamicItemBehavior.densityRange, practical: large, meaning: "a density"),
      "resistance": ValueRange(
        api: DynamicItemBehavior.resistanceRange, practical: large, meaning: "a resistance (damping rate)"),
      "angularResistance": ValueRange(
        api: DynamicItemBehavior.angularResistanceRange, practical: large, meaning: "an angular resistance"),
      "charge": ValueRange(api: DynamicItemBehavior.chargeRange, practical: large, meaning: "a charge"),
      "angularVelocity": ValueRange(
        api: DynamicItemBehavior.velocityRange, practical: large, meaning: "an angular velocity in radians/s")
    ],
    "field": [
      "strength": ValueRange(api: FieldBehavior.strengthRange, practical: large, meaning: "a field strength"),
      "falloff": ValueRange(api: FieldBehavior.falloffRange, practical: -10...10, meaning: "a falloff exponent"),
      "minimumRadius": ValueRange(
        api: FieldBehavior.minimumRadiusRange, practical: large, meaning: "a minimum radius in points"),
      "smoothness": ValueRange(api: FieldBehavior.smoothnessRange, practical: large, meaning: "a smoothness"),
      "animationSpeed": ValueRange(
        api: FieldBehavior.animationSpeedRange, practical: ratio, meaning: "an animation speed in Hz")
    ]
  ]

  /// The range of the number `key` of a `kind` behavior, nil for a key that takes no number.
  static func range(of key: String, in kind: String) -> ValueRange? { behaviorNumbers[kind]?[key] }

  /// `[x, y]` properties of behaviors: the range of each component.
  static let behaviorPoints: [String: ValueRange] = [
    "gravityDirection": ValueRange(minimum: -1000, maximum: 1000, meaning: "a gravity component (1 = 1000 pt/s²)"),
    "pushDirection": ValueRange(minimum: -1000, maximum: 1000, meaning: "a push component"),
    "direction": ValueRange(minimum: -1000, maximum: 1000, meaning: "a direction component"),
    "axis": ValueRange(minimum: -1000, maximum: 1000, meaning: "an axis component"),
    "linearVelocity": ValueRange(
      api: DynamicItemBehavior.velocityRange, practical: -1e6...1e6, meaning: "a velocity in points/s"),
    "anchor": coordinate, "snapPoint": coordinate, "position": coordinate,
    "offsetFromCenter": coordinate, "attachedOffsetFromCenter": coordinate
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
