import Testing
import Geometry2D
@testable import Dynamics

@Suite("Noise and turbulence fields")
struct FieldNoiseTests {
  private func grid() -> [Point] {
    var pts: [Point] = []
    for i in 0..<30 { for j in 0..<30 { pts.append(Point(x: Double(i) * 37.3 - 500, y: Double(j) * 29.1 - 400)) } }
    return pts
  }

  /// The same seed gives the same forces bit for bit; another seed a different field; the field is
  /// not trivially zero.
  @Test func seeded() {
    let a = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 1)
    let b = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 1)
    let other = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 1)
    a.seed = 42
    b.seed = 42
    other.seed = 43
    var differs = 0, sum = 0.0
    for p in grid() {
      let fa = a.force(at: p, time: 1.25)
      #expect(fa == b.force(at: p, time: 1.25))
      if fa != other.force(at: p, time: 1.25) { differs += 1 }
      sum += fa.length
    }
    #expect(differs > 800)  // of 900
    #expect(sum / 900 > 10)  // mean > 0.1 N on mass 1
  }

  /// Small change in position or time → small change in force, even at the noisiest smoothness (0,
  /// 14 cycles per metre): a 0.01 pt step changes the force by under 2 % of the largest force on the
  /// grid, and a step ten times smaller changes it at least five times less (a jump would not shrink).
  @Test func smooth() {
    let f = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 2)
    var maxForce = 0.0, step = 0.0, tinyStep = 0.0, timeStep = 0.0
    for p in grid() {
      let f0 = f.force(at: p, time: 3)
      maxForce = max(maxForce, f0.length)
      step = max(step, (f.force(at: p + Vector(dx: 0.01, dy: -0.01), time: 3) - f0).length)
      tinyStep = max(tinyStep, (f.force(at: p + Vector(dx: 0.001, dy: -0.001), time: 3) - f0).length)
      timeStep = max(timeStep, (f.force(at: p, time: 3 + 1.0 / 240) - f0).length)
    }
    #expect(step < 0.02 * maxForce, "step \(step) vs max \(maxForce)")
    #expect(tinyStep < step / 5, "0.001 pt: \(tinyStep), 0.01 pt: \(step)")
    #expect(timeStep < 0.1 * maxForce, "one 1/240 s step: \(timeStep) vs max \(maxForce)")
  }

  /// animationSpeed 0 freezes the noise; a positive speed moves it.
  @Test func animation() {
    let frozen = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 0)
    let moving = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
    let p = Point(x: 123, y: 45)
    #expect(frozen.force(at: p, time: 0) == frozen.force(at: p, time: 10))
    #expect(moving.force(at: p, time: 0) != moving.force(at: p, time: 0.5))
  }

  /// Noise is an acceleration (force ∝ mass); turbulence is noise × speed in m/s, zero at rest.
  @Test func turbulenceScalesWithSpeed() {
    let n = FieldBehavior.noiseField(smoothness: 0.2, animationSpeed: 0.5)
    let t = FieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 0.5)
    n.seed = 7
    t.seed = 7
    let p = Point(x: 80, y: -60)
    let fn = n.force(at: p, mass: 2, time: 1)
    #expect(((fn - n.force(at: p, mass: 1, time: 1) * 2).length) < 1e-9)
    #expect(t.force(at: p, velocity: .zero, mass: 2, time: 1) == .zero)
    let ft = t.force(at: p, velocity: Vector(dx: 0, dy: 300), mass: 2, time: 1)
    #expect((ft - fn * 3).length < 1e-9 * fn.length + 1e-12)
  }

  /// Smoothness maps to UIKit's frequency 1.25 / (s + 1/12) − 1 per metre.
  @Test func frequency() {
    let f = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 0)
    #expect(abs(f.noiseFrequency - 14) < 1e-12)
    f.smoothness = 1
    #expect(abs(f.noiseFrequency - (1.25 / (13.0 / 12) - 1)) < 1e-12)
    f.smoothness = 5  // clamped
    #expect(abs(f.noiseFrequency - (1.25 / (13.0 / 12) - 1)) < 1e-12)
  }
}
