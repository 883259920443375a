import Geometry2D

/// Material and motion settings for its items (UIDynamicItemBehavior).
///
/// Items no item behavior touches use the defaults (UIKit's, listed in the DocC article "Porting from UIKit"): elasticity 0.2, friction 0.2, density 1,
/// resistance 0.1, angular resistance 0.1, charge 0, not anchored, rotation allowed. A property you set
/// here overrides the default for this behavior's items; when several item behaviors set the same
/// property on an item, the one added last wins. Properties you never set leave the item's value alone.
///
/// - `resistance` (and `angularResistance`) is UIKit's damping rate in 1/s: with no force acting,
///   velocity decays as e^(−resistance·t). Each 1/240 s step multiplies it by 1 − resistance/240,
///   clamped to 0…1, so a rate of 240 or more (∞ included) stops the item at once and no rate can
///   reverse or amplify its motion.
/// - `density` sets mass = density × width × height / 10 000 (a 100×100 item of density 1 has mass 1).
/// - An anchored item collides like a wall and moves only where you put it; moved between frames, it
///   travels there through the next frame and pushes what it meets (see `isAnchored`).
/// - Velocities added before the behavior is in an animator accumulate and apply when it joins.
///
/// Ranges (the `…Range` constants): a value outside its range, and NaN always, stops with a
/// precondition naming the property and the range.
public final class DynamicItemBehavior: DynamicBehavior, ItemListBehavior {
  /// `elasticity`: any finite value ≥ 0. UIKit documents 0 (no bounce) … 1 (fully elastic) as the
  /// usual range and takes more; above 1 every bounce gives back more than it took, held by the speed cap.
  public static let elasticityRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `friction`: finite, ≥ 0.
  public static let frictionRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `density`: finite, > 0 (use `isAnchored` for an immovable item).
  public static let densityRange: ClosedRange<Double> = Validate.positiveFinite
  /// `resistance`: ≥ 0, in 1/s; ∞ stops the item at once.
  public static let resistanceRange: ClosedRange<Double> = Validate.nonNegativeOrInfinite
  /// `angularResistance`: ≥ 0, in 1/s; ∞ stops the rotation at once.
  public static let angularResistanceRange: ClosedRange<Double> = Validate.nonNegativeOrInfinite
  /// `charge`: finite, either sign.
  public static let chargeRange: ClosedRange<Double> = Validate.finiteNumbers
  /// The components of `addLinearVelocity` (pt/s) and `addAngularVelocity` (rad/s): finite.
  public static let velocityRange: ClosedRange<Double> = Validate.finiteNumbers

  var overrides = MaterialOverrides()
  private var pendingLinear: [ObjectIdentifier: Vector] = [:]
  private var pendingAngular: [ObjectIdentifier: Double] = [:]

  /// A behavior setting the material and velocities of `items` (more can be added later).
  public init(items: [any DynamicItem] = []) {
    super.init()
    itemList = ItemList(items, caller: "DynamicItemBehavior(items:)")
  }

  /// 0 = no bounce … 1 = fully elastic; above 1 each bounce gives back more speed than it took, as UIKit
  /// allows (any finite value ≥ 0, `elasticityRange`). A bounce never asks for more than the engine's
  /// speed cap (40,000 pt/s) or the speed it came in with, and walls hold whatever the elasticity. Default
  /// 0.2.
  public var elasticity: Double {
    get { overrides.elasticity ?? Material().elasticity }
    set {
      Validate.range(newValue, Self.elasticityRange, "DynamicItemBehavior.elasticity")
      overrides.elasticity = newValue
      setNeedsContributionSync()
    }
  }
  /// Coulomb friction coefficient (mixed as √(f₁·f₂) between items), finite and ≥ 0 (`frictionRange`).
  /// Default 0.2.
  public var friction: Double {
    get { overrides.friction ?? Material().friction }
    set {
      Validate.range(newValue, Self.frictionRange, "DynamicItemBehavior.friction")
      overrides.friction = newValue
      setNeedsContributionSync()
    }
  }
  /// Mass per 10 000 square points, finite and > 0 (`densityRange`; use `isAnchored` for immovable
  /// items). Default 1.
  public var density: Double {
    get { overrides.density ?? Material().density }
    set {
      Validate.range(newValue, Self.densityRange, "DynamicItemBehavior.density")
      overrides.density = newValue
      setNeedsContributionSync()
    }
  }
  /// Linear damping rate in 1/s (UIKit's): velocity decays as e^(−resistance·t) with no force acting;
  /// ≥ 0, and ∞ (or anything ≥ 240) stops the item at once (`resistanceRange`). Default 0.1.
  public var resistance: Double {
    get { overrides.resistance ?? Material().resistance }
    set {
      Validate.range(newValue, Self.resistanceRange, "DynamicItemBehavior.resistance")
      overrides.resistance = newValue
      setNeedsContributionSync()
    }
  }
  /// Angular damping rate in 1/s, as `resistance` is for the linear velocity (`angularResistanceRange`).
  /// Default 0.1.
  public var angularResistance: Double {
    get { overrides.angularResistance ?? Material().angularResistance }
    set {
      Validate.range(newValue, Self.angularResistanceRange, "DynamicItemBehavior.angularResistance")
      overrides.angularResistance = newValue
      setNeedsContributionSync()
    }
  }
  /// Electric charge for electric and magnetic fields (unitless), finite, either sign (`chargeRange`).
  /// Default 0.
  public var charge: Double {
    get { overrides.charge ?? Material().charge }
    set {
      Validate.range(newValue, Self.chargeRange, "DynamicItemBehavior.charge")
      overrides.charge = newValue
      setNeedsContributionSync()
    }
  }
  /// Anchored items collide like boundaries and no force or collision moves them. Default false.
  ///
  /// You may move one: set its `center` or `transform` and call
  /// `DynamicAnimator.updateItem(usingCurrentState:)` between frames, as you would drag a wall. The
  /// item does not jump there: its body travels from where it was to the new place through the next
  /// `advance(by:)`, evenly over that advance's steps, at the velocity and spin of that move (the
  /// shorter way round), and lands exactly on the item's centre and rotation at its end. On the way it
  /// pushes what it meets with that velocity (a kinematic body in Box2D's terms), carries what rests on
  /// it by friction and wakes whatever sleeps. A superset of UIKit, whose anchored items jump. Freed
  /// (`isAnchored = false`) before the move is done, the item is put at its new place at once.
  public var isAnchored: Bool {
    get { overrides.isAnchored ?? false }
    set {
      overrides.isAnchored = newValue
      setNeedsContributionSync()
    }
  }
  /// Default true.
  public var allowsRotation: Bool {
    get { overrides.allowsRotation ?? true }
    set {
      overrides.allowsRotation = newValue
      setNeedsContributionSync()
    }
  }

