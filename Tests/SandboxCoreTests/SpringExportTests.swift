import Foundation
import Geometry2D
import Testing

@testable import SandboxCore

/// A scene with a spring and the scroll physics the springy list and the flow grid expose.
final class SpringScene: Scene {
  let name = "springy"
  var spring: SpringParameters? = SpringParameters(frequency: 1, dampingRatio: 0.8)
  var rate = 0.998, resistance = 1500.0
  func resize(to size: Size) {}
  func handle(_ event: InputEvent) -> Bool { false }
  func advance(by seconds: Double) {}
  func draw(into list: inout DrawList) {}
  func reset() {}
  var stateDigest: UInt64 { 0 }
  var parameters: [TunableParameter] {
    [
      TunableParameter(
        "deceleration rate", range: 0.9...0.9999, step: 0.001, get: { self.rate }, set: { self.rate = $0 }),
      TunableParameter(
        "scroll resistance divisor", range: 100...10_000, step: 100, get: { self.resistance },
        set: { self.resistance = $0 })
    ]
  }
}

@Suite struct SpringExportTests {
  /// The number written after `label` on the first line that has it, or nil.
  func number(after label: String, in text: String) -> Double? {
    guard let r = text.range(of: label) else { return nil }
    let digits = text[r.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" }
    return Double(digits)
  }

  @Test func everyToolkitGetsTheFiguresTheFormulasGive() throws {
    for (f, zeta, m) in [(1.0, 0.8, 1.0), (0.8, 0.5, 1.0), (2.5, 1.3, 2.0), (0.3, 0.1, 0.5)] {
      let text = SpringExport(sceneName: "s", spring: SpringParameters(frequency: f, dampingRatio: zeta, mass: m)).text
      let k = pow(2 * Double.pi * f, 2) * m, c = 2 * zeta * (k * m).squareRoot()
      let tolerance = 0.0006  // figures are written to 3 decimals
      let case_ = "f \(f) ζ \(zeta) m \(m)"
      #expect(abs(try #require(number(after: "attachment.frequency = ", in: text)) - f) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "attachment.damping = ", in: text)) - zeta) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: ".spring(response: ", in: text)) - 1 / f) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "dampingFraction: ", in: text)) - zeta) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "setStiffness(", in: text)) - k / m) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "setDampingRatio(", in: text)) - zeta) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "stiffness: ", in: text)) - k) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "damping: ", in: text)) - c) < tolerance, "\(case_)")
      #expect(abs(try #require(number(after: "mass: ", in: text)) - m) < tolerance, "\(case_)")
    }
  }

  @Test func aDecelerationRateBecomesTheSameDecayInFramerAndAndroid() throws {
    let r = 0.998
    let text = SpringExport(sceneName: "s", spring: nil, decelerationRate: r).text
    #expect(text.contains("UIScrollView.DecelerationRate(rawValue: 0.998)"))
    let tau = try #require(number(after: "timeConstant: ", in: text))
    let power = try #require(number(after: "power: ", in: text))
    let friction = try #require(number(after: "setFriction(", in: text))
    #expect(abs(tau - 499.5) < 0.05)  // −1/ln 0.998 ms
    #expect(abs(power - tau / 1000) < 0.0001)
    for ms in [16.0, 100, 1000] {
      // Velocity kept after `ms`: UIKit r^ms, framer e^(−ms/τ), Android e^(−4.2·friction·ms/1000).
      #expect(abs(pow(r, ms) - exp(-ms / tau)) < 1e-3 * pow(r, ms))
      #expect(abs(pow(r, ms) - exp(-4.2 * friction * ms / 1000)) < 1e-3 * pow(r, ms))
    }
    #expect(!text.contains("attachment.frequency"), "no spring, no spring lines")
    #expect(SpringExport.framerTimeConstant(decelerationRate: 1) == nil)
    #expect(SpringExport.androidFriction(decelerationRate: 0) == nil)
  }

  @Test func theSceneSpringAndScrollPhysicsAreReadFromTheScene() {
    let scene = SpringScene()
    scene.rate = 0.99
    scene.resistance = 2200
    let export = SpringExport(scene: scene)
    #expect(
      export
        == SpringExport(
          sceneName: "springy", spring: SpringParameters(frequency: 1, dampingRatio: 0.8),
          decelerationRate: 0.99, scrollResistance: 2200))
    #expect(export.text.contains("let scrollResistance: CGFloat = 2200"))
    #expect(export.text.contains("val scrollResistance = 2200f"))
    #expect(export.text.contains("const scrollResistance = 2200"))
    scene.spring = SpringParameters(mass: 1, stiffness: 0, damping: 1)
    #expect(SpringExport(scene: scene).spring == nil, "an invalid spring is not exported")
  }

