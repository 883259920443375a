#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// A force field over a region of the plane that acts on its items (UIFieldBehavior): make one with a
/// factory (`.radialGravityField(position:)`, `.vortexField()`, …), add items, add it to an animator.
///
/// Units. Like UIKit, whose fields run in its engine's SI units at 100 points per metre, a field
/// measures distance in metres (100 pt) for its falloff and its spring, vortex and electric laws, and
/// its vectors (`direction`) in metres/s² (linear gravity) or metres/s (velocity, drag). Forces come
/// out in newtons, applied as points·mass/s² (×100): a force of 1 N on mass 1 is 100 points/s², the
/// same as a continuous push of magnitude 1. So UIKit's numbers port unchanged: the UIKit Dynamics tutorial's radial (pro648, part 6)
/// gravity of strength 1.5, falloff 4 and minimum radius 50 pt pulls at 2 400 points/s² on its
/// minimum radius.
///
/// Falloff. Every kind but the custom field scales by `max(r, minimumRadius)^−falloff`,
/// r the distance from `position` in metres: closer than `minimumRadius` counts as `minimumRadius`.
/// Outside `region` (tested in points relative to `position`) a field does nothing.
///
/// Mass and charge come from the item: mass = density × width × height / 10 000 (`DynamicItemBehavior
/// .density`, default 1), charge from `DynamicItemBehavior.charge` (default 0).
///
/// Misuse, by design: a parameter outside its range (the `…Range` constants; NaN and ±∞ always) stops
/// with a precondition naming it and the range when it is set; adding an item twice is ignored; removing
/// one that is not there does nothing.
///
/// Numbers stay numbers: at its own centre a field's falloff counts the distance as at least 2⁻¹⁵ m
/// (even with `minimumRadius` 0), a force or imposed velocity that overflows counts as the largest
/// finite one, and the engine caps the speed change one field gives a body in one step at 10⁶ pt/s.
/// Drag, magnetic and turbulence fields, whose force grows with velocity, are integrated so they can
/// slow or turn an item but never reverse it or speed it up (drag of any strength at most stops an item
/// relative to the medium; turbulence turns and slows; magnetism turns at constant speed).
public final class FieldBehavior: DynamicBehavior, ItemListBehavior {
  /// `strength`: finite.
  public static let strengthRange: ClosedRange<Double> = Validate.finiteNumbers
  /// `falloff`: finite (the exponent of distance in metres; negative grows with distance).
  public static let falloffRange: ClosedRange<Double> = Validate.finiteNumbers
  /// `animationSpeed` of the noise and turbulence fields: finite.
  public static let animationSpeedRange: ClosedRange<Double> = Validate.finiteNumbers
  /// Each component of `position` and `direction`: finite.
  public static let coordinateRange: ClosedRange<Double> = Validate.finiteNumbers
  /// `minimumRadius`: finite, ≥ 0 points.
  public static let minimumRadiusRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `smoothness` accepts any finite number and clamps it to this range (0…1) when used.
  public static let smoothnessRange: ClosedRange<Double> = Validate.unitInterval

  /// The closure of a custom field: the item's position (pt), velocity (pt/s), mass, charge and the
  /// animator's time (s) → the force in points·mass/s². The region still applies; strength and falloff
  /// are the closure's business. A NaN component it returns counts as 0 and an infinite one as the
  /// largest finite force (then capped like every force), so a closure cannot make the state non-finite.
  public typealias Evaluator = (
    _ position: Point, _ velocity: Vector, _ mass: Double, _ charge: Double,
    _ time: Double
  ) -> Vector

  /// UIKit's minimum radius, 2⁻¹⁵ m ("very small but not zero"), in points.
  public static let defaultMinimumRadius = 100.0 / 32768

  /// Points per metre, the scale between the field laws (SI) and the animator (points).
  static let pointsPerMetre = 100.0

  /// What kind of field this is.
  public let kind: Kind
  let evaluator: Evaluator?
  private(set) var noise = SimplexNoise(seed: 0)

