import Geometry2D
import TestSupport
@testable import Dynamics

/// A recipe of a behavior tree the incremental-world tests change at random and can build again from
/// scratch: items by number, behaviors as plain specs. Each change is made to the spec and to the live
/// behavior it describes, so after any sequence of changes `build(from:)` gives a fresh animator holding
/// the same tree.
final class WorldRecipe {
  enum Kind { case gravity, collision, material, push, anchorAttachment, itemAttachment, snap }

  struct Spec {
    var kind: Kind
    var items: [Int]
    var elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil, resistance: Double? = nil
    var isAnchored: Bool? = nil, allowsRotation: Bool? = nil
    var mode: CollisionBehavior.Mode = .everything
    var bounds = true
    var direction = Vector(dx: 0, dy: 1)
    var anchor = Point(x: 0, y: 0)
    var length = 0.0, frequency = 0.0, damping = 0.0
  }

  static let box = Rect(x: 0, y: 0, width: 800, height: 600)
  var items: [DynamicBody]
  /// The top-level behaviors, in the order added, with their specs; children are kept as their own
  /// entries with a parent index (always an earlier entry).
  var specs: [Spec] = []
  var behaviors: [DynamicBehavior] = []
  var parents: [Int?] = []
  var random: SplitMix
  let animator: DynamicAnimator
  /// Every behavior ever removed (they must hold no handle).
  var removed: [DynamicBehavior] = []

  /// At most one joint per item: rigid joints fighting over an item end wherever the solve order
  /// leaves them, so only such trees can be compared between worlds of different row order.
  let oneJointPerItem: Bool

  init(seed: UInt64, itemCount: Int = 10, oneJointPerItem: Bool = false) {
    self.oneJointPerItem = oneJointPerItem
    random = SplitMix(seed: seed)
    animator = DynamicAnimator(referenceBounds: WorldRecipe.box)
    var r = SplitMix(seed: seed ^ 0x5EED)
    var made: [DynamicBody] = []
    for k in 0..<itemCount {
      let x = 60 + 70 * Double(k % 10)
      let y = 80 + 90 * Double(k / 10) + r.uniform(-10, 10)
      let size = Size(width: r.uniform(16, 40), height: r.uniform(16, 40))
      made.append(
        DynamicBody(center: Point(x: x, y: y), size: size, collisionBoundsType: k % 3 == 0 ? .ellipse : .rectangle))
    }
    items = made
  }

  // MARK: Making behaviors from specs

  static func make(_ s: Spec, _ items: [DynamicBody]) -> DynamicBehavior {
    let named: [any DynamicItem] = s.items.map { items[$0] }
    switch s.kind {
    case .gravity:
      let g = GravityBehavior(items: named)
      g.gravityDirection = s.direction
      return g
    case .collision:
      let c = CollisionBehavior(items: named)
      c.collisionMode = s.mode
      c.translatesReferenceBoundsIntoBoundary = s.bounds
      return c
    case .material:
      let m = DynamicItemBehavior(items: named)
      apply(s, to: m)
      return m
    case .push:
      let p = PushBehavior(items: named, mode: .continuous)
      p.pushDirection = s.direction
      return p
    case .anchorAttachment, .itemAttachment:
      let a =
        s.kind == .anchorAttachment
        ? AttachmentBehavior(item: named[0], attachedToAnchor: s.anchor)
        : AttachmentBehavior(item: named[0], attachedTo: named[1])
      a.length = s.length
      a.frequency = s.frequency
      a.damping = s.damping
      return a
    case .snap:
      let snap = SnapBehavior(item: named[0], snapTo: s.anchor)
      snap.damping = s.damping
      return snap
    }
  }

  static func apply(_ s: Spec, to m: DynamicItemBehavior) {
    if let v = s.elasticity { m.elasticity = v }
    if let v = s.friction { m.friction = v }
    if let v = s.density { m.density = v }
    if let v = s.resistance { m.resistance = v }
    if let v = s.isAnchored { m.isAnchored = v }
    if let v = s.allowsRotation { m.allowsRotation = v }
  }

