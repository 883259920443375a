import Testing
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Gravity, push and resistance against closed-form motion")
struct MotionTests {
  /// ½gt² after 1 s within 0.5 % (g = 1000 pt/s²).
  @Test func freeFall() {
    let item = box(0, 0, 100, 100)
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.addBehavior(frictionless([item]))
    animator.advance(by: 1)
    #expect(abs(item.center.y - 500) / 500 < 0.005, "fell \(item.center.y) pt")
    #expect(abs(item.center.x) < 1e-12)
  }

  /// Gravity's direction, angle and magnitude are coupled; magnitude 0 gives angle 0.
  @Test func gravityCoupling() {
    let g = GravityBehavior()
    #expect(g.gravityDirection == Vector(dx: 0, dy: 1) && abs(g.angle - Double.pi / 2) < 1e-12 && g.magnitude == 1)
    g.magnitude = 2
    #expect(abs(g.gravityDirection.dy - 2) < 1e-12)
    g.setAngle(0, magnitude: 3)
    #expect(abs(g.gravityDirection.dx - 3) < 1e-12 && abs(g.gravityDirection.dy) < 1e-12)
    g.magnitude = 0
    #expect(g.gravityDirection == .zero && g.angle == 0)
  }

  /// Setting the magnitude keeps the direction exactly: straight down stays (0, m), with no sideways
  /// pull of cos(π/2) ≈ 6e-17 (which toppled a stack of circles standing exactly upright); any other
  /// direction keeps its angle.
  @Test func settingTheMagnitudeKeepsTheDirection() {
    let g = GravityBehavior()
    for m in [2.0, 0.5, 1e-100, 1e100, -3] {
      g.magnitude = m
      let d = g.gravityDirection
      #expect(d.dx == 0 && abs(d.dy - m) <= 1e-15 * abs(m), "magnitude \(m): \(d)")
    }
    g.gravityDirection = Vector(dx: 3, dy: 4)
    g.magnitude = 10
    #expect(g.gravityDirection == Vector(dx: 6, dy: 8))
  }

  /// Continuous push 1 on a 100×100, density-1 item: 100 pt/s² within 1 %.
  @Test func continuousPush() {
    let item = box(0, 0, 100, 100)
    let push = PushBehavior(items: [item], mode: .continuous)
    push.magnitude = 1
    let animator = DynamicAnimator()
    animator.addBehavior(push)
    let material = frictionless([item])
    animator.addBehavior(material)
    animator.advance(by: 1)
    let v = material.linearVelocity(for: item)
    #expect(abs(v.dx - 100) / 100 < 0.01, "v = \(v)")
    #expect(abs(item.center.x - 50) / 50 < 0.01, "x = \(item.center.x)")
  }

  /// Instantaneous push 1 on mass m changes the speed by 100/m pt/s (exactly, to rounding), once.
  @Test("instantaneous push", arguments: [(100.0, 100.0, 1.0), (200.0, 100.0, 1.0), (100.0, 100.0, 0.5)])
  func instantaneousPush(width: Double, height: Double, density: Double) {
    let item = box(0, 0, width, height)
    let push = PushBehavior(items: [item], mode: .instantaneous)
    push.pushDirection = Vector(dx: 0, dy: -1)
    let animator = DynamicAnimator()
    animator.addBehavior(push)
    let material = frictionless([item])
    material.density = density
    animator.addBehavior(material)
    animator.advance(by: 0.5)
    let mass = density * width * height / 10_000
    let v = material.linearVelocity(for: item)
    #expect(abs(v.dy + 100 / mass) < 1e-9, "v = \(v)")
    #expect(push.active == false)
    animator.advance(by: 0.5)
    #expect(abs(material.linearVelocity(for: item).dy + 100 / mass) < 1e-9)
  }

  /// An off-centre push turns the item.
  @Test func offCentrePushGivesTorque() {
    let item = box(0, 0, 100, 100)
    let push = PushBehavior(items: [item], mode: .instantaneous)
    push.pushDirection = Vector(dx: 1, dy: 0)
    push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 50), for: item)
    #expect(push.targetOffsetFromCenter(for: item) == Offset(horizontal: 0, vertical: 50))
    let animator = DynamicAnimator()
    let material = frictionless([item])
    animator.addBehavior(material)
    animator.addBehavior(push)
    animator.advance(by: 1.0 / 60)
    // r × J = (0, 50) × (100, 0) = −5000; I = m(w²+h²)/12 = 1666.7 → ω = −3 rad/s.
    #expect(abs(material.angularVelocity(for: item) + 3) < 1e-9)
  }

  /// Infinite resistance (a damping rate past 1/h) stops an item the moment no force acts: after one
  /// step its speed is zero.
  @Test(arguments: [Double.infinity, 240, 1e300])
  func infiniteResistanceStops(resistance: Double) {
    let item = box(0, 0, 100, 100)
    let material = DynamicItemBehavior(items: [item])
    material.resistance = resistance
    material.addLinearVelocity(Vector(dx: 500, dy: 0), for: item)
    #expect(material.linearVelocity(for: item) == Vector(dx: 500, dy: 0))
    let animator = DynamicAnimator()
    animator.addBehavior(material)
    animator.advance(by: 1.0 / 60)
    #expect(material.linearVelocity(for: item) == .zero)
    let x = item.center.x
    animator.advance(by: 1.0 / 60)
    #expect(item.center.x == x)
  }

  /// Resistance is a damping rate: velocity decays as e^(−r·t). The default 0.1 keeps e^(−0.1) of the
  /// velocity after a second, and rate 2 (the cradle's) e^(−2), each within r²·h relative (the per-step
  /// factor 1 − r·h differs from e^(−r·h) by about (r·h)²/2: 240 steps give r²·h/2).
  @Test(arguments: [nil, 2.0, 0.5])
  func resistanceIsADampingRate(rate: Double?) {
    let item = box(0, 0, 100, 100)
    let material = DynamicItemBehavior(items: [item])
    if let rate { material.resistance = rate }
    let animator = DynamicAnimator()
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 100, dy: 0), for: item)
    animator.advance(by: 1)
    let expected = 100 * exp(-(rate ?? 0.1))
    let r = rate ?? 0.1
    #expect(abs(material.linearVelocity(for: item).dx - expected) < r * r / 240 * expected)
    #expect(material.linearVelocity(for: item).dx < expected)
  }
}