  /// The field's centre in the animator's coordinates (points, finite). Default (0, 0).
  public var position: Point = .zero {
    didSet {
      Validate.point(position, "FieldBehavior.position")
      wake()
    }
  }
  /// Where the field acts, centred on `position`. Default `.infinite`.
  public var region: Region = .infinite { didSet { wake() } }
  /// Scales the force, finite (`strengthRange`); negative reverses it (radial gravity repels, vortex and
  /// magnetic turn clockwise). A drag field with strength ≤ 0 does nothing (drag never speeds items up).
  /// Default 1.
  public var strength = 1.0 {
    didSet {
      Validate.range(strength, Self.strengthRange, "FieldBehavior.strength")
      wake()
    }
  }
  /// Exponent of the distance beyond `minimumRadius`, finite (`falloffRange`): 0 uniform, 2 inverse
  /// square. The default depends on the kind (`Kind.defaultFalloff`).
  public var falloff: Double {
    didSet {
      Validate.range(falloff, Self.falloffRange, "FieldBehavior.falloff")
      wake()
    }
  }
  /// Distance in points under which the falloff is computed as if at this distance: finite, ≥ 0
  /// (`minimumRadiusRange`). Below 2⁻¹⁵ m (`defaultMinimumRadius`, the default) the falloff still uses
  /// 2⁻¹⁵ m, so the force at the field's centre is defined.
  public var minimumRadius = FieldBehavior.defaultMinimumRadius {
    didSet {
      Validate.range(minimumRadius, Self.minimumRadiusRange, "FieldBehavior.minimumRadius")
      wake()
    }
  }
  /// Linear gravity: the acceleration in metres/s² (×100 for points/s²). Velocity field: the imposed
  /// velocity in metres/s. Drag: the velocity of the medium in metres/s (drag acts on v − direction).
  /// Zero for other kinds. Finite components.
  public var direction: Vector = .zero {
    didSet {
      Validate.vector(direction, "FieldBehavior.direction")
      wake()
    }
  }
  /// Noise and turbulence: 0 the noisiest … 1 the smoothest (`smoothnessRange`); any finite value,
  /// clamped to 0…1 when used.
  public var smoothness = 0.0 {
    didSet {
      Validate.range(smoothness, Validate.finiteNumbers, "FieldBehavior.smoothness")
      wake()
    }
  }
  /// Noise and turbulence: how fast the noise changes, in Hz, finite (`animationSpeedRange`); 0 freezes
  /// it.
  public var animationSpeed = 0.0 {
    didSet {
      Validate.range(animationSpeed, Self.animationSpeedRange, "FieldBehavior.animationSpeed")
      wake()
    }
  }
  /// Noise and turbulence: the seed of the noise (UIKit has none). The same seed gives the same field
  /// bit for bit. Default 0.
  public var seed: UInt64 = 0 {
    didSet {
      noise = SimplexNoise(seed: seed)
      wake()
    }
  }

  init(kind: Kind, evaluator: Evaluator? = nil) {
    self.kind = kind
    self.evaluator = evaluator
    self.falloff = kind.defaultFalloff
    super.init()
  }

  // MARK: Factories (UIKit's class methods)

  /// Uniform gravity along `direction` (metres/s²), proportional to mass: (0, 9.8) is Earth's gravity,
  /// 980 points/s² (UIKit's gravity behavior of magnitude 0.98).
  public static func linearGravityField(direction: Vector) -> FieldBehavior {
    let f = FieldBehavior(kind: .linearGravity)
    f.direction = direction
    return f
  }

  /// Gravity toward `position`, proportional to mass, inverse square by default (falloff 2).
  public static func radialGravityField(position: Point) -> FieldBehavior {
    let f = FieldBehavior(kind: .radialGravity)
    f.position = position
    return f
  }

