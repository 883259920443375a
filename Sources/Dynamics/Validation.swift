import Geometry2D

/// The preconditions every public entry point shares, so misuse stops at the call that caused it with a
/// message saying what is wrong and what to do — never deep inside the solver.
enum Validate {
  static let finiteNumbers: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  static let nonNegativeFinite: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude
  static let positiveFinite: ClosedRange<Double> = Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude
  static let nonNegativeOrInfinite: ClosedRange<Double> = 0...Double.infinity
  static let unitInterval: ClosedRange<Double> = 0...1

  static func item(_ item: any DynamicItem, _ caller: @autoclosure () -> String) {
    let size = item.bounds.size
    precondition(
      size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
      "\(caller()): invalid size \(size) for item \(item) in Dynamics; give the item a finite, non-zero size before adding it to a behavior."
    )
    precondition(
      item.center.isFinite,
      "\(caller()): item \(item) has a non-finite center \(item.center); set a finite center before adding it to a behavior."
    )
    let a = item.transform.rotationAngle
    precondition(
      a.isFinite,
      "\(caller()): item \(item) has a non-finite rotation; reset its transform before adding it to a behavior.")
    if item.collisionBoundsType == .path {
      precondition(
        item.collisionBoundingPath?.polygon != nil,
        "\(caller()): item \(item) uses collisionBoundsType .path but its collisionBoundingPath is nil or not a closed polygon; give it a convex closed path centred on (0, 0)."
      )
    }
  }

  /// Refuses a value outside `range` (NaN is outside every range) with a message naming the parameter
  /// and the range.
  static func range(_ value: Double, _ range: ClosedRange<Double>, _ name: StaticString) {
    precondition(range.contains(value), "\(name) must be in \(describe(range)), got \(value).")
  }

  /// A range as a reader would write it: "0…1", "≥ 0 and finite", "finite", "≥ 0 (∞ allowed)".
  static func describe(_ r: ClosedRange<Double>) -> String {
    let big = Double.greatestFiniteMagnitude
    switch (r.lowerBound, r.upperBound) {
    case (-big, big): return "finite numbers"
    case (0, big): return "finite numbers ≥ 0"
    case (Double.leastNonzeroMagnitude, big): return "finite numbers > 0"
    case (0, .infinity): return "numbers ≥ 0 (∞ allowed)"
    case (let lo, let hi): return "\(lo)…\(hi)"
    }
  }

  /// Whether a centre and a transform are all finite, with one comparison: x − x is 0 for a finite x
  /// and NaN for ±∞ or NaN, and NaN survives the sum. `updateItem` checks every moved item.
  @inline(__always) static func isFinite(_ c: Point, _ t: AffineTransform) -> Bool {
    let zeros =
      (c.x - c.x) + (c.y - c.y) + (t.a - t.a) + (t.b - t.b) + (t.c - t.c) + (t.d - t.d) + (t.tx - t.tx) + (t.ty - t.ty)
    return zeros == 0
  }

  static func finite(_ value: Double, _ name: StaticString) {
    precondition(value.isFinite, "\(name) must be finite, got \(value); pass a finite number.")
  }

  static func point(_ p: Point, _ name: StaticString) {
    precondition(p.isFinite, "\(name) must be a finite point, got \(p); pass finite coordinates.")
  }

  static func vector(_ v: Vector, _ name: StaticString) {
    precondition(v.isFinite, "\(name) must be a finite vector, got \(v); pass finite components.")
  }
}
