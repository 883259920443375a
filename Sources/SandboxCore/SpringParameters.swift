#if canImport(Glibc)
  import Glibc
#endif

/// One damped spring, m·x″ + c·x′ + k·x = 0, readable and writable in the units each toolkit uses.
/// Every parameterisation reduces to mass m, stiffness k and damping coefficient c, with
/// ω₀ = √(k/m) and damping ratio ζ = c / (2√(mk)).
package struct SpringParameters: Hashable, Sendable {
  package var mass: Double
  package var stiffness: Double
  package var damping: Double

  /// Direct: Android's SpringForce (mass 1), framer-motion, react-spring's tension/friction/mass.
  package init(mass: Double = 1, stiffness: Double, damping: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  /// UIKit's UIAttachmentBehavior: frequency in Hz and damping ratio (Box2D's soft joint: ω = 2πf,
  /// k = m·ω², c = 2·m·ζ·ω). Mass 1 unless given.
  package init(frequency: Double, dampingRatio: Double, mass: Double = 1) {
    let w = 2 * Double.pi * frequency
    self.init(mass: mass, stiffness: mass * w * w, damping: 2 * mass * dampingRatio * w)
  }

  /// SwiftUI's spring(response:dampingFraction:): mass 1, k = (2π/T)², c = 4πζ/T.
  package init(response: Double, dampingFraction: Double) {
    self.init(mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * dampingFraction / response)
  }

  /// Rebound / Origami's (tension, friction) as the Origami editor shows them: converted by
  /// tension = (o − 30)·3.62 + 194 and friction = (o − 8)·3 + 25, with 0 kept as 0; mass 1.
  package init(origamiTension: Double, origamiFriction: Double) {
    let k = origamiTension == 0 ? 0 : (origamiTension - 30) * 3.62 + 194
    let c = origamiFriction == 0 ? 0 : (origamiFriction - 8) * 3 + 25
    self.init(mass: 1, stiffness: k, damping: c)
  }

  /// Undamped angular frequency ω₀ in rad/s.
  package var naturalAngularFrequency: Double { (stiffness / mass).squareRoot() }
  /// UIKit's `frequency`, in Hz.
  package var frequency: Double { naturalAngularFrequency / (2 * .pi) }
  /// ζ: 1 is critical damping; UIKit's `damping` and SwiftUI's `dampingFraction`.
  package var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }
  /// SwiftUI's `response`: the undamped period, in seconds.
  package var response: Double { 2 * .pi / naturalAngularFrequency }
  /// Rebound / Origami tension and friction (the inverse of the editor conversion). Negative when the
  /// spring is softer than Origami's scale reaches: use ``origami`` to show or export it.
  package var origamiTension: Double { stiffness == 0 ? 0 : (stiffness - 194) / 3.62 + 30 }
  package var origamiFriction: Double { damping == 0 ? 0 : (damping - 25) / 3 + 8 }

  /// What Rebound / Origami can say about a spring: its editor's (tension, friction), or why it has none.
  package enum OrigamiEquivalent: Equatable, Sendable {
    case tensionFriction(tension: Double, friction: Double)
    /// No Origami spring moves like this one; the reason names the figure out of reach.
    case none(reason: String)
  }

  /// Origami's springs have mass 1 and editor values of 0 or more, so a spring has an equivalent only
  /// when its stiffness per unit mass is 0 or at least 85.4 (tension 0 → (0 − 30)·3.62 + 194) and its
  /// damping per unit mass is 0 or at least 1 (friction 0 → (0 − 8)·3 + 25). Per unit mass because
  /// m·x″ + c·x′ + k·x = 0 moves exactly as x″ + (c/m)·x′ + (k/m)·x = 0.
  package var origami: OrigamiEquivalent {
    let k = stiffness / mass, c = damping / mass
    let lowestStiffness = (0 - 30) * 3.62 + 194.0, lowestDamping = (0 - 8) * 3 + 25.0
    func figure(_ v: Double) -> String { String((v * 10).rounded() / 10) }
    guard isValid else { return .none(reason: "the spring is not valid") }
    if k < lowestStiffness {
      return .none(reason: "stiffness \(figure(k)) < \(figure(lowestStiffness)) (tension 0)")
    }
    if c > 0 && c < lowestDamping {
      return .none(reason: "damping \(figure(c)) < \(figure(lowestDamping)) (friction 0)")
    }
    return .tensionFriction(tension: (k - 194) / 3.62 + 30, friction: c == 0 ? 0 : (c - 25) / 3 + 8)
  }

  /// True when every figure is finite and the spring can move: positive mass and stiffness,
  /// non-negative damping.
  package var isValid: Bool {
    mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite && damping.isFinite
  }

  /// The step response: where a spring released at rest from 0 toward a target of 1 is after `t` seconds,
  /// in closed form for each damping regime.
  package func stepResponse(at t: Double) -> Double {
    1 - displacement(at: t, from: 1, velocity: 0)
  }

  /// The offset from rest after `t` seconds of a spring released at offset `x0` with velocity `v0`.
  package func displacement(at t: Double, from x0: Double, velocity v0: Double) -> Double {
    let w0 = naturalAngularFrequency, z = dampingRatio
    if z < 1 - 1e-9 {
      let wd = w0 * (1 - z * z).squareRoot()
      let a = x0, b = (v0 + z * w0 * x0) / wd
      return exp(-z * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
    } else if z > 1 + 1e-9 {
      let s = (z * z - 1).squareRoot()
      let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
      let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
      return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    } else {
      return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
    }
  }

  /// The largest overshoot past the target of the step response, as a fraction of the step
  /// (exp(−πζ/√(1−ζ²)) when under-damped, 0 otherwise).
  package var overshoot: Double {
    let z = dampingRatio
    return z < 1 ? exp(-Double.pi * z / (1 - z * z).squareRoot()) : 0
  }

  /// The time after which the step response stays within `tolerance` of the target (2 % by default),
  /// found on the closed form itself: the last moment it is outside the band, scanning back from where
  /// the envelope guarantees it is inside.
  package func settleTime(tolerance: Double = 0.02) -> Double {
    let w0 = naturalAngularFrequency, z = dampingRatio
    guard w0 > 0 else { return .infinity }
    // Past this time even the envelope (or the slowest exponential) is inside the band.
    let decay = z < 1 ? z * w0 : w0 * (z - (z * z - 1).squareRoot())
    guard decay > 0 else { return .infinity }
    let bound = (log(max(1, 1 + z) / tolerance) + 2) / decay
    let steps = 4000
    var t = bound
    let dt = bound / Double(steps)
    while t > 0 {
      if abs(1 - stepResponse(at: t)) > tolerance { return t + dt }
      t -= dt
    }
    return 0
  }
}
