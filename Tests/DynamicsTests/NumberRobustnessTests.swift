import Testing
import TestSupport
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The cases a new user found (`docs/robustness.md`): numbers stay numbers at any accepted strength, speed and
/// position, and values outside a parameter's range are refused where they are set.
@Suite("Numbers stay numbers")
struct NumberRobustnessTests {
  /// A 10×10 item (mass 0.01) at 1000 pt/s in a drag field of strength 1 used to reach 1.6·10¹¹ pt/s
  /// in four steps. Quadratic drag du/dt = −k|u|u (k = strength / (100·mass) per point) has the exact
  /// solution u₀ / (1 + k·u₀·t), and the per-step factor 1/(1 + k|u|h) composes to it exactly.
  @Test func dragSlowsAlongItsClosedForm() {
    let item = box(0, 0, 10, 10)
    let field = FieldBehavior.dragField()
    field.addItem(item)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 1000, dy: 0), for: item)
    var last = 1000.0
    for step in 1...240 {
      animator.advance(by: DynamicAnimator.stepDuration)
      let v = material.linearVelocity(for: item)
      let t = Double(step) * DynamicAnimator.stepDuration
      let expected = 1000 / (1 + 1 * 1000 * t)
      #expect(abs(v.dx - expected) <= 1e-9 * expected && v.dy == 0, "step \(step): v = \(v), expected \(expected)")
      #expect(v.dx > 0 && v.dx <= last, "step \(step): drag reversed or sped up the item: \(v.dx) after \(last)")
      last = v.dx
    }
  }

  /// A force or velocity change with subnormal components (a velocity damped to 10⁻³¹⁰ by huge
  /// resistance) stays itself: the cap once scaled by the reciprocal of its largest component, which
  /// is infinite there, and turned the item's position to NaN (random scene 10 247).
  @Test(arguments: [1e-310, -4.9e-324, 2.2e-308, 1e-300])
  func subnormalForcesStayFinite(tiny: Double) {
    let f = Vec2(tiny, -0.5 * tiny)
    let capped = f.capped(perUnitChange: 1)
    #expect(capped == f, "\(f) capped to \(capped)")
    #expect(PhysicsWorld.capped(tiny, perUnitChange: 1) == tiny)
  }

  /// Drag of any strength stops an item relative to the medium at most: never reverses it.
  @Test(arguments: [1.0, 1e6, 1e300, Double.greatestFiniteMagnitude])
  func dragOfAnyStrengthNeverReverses(strength: Double) {
    let item = box(0, 0, 1, 1)
    let field = FieldBehavior.dragField()
    field.strength = strength
    field.direction = Vector(dx: 0, dy: 1)  // the medium moves down at 100 pt/s
    field.addItem(item)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 5000, dy: -3000), for: item)
    for frame in 1...30 {
      animator.advance(by: 1.0 / 60)
      let v = material.linearVelocity(for: item)
      #expect(v.dx.isFinite && v.dy.isFinite && item.center.isFinite, "frame \(frame): \(v)")
      #expect(v.dx >= 0 && v.dx <= 5000 && v.dy >= -3000 && v.dy <= 100, "frame \(frame): \(v) overshot the medium")
    }
  }

  /// An item exactly at the centre of a field whose falloff diverges there (minimumRadius 0) stays
  /// finite: the falloff floor makes the force defined, and by symmetry it is zero.
  @Test(arguments: [FieldBehavior.Kind.radialGravity, .electric, .spring, .magnetic, .vortex])
  func anItemAtAFieldsCentreStaysFinite(kind: FieldBehavior.Kind) {
    let item = box(200, 100, 20, 20)
    let field: FieldBehavior =
      switch kind {
      case .radialGravity: .radialGravityField(position: Point(x: 200, y: 100))
      case .electric: .electricField()
      case .spring: .springField()
      case .magnetic: .magneticField()
      default: .vortexField()
      }
    field.position = Point(x: 200, y: 100)
    field.minimumRadius = 0
    field.falloff = 3
    field.addItem(item)
    let material = DynamicItemBehavior(items: [item])
    material.charge = 1
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    animator.advance(by: 1.0 / 60)
    #expect(item.center == Point(x: 200, y: 100), "\(kind): \(item.center)")
    #expect(field.force(at: Point(x: 200, y: 100), charge: 1).isFinite)
    #expect(field.falloffFactor(atDistance: 0).isFinite)
  }

  /// Noise and turbulence take any finite position: an item at x = 10²⁰ used to trap converting the
  /// lattice coordinate to Int.
  @Test(arguments: [1e20, -1e20, 1e300, 3.5e9])
  func noiseAtHugeCoordinates(x: Double) {
    for field in [
      FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1e300),
      FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
    ] {
      let f = field.force(at: Point(x: x, y: -x), velocity: Vector(dx: 100, dy: 0), time: 1e10)
      #expect(f.isFinite, "\(field.kind) at \(x): \(f)")
      let item = box(x, 0, 10, 10)
      field.addItem(item)
      let animator = DynamicAnimator()
      animator.addBehavior(field)
      animator.advance(by: 0.1)
      #expect(item.center.isFinite)
    }
  }

  /// Coordinates past the wrap threshold are reduced by the noise's period, 768 along each axis: the
  /// noise really repeats there (so wrapping changes nothing but the rounding).
  @Test func noiseRepeatsEvery768() {
    let noise = SimplexNoise(seed: 7)
    var random = SceneRandom(state: 11)
    for _ in 0..<200 {
      let x = random.uniform(-500, 500), y = random.uniform(-500, 500), z = random.uniform(0, 50)
      let a = noise.sample(x: x, y: y, z: z)
      for shifted in [
        noise.sample(x: x + 768, y: y, z: z), noise.sample(x: x, y: y - 768, z: z),
        noise.sample(x: x, y: y, z: z + 768 * 3)
      ] {
        #expect(
          abs(a.value - shifted.value) < 1e-9 && abs(a.dx - shifted.dx) < 1e-9 && abs(a.dy - shifted.dy) < 1e-9,
          "at (\(x), \(y), \(z)): \(a) vs \(shifted)")
      }
    }
  }

  /// Turbulence scales with speed, so applied as a force it grew without bound; it now turns and slows
  /// an item but never speeds it up, at any strength.
  @Test(arguments: [1.0, 1e4, 1e200])
  func turbulenceNeverSpeedsUp(strength: Double) {
    let item = box(0, 0, 10, 10)
    let field = FieldBehavior.turbulenceField(smoothness: 0, animationSpeed: 3)
    field.strength = strength
    field.addItem(item)
    let material = frictionless([item])
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 300, dy: 400), for: item)
    var last = 500.0
    for frame in 1...60 {
      animator.advance(by: 1.0 / 60)
      let speed = material.linearVelocity(for: item).length
      #expect(speed.isFinite && speed <= last * (1 + 1e-12), "frame \(frame): \(speed) after \(last)")
      last = speed
    }
  }

  /// A magnetic field of any strength turns the velocity at constant speed.
  @Test(arguments: [1.0, 1e9, 1e300])
  func magnetismKeepsTheSpeed(strength: Double) {
    let item = box(0, 0, 10, 10)
    let field = FieldBehavior.magneticField()
    field.strength = strength
    field.addItem(item)
    let material = frictionless([item])
    material.charge = 1e10
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    animator.addBehavior(material)
    material.addLinearVelocity(Vector(dx: 300, dy: 400), for: item)
    animator.advance(by: 1)
    let speed = material.linearVelocity(for: item).length
    #expect(abs(speed - 500) < 1e-6, "speed \(speed)")
  }

  /// Extreme but finite strengths of force fields and pushes leave the state finite: each force's
  /// speed change per step is capped at `PhysicsWorld.maximumSpeedChange`.
  @Test func extremeForcesStayFinite() {
    let items = (0..<4).map { box(Double($0) * 30, 0, 1, 1) }
    let radial = FieldBehavior.radialGravityField(position: Point(x: 45, y: 0))
    radial.strength = .greatestFiniteMagnitude
    radial.falloff = 300
    let linear = FieldBehavior.linearGravityField(direction: Vector(dx: 1e300, dy: -1e300))
    linear.strength = 1e300
    let velocity = FieldBehavior.velocityField(direction: Vector(dx: 1e300, dy: 0))
    velocity.strength = 1e300
    velocity.region = Region(radius: 10)
    let push = PushBehavior(items: items, mode: .continuous)
    push.magnitude = .greatestFiniteMagnitude
    for i in items {
      radial.addItem(i)
      linear.addItem(i)
      velocity.addItem(i)
    }
    let gravity = GravityBehavior(items: items)
    gravity.magnitude = 1e308
    let animator = DynamicAnimator()
    for b in [radial, linear, velocity, push, gravity] as [DynamicBehavior] { animator.addBehavior(b) }
    for frame in 1...60 {
      animator.advance(by: 1.0 / 60)
      for (k, i) in items.enumerated() {
        #expect(i.center.isFinite && i.transform.rotationAngle.isFinite, "frame \(frame), item \(k): \(i.center)")
      }
    }
  }

  /// Elasticity 1 (the most accepted) bounces forever but never higher: a ball dropped in a closed box
  /// under gravity, with no resistance or friction, never rises above its drop height by more than one
  /// step's travel at the impact speed (v·h = 1249/240 ≈ 5.2 pt: the step-by-step integration meets the
  /// floor up to a step early or late; measured 2.5 pt, and it does not grow) over 20 s and eight
  /// bounces.
  @Test(arguments: [0.0, 0.3])
  func fullyElasticBallNeverRisesHigher(spin: Double) {
    let item = ball(500, 200, diameter: 40)
    let collision = CollisionBehavior(items: [item])
    collision.translatesReferenceBoundsIntoBoundary = true
    let material = frictionless([item], elasticity: 1)
    material.addAngularVelocity(spin, for: item)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
    for b in [collision, material, GravityBehavior(items: [item])] as [DynamicBehavior] { animator.addBehavior(b) }
    var highest = Double.infinity
    var bounces = 0, falling = true
    run(animator, seconds: 20) { t in
      let vy = material.linearVelocity(for: item).dy
      if falling && vy < 0 { bounces += 1 }
      falling = vy >= 0
      if t > 0.5 { highest = min(highest, item.center.y) }
      #expect(
        item.center.y >= 200 - (2 * 1000 * 780.0).squareRoot() / 240,
        "at \(t) s the ball rose to \(item.center.y), above its drop height 200")
    }
    #expect(bounces >= 7, "\(bounces) bounces")
    #expect(highest < 210, "the ball no longer reaches near its drop height: \(highest)")
  }

  /// The ranges are public so a loader can check values before calling.
  @Test func rangesArePublished() {
    #expect(DynamicItemBehavior.elasticityRange.contains(1.2) && DynamicItemBehavior.elasticityRange.contains(1e300))
    #expect(
      !DynamicItemBehavior.elasticityRange.contains(-0.1) && !DynamicItemBehavior.elasticityRange.contains(.infinity))
    #expect(DynamicItemBehavior.resistanceRange.contains(.infinity))
    #expect(!DynamicItemBehavior.densityRange.contains(0))
    #expect(!AttachmentBehavior.dampingRange.contains(-10))
    #expect(!FieldBehavior.strengthRange.contains(.infinity))
    #expect(!FieldBehavior.strengthRange.contains(.nan))
    #expect(SnapBehavior.dampingRange == 0...1)
  }

  /// Out-of-range values are refused at the call, with a message naming the parameter.
  @Test func outOfRangeValuesAreRefused() async {
    await #expect(processExitsWith: .failure) {
      DynamicItemBehavior().elasticity = -0.5
    }
    await #expect(processExitsWith: .failure) {
      let a = AttachmentBehavior(
        item: DynamicBody(center: .zero, size: Size(width: 10, height: 10)),
        attachedToAnchor: Point(x: 0, y: -50))
      a.damping = -10
    }
    await #expect(processExitsWith: .failure) {
      let item = DynamicBody(center: .zero, size: Size(width: 10, height: 10))
      let animator = DynamicAnimator()
      animator.addBehavior(GravityBehavior(items: [item]))
      item.center = Point(x: .infinity, y: 0)
      animator.updateItem(usingCurrentState: item)  // refused here, not at the next advance
    }
    await #expect(processExitsWith: .failure) {
      FieldBehavior.dragField().strength = .nan
    }
  }
}