  @Test func cInTheOpenPanelAsksToCopyTheCodeAndSaysSo() {
    let scene = SpringScene()
    let c = SandboxController(scene: scene, size: Size(width: 1280, height: 800))
    let key = InputEvent.keyDown(.character("c"), modifiers: [], isRepeat: false)
    #expect(c.dispatch(key).request == nil, "with the panel closed C is not the app's")
    _ = c.dispatch(.keyDown(.tab, modifiers: [], isRepeat: false))
    #expect(c.dispatch(key).request == .copyToClipboard(SpringExport(scene: scene).text))
    #expect(c.tuning.notice == "copied as code (also printed on stdout)")
    var list = DrawList()
    c.draw(into: &list)
    let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
    #expect(texts.contains("copied as code (also printed on stdout)"), "the notice is drawn")
    _ = c.dispatch(.keyDown(.right, modifiers: [], isRepeat: false))
    #expect(c.tuning.notice == nil, "the next change clears it")

    let empty = SandboxController(scene: CountingScene(), size: Size(width: 1280, height: 800))
    _ = empty.dispatch(.keyDown(.tab, modifiers: [], isRepeat: false))
    #expect(empty.dispatch(key).request == nil)
    #expect(empty.tuning.notice == "counting has no spring or scroll physics to copy")
  }

  @Test func aSpringOutsideOrigamiScaleSaysSoInsteadOfANegativeTension() {
    // The carousel's spring: 0.8 Hz, damping 0.5 → stiffness 25.3, tension (25.3 − 194)/3.62 + 30 = −16.6.
    let carousel = SpringParameters(frequency: 0.8, dampingRatio: 0.5)
    #expect(abs(carousel.origamiTension - -16.6) < 0.05)
    #expect(carousel.origami == .none(reason: "stiffness 25.3 < 85.4 (tension 0)"))
    let text = SpringExport(sceneName: "springy-carousel", spring: carousel).text
    #expect(text.contains("// Rebound / Origami: no Origami equivalent: stiffness 25.3 < 85.4 (tension 0)"))
    #expect(!text.contains("tension -"))
    #expect(
      TuningPanel.origamiLine(carousel.origami) { v, _ in "\(v)" }
        == "no Origami equivalent: stiffness 25.3 < 85.4 (tension 0)")

    // Too little damping: friction would be negative.
    #expect(
      SpringParameters(mass: 1, stiffness: 200, damping: 0.5).origami == .none(reason: "damping 0.5 < 1.0 (friction 0)")
    )
    // In range, the editor's figures come back; per unit mass, so mass 2 with k, c doubled is the same spring.
    for m in [1.0, 2.0] {
      let k = ((40 - 30) * 3.62 + 194) * m, c = ((7 - 8) * 3 + 25.0) * m
      guard case .tensionFriction(let t, let f) = SpringParameters(mass: m, stiffness: k, damping: c).origami else {
        Issue.record("mass \(m): no equivalent")
        continue
      }
      #expect(abs(t - 40) < 1e-9 && abs(f - 7) < 1e-9, "mass \(m)")
    }
    let undamped: Double = (100 - 194) / 3.62 + 30
    #expect(
      SpringParameters(mass: 1, stiffness: 100, damping: 0).origami == .tensionFriction(tension: undamped, friction: 0))
  }
}
