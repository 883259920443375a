import Testing
import Geometry2D
@testable import Dynamics

/// Each field kind against its law (units: FieldBehavior's doc — metres inside the laws, forces in
/// points·mass/s², 100 per newton). Expected values are worked out by hand in the comments; tolerance
/// 1e-9 relative unless stated.
@Suite("Field kinds against their formulas")
struct FieldKindTests {
  private func close(_ a: Vector, _ b: Vector, _ tol: Double = 1e-9) -> Bool {
    (a - b).length <= tol * max(1, b.length)
  }
  private let c = Point(x: 500, y: 500)
  private func at(_ dx: Double, _ dy: Double) -> Point { Point(x: 500 + dx, y: 500 + dy) }

  /// The UIKit Dynamics tutorial's field (pro648, part 6): strength 1.5, falloff 4, minimum radius 50 pt, region radius 300; mass 0.125
  /// (a 50×50 item of density 0.5). F = −m·S·r̂·max(r, rmin)^−4 N.
  @Test func radialGravity() {
    let f = FieldBehavior.radialGravityField(position: c)
    #expect(f.falloff == 2 && f.strength == 1 && f.region == .infinite)
    f.strength = 1.5
    f.falloff = 4
    f.minimumRadius = 50
    f.region = Region(radius: 300)
    let m = 0.125
    // 1 m out: 0.125·1.5·1 N = 0.1875 N → 18.75, toward the centre.
    #expect(close(f.force(at: at(100, 0), mass: m), Vector(dx: -18.75, dy: 0)))
    // On the minimum radius (0.5 m): factor 16 → 300.
    #expect(close(f.force(at: at(0, 50), mass: m), Vector(dx: 0, dy: -300)))
    // Inside it: counts as the minimum radius.
    #expect(close(f.force(at: at(0, -25), mass: m), Vector(dx: 0, dy: 300)))
    // On the region's edge (3 m): 18.75 / 81.
    #expect(close(f.force(at: at(-300, 0), mass: m), Vector(dx: 18.75 / 81, dy: 0)))
    // Outside the region: nothing.
    #expect(f.force(at: at(301, 0), mass: m) == .zero)
    // Twice the mass, twice the force (same acceleration); negative strength repels.
    #expect(close(f.force(at: at(100, 0), mass: 2 * m), Vector(dx: -37.5, dy: 0)))
    f.strength = -1.5
    #expect(close(f.force(at: at(100, 0), mass: m), Vector(dx: 18.75, dy: 0)))
  }

