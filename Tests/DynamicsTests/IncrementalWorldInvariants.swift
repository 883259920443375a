import Testing
import Geometry2D
@testable import Dynamics

/// What must hold after every change to an incremental world, each recomputed from scratch from the
/// behavior tree and compared with what the changes left: one body per named item and none for the
/// others, handles current and on their own items' bodies, materials, masks, forces, joint placement
/// and solver lists as a fresh computation gives them, contacts only between live colliding bodies.
enum IncrementalWorldInvariants {
  /// Every problem found, as messages (empty: all hold).
  static func problems(_ animator: DynamicAnimator, removed: [DynamicBehavior]) -> [String] {
    animator.applyPendingChanges()
    var out: [String] = []
    var flat: [DynamicBehavior] = []
    for b in animator.behaviors { b.appendFlattened(to: &flat) }
    out += bodyProblems(animator, flat)
    out += jointProblems(animator, flat, removed)
    out += solverProblems(animator)
    out += stateProblems(animator)
    return out
  }

  /// The items the tree names, each once, in first-naming order.
  static func namedItems(_ flat: [DynamicBehavior]) -> [any DynamicItem] {
    var seen = Set<ObjectIdentifier>()
    var out: [any DynamicItem] = []
    for b in flat { for item in b.engineItems where seen.insert(ObjectIdentifier(item)).inserted { out.append(item) } }
    return out
  }

  static func bodyProblems(_ animator: DynamicAnimator, _ flat: [DynamicBehavior]) -> [String] {
    var out: [String] = []
    let world = animator.world
    let named = namedItems(flat)
    if world.bodySlots.liveCount != named.count { out.append("\(world.bodySlots.liveCount) live bodies for \(named.count) named items") }
    if animator.plainBodies.count != animator.items.count { out.append("plain-body slots out of step with item slots") }
    for (i, item) in animator.items.enumerated() where animator.plainBodies[i]?.takeUnretainedValue() !== (item as? DynamicBody) {
      out.append("slot \(i)'s plain body is not its DynamicBody")
    }
    var slotsSeen = Set<Int32>()
    for item in named {
      guard let i = animator.bodyIndex[item], world.isLiveBody(Int(i)), animator.items[Int(i)] === item else {
        out.append("a named item has no live body of its own")
        continue
      }
      if !slotsSeen.insert(i).inserted { out.append("two items share body \(i)") }
      let b = world.bodies[Int(i)], s = world.bodyStates[Int(i)]
      if !(b.position.x.isFinite && b.position.y.isFinite && s.v.x.isFinite && s.v.y.isFinite && s.w.isFinite) {
        out.append("body \(i) is not finite")
      }
      let (material, itemMask, boundaryMask, forced) = fold(item, flat)
      if world.bodyRecords[Int(i)].material != material { out.append("body \(i): material \(world.bodyRecords[Int(i)].material) ≠ fold \(material)") }
      if b.itemCollisionMask != itemMask || b.boundaryCollisionMask != boundaryMask {
        out.append("body \(i): masks \(b.itemCollisionMask)/\(b.boundaryCollisionMask) ≠ \(itemMask)/\(boundaryMask)")
      }
      if b.hasBoundaryCollisions != (boundaryMask != 0) { out.append("body \(i): boundary flag \(b.hasBoundaryCollisions) with mask \(boundaryMask)") }
      if (b.shapeCount > 0) != (itemMask | boundaryMask != 0) { out.append("body \(i): shapes \(b.shapeCount) with masks \(itemMask | boundaryMask)") }
      if world.bodyRecords[Int(i)].receivesForces != forced { out.append("body \(i): forces \(!forced) ≠ \(forced)") }
    }
    for (i, item) in animator.items.enumerated() {
      guard let item else { continue }
      if !named.contains(where: { $0 === item }) { out.append("body \(i) belongs to an item no behavior names") }
    }
    for c in world.contacts {
      let ok = [c.bodyA, c.bodyB].allSatisfy { $0 < 0 || (world.isLiveBody(Int($0)) && world.bodies[Int($0)].shapeCount > 0) }
      if !ok { out.append("a contact names a gone or shapeless body (\(c.bodyA), \(c.bodyB))") }
    }
    for p in world.broadPhase.proxies where world.shapes[Int(p.shape)].body != p.body || !world.isLiveBody(Int(p.body)) {
      out.append("a proxy names a gone shape or body")
    }
    return out
  }

