import Geometry2D
import TestSupport
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The random scenes' source: the shared SplitMix64, with the draws the scenes need besides.
typealias SceneRandom = SplitMix

extension SplitMix {
  /// Log-uniform in [a, b] (a > 0): as many draws per decade.
  mutating func logUniform(_ a: Double, _ b: Double) -> Double { exp(uniform(log(a), log(b))) }
  /// One of `edges` a quarter of the time, else `typical()`: parameters at their range's ends.
  mutating func edgeOr(_ edges: [Double], _ typical: (inout SplitMix) -> Double) -> Double {
    chance(0.25) ? pick(edges) : typical(&self)
  }
}

/// A random scene in a closed box: items of every shape, size and rotation in a collision behavior
/// whose reference bounds are the box, and random behaviors of every kind with parameters across
/// their accepted ranges. `conservative` scenes use only behaviors that keep or lose energy (gravity,
/// collisions, materials, rigid attachments, still drag, magnetism, turbulence), so their energy is
/// checked; the others draw from every kind, with edge values and huge finite strengths.
final class RandomScene {
  static let box = Rect(x: 0, y: 0, width: 1000, height: 1000)
  /// The box is a 3×3 grid of cells; an item starts alone in its cell, so none overlap at the start.
  static let cell = 1000.0 / 3

  let seed: UInt64
  let conservative: Bool
  var random: SceneRandom
  let animator = DynamicAnimator(referenceBounds: RandomScene.box)
  let collision = CollisionBehavior()
  let material = DynamicItemBehavior()
  var items: [DynamicBody] = []
  /// Behaviors that mid-run changes may remove (never the collision or the material behavior).
  var removable: [DynamicBehavior] = []
  var freeCells: [Int] = Array(0..<9)
  /// What was made and done, for failure messages.
  var log: [String] = []
  /// The uniform accelerations (pt/s²: gravity, linear gravity fields) acting on each item, for its
  /// potential energy.
  var accelerations: [ObjectIdentifier: Vector] = [:]

  init(seed: UInt64, conservative: Bool) {
    self.seed = seed
    self.conservative = conservative
    random = SceneRandom(state: seed &* 0x2545_F491_4F6C_DD1D &+ (conservative ? 1 : 2))
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    animator.addBehavior(material)
    randomMaterial()
    for _ in 0..<(1 + random.int(4)) { addItem() }
    for _ in 0..<(1 + random.int(4)) { addBehavior() }
  }

  var description: String { "seed \(seed) (\(conservative ? "conservative" : "any")): " + log.joined(separator: "; ") }

  // MARK: Items

  func addItem() {
    guard !freeCells.isEmpty else { return }
    let cellIndex = freeCells.remove(at: random.int(freeCells.count))
    let centre = Point(x: (Double(cellIndex % 3) + 0.5) * Self.cell, y: (Double(cellIndex / 3) + 0.5) * Self.cell)
    // Sizes 1…300 pt whose diagonal fits the cell (with a margin), so any rotation starts inside it.
    let w = random.logUniform(1, 300)
    let h = random.logUniform(1, min(300, ((Self.cell - 12) * (Self.cell - 12) - w * w).squareRoot()))
    let item: DynamicBody
    switch random.int(3) {
    case 0: item = DynamicBody(center: centre, size: Size(width: w, height: h))
    case 1: item = DynamicBody(center: centre, size: Size(width: w, height: h), collisionBoundsType: .ellipse)
    default:
      item = DynamicBody(
        center: centre, size: Size(width: w, height: h), collisionBoundsType: .path,
        collisionBoundingPath: convexPath(width: w, height: h))
    }
    item.transform = AffineTransform(rotationAngle: random.uniform(-Double.pi, Double.pi))
    items.append(item)
    collision.addItem(item)
    material.addItem(item)
    let speed = conservative ? random.uniform(0, 2000) : random.edgeOr([0, 1e5]) { $0.logUniform(1, 5000) }
    let direction = random.uniform(0, 2 * Double.pi)
    material.addLinearVelocity(Vector(dx: speed * cos(direction), dy: speed * sin(direction)), for: item)
    material.addAngularVelocity(random.uniform(-20, 20), for: item)
    log.append(
      "item \(items.count - 1) \(item.collisionBoundsType) \(fmt(w))×\(fmt(h)) at \(centre) angle \(fmt(item.angle)) v \(fmt(speed))"
    )
  }

  /// A convex polygon of 3…8 corners on the ellipse inscribed in w × h, centred on (0, 0).
  func convexPath(width w: Double, height h: Double) -> Path {
    let n = 3 + random.int(6)
    let start = random.uniform(0, 2 * Double.pi)
    let points = (0..<n).map { k -> Point in
      let a = start + (Double(k) + random.uniform(-0.3, 0.3)) * 2 * Double.pi / Double(n)
      return Point(x: 0.5 * w * cos(a), y: 0.5 * h * sin(a))
    }
    return Path(polygon: points)
  }

  /// Takes an item out of every behavior (and so out of the animator), with the behaviors that hold it
  /// by construction (attachments, snaps).
  func removeItem() {
    guard items.count > 1 else { return }
    let item = items.remove(at: random.int(items.count))
    for b in removable where b.holds(item) {
      animator.removeBehavior(b)
      removable.removeAll { $0 === b }
    }
    for b in removable { b.drop(item) }
    collision.removeItem(item)
    material.removeItem(item)
    log.append("removed an item")
  }