  /// Sets the velocity of items in the region to `direction` (metres/s) × strength × falloff, every
  /// step, overriding the other forces on them for that step (collisions still act).
  public static func velocityField(direction: Vector) -> FieldBehavior {
    let f = FieldBehavior(kind: .velocity)
    f.direction = direction
    return f
  }

  /// Smooth random accelerations (seeded simplex noise), independent of mass.
  public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
    let f = FieldBehavior(kind: .noise)
    f.smoothness = smoothness
    f.animationSpeed = animationSpeed
    return f
  }

  /// Noise scaled by the item's speed (metres/s): items at rest feel nothing. In the engine it turns and
  /// slows items but never speeds them up (a force ∝ speed would grow it geometrically).
  public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
    let f = FieldBehavior(kind: .turbulence)
    f.smoothness = smoothness
    f.animationSpeed = animationSpeed
    return f
  }

  /// Hooke's law toward `position`: with the default falloff −1 the force is −strength × offset, i.e.
  /// strength points·mass/s² per point, so an item of mass m oscillates at √(strength/m) rad/s.
  public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

  /// Pushes charged items away from `position` (positive strength and charge repel): F = q·E.
  public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

  /// A field B = strength × falloff out of the screen: F = q·v × B, perpendicular to the velocity. A
  /// positive charge in a positive field circles counter-clockwise on screen, at radius m·v/(q·B). The
  /// engine turns the velocity by exactly ω·h a step (ω = q·B/m), so the speed never changes.
  public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

  /// Quadratic drag against the velocity relative to `direction`: F = −strength·|u|·u, integrated by its
  /// exact solution over each step (u ← u / (1 + k·|u|·h)), so at any strength it brings an item at most
  /// to rest relative to the medium, never past it. Strength ≤ 0 does nothing.
  public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

  /// A swirl around `position`, counter-clockwise on screen for positive strength, proportional to the
  /// distance (metres) and divided by mass.
  public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

  /// A field whose force the closure computes (UIKit's `fieldWithEvaluationBlock:`).
  public static func field(evaluator: @escaping Evaluator) -> FieldBehavior {
    FieldBehavior(kind: .custom, evaluator: evaluator)
  }

  // MARK: What it adds to the world: a field, and the forces it applies

  override func appendFields(to fields: inout [FieldBehavior]) { fields.append(self) }

  private struct Settings {
    var position: Point, region: Region, strength: Double, falloff: Double, minimumRadius: Double
    var direction: Vector, smoothness: Double, animationSpeed: Double, seed: UInt64
  }
  override var savedSettings: Any? {
    Settings(
      position: position, region: region, strength: strength, falloff: falloff, minimumRadius: minimumRadius,
      direction: direction, smoothness: smoothness, animationSpeed: animationSpeed, seed: seed)
  }
  override func restoreSettings(_ saved: Any) {
    let s = saved as! Settings
    (position, region, strength, falloff, minimumRadius) = (
      s.position, s.region, s.strength, s.falloff, s.minimumRadius
    )
    (direction, smoothness, animationSpeed) = (s.direction, s.smoothness, s.animationSpeed)
    if seed != s.seed { seed = s.seed }
  }
  override var appliesForces: Bool { true }

  override func applyForces(to world: inout PhysicsWorld) {
    if kind == .velocity { return }
    for i in bodyIndices where world.isDynamic(i) {
      let s = world.forceSample(of: i)
      if kind.dependsOnVelocity {
        integrateVelocityDependent(world: &world, body: i, sample: s)
        continue
      }
      let f = evaluate(at: s.position, velocity: s.velocity, mass: s.mass, charge: s.charge, time: s.time).force
      if f != .zero { world.addForce(f, to: i) }
    }
  }

  override func overrideVelocities(in world: inout PhysicsWorld) {
    guard kind == .velocity else { return }
    for i in bodyIndices where world.isDynamic(i) {
      let s = world.forceSample(of: i)
      if let v = evaluate(at: s.position, velocity: s.velocity, mass: s.mass, charge: s.charge, time: s.time).velocity {
        world.imposeVelocity(v, on: i)
      }
    }
  }
}
