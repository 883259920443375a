#if canImport(Glibc)
  import Glibc
#endif

/// A zero-length spring from a body's centre to a fixed anchor, when that spring is the only thing acting
/// on the body besides constant forces and its resistance. Such a body is a 2-D damped harmonic oscillator
/// x'' + 2β·x' + ω²·(x − x_eq) = 0 whose exact solution over one step is a 2×2 linear map of
/// (displacement, velocity), the same for x and y. So the step costs a handful of multiply-adds per body
/// and has no integration error at all — the springy collection view's 10,000 springs go through here.
///
/// The spring steps its body's own position and velocity (`PhysicsWorld+AnchorSprings.swift`); bodies
/// that receive forces or spin (`forced`) also read their force and integrate their angle there.
struct AnchorSpring {
  var body: Int32
  var anchor: Vec2
  /// The body gets forces, torques or angular velocity: read and integrate those from the body.
  var forced = false
  /// 1/ω², to shift the equilibrium by a constant acceleration a: x_eq = anchor + a/ω².
  var inverseOmegaSquared: Double
  /// The step's transition matrix [x'; v'] = [m11 m12; m21 m22]·[x; v].
  var m11: Double, m12: Double, m21: Double, m22: Double

  /// - Parameters: hertz > 0, zeta the damping ratio, linearDampingRate the body's resistance as a rate
  ///   in 1/s, h the step in seconds.
  init(body: Int32, anchor: Vec2, hertz: Double, zeta: Double, linearDampingRate: Double, h: Double) {
    self.body = body
    self.anchor = anchor
    let omega = 2 * Double.pi * hertz
    inverseOmegaSquared = 1 / (omega * omega)
    let beta = zeta * omega + 0.5 * linearDampingRate
    (m11, m12, m21, m22) = AnchorSpring.transition(omega: omega, beta: beta, h: h)
  }

  /// One step of the map: position `p` and velocity `v` about the equilibrium `eq`.
  @inline(__always) func advance(_ p: inout Vec2, _ v: inout Vec2, equilibrium eq: Vec2) {
    let dx = p.x - eq.x, dy = p.y - eq.y
    p = Vec2(eq.x + m11 * dx + m12 * v.x, eq.y + m11 * dy + m12 * v.y)
    v = Vec2(m21 * dx + m22 * v.x, m21 * dy + m22 * v.y)
  }

  /// The exact transition over time h of x'' + 2βx' + ω²x = 0.
  static func transition(omega w: Double, beta b: Double, h: Double) -> (Double, Double, Double, Double) {
    let e = exp(-b * h)
    let disc = w * w - b * b
    // Near critical damping both branches lose precision; the limit formula is exact there.
    if abs(disc) < 1e-9 * w * w {
      return (e * (1 + b * h), e * h, -e * w * w * h, e * (1 - b * h))
    }
    if disc > 0 {
      let wd = disc.squareRoot()
      let c = cos(wd * h), s = sin(wd * h)
      return (e * (c + b / wd * s), e * s / wd, -e * w * w / wd * s, e * (c - b / wd * s))
    }
    let sd = (-disc).squareRoot()
    let c = cosh(sd * h), s = sinh(sd * h)
    return (e * (c + b / sd * s), e * s / sd, -e * w * w / sd * s, e * (c - b / sd * s))
  }
}