  /// A fresh animator with the same tree over fresh items in the same state (centre, rotation,
  /// velocities) as `self`'s items now.
  func buildFresh() -> (DynamicAnimator, [DynamicBody]) {
    let fresh = items.map { item -> DynamicBody in
      let copy = DynamicBody(center: item.center, size: item.size, collisionBoundsType: item.collisionBoundsType)
      copy.transform = item.transform
      return copy
    }
    let animator = DynamicAnimator(referenceBounds: WorldRecipe.box)
    let made = specs.map { WorldRecipe.make($0, fresh) }
    for (k, b) in made.enumerated() {
      if let p = parents[k] { made[p].addChildBehavior(b) } else { animator.addBehavior(b) }
    }
    animator.applyPendingChanges()
    for (k, item) in items.enumerated() {
      guard let i = self.animator.bodyIndex[item], let j = animator.bodyIndex[fresh[k]] else { continue }
      animator.world.addVelocity(self.animator.world.linearVelocity(of: i), to: j)
      animator.world.addAngularVelocity(self.animator.world.angularVelocity(of: i), to: j)
    }
    return (animator, fresh)
  }

  // MARK: Random changes

  func someItems(_ n: Int) -> [Int] {
    var picked: [Int] = []
    for _ in 0..<n {
      let k = random.int(items.count)
      if !picked.contains(k) { picked.append(k) }
    }
    return picked
  }

  /// Items no joint behavior names (all of them unless `oneJointPerItem`).
  var freeForJoints: [Int] {
    guard oneJointPerItem else { return Array(items.indices) }
    let jointed = Set(specs.filter { [.anchorAttachment, .itemAttachment, .snap].contains($0.kind) }.flatMap(\.items))
    return items.indices.filter { !jointed.contains($0) }
  }

  func randomSpec() -> Spec {
    var kind = random.pick([
      Kind.gravity, .collision, .collision, .material, .push, .anchorAttachment, .anchorAttachment,
      .itemAttachment, .snap
    ])
    let free = freeForJoints
    if (kind == .itemAttachment && free.count < 2) || ([.anchorAttachment, .snap].contains(kind) && free.isEmpty) {
      kind = .gravity
    }
    switch kind {
    case .gravity, .push:
      return Spec(
        kind: kind, items: someItems(1 + random.int(6)),
        direction: Vector(dx: random.uniform(-0.3, 0.3), dy: random.uniform(0, kind == .push ? 0.3 : 1)))
    case .collision:
      return Spec(
        kind: kind, items: someItems(1 + random.int(8)), mode: random.pick([.everything, .items, .boundaries]),
        bounds: random.chance(0.8))
    case .material:
      var s = Spec(kind: kind, items: someItems(1 + random.int(5)))
      randomizeMaterial(&s)
      return s
    case .anchorAttachment, .snap:
      let k = free[random.int(free.count)]
      let item = items[k]
      var s = Spec(
        kind: kind, items: [k],
        anchor: Point(x: item.center.x + random.uniform(-30, 30), y: item.center.y + random.uniform(-40, 0)))
      randomizeJoint(&s)
      return s
    case .itemAttachment:
      let first = free[random.int(free.count)]
      var second = free[random.int(free.count)]
      while second == first { second = free[random.int(free.count)] }
      var s = Spec(kind: kind, items: [first, second])
      randomizeJoint(&s)
      return s
    }
  }

  func randomizeMaterial(_ s: inout Spec) {
    if random.chance(0.5) { s.elasticity = random.uniform(0, 0.9) }
    if random.chance(0.3) { s.friction = random.uniform(0, 1) }
    if random.chance(0.4) { s.density = random.uniform(0.3, 3) }
    if random.chance(0.4) { s.resistance = random.pick([0, 0.5, 3, 300]) }
    if random.chance(0.15) { s.isAnchored = random.chance(0.5) }
    if random.chance(0.2) { s.allowsRotation = random.chance(0.5) }
  }

  func randomizeJoint(_ s: inout Spec) {
    s.length = random.chance(0.5) ? 0 : random.uniform(10, 60)
    s.frequency = random.chance(0.3) ? 0 : random.pick([1.5, 3, 8])
    s.damping = random.pick([0, 0.3, 1])
  }

  /// One random change to the tree (and to the animator); returns what it did, for failure messages.
  @discardableResult
  func change() -> String {
    let roll = random.unit()
    if roll < 0.35 || behaviors.isEmpty { return addBehavior() }
    let k = random.int(behaviors.count)
    if roll < 0.5 { return removeBehavior(k) }
    if roll < 0.65 { return changeItems(k) }
    return changeProperty(k)
  }

