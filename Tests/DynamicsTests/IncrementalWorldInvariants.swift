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
    // The solver's body lists, the body states and the proxies, which only the engine's storage knows.
    out += animator.engineProbe.bookkeepingProblems()
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
    let probe = animator.engineProbe
    let named = namedItems(flat)
    if probe.liveBodyCount != named.count {
      out.append("\(probe.liveBodyCount) live bodies for \(named.count) named items")
    }
    if animator.plainBodies.count != animator.items.count { out.append("plain-body slots out of step with item slots") }
    for (i, item) in animator.items.enumerated()
    where animator.plainBodies[i]?.takeUnretainedValue() !== (item as? DynamicBody) {
      out.append("slot \(i)'s plain body is not its DynamicBody")
    }
    var slotsSeen = Set<Int32>()
    for item in named {
      guard let i = animator.bodyIndex[item], probe.isLiveBody(Int(i)), animator.items[Int(i)] === item else {
        out.append("a named item has no live body of its own")
        continue
      }
      if !slotsSeen.insert(i).inserted { out.append("two items share body \(i)") }
      let b = probe.body(i)
      if !(b.position.x.isFinite && b.position.y.isFinite && b.velocity.x.isFinite && b.velocity.y.isFinite
        && b.spin.isFinite)
      {
        out.append("body \(i) is not finite")
      }
      let (material, itemMask, boundaryMask, forced) = fold(item, flat)
      if b.material != material { out.append("body \(i): material \(b.material) ≠ fold \(material)") }
      if b.itemCollisionMask != itemMask || b.boundaryCollisionMask != boundaryMask {
        out.append("body \(i): masks \(b.itemCollisionMask)/\(b.boundaryCollisionMask) ≠ \(itemMask)/\(boundaryMask)")
      }
      if b.collidesWithBoundaries != (boundaryMask != 0) {
        out.append("body \(i): boundary flag \(b.collidesWithBoundaries) with mask \(boundaryMask)")
      }
      if (b.shapeCount > 0) != (itemMask | boundaryMask != 0) {
        out.append("body \(i): shapes \(b.shapeCount) with masks \(itemMask | boundaryMask)")
      }
      if b.receivesForces != forced { out.append("body \(i): forces \(!forced) ≠ \(forced)") }
    }
    for (i, item) in animator.items.enumerated() {
      guard let item else { continue }
      if !named.contains(where: { $0 === item }) { out.append("body \(i) belongs to an item no behavior names") }
    }
    for c in probe.contacts {
      let ok = [c.bodyA, c.bodyB].allSatisfy { $0 < 0 || (probe.isLiveBody(Int($0)) && probe.body($0).shapeCount > 0) }
      if !ok { out.append("a contact names a gone or shapeless body (\(c.bodyA), \(c.bodyB))") }
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

  static func jointProblems(_ animator: DynamicAnimator, _ flat: [DynamicBehavior], _ removed: [DynamicBehavior])
    -> [String]
  {
    var out: [String] = []
    let probe = animator.engineProbe
    var jointsNamed = 0
    for b in flat where b is AttachmentBehavior || b is SnapBehavior {
      jointsNamed += 1
      guard let handle = b.jointHandle, let joint = probe.joint(handle) else {
        out.append("a live joint behavior has no current, placed handle")
        continue
      }
      let bodyB = animator.bodyIndex[b.engineItems.count == 2 ? b.engineItems[1] : b.engineItems[0]]
      let fresh = probe.freshSolving(of: handle)
      if joint.solving == .anchorSpring {
        if joint.bodyB != bodyB { out.append("a spring is on another item's body") }
        if joint.id != handle.index { out.append("a spring's id is not its handle's") }
        if !probe.body(bodyB!).isOnAnchorSpring { out.append("a spring body does not name its spring") }
      } else {
        if joint.bodyB != bodyB { out.append("a row is on another item's body") }
        if joint.id != handle.index { out.append("a row's id is not its handle's") }
        let exact = fresh == .exactSpringRow
        if (joint.solving == .exactSpringRow) != exact && fresh != .anchorSpring {
          out.append("a row's exact terms are not the fresh decision (\(exact))")
        }
      }
      if (joint.solving == .anchorSpring) != (fresh == .anchorSpring) {
        out.append("a joint is solved as \(joint.solving) against the fresh decision")
      }
    }
    let placed = probe.joints.count
    if placed != jointsNamed || probe.jointCount != jointsNamed {
      out.append("\(placed) rows and springs (\(probe.jointCount) ids) for \(jointsNamed) joint behaviors")
    }
    for b in removed where b.jointHandle != nil || b.isRegistered {
      out.append("a removed behavior holds a handle or registration")
    }
    return out
  }
}
