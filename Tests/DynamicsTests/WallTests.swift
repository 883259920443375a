import Testing
import TestSupport
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// "Walls hold" (`docs/robustness.md`): no item's centre or corner leaves a closed box, for any shape,
/// rotation or accepted speed. Every check allows `tolerance` of penetration (the contacts' slop).
@Suite("Walls hold")
struct WallTests {
  /// Penetration allowed to a fast (swept) item: the contacts' slop.
  static let tolerance = 0.5
  /// Penetration allowed to an item pressed against the walls by gravity (slow, not swept): the soft
  /// contacts give under load, down to the wall hold's depth (`PhysicsWorld.maximumWallDepth`). Before
  /// the hold, a 41-pt sliver's needle tip wedged in a corner under gravity 10 reached 4.05 pt.
  static let softTolerance = PhysicsWorld.maximumWallDepth + 0.01

  /// The first report: a thin ellipse, rotated, falling sideways onto a reference-bounds wall, spun up
  /// by the tip's impact, used to end up at x ≈ 3950. It stays in, as the rectangle always did.
  @Test("a rotated thin ellipse stays in the reference bounds", arguments: [0.8, 1.2])
  func rotatedEllipse(angle: Double) {
    for type in [CollisionBoundsType.ellipse, .rectangle] {
      let item = DynamicBody(center: Point(x: 400, y: 300), size: Size(width: 41, height: 5), collisionBoundsType: type)
      item.transform = AffineTransform(rotationAngle: angle)
      let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 800, height: 600))
      let collision = CollisionBehavior(items: [item])
      collision.translatesReferenceBoundsIntoBoundary = true
      let gravity = GravityBehavior(items: [item])
      gravity.angle = 0
      gravity.magnitude = 1
      animator.addBehavior(gravity)
      animator.addBehavior(collision)
      var worst = -Double.infinity
      for _ in 0..<180 {
        animator.advance(by: 1.0 / 60)
        worst = max(worst, outline(of: item).map(\.x).max()! - 800)
      }
      #expect(worst < WallTests.softTolerance, "\(type) at \(angle) rad: reached \(worst) pt past the wall")
      #expect(abs(item.center.x - 800) < 25, "\(type) at \(angle) rad: rests at x \(item.center.x)")
    }
  }

  /// Seeded sweep: each shape, rotated at random, in a 400×300 box (reference bounds or four
  /// `addBoundary` segments), either pushed once at up to the speed cap (1–5 pt items, an off-centre
  /// push so they spin too) or under gravity up to 10 (5–60 pt items), bouncing for 1.5 s. Every frame,
  /// the centre and every corner stay inside.
  @Test("seeded sweep: shapes × rotations × speeds in a closed box", arguments: Shape.allCases)
  func sweep(shape: Shape) {
    for seed in UInt64(1)...8 {
      var random = SceneRandom(state: seed &* 7919 &+ UInt64(shape.rawValue))
      for segmentBox in [false, true] {
        let failure = WallTests.runCase(shape: shape, seed: seed, segmentBox: segmentBox, random: &random)
        #expect(failure == nil, "\(failure ?? "")")
      }
    }
  }

  /// One case of the sweep: nil when the item stayed in, else what happened where.
  static func runCase(shape: Shape, seed: UInt64, segmentBox: Bool, random: inout SceneRandom, trace: Bool = false)
    -> String?
  {
    let fast = random.next() % 2 == 0
    let size = fast ? random.uniform(1, 5) : random.uniform(5, 60)
    let item = shape.item(size: size, random: &random)
    item.transform = AffineTransform(rotationAngle: random.uniform(-Double.pi, Double.pi))
    let box = Rect(x: 0, y: 0, width: 400, height: 300)
    let animator = DynamicAnimator(referenceBounds: box)
    let collision = CollisionBehavior(items: [item])
    if segmentBox {
      let c = box.corners
      for k in 0..<4 { collision.addBoundary(withIdentifier: "wall\(k)", from: c[k], to: c[(k + 1) % 4]) }
    } else {
      collision.translatesReferenceBoundsIntoBoundary = true
    }
    animator.addBehavior(collision)
    let material = DynamicItemBehavior(items: [item])
    material.elasticity = random.uniform(0, 1)
    material.friction = random.uniform(0, 1)
    animator.addBehavior(material)
    if fast {
      let push = PushBehavior(items: [item], mode: .instantaneous)
      push.setAngle(random.uniform(-Double.pi, Double.pi), magnitude: pow(10, random.uniform(-3, 2)))
      push.setTargetOffsetFromCenter(Offset(horizontal: random.uniform(-0.5, 0.5) * size, vertical: 0), for: item)
      animator.addBehavior(push)
    } else {
      let gravity = GravityBehavior(items: [item])
      gravity.setAngle(random.uniform(-Double.pi, Double.pi), magnitude: random.uniform(1, 10))
      animator.addBehavior(gravity)
    }
    let allowed = fast ? tolerance : softTolerance
    // `trace` prints every step (1/240 s) of a failing case, for debugging it.
    for step in 1...(trace ? 360 : 90) {
      animator.advance(by: trace ? 1.0 / 240 : 1.0 / 60)
      let escape = WallTests.escape(of: item, from: box)
      if trace {
        print(
          "step \(step) escape \(escape) centre \(item.center) angle \(item.angle) w \(material.angularVelocity(for: item)) v \(material.linearVelocity(for: item))"
        )
      }
      if escape > allowed {
        return
          "seed \(seed) \(shape) size \(size) segments \(segmentBox) fast \(fast) frame \(step): \(escape) pt outside (centre \(item.center))"
      }
    }
    return nil
  }

  /// Random scenes of ordinary items (5–200 pt, any shape, rotated, gravity up to 3 at any angle) in
  /// the 800×600 reference bounds, colliding with each other: no item leaves.
  @Test func randomScenes() {
    for seed in UInt64(1)...6 {
      var random = SceneRandom(state: seed)
      let box = Rect(x: 0, y: 0, width: 800, height: 600)
      var items: [DynamicBody] = []
      for k in 0..<6 {
        let shape = Shape.allCases[Int(random.next() % UInt64(Shape.allCases.count))]
        let item = shape.item(size: random.uniform(5, 200) * 0.5, random: &random)
        item.center = Point(x: 130 + Double(k % 3) * 270, y: 150 + Double(k / 3) * 300)
        item.transform = AffineTransform(rotationAngle: random.uniform(-Double.pi, Double.pi))
        items.append(item)
      }
      let animator = DynamicAnimator(referenceBounds: box)
      let collision = CollisionBehavior(items: items)
      collision.translatesReferenceBoundsIntoBoundary = true
      animator.addBehavior(collision)
      let gravity = GravityBehavior(items: items)
      gravity.setAngle(random.uniform(-Double.pi, Double.pi), magnitude: random.uniform(0.2, 3))
      animator.addBehavior(gravity)
      frames: for step in 1...180 {
        animator.advance(by: 1.0 / 60)
        for (k, item) in items.enumerated() {
          let escape = WallTests.escape(of: item, from: box)
          #expect(escape <= WallTests.softTolerance, "seed \(seed) item \(k) frame \(step): \(escape) pt outside")
          if escape > WallTests.softTolerance { break frames }
        }
      }
    }
  }

  /// A push at any magnitude leaves the item no faster than the cap.
  @Test func speedIsCapped() {
    let item = DynamicBody(center: Point(x: 0, y: 0), size: Size(width: 1, height: 1))
    let animator = DynamicAnimator()
    let material = DynamicItemBehavior(items: [item])
    animator.addBehavior(material)
    let push = PushBehavior(items: [item], mode: .instantaneous)
    push.setAngle(0.3, magnitude: 1e6)
    animator.addBehavior(push)
    animator.advance(by: 1.0 / 60)
    let v = material.linearVelocity(for: item)
    let speed = (v.dx * v.dx + v.dy * v.dy).squareRoot()
    #expect(
      speed <= PhysicsWorld.maximumLinearSpeed * (1 + 1e-12) && speed > 0.99 * PhysicsWorld.maximumLinearSpeed,
      "speed \(speed)")
  }

  /// How far the item's centre or outline reaches outside the box (negative inside).
  static func escape(of item: DynamicBody, from box: Rect) -> Double {
    var worst = -Double.infinity
    for p in outline(of: item) + [item.center] {
      worst = max(worst, box.minX - p.x, p.x - box.maxX, box.minY - p.y, p.y - box.maxY)
    }
    return worst
  }

  enum Shape: Int, CaseIterable, CustomStringConvertible {
    case rectangle, ellipse, triangle, hexagon, sliver
    var description: String { ["rectangle", "ellipse", "triangle", "hexagon", "sliver"][rawValue] }

    func item(size: Double, random: inout SceneRandom) -> DynamicBody {
      let c = Point(x: 200, y: 150)
      let aspect = random.uniform(0.15, 1)
      switch self {
      case .rectangle:
        return DynamicBody(center: c, size: Size(width: size, height: size * aspect))
      case .ellipse:
        return DynamicBody(
          center: c, size: Size(width: size, height: size * min(aspect, 0.9)), collisionBoundsType: .ellipse)
      case .triangle, .hexagon, .sliver:
        let n = self == .triangle ? 3 : self == .hexagon ? 6 : 4
        let squash = self == .sliver ? 0.05 : 1
        let points = (0..<n).map { k -> Point in
          let t = 2 * Double.pi * Double(k) / Double(n)
          return Point(x: 0.5 * size * cos(t), y: 0.5 * size * squash * sin(t))
        }
        return DynamicBody(
          center: c, size: Size(width: size, height: max(size * squash, 0.05)), collisionBoundsType: .path,
          collisionBoundingPath: Path(polygon: points))
      }
    }
  }
}

/// The item's collision outline in the animator's coordinates: corners, or 24 points of an ellipse.
func outline(of item: DynamicBody) -> [Point] {
  let w = item.size.width / 2, h = item.size.height / 2
  let local: [Point]
  switch item.collisionBoundsType {
  case .rectangle: local = [Point(x: -w, y: -h), Point(x: w, y: -h), Point(x: w, y: h), Point(x: -w, y: h)]
  case .ellipse:
    local = (0..<24).map { Point(x: w * cos(Double($0) * Double.pi / 12), y: h * sin(Double($0) * Double.pi / 12)) }
  case .path: local = item.collisionBoundingPath?.polygon ?? []
  }
  let c = cos(item.angle), s = sin(item.angle)
  return local.map { Point(x: item.center.x + c * $0.x - s * $0.y, y: item.center.y + s * $0.x + c * $0.y) }
}
