/// A number a scene lets the tuning panel change live: a name, a unit, the allowed range, a step for the
/// keys, and how to read and write it. Values outside the range are refused, never applied.
package struct TunableParameter {
  package let name: String
  package let unit: String
  package let range: ClosedRange<Double>
  package let step: Double
  /// Decimal places shown.
  package let precision: Int
  /// Named values (e.g. scroll-physics presets); when set the parameter is a choice of their indices.
  package let choices: [String]?
  private let read: () -> Double
  private let write: (Double) -> Void

  package init(
    _ name: String, unit: String = "", range: ClosedRange<Double>, step: Double, precision: Int = 2,
    get: @escaping () -> Double, set: @escaping (Double) -> Void
  ) {
    self.name = name
    self.unit = unit
    self.range = range
    self.step = step
    self.precision = precision
    self.choices = nil
    read = get
    write = set
  }

  /// A choice among named options, stored as the option's index.
  package init(choice name: String, options: [String], get: @escaping () -> Int, set: @escaping (Int) -> Void) {
    self.name = name
    self.unit = ""
    self.range = 0...Double(max(0, options.count - 1))
    self.step = 1
    self.precision = 0
    self.choices = options
    read = { Double(get()) }
    write = { set(Int($0)) }
  }

  package var value: Double { read() }

  /// The value as shown: the option's name for a choice, else the number with its unit.
  package var displayValue: String {
    if let choices {
      let i = Int(value)
      return choices.indices.contains(i) ? choices[i] : "?"
    }
    return formatted(value) + (unit.isEmpty ? "" : " \(unit)")
  }

  package func formatted(_ v: Double) -> String {
    var scale = 1.0
    for _ in 0..<precision { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if precision == 0 { return String(Int(r)) }
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
      let decimals = s.distance(from: s.index(after: dot), to: s.endIndex)
      if decimals < precision { s += String(repeating: "0", count: precision - decimals) }
    }
    return s
  }

  /// Applies `v` when it is a finite number in range (a choice must be a whole index). Otherwise nothing
  /// changes and the message says what was wrong and what is allowed.
  @discardableResult
  package func set(_ v: Double) -> String? {
    guard v.isFinite else { return "\(name): \(v) is not a number; nothing changed" }
    guard range.contains(v) else {
      return
        "\(name) must be between \(formatted(range.lowerBound)) and \(formatted(range.upperBound))\(unit.isEmpty ? "" : " \(unit)"); \(formatted(v)) refused"
    }
    if choices != nil, v != v.rounded() { return "\(name) is a choice; \(v) refused" }
    write(v)
    return nil
  }

  /// Moves by `steps` key steps, stopping at the range's ends.
  package func nudge(by steps: Double) {
    let v = Swift.min(Swift.max(value + steps * step, range.lowerBound), range.upperBound)
    let snapped = (v / step).rounded() * step
    write(Swift.min(Swift.max(snapped, range.lowerBound), range.upperBound))
  }

  /// The value as a fraction 0…1 of the range, for a slider.
  package var fraction: Double {
    range.upperBound > range.lowerBound ? (value - range.lowerBound) / (range.upperBound - range.lowerBound) : 0
  }

  /// Sets from a slider fraction, snapped to the step.
  package func setFraction(_ f: Double) {
    let f = Swift.min(Swift.max(f, 0), 1)
    let v = range.lowerBound + f * (range.upperBound - range.lowerBound)
    let snapped = (v / step).rounded() * step
    write(Swift.min(Swift.max(snapped, range.lowerBound), range.upperBound))
  }
}
