#if canImport(Glibc)
import Glibc
#endif
import Geometry2D


/// Per-body material, reset to the item defaults (DESIGN §3) at every rebuild and then overridden by the
/// item behaviors in the order they were added (the last explicit setting wins).
struct Material {
  var elasticity = 0.2
  var friction = 0.2
  var density = 1.0
  var resistance = 0.1
  var angularResistance = 0.1
  var charge = 0.0
  var isAnchored = false
  var allowsRotation = true

  /// The per-step velocity factor of a damping `rate` (1/s, UIKit's resistance): 1 − h·rate, clamped to
  /// 0…1, so velocity decays as e^(−rate·t), a rate ≥ 1/h (infinity included) stops at once, and no
  /// rate can reverse or amplify the motion.
  static func dampingFactor(rate: Double, h: Double) -> Double {
    min(max(1 - h * rate, 0), 1)
  }

  /// The continuous rate whose exact decay over one step equals `dampingFactor(rate:h:)`, for the
  /// closed-form spring path, so both paths damp a body identically. Requires rate·h < 1.
  static func equivalentRate(rate: Double, h: Double) -> Double {
    -log(dampingFactor(rate: rate, h: h)) / h
  }
}

/// The scratch state of a rebuild: behaviors add what they contribute, then the animator turns it into
/// the world's arrays.
struct WorldBuilder {
  var bodyIndex: IdentityMap
  var materials: [Material]
  var itemCollisionMasks: [UInt64]
  var boundaryCollisionMasks: [UInt64]
  var joints: [JointRow] = []
  /// The behavior owning each joint row, to receive its slot.
  var jointOwners: [DynamicBehavior] = []
  var boundaries: [BoundarySegment] = []
  var collisionBehaviors: [CollisionBehavior] = []
  var referenceBounds: Rect?

  func index(of item: any DynamicItem) -> Int32 {
    bodyIndex[item] ?? -1
  }

  /// Reserves a collision group bit for a collision behavior.
  mutating func addCollisionBehavior(_ b: CollisionBehavior) -> Int32 {
    precondition(collisionBehaviors.count < 64,
                 "An animator supports at most 64 collision behaviors; put items that collide alike in one behavior.")
    collisionBehaviors.append(b)
    return Int32(collisionBehaviors.count - 1)
  }

  mutating func addJoint(_ row: JointRow, owner: DynamicBehavior) {
    joints.append(row)
    jointOwners.append(owner)
  }
}
