extension FieldBehavior {
  /// Which of UIKit's fields a `FieldBehavior` is; fixed when it is made.
  public enum Kind: String, CaseIterable, Sendable {
    /// UIFieldBehavior's constructors, one case each: linear and radial gravity, velocity, noise,
    /// turbulence, spring, electric, magnetic, drag, vortex, and a custom evaluator.
    case linearGravity, radialGravity, velocity, noise, turbulence, spring, electric, magnetic, drag, vortex, custom

    /// UIKit's default falloff for the kind (measured): radial gravity 2 (inverse square), spring −1
    /// (force grows with distance: Hooke's law), electric and magnetic 1, every other kind 0.
    public var defaultFalloff: Double {
      switch self {
      case .radialGravity: 2
      case .spring: -1
      case .electric, .magnetic: 1
      default: 0
      }
    }

    /// Whether the force depends on the probe's velocity (so a probe at rest feels none).
    public var dependsOnVelocity: Bool {
      switch self {
      case .magnetic, .drag, .turbulence: true
      default: false
      }
    }

    /// Whether the force depends on the probe's charge.
    public var dependsOnCharge: Bool { self == .electric || self == .magnetic }
  }
}