  /// Adds to the item's velocity, in points/s (finite components).
  public func addLinearVelocity(_ velocity: Vector, for item: any DynamicItem) {
    Validate.vector(velocity, "DynamicItemBehavior.addLinearVelocity")
    if let animator = dynamicAnimator, let i = animator.body(of: item) {
      animator.world.addVelocity(Vec2(velocity.dx, velocity.dy), to: i)
      animator.wake()
    } else {
      pendingLinear[ObjectIdentifier(item), default: .zero] += velocity
    }
  }

  /// The item's velocity in points/s (zero for an item not in this behavior's animator, plus anything
  /// added while it was not).
  public func linearVelocity(for item: any DynamicItem) -> Vector {
    let pending = pendingLinear[ObjectIdentifier(item)] ?? .zero
    guard let animator = dynamicAnimator, let i = animator.body(of: item) else { return pending }
    let v = animator.world.linearVelocity(of: i)
    return Vector(dx: v.x, dy: v.y)
  }

  /// Adds to the item's angular velocity, in radians/s (finite; positive = clockwise on screen).
  public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) {
    Validate.finite(velocity, "DynamicItemBehavior.addAngularVelocity")
    if let animator = dynamicAnimator, let i = animator.body(of: item) {
      animator.world.addAngularVelocity(velocity, to: i)
      animator.wake()
    } else {
      pendingAngular[ObjectIdentifier(item), default: 0] += velocity
    }
  }

  /// The item's angular velocity in radians/s (positive = clockwise on screen), including any added
  /// but not yet applied.
  public func angularVelocity(for item: any DynamicItem) -> Double {
    let pending = pendingAngular[ObjectIdentifier(item)] ?? 0
    guard let animator = dynamicAnimator, let i = animator.body(of: item) else { return pending }
    return animator.world.angularVelocity(of: i)
  }

  // MARK: What it adds to the world: material, and pending velocities

  override var materialOverrides: MaterialOverrides? { overrides }
  override var savedSettings: Any? { (overrides, pendingLinear, pendingAngular) }
  override func restoreSettings(_ saved: Any) {
    (overrides, pendingLinear, pendingAngular) =
      saved as! (MaterialOverrides, [ObjectIdentifier: Vector], [ObjectIdentifier: Double])
  }
  /// Pending velocities join the bodies once the animator has them.
  override var appliesForces: Bool { !pendingLinear.isEmpty || !pendingAngular.isEmpty }

  override func applyForces(to world: inout PhysicsWorld) {
    for (k, item) in itemList.items.enumerated() {
      let id = ObjectIdentifier(item)
      let i = bodyIndices[k]
      if let v = pendingLinear[id] { world.addVelocity(Vec2(v.dx, v.dy), to: i) }
      if let w = pendingAngular[id] { world.addAngularVelocity(w, to: i) }
    }
    pendingLinear.removeAll()
    pendingAngular.removeAll()
    dynamicAnimator?.setNeedsListUpdate()  // drop this behavior from the per-step force list
  }
}

/// The properties an item behavior set explicitly (nil = leave the item's value).
struct MaterialOverrides {
  var elasticity: Double?
  var friction: Double?
  var density: Double?
  var resistance: Double?
  var angularResistance: Double?
  var charge: Double?
  var isAnchored: Bool?
  var allowsRotation: Bool?

  func apply(to m: inout Material) {
    if let elasticity { m.elasticity = elasticity }
    if let friction { m.friction = friction }
    if let density { m.density = density }
    if let resistance { m.resistance = resistance }
    if let angularResistance { m.angularResistance = angularResistance }
    if let charge { m.charge = charge }
    if let isAnchored { m.isAnchored = isAnchored }
    if let allowsRotation { m.allowsRotation = allowsRotation }
  }
}
