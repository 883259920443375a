#if canImport(Glibc)
  import Glibc
#endif

/// One pass of a spring row: the row changes its relative velocity (along its axis, or at its point) by
///
///     Δv = −(velocityScale·v + positionRate·C + accelerationScale·a) − impulseScale·λ/m_eff
///
/// where v is the relative velocity the pass finds, C the spring's stretch, a the constant relative
/// acceleration of the bodies (gravity, forces) and λ the impulse accumulated for warm starting.
/// The impulse that does it is Δv times the row's own effective mass (the reduced mass between two
/// bodies), so the relative coordinate sees exactly this map whatever the masses.
struct SpringPass {
  var velocityScale: Double
  var positionRate: Double
  var accelerationScale: Double
  var impulseScale: Double
}

/// A spring row's exact coefficients for the step h, fixed while the row exists (set when rows are
/// linked); nil where the exact map is badly conditioned, and the row keeps Box2D's soft step.
///
/// For a body on a linear spring, x'' + 2β x' + ω² (x − x_eq) = 0 with β = ζω + r/2 (r the body's
/// resistance as a rate, folded in) and x_eq = a/ω², one step is exactly
/// [x' − x_eq; v''] = M·[x − x_eq; v] with M = `AnchorSpring.transition`. The step reaches the row as:
/// v₀ = d·v + a·h (resistance factor d and the accelerations, `integrateVelocities`), the biased pass
/// (v₀ → v′, warm-started), x′ = x + h·v′ (`integratePositions`), then the relax pass (v′ → v″).
/// - The biased pass makes x′ exact: v′ = (m12/(d·h))·(v₀ − a·h) − ((1 − m11)/h)·(x − x_eq), so
///   velocityScale s₁ = 1 − m12/(d·h), positionRate c₁ = (1 − m11)/h and the acceleration term
///   (1 − s₁)·h − c₁/ω². With impulseScale 1 − s₁ the warm-start impulse λ cancels out of v′
///   (v′ = (1 − s₁)(v₀ + λ) − … − (1 − s₁)λ), so warm starting cannot feed energy back.
/// - The relax pass makes the velocity exact: (x, v) are a linear function of (x′, v′) (x = x′ − h·v′,
///   v from the biased map, invertible while m12 ≠ 0), so v″ = m21(x − x_eq) + m22·v is
///   v″ = (h·det M/m12)·v′ + (m21 + m22(1 − m11)/m12)·(x′ − x_eq), independent of d: s₂ = 1 − h·det M/m12,
///   c₂ = −(m21 + m22(1 − m11)/m12), acceleration term −c₂/ω². Its impulseScale is 0: the impulse the
///   biased pass accumulated must not be applied again.
/// The accumulated impulse ends the step as the row's whole velocity change, which the next step's warm
/// start applies and its biased pass cancels. At rest at x_eq both passes leave v = 0 exactly, so a
/// spring hanging under gravity comes to rest (and sleeps) where the closed form puts it.
///
/// Not exact: ω·h above `maximumOmegaH` or β·h above 1 (M's entries become differences of nearly equal
/// numbers, and the relax pass's gain h·det M/m12 grows without bound), ω·h below 1e-4 (the stretch terms (1 − m11)/ω² lose their digits; such a spring, under
/// 0.004 Hz, barely acts in a step), or resistance that stops the body within a step. There Box2D v3's
/// soft step (`Softness`, biased pass only) stays: stable at any stiffness, exact at rest. Rows that share
/// a moving body with another row stay there too (`DynamicAnimator.isOnlyRow`).
struct ExactSpringTerms {
  var biased: SpringPass
  var relax: SpringPass

  /// The stiffest spring stepped exactly: ω·h = 0.5, 19 Hz at 240 steps a second. Beyond, the relax
  /// pass's gain h·det M/m12 grows (1.04 at 0.5 undamped, 1.19 at 1), and a spring fighting contacts is
  /// better served by Box2D's implicit step.
  static let maximumOmegaH = 0.5

  /// - Parameters: hertz > 0; zeta ≥ 0; damping the per-step velocity factor of the moving bodies'
  ///   resistance (1 = none); h the step.
  init?(hertz: Double, zeta: Double, damping d: Double, h: Double) {
    let omega = 2 * Double.pi * hertz
    guard d > 0 && d <= 1 else { return nil }
    let beta = zeta * omega - 0.5 * log(d) / h
    guard omega * h <= ExactSpringTerms.maximumOmegaH && beta * h <= 1 && omega * h >= 1e-4 else { return nil }
    let (m11, m12, m21, m22) = AnchorSpring.transition(omega: omega, beta: beta, h: h)
    let det = m11 * m22 - m12 * m21
    guard m12 > 0 && det > 0 else { return nil }
    let invOmega2 = 1 / (omega * omega)
    let keep1 = m12 / (d * h)
    let c1 = (1 - m11) / h
    biased = SpringPass(
      velocityScale: 1 - keep1, positionRate: c1, accelerationScale: keep1 * h - c1 * invOmega2,
      impulseScale: keep1)
    let keep2 = h * det / m12
    let c2 = -(m21 + m22 * (1 - m11) / m12)
    relax = SpringPass(velocityScale: 1 - keep2, positionRate: c2, accelerationScale: -c2 * invOmega2, impulseScale: 0)
  }
}
