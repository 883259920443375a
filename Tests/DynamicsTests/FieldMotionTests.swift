import Testing
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// Items moved by fields in the animator, against closed-form motion.
@Suite("Fields moving items")
struct FieldMotionTests {
  /// Radial gravity S = 50, falloff 2 at R = 200 pt: a = 100·S/(R/100)² = 1250 pt/s², circular speed
  /// √(aR) = 500 pt/s, period 2.51 s. Over five turns the radius stays within 2 %.
  @Test func circularOrbit() {
    let center = Point(x: 0, y: 0)
    let item = ball(200, 0, diameter: 10)
    let field = FieldBehavior.radialGravityField(position: center)
    field.strength = 50
    field.addItem(item)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    let a = 100 * 50 / (2.0 * 2.0)
    let v = (a * 200).squareRoot()
    material.addLinearVelocity(Vector(dx: 0, dy: -v), for: item)
    let period = 2 * Double.pi * 200 / v
    var worst = 0.0, turned = 0.0
    var last = atan2(-item.center.y, item.center.x)
    run(animator, seconds: 5 * period + 0.05) { _ in
      let r = item.center.distance(to: center)
      worst = max(worst, abs(r - 200) / 200)
      let ang = atan2(-item.center.y, item.center.x)  // screen angle, counter-clockwise positive
      var d = ang - last
      if d > Double.pi { d -= 2 * Double.pi } else if d < -Double.pi { d += 2 * Double.pi }
      turned += d
      last = ang
    }
    #expect(worst < 0.02, "radius strayed \(worst * 100) %")
    #expect(turned >= 5 * 2 * Double.pi, "turned \(turned / (2 * Double.pi)) turns")
  }

  /// A charge q = 1 in a uniform field B = 2 (falloff 0), mass 1.2566 (a 40 pt disc of density 10),
  /// at 300 pt/s circles at r = m·v/(q·B) = 188.5 pt, counter-clockwise on screen, within 2 %.
  @Test func magneticCircle() {
    let item = ball(0, 0, diameter: 40)
    let field = FieldBehavior.magneticField()
    field.strength = 2
    field.falloff = 0
    field.addItem(item)
    let material = frictionless([item])
    material.density = 10
    material.charge = 1
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 300, dy: 0), for: item)
    let m = 10 * Double.pi * 20 * 20 / 10_000
    let r = m * 300 / (1 * 2)
    let expectedCenter = Point(x: 0, y: -r)  // moving right along the bottom of a CCW circle
    let period = 2 * Double.pi * m / 2
    var worst = 0.0
    var atQuarter = Point.zero
    run(animator, seconds: 3 * period) { t in
      worst = max(worst, abs(item.center.distance(to: expectedCenter) - r) / r)
      if abs(t - period / 4) < 0.5 / 60 { atQuarter = item.center }
    }
    #expect(worst < 0.02, "radius strayed \(worst * 100) %")
    // A quarter turn counter-clockwise on screen: at the circle's right, level with its centre.
    #expect(atQuarter.distance(to: Point(x: r, y: -r)) < 0.05 * r, "at a quarter period: \(atQuarter)")
  }

  /// A velocity field of (1, 0) m/s sets the velocity to 100 pt/s along x and overrides gravity.
  @Test func velocityFieldSetsVelocity() {
    let item = box(0, 0, 50, 50)
    let field = FieldBehavior.velocityField(direction: Vector(dx: 1, dy: 0))
    field.addItem(item)
    let gravity = GravityBehavior(items: [item])
    let material = DynamicItemBehavior(items: [item])  // default resistance 0.1 stays on
    let animator = DynamicAnimator()
    animator.addBehavior(gravity)
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: -300, dy: 50), for: item)
    animator.advance(by: 0.5)
    let v = material.linearVelocity(for: item)
    #expect(abs(v.dx - 100) < 1e-9 && abs(v.dy) < 1e-9, "v = \(v)")
    #expect(abs(item.center.x - 50) < 1e-6 && abs(item.center.y) < 1e-6, "at \(item.center)")
  }

  /// Leaving the region, the item keeps the imposed velocity and the field lets go.
  @Test func velocityFieldOnlyInsideRegion() {
    let item = box(0, 0, 20, 20)
    let field = FieldBehavior.velocityField(direction: Vector(dx: 2, dy: 0))
    field.region = Region(size: Size(width: 100, height: 100))
    field.addItem(item)
    let gravity = GravityBehavior(items: [item])
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(gravity)
    animator.addBehavior(material)
    animator.advance(by: 1)
    #expect(item.center.x > 100)
    // Outside, gravity acts again: it has been falling since it left at x ≈ 50.
    #expect(material.linearVelocity(for: item).dy > 500)
  }

  /// A vortex plus a centring spring: the item goes round counter-clockwise on screen.
  @Test func vortexTurnsCounterClockwise() {
    let item = ball(100, 0, diameter: 20)
    let vortex = FieldBehavior.vortexField()
    let spring = FieldBehavior.springField()
    vortex.strength = 0.01
    vortex.addItem(item)
    spring.addItem(item)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(vortex)
    animator.addBehavior(spring)
    animator.addBehavior(material)
    animator.advance(by: 0.2)
    #expect(item.center.y < -1, "y = \(item.center.y): should have moved up the screen from the right")
  }

  /// Fields read the item's mass from its density: linear gravity accelerates every mass alike,
  /// electric force is ∝ charge / mass.
  @Test func massAndChargeFromItemBehavior() {
    let light = box(0, 0, 50, 50), heavy = box(500, 0, 50, 50)
    let g = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
    let e = FieldBehavior.electricField()
    e.position = Point(x: 250, y: -1e6)  // far above: a nearly uniform push down the screen
    e.falloff = 0
    for item in [light, heavy] {
      g.addItem(item)
      e.addItem(item)
    }
    let lightMaterial = frictionless([light])
    lightMaterial.density = 0.5
    lightMaterial.charge = 0
    let heavyMaterial = frictionless([heavy])
    heavyMaterial.density = 2
    heavyMaterial.charge = 1
    let animator = DynamicAnimator()
    for b in [g, e, lightMaterial, heavyMaterial] as [DynamicBehavior] { animator.addBehavior(b) }
    animator.advance(by: 1)
    // light: mass 0.125, no charge: 100 pt/s². heavy: mass 0.5, charge 1: 100 + 100/0.5 = 300 pt/s².
    #expect(abs(lightMaterial.linearVelocity(for: light).dy - 100) < 1e-6)
    #expect(abs(heavyMaterial.linearVelocity(for: heavy).dy - 300) < 1e-3)
  }
}
