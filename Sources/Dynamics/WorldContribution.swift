import Geometry2D

/// What a behavior adds to the physics world, asked of every behavior alike, so the animator never
/// needs to know what class a behavior is: the items that become bodies, the material it sets on them,
/// the collision group it forms (its bits in its items' masks, its boundaries, the contacts it reports),
/// the joint it asks for, the forces it applies and the fields it is. `DynamicBehavior` conforms with
/// "adds nothing" for each, and each behavior overrides only what it adds.
///
/// The animator reads these in the flattened behavior order (depth first, in the order added), and
/// the order is the state: bodies, materials, masks, boundaries and joints reach the engine in the
/// order the behaviors give them, so the same scene always steps to the same bits.
protocol WorldContribution: AnyObject {
  // MARK: Items

  /// The items this behavior puts in the engine, each a body (shared with any other behavior naming
  /// the item), in order.
  var engineItems: [any DynamicItem] { get }

  // MARK: Material

  /// The material properties this behavior sets on its items, or nil when it sets none. Where several
  /// behaviors name an item, the one later in the flattened order wins each property it sets.
  var materialOverrides: MaterialOverrides? { get }

  // MARK: Collision group: masks, boundaries, contacts

  /// True when this behavior forms a collision group: while it is in the animator it holds one of the
  /// 64 bits (`DynamicBehavior.collisionBit`, stable while it stays, so another group coming or going
  /// changes no mask), and the animator asks it for masks, boundaries and contacts.
  var formsCollisionGroup: Bool { get }
  /// This behavior's bits in its items' masks: the items it makes collide with each other, and with
  /// boundaries.
  var collisionMasks: (item: UInt64, boundary: UInt64) { get }
  /// Appends this behavior's boundary segments (owned by its bit).
  func appendBoundaries(to segments: inout [BoundarySegment], referenceBounds: Rect?)
  /// True when someone listens for this group's contacts (with nobody listening, the animator skips
  /// resolving the step's contact events).
  var reportsContacts: Bool { get }
  /// The identifier of this behavior's boundary at an engine boundary's identifier index, as of the
  /// last `appendBoundaries` (nil for the reference bounds).
  func boundaryIdentifier(at index: Int32) -> String?
  /// Delivers a contact of this group that began or ended in the last step.
  func reportContact(_ contact: ContactReport)

  // MARK: Joint

  /// The joint this behavior asks for, between the bodies of its items (`bodyIndices`), or nil.
  var jointRow: JointRow? { get }

  // MARK: Forces and fields

  /// True while this behavior acts on its bodies every step through `applyForces(to:)` and
  /// `overrideVelocities(in:)`; its items' bodies then receive forces.
  var appliesForces: Bool { get }
  /// Once per fixed step, before the solver runs: reads each of its bodies through the world's getters
  /// (`world.forceSample(of:)`: position, velocity, mass, charge; time is `world.time`) and adds a
  /// force with `world.addForce(_:to:)`, an acceleration or an impulse (`PhysicsWorld+Forces.swift`).
  func applyForces(to world: inout PhysicsWorld)
  /// After every behavior's `applyForces(to:)` in the same step, for behaviors that set a velocity
  /// outright (velocity fields) rather than add to it: running last, they win over forces.
  func overrideVelocities(in world: inout PhysicsWorld)
  /// Appends the fields this behavior adds: itself, for a field behavior (what the animator's
  /// `fieldBehaviors` and `fieldSample(at:velocity:mass:charge:)` read).
  func appendFields(to fields: inout [FieldBehavior])
}
