/// A soft constraint's coefficients for one substep, from a frequency and a damping ratio, as Box2D v3's
/// "soft step" derives them. They are independent of mass, which is why UIKit's `frequency`/`damping`
/// map onto them one to one: a soft point constraint on mass m behaves as a spring k = m·ω² with a damper
/// c = 2·m·ζ·ω, integrated implicitly (so it is stable at any stiffness).
struct Softness {
  /// Fraction of the position error fed back as velocity, per second.
  var biasRate: Double
  /// Scales the effective mass (1 = rigid).
  var massScale: Double
  /// Scales the accumulated impulse fed back (0 = rigid).
  var impulseScale: Double

  static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

  init(biasRate: Double, massScale: Double, impulseScale: Double) {
    self.biasRate = biasRate
    self.massScale = massScale
    self.impulseScale = impulseScale
  }

  /// - Parameters: hertz in Hz (0 = rigid), zeta the damping ratio, h the substep in seconds.
  init(hertz: Double, zeta: Double, h: Double) {
    if hertz == 0 {
      self = .rigid
      return
    }
    let omega = 2 * Double.pi * hertz
    let a1 = 2 * zeta + h * omega
    let a2 = h * omega * a1
    let a3 = 1 / (1 + a2)
    biasRate = omega / a1
    // An extreme frequency or damping ratio overflows a2: the limit is a rigid velocity constraint
    // (massScale 1, impulseScale 0), not ∞ × 0.
    massScale = a2.isFinite ? a2 * a3 : 1
    impulseScale = a3
  }
}