  // MARK: Behaviors

  func randomMaterial() {
    material.elasticity = conservative ? random.uniform(0, 1) : random.edgeOr([0, 1]) { $0.unit() }
    material.friction = random.edgeOr([0, 1e6]) { $0.uniform(0, 1) }
    material.density = random.edgeOr([1e-6, 1e6]) { $0.logUniform(0.1, 10) }
    material.resistance = random.edgeOr([0, 240, .infinity, 1e300]) { $0.uniform(0, 3) }
    material.angularResistance = random.edgeOr([0, .infinity]) { $0.uniform(0, 3) }
    material.charge = random.edgeOr([0, 1e10, -1e10]) { $0.uniform(-3, 3) }
    material.allowsRotation = !random.chance(0.2)
    log.append(
      "material e \(fmt(material.elasticity)) f \(fmt(material.friction)) ρ \(fmt(material.density)) r \(fmt(material.resistance)) ra \(fmt(material.angularResistance)) q \(fmt(material.charge))"
    )
  }

  func addBehavior() {
    let kinds =
      conservative
      ? ["gravity", "attachment", "drag", "magnetic", "turbulence", "linearGravity"]
      : ["gravity", "push", "attachment", "snap", "field", "field", "material"]
    let kind = random.pick(kinds)
    let behavior: DynamicBehavior?
    switch kind {
    case "gravity": behavior = gravity()
    case "push": behavior = push()
    case "attachment": behavior = attachment()
    case "snap": behavior = snap()
    case "material":
      if random.chance(0.5) {
        randomMaterial()
        behavior = nil
      } else {
        behavior = extraMaterial()
      }
    case "field": behavior = field(random.pick(FieldBehavior.Kind.allCases))
    case "drag": behavior = field(.drag)
    case "magnetic": behavior = field(.magnetic)
    case "turbulence": behavior = field(.turbulence)
    default: behavior = field(.linearGravity)
    }
    if let behavior {
      animator.addBehavior(behavior)
      removable.append(behavior)
    }
  }

  func removeBehavior() {
    guard !removable.isEmpty else { return }
    let b = removable.remove(at: random.int(removable.count))
    animator.removeBehavior(b)
    log.append("removed a \(type(of: b))")
  }

  func someItems() -> [DynamicBody] {
    let chosen = items.filter { _ in random.chance(0.7) }
    return chosen.isEmpty ? [random.pick(items)] : chosen
  }

  func gravity() -> DynamicBehavior {
    let chosen = someItems()
    let g = GravityBehavior(items: chosen)
    let magnitude = conservative ? random.uniform(0, 10) : random.edgeOr([0, 1e6, 1e300]) { $0.uniform(0, 10) }
    g.setAngle(random.uniform(-10, 10), magnitude: magnitude)
    for item in chosen {
      accelerations[ObjectIdentifier(item), default: .zero] +=
        g.gravityDirection * GravityBehavior.pointsPerSecondSquared
    }
    log.append("gravity \(fmt(magnitude)) at \(fmt(g.angle))")
    return g
  }

  func push() -> DynamicBehavior {
    let p = PushBehavior(items: someItems(), mode: random.chance(0.5) ? .continuous : .instantaneous)
    p.setAngle(random.uniform(-10, 10), magnitude: random.edgeOr([0, -1e300, 1e300]) { $0.uniform(-5, 5) })
    for item in p.items where random.chance(0.5) {
      p.setTargetOffsetFromCenter(
        Offset(
          horizontal: random.uniform(-0.5, 0.5) * item.bounds.size.width,
          vertical: random.uniform(-0.5, 0.5) * item.bounds.size.height), for: item)
    }
    log.append("push \(p.mode) \(fmt(p.magnitude))")
    return p
  }

  func snap() -> DynamicBehavior {
    let s = SnapBehavior(
      item: random.pick(items), snapTo: Point(x: random.uniform(100, 900), y: random.uniform(100, 900)))
    s.damping = random.edgeOr([0, 1, -5, 10]) { $0.unit() }
    log.append("snap damping \(fmt(s.damping))")
    return s
  }
}

extension DynamicBehavior {
  /// Whether the behavior holds `item` for its lifetime (attachments and snaps cannot drop one).
  func holds(_ item: DynamicBody) -> Bool {
    if let a = self as? AttachmentBehavior { return a.items.contains { $0 === item } }
    if let s = self as? SnapBehavior { return s.item === item }
    return false
  }

  func drop(_ item: DynamicBody) {
    switch self {
    case let g as GravityBehavior: g.removeItem(item)
    case let p as PushBehavior: p.removeItem(item)
    case let f as FieldBehavior: f.removeItem(item)
    default: break
    }
  }
}

func fmt(_ x: Double) -> String {
  if x.isNaN || x.isInfinite { return "\(x)" }
  if x != 0 && (abs(x) >= 1e5 || abs(x) < 1e-3) { return "\(x)" }
  return "\((x * 1000).rounded() / 1000)"
}