  /// F = m·S·direction·fall: direction (0, 9.8) m/s², strength 2, mass 0.5 → 9.8 N → 980 (1960 pt/s²).
  @Test func linearGravity() {
    let f = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 9.8))
    f.strength = 2
    #expect(f.falloff == 0)
    #expect(close(f.force(at: Point(x: -4000, y: 123), mass: 0.5), Vector(dx: 0, dy: 980)))
    f.region = Region(size: Size(width: 100, height: 50))
    #expect(close(f.force(at: Point(x: 49, y: 24), mass: 0.5), Vector(dx: 0, dy: 980)))
    #expect(f.force(at: Point(x: 51, y: 0), mass: 0.5) == .zero)
    // Falloff 1 with a 100 pt minimum radius: 5 m away → ×0.2; 0.5 m away → ×1 (the minimum radius).
    f.region = .infinite
    f.falloff = 1
    f.minimumRadius = 100
    #expect(close(f.force(at: Point(x: 300, y: 400), mass: 0.5), Vector(dx: 0, dy: 196)))
    #expect(close(f.force(at: Point(x: 30, y: 40), mass: 0.5), Vector(dx: 0, dy: 980)))
  }

  /// Default falloff −1 makes F = −S·r (Hooke): strength 2 at (30, −40) pt → (−60, 80).
  @Test func spring() {
    let f = FieldBehavior.springField()
    f.position = c
    f.strength = 2
    #expect(f.falloff == -1)
    #expect(close(f.force(at: at(30, -40)), Vector(dx: -60, dy: 80)))
    #expect(close(f.force(at: at(300, -400), mass: 7), Vector(dx: -600, dy: 800)))  // mass-free
    // Closer than a 100 pt minimum radius, the distance counts as 1 m: −2·(0.6, −0.8)·1 N.
    f.minimumRadius = 100
    #expect(close(f.force(at: at(30, -40)), Vector(dx: -120, dy: 160)))
    f.region = Region(radius: 100)
    #expect(f.force(at: at(300, -400)) == .zero)
  }

  /// F = q·S·r̂·fall, falloff 1: charge 2, strength 3, 2 m out → 3 N along r̂ → 300.
  @Test func electric() {
    let f = FieldBehavior.electricField()
    f.position = c
    f.strength = 3
    #expect(f.falloff == 1)
    #expect(close(f.force(at: at(200, 0), charge: 2), Vector(dx: 300, dy: 0)))
    #expect(close(f.force(at: at(0, 200), charge: -2), Vector(dx: 0, dy: -300)))  // opposite charges attract
    #expect(f.force(at: at(200, 0), charge: 0) == .zero)
    #expect(close(f.force(at: at(100, 0), mass: 9, charge: 2), Vector(dx: 600, dy: 0)))  // mass-free, 1/r
  }

  /// F = q·v × B: v = (100, 0) pt/s = 1 m/s, q 1, B 2 → 2 N turning it up the screen: (0, −200).
  @Test func magnetic() {
    let f = FieldBehavior.magneticField()
    f.position = c
    f.strength = 2
    #expect(f.falloff == 1)
    f.falloff = 0
    #expect(close(f.force(at: at(0, 0), velocity: Vector(dx: 100, dy: 0), charge: 1), Vector(dx: 0, dy: -200)))
    #expect(close(f.force(at: at(0, 0), velocity: Vector(dx: 0, dy: -100), charge: 1), Vector(dx: -200, dy: 0)))
    #expect(f.force(at: at(0, 0), velocity: .zero, charge: 1) == .zero)
    #expect(f.force(at: at(0, 0), velocity: Vector(dx: 100, dy: 0), charge: 0) == .zero)
    // Falloff 1 at 2 m halves it.
    f.falloff = 1
    #expect(close(f.force(at: at(200, 0), velocity: Vector(dx: 100, dy: 0), charge: 1), Vector(dx: 0, dy: -100)))
  }

  /// F = −S·|u|·u, u = v − direction (m/s): S 0.5, v 2 m/s → −2 N → −200.
  @Test func drag() {
    let f = FieldBehavior.dragField()
    f.strength = 0.5
    #expect(close(f.force(at: c, velocity: Vector(dx: 200, dy: 0)), Vector(dx: -200, dy: 0)))
    #expect(close(f.force(at: c, velocity: Vector(dx: 0, dy: -100), mass: 4), Vector(dx: 0, dy: 50)))
    f.direction = Vector(dx: 1, dy: 0)  // a medium moving at 1 m/s
    #expect(close(f.force(at: c, velocity: Vector(dx: 200, dy: 0)), Vector(dx: -50, dy: 0)))
    #expect(f.force(at: c, velocity: Vector(dx: 100, dy: 0)) == .zero)
  }

  /// Tangential, counter-clockwise on screen (y down) for positive strength, ∝ distance, ÷ mass:
  /// strength 0.005, mass 0.125, 1 m right of the centre → 0.04 N up the screen → (0, −4).
  @Test func vortexDirectionAndSign() {
    let f = FieldBehavior.vortexField()
    f.position = c
    f.strength = 0.005
    let m = 0.125
    #expect(close(f.force(at: at(100, 0), mass: m), Vector(dx: 0, dy: -4)))  // right → up
    #expect(close(f.force(at: at(0, -100), mass: m), Vector(dx: -4, dy: 0)))  // top → left
    #expect(close(f.force(at: at(-100, 0), mass: m), Vector(dx: 0, dy: 4)))  // left → down
    #expect(close(f.force(at: at(0, 100), mass: m), Vector(dx: 4, dy: 0)))  // bottom → right
    #expect(close(f.force(at: at(200, 0), mass: m), Vector(dx: 0, dy: -8)))  // twice as far
    #expect(close(f.force(at: at(100, 0), mass: 2 * m), Vector(dx: 0, dy: -2)))  // twice the mass
    f.strength = -0.005
    #expect(close(f.force(at: at(100, 0), mass: m), Vector(dx: 0, dy: 4)))  // clockwise
    f.region = Region(radius: 200)
    #expect(f.force(at: at(201, 0), mass: m) == .zero)
  }

  /// The imposed velocity is direction (m/s) × strength × fall, in pt/s; no force.
  @Test func velocityProbe() {
    let f = FieldBehavior.velocityField(direction: Vector(dx: 1, dy: -0.5))
    f.strength = 2
    f.region = Region(size: Size(width: 200, height: 200))
    let s = f.sample(at: Point(x: 50, y: 50))
    #expect(s.force == .zero)
    #expect(s.velocity.map { close($0, Vector(dx: 200, dy: -100)) } == true)
    #expect(f.sample(at: Point(x: 150, y: 0)).velocity == nil)
  }

  /// Falloff factor: max(r, rmin)^−falloff with r in metres.
  @Test func falloffFactor() {
    let f = FieldBehavior.radialGravityField(position: .zero)
    f.minimumRadius = 50
    #expect(abs(f.falloffFactor(atDistance: 200) - 0.25) < 1e-12)
    #expect(abs(f.falloffFactor(atDistance: 10) - 4) < 1e-12)
    #expect(f.falloffFactor(atDistance: 10) == f.falloffFactor(atDistance: 50))
    f.falloff = 0
    #expect(f.falloffFactor(atDistance: 1e-9) == 1)
  }

  /// The custom closure gets the probe's values and the region still applies.
  @Test func customField() {
    nonisolated(unsafe) var seen: (Point, Vector, Double, Double, Double)?
    let f = FieldBehavior.field { p, v, m, q, t in
      seen = (p, v, m, q, t)
      return Vector(dx: m * 10, dy: q)
    }
    f.position = c
    f.region = Region(radius: 10)
    #expect(
      f.force(at: at(3, 4), velocity: Vector(dx: 1, dy: 2), mass: 3, charge: -1, time: 7) == Vector(dx: 30, dy: -1))
    #expect(seen?.0 == at(3, 4) && seen?.1 == Vector(dx: 1, dy: 2) && seen?.2 == 3 && seen?.3 == -1 && seen?.4 == 7)
    #expect(f.force(at: at(30, 0), mass: 3) == .zero)
  }

  /// The animator's probe sums every field, children included.
  @Test func animatorProbeSumsFields() {
    let animator = DynamicAnimator()
    let g = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
    let s = FieldBehavior.springField()
    let parent = DynamicBehavior()
    parent.addChildBehavior(s)
    animator.addBehavior(g)
    animator.addBehavior(parent)
    #expect(animator.fieldBehaviors.count == 2)
    let total = animator.fieldSample(at: Point(x: 10, y: 0), mass: 2)
    #expect(close(total.force, Vector(dx: -10, dy: 200)))
    #expect(total.velocity == nil)
  }
}
