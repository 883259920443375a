import Geometry2D

/// Material and motion settings for its items (UIDynamicItemBehavior).
///
/// Items no item behavior touches use the defaults (DESIGN §3): elasticity 0.2, friction 0.2, density 1,
/// resistance 0.1, angular resistance 0.1, charge 0, not anchored, rotation allowed. A property you set
/// here overrides the default for this behavior's items; when several item behaviors set the same
/// property on an item, the one added last wins. Properties you never set leave the item's value alone.
///
/// - `resistance` (and `angularResistance`) is the fraction of velocity lost per second with no force
///   acting: velocity is multiplied by (1 − r) every second, so 1 (or more) stops an item the moment no
///   force acts on it.
/// - `density` sets mass = density × width × height / 10 000 (a 100×100 item of density 1 has mass 1).
/// - An anchored item collides like a wall but never moves.
/// - Velocities added before the behavior is in an animator accumulate and apply when it joins.
public final class DynamicItemBehavior: DynamicBehavior {
  private var list: ItemList
  var overrides = MaterialOverrides()
  private var pendingLinear: [ObjectIdentifier: Vector] = [:]
  private var pendingAngular: [ObjectIdentifier: Double] = [:]

  /// A behavior setting the material and velocities of `items` (more can be added later).
  public init(items: [any DynamicItem] = []) {
    list = ItemList(items, caller: "DynamicItemBehavior(items:)")
    super.init()
  }

  /// The items, in the order they were added.
  public var items: [any DynamicItem] { list.items }
  /// Adds `item` (validated: finite centre, non-zero finite size); adding one already here is ignored.
  public func addItem(_ item: any DynamicItem) { if list.add(item, caller: "DynamicItemBehavior.addItem") { setNeedsRebuild() } }
  /// Removes `item`; removing one that is not here does nothing.
  public func removeItem(_ item: any DynamicItem) { if list.remove(item) { setNeedsRebuild() } }

  /// 0 = no bounce … 1 = fully elastic. Default 0.2.
  public var elasticity: Double {
    get { overrides.elasticity ?? Material().elasticity }
    set { Validate.finite(newValue, "DynamicItemBehavior.elasticity"); overrides.elasticity = newValue; setNeedsRebuild() }
  }
  /// Coulomb friction coefficient (mixed as √(f₁·f₂) between items). Default 0.2.
  public var friction: Double {
    get { overrides.friction ?? Material().friction }
    set { Validate.finite(newValue, "DynamicItemBehavior.friction"); overrides.friction = newValue; setNeedsRebuild() }
  }
  /// Mass per 10 000 square points. Default 1.
  public var density: Double {
    get { overrides.density ?? Material().density }
    set {
      precondition(newValue.isFinite && newValue > 0, "DynamicItemBehavior.density must be finite and positive, got \(newValue); use isAnchored for immovable items.")
      overrides.density = newValue; setNeedsRebuild()
    }
  }
  /// Fraction of linear velocity lost per second; 1 stops the item as soon as no force acts. Default 0.1.
  public var resistance: Double {
    get { overrides.resistance ?? Material().resistance }
    set {
      precondition(!newValue.isNaN && newValue >= 0, "DynamicItemBehavior.resistance must be ≥ 0, got \(newValue).")
      overrides.resistance = newValue; setNeedsRebuild()
    }
  }
  /// Fraction of angular velocity lost per second. Default 0.1.
  public var angularResistance: Double {
    get { overrides.angularResistance ?? Material().angularResistance }
    set {
      precondition(!newValue.isNaN && newValue >= 0, "DynamicItemBehavior.angularResistance must be ≥ 0, got \(newValue).")
      overrides.angularResistance = newValue; setNeedsRebuild()
    }
  }
  /// Electric charge for electric and magnetic fields (unitless). Default 0.
  public var charge: Double {
    get { overrides.charge ?? Material().charge }
    set { Validate.finite(newValue, "DynamicItemBehavior.charge"); overrides.charge = newValue; setNeedsRebuild() }
  }
  /// Anchored items collide like boundaries but never move. Default false.
  public var isAnchored: Bool {
    get { overrides.isAnchored ?? false }
    set { overrides.isAnchored = newValue; setNeedsRebuild() }
  }
  /// Default true.
  public var allowsRotation: Bool {
    get { overrides.allowsRotation ?? true }
    set { overrides.allowsRotation = newValue; setNeedsRebuild() }
  }

  /// Adds to the item's velocity, in points/s.
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
    let v = animator.world.bodies[Int(i)].velocity
    return Vector(dx: v.x, dy: v.y)
  }

  /// Adds to the item's angular velocity, in radians/s (positive = clockwise on screen).
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
    return animator.world.bodies[Int(i)].angularVelocity
  }

  override var engineItems: [any DynamicItem] { list.items }
  override var buildsBodies: Bool { true }

  override func build(into builder: inout WorldBuilder) {
    for i in bodyIndices { overrides.apply(to: &builder.materials[Int(i)]) }
  }

  /// Pending velocities join the bodies once the animator has them.
  override var appliesForces: Bool { !pendingLinear.isEmpty || !pendingAngular.isEmpty }

  override func applyForces(to world: inout PhysicsWorld) {
    for (k, item) in list.items.enumerated() {
      let id = ObjectIdentifier(item)
      let i = bodyIndices[k]
      if let v = pendingLinear[id] { world.addVelocity(Vec2(v.dx, v.dy), to: i) }
      if let w = pendingAngular[id] { world.addAngularVelocity(w, to: i) }
    }
    pendingLinear.removeAll()
    pendingAngular.removeAll()
    dynamicAnimator?.needsRowRebuild = true  // drop this behavior from the per-step force list
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
