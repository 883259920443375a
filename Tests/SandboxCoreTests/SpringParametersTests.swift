import Testing
@testable import SandboxCore

@Suite struct SpringParametersTests {
  /// A fourth-order Runge–Kutta integration at 1 ms: the independent check on the closed forms.
  func integrate(_ s: SpringParameters, x0: Double, v0: Double, until t: Double) -> Double {
    var x = x0, v = v0
    let h = 0.001
    func a(_ x: Double, _ v: Double) -> Double { -(s.stiffness * x + s.damping * v) / s.mass }
    for _ in 0..<Int((t / h).rounded()) {
      let k1x = v, k1v = a(x, v)
      let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
  }

  @Test(arguments: [0.05, 0.2, 0.8, 1.0, 2.5])
  func closedFormMatchesNumericIntegration(zeta: Double) {
    let s = SpringParameters(frequency: 1.5, dampingRatio: zeta, mass: 2)
    for t in [0.1, 0.37, 1.0, 2.2] {
      let closed = s.displacement(at: t, from: 100, velocity: -40)
      let numeric = integrate(s, x0: 100, v0: -40, until: t)
      #expect(abs(closed - numeric) < 1e-6, "ζ \(zeta), t \(t): \(closed) vs \(numeric)")
    }
  }

  @Test func conversionsAgree() {
    let uikit = SpringParameters(frequency: 1, dampingRatio: 0.8)
    #expect(abs(uikit.frequency - 1) < 1e-12 && abs(uikit.dampingRatio - 0.8) < 1e-12)
    #expect(abs(uikit.response - 1) < 1e-12, "1 Hz is a 1 s response")
    // SwiftUI's default spring: response 0.5, damping fraction 0.825 → k ≈ 157.9, c ≈ 20.7.
    let swiftUI = SpringParameters(response: 0.5, dampingFraction: 0.825)
    #expect(abs(swiftUI.stiffness - 157.91) < 0.01 && abs(swiftUI.damping - 20.73) < 0.01)
    #expect(abs(swiftUI.dampingRatio - 0.825) < 1e-12)
    // Rebound's default (40, 7) → k 230.2, c 22, ζ ≈ 0.725.
    let rebound = SpringParameters(origamiTension: 40, origamiFriction: 7)
    #expect(abs(rebound.stiffness - 230.2) < 1e-9 && abs(rebound.damping - 22) < 1e-9)
    #expect(abs(rebound.dampingRatio - 0.725) < 0.001)
    #expect(abs(rebound.origamiTension - 40) < 1e-9 && abs(rebound.origamiFriction - 7) < 1e-9)
  }

  @Test func overshootAndSettleTime() {
    let s = SpringParameters(frequency: 1, dampingRatio: 0.2)
    // The first peak of the step response is at t = π/ω_d, and its height is 1 + overshoot.
    let wd = 2 * Double.pi * (1 - 0.04).squareRoot()
    #expect(abs(s.stepResponse(at: .pi / wd) - (1 + s.overshoot)) < 1e-9)
    #expect(SpringParameters(frequency: 1, dampingRatio: 1).overshoot == 0)
    // Settled: inside 2 % from the settle time on, outside just before it.
    let ts = s.settleTime()
    for k in 0..<200 { #expect(abs(1 - s.stepResponse(at: ts + Double(k) * 0.01)) <= 0.02) }
    #expect((0..<50).contains { abs(1 - s.stepResponse(at: ts - 0.3 + Double($0) * 0.005)) > 0.02 })
    // The classic estimate 4/(ζω₀) for 2 % is close for light damping.
    #expect(abs(ts - 4 / (0.2 * 2 * .pi)) < 0.6)
  }

  @Test func validity() {
    #expect(SpringParameters(frequency: 1, dampingRatio: 0.5).isValid)
    #expect(!SpringParameters(mass: 1, stiffness: 0, damping: 1).isValid)
    #expect(!SpringParameters(mass: 1, stiffness: .nan, damping: 1).isValid)
  }
}
