/// A timed move of one axis from a value to another: programmatic scrolls and wheel notches.
struct ScrollAnimation {
  enum Curve { case easeOut, easeInOut }
  var from: Double
  var to: Double
  var elapsed = 0.0
  var duration: Double
  var curve: Curve
  /// A wheel animation: a further notch extends its target instead of starting from the current offset.
  var isWheel = false

  init(from: Double, to: Double, duration: Double, curve: Curve, isWheel: Bool = false) {
    self.from = from
    self.to = to
    self.duration = duration
    self.curve = curve
    self.isWheel = isWheel
  }

  var fraction: Double { duration > 0 ? Swift.min(1, elapsed / duration) : 1 }

  /// The eased progress at `fraction`, and its derivative with respect to time (1/s).
  var eased: (value: Double, rate: Double) {
    let t = fraction
    switch curve {
    case .easeOut:  // cubic: starts at speed 3·Δ/T and stops smoothly
      let u = 1 - t
      return (1 - u * u * u, duration > 0 ? 3 * u * u / duration : 0)
    case .easeInOut:  // smoothstep
      return (t * t * (3 - 2 * t), duration > 0 ? 6 * t * (1 - t) / duration : 0)
    }
  }

  var value: Double { from + (to - from) * eased.value }
  var velocity: Double { (to - from) * eased.rate }
}