  func addBehavior() -> String {
    let s = randomSpec()
    let b = WorldRecipe.make(s, items)
    // A child of an earlier top-level behavior now and then (it flattens right after its parent).
    let tops = parents.indices.filter { parents[$0] == nil && behaviors[$0].dynamicAnimator != nil }
    if !tops.isEmpty && random.chance(0.25) {
      let p = tops[random.int(tops.count)]
      behaviors[p].addChildBehavior(b)
      specs.append(s)
      behaviors.append(b)
      parents.append(p)
      return "add \(s.kind) \(s.items) as child of #\(p)"
    }
    animator.addBehavior(b)
    specs.append(s)
    behaviors.append(b)
    parents.append(nil)
    return "add \(s.kind) \(s.items)"
  }

  /// Removes behavior k with its descendants (from the animator, or from its parent).
  func removeBehavior(_ k: Int) -> String {
    if let p = parents[k] {
      behaviors[p].removeChildBehavior(behaviors[k])
    } else {
      animator.removeBehavior(behaviors[k])
    }
    var gone = [k]
    var changed = true
    while changed {
      changed = false
      for j in parents.indices where !gone.contains(j) {
        if let p = parents[j], gone.contains(p) {
          gone.append(j)
          changed = true
        }
      }
    }
    let kind = specs[k].kind
    for j in gone.sorted(by: >) {
      removed.append(behaviors[j])
      specs.remove(at: j)
      behaviors.remove(at: j)
      parents.remove(at: j)
      for n in parents.indices { if let p = parents[n], p > j { parents[n] = p - 1 } }
    }
    return "remove #\(k) \(kind) (\(gone.count) behaviors)"
  }

  func changeItems(_ k: Int) -> String {
    let s = specs[k]
    guard [.gravity, .collision, .material, .push].contains(s.kind) else { return changeProperty(k) }
    let item = random.int(items.count)
    if let at = s.items.firstIndex(of: item) {
      specs[k].items.remove(at: at)
      removeItem(items[item], from: behaviors[k])
      return "remove item \(item) from #\(k)"
    }
    specs[k].items.append(item)
    addItem(items[item], to: behaviors[k])
    return "add item \(item) to #\(k)"
  }

  func addItem(_ item: DynamicBody, to b: DynamicBehavior) {
    (b as? GravityBehavior)?.addItem(item)
    (b as? CollisionBehavior)?.addItem(item)
    (b as? DynamicItemBehavior)?.addItem(item)
    (b as? PushBehavior)?.addItem(item)
  }

  func removeItem(_ item: DynamicBody, from b: DynamicBehavior) {
    (b as? GravityBehavior)?.removeItem(item)
    (b as? CollisionBehavior)?.removeItem(item)
    (b as? DynamicItemBehavior)?.removeItem(item)
    (b as? PushBehavior)?.removeItem(item)
  }

  func changeProperty(_ k: Int) -> String {
    switch behaviors[k] {
    case let m as DynamicItemBehavior:
      randomizeMaterial(&specs[k])
      WorldRecipe.apply(specs[k], to: m)
    case let c as CollisionBehavior:
      specs[k].mode = random.pick([.everything, .items, .boundaries])
      specs[k].bounds = random.chance(0.8)
      c.collisionMode = specs[k].mode
      c.translatesReferenceBoundsIntoBoundary = specs[k].bounds
    case let a as AttachmentBehavior:
      randomizeJoint(&specs[k])
      a.length = specs[k].length
      a.frequency = specs[k].frequency
      a.damping = specs[k].damping
    case let snap as SnapBehavior:
      specs[k].damping = random.uniform(0, 1)
      snap.damping = specs[k].damping
    case let g as GravityBehavior:
      specs[k].direction = Vector(dx: random.uniform(-0.3, 0.3), dy: random.uniform(0, 1))
      g.gravityDirection = specs[k].direction
    case let p as PushBehavior:
      specs[k].direction = Vector(dx: random.uniform(-0.3, 0.3), dy: random.uniform(0, 0.3))
      p.pushDirection = specs[k].direction
    default: break
    }
    return "change #\(k) \(specs[k].kind)"
  }
}