  /// An item's material, masks and forces from scratch: the item behaviors naming it in flattened
  /// order, the bits of the collision behaviors naming it (each live one holding its own bit).
  static func fold(_ item: any DynamicItem, _ flat: [DynamicBehavior]) -> (Material, UInt64, UInt64, Bool) {
    var m = Material()
    var itemMask: UInt64 = 0, boundaryMask: UInt64 = 0
    var forced = false
    for b in flat where b.engineItems.contains(where: { $0 === item }) {
      if let ib = b as? DynamicItemBehavior { ib.overrides.apply(to: &m) }
      if let c = b as? CollisionBehavior {
        let bit: UInt64 = 1 << UInt64(c.collisionBit)
        if c.collisionMode.contains(.items) { itemMask |= bit }
        if c.collisionMode.contains(.boundaries) { boundaryMask |= bit }
      }
      if b.appliesForces { forced = true }
    }
    return (m, itemMask, boundaryMask, forced)
  }

  static func jointProblems(_ animator: DynamicAnimator, _ flat: [DynamicBehavior], _ removed: [DynamicBehavior]) -> [String] {
    var out: [String] = []
    let world = animator.world
    var jointsNamed = 0
    for b in flat where b is AttachmentBehavior || b is SnapBehavior {
      jointsNamed += 1
      guard let handle = b.jointHandle, let place = world.place(of: handle) else {
        out.append("a live joint behavior has no current, placed handle")
        continue
      }
      let bodyB = animator.bodyIndex[b.engineItems.count == 2 ? b.engineItems[1] : b.engineItems[0]]
      let spec = world.jointSpecs[Int(handle.index)]
      if place.store == .anchorSpring {
        if world.springs[Int(place.index)].body != bodyB { out.append("a spring is on another item's body") }
        if world.springIDs[Int(place.index)] != handle.index { out.append("a spring's id is not its handle's") }
        if world.bodies[Int(bodyB!)].closedFormSpring != place.index { out.append("a spring body does not name its spring") }
      } else {
        if world.joints[Int(place.index)].bodyB != bodyB { out.append("a row is on another item's body") }
        if world.rowIDs[Int(place.index)] != handle.index { out.append("a row's id is not its handle's") }
        let exact = world.exactTerms(for: spec) != nil
        if (world.joints[Int(place.index)].exactSpring != nil) != exact { out.append("a row's exact terms are not the fresh decision (\(exact))") }
      }
      if (place.store == .anchorSpring) != world.takesClosedForm(spec) { out.append("a joint is in the \(place.store) store against the fresh decision") }
    }
    if world.joints.count + world.springs.count != jointsNamed || world.jointSlots.liveCount != jointsNamed {
      out.append("\(world.joints.count) rows + \(world.springs.count) springs (\(world.jointSlots.liveCount) ids) for \(jointsNamed) joint behaviors")
    }
    if world.hasExactSprings != world.joints.contains(where: { $0.exactSpring != nil }) { out.append("hasExactSprings is stale") }
    for b in removed where b.jointHandle != nil || b.isRegistered { out.append("a removed behavior holds a handle or registration") }
    return out
  }

  /// The solver lists as a scan of the bodies gives them (sorted, no duplicates).
  static func solverProblems(_ animator: DynamicAnimator) -> [String] {
    let world = animator.world
    var out: [String] = []
    var solver: [Int32] = [], other: [Int32] = []
    for i in world.bodies.indices where world.isLiveBody(i) {
      let b = world.bodies[i]
      if world.bodyStates[i].invMass > 0 && b.closedFormSpring < 0 { solver.append(Int32(i)) } else if world.bodyRecords[i].receivesForces { other.append(Int32(i)) }
      if b.closedFormSpring < 0 && world.springs.contains(where: { $0.body == Int32(i) }) { out.append("body \(i) has a spring it does not name") }
    }
    if world.solverBodies != solver { out.append("solverBodies \(world.solverBodies) ≠ \(solver)") }
    if world.otherForcedBodies != other { out.append("otherForcedBodies \(world.otherForcedBodies) ≠ \(other)") }
    return out
  }

  /// The body states: one per slot and the fixed world's last, which (like an inert slot's) is at rest
  /// and immovable, so contact rows may write to it without a branch.
  static func stateProblems(_ animator: DynamicAnimator) -> [String] {
    let world = animator.world
    var out: [String] = []
    if world.bodyStates.count != world.bodies.count + 1 {
      return ["\(world.bodyStates.count) body states for \(world.bodies.count) slots"]
    }
    func isFixed(_ s: BodyState) -> Bool { s.v == .zero && s.w == 0 && s.invMass == 0 && s.invInertia == 0 }
    if !isFixed(world.bodyStates[world.bodies.count]) { out.append("the world's state moves: \(world.bodyStates.last!)") }
    for i in world.bodies.indices where !world.isLiveBody(i) && world.bodyStates[i].invMass + world.bodyStates[i].invInertia != 0 {
      out.append("inert slot \(i) has mass")
    }
    return out
  }
}
