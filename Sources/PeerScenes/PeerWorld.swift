import Foundation

import Dynamics
import Geometry2D

/// A peer scene under construction and then running: Box2D's scene written in Box2D's units (metres,
/// y up, angles counter-clockwise) and built through Hooke's public API (100 pt per metre, y down,
/// angles clockwise on screen), so each scene reads line for line like its twin in
/// `PeerSuite/box2d/scenes.c`. It also keeps what the figures read: the watched bodies and their starts,
/// the circles, the pins, the heavy bodies' ideal heights, the ball, the container (docs/peer-suite.md).
public final class PeerWorld {
  /// Points per metre.
  public static let pointsPerMetre = 100.0

  public let animator = DynamicAnimator()
  /// Every body that moves, in creation order; the figures read these.
  public private(set) var movingBodies: [DynamicBody] = []
  /// The centre of each moving body at the start, in points.
  public private(set) var starts: [Point] = []
  /// The angle of each moving body at the start, in radians.
  public private(set) var startAngles: [Double] = []
  /// Circles that may overlap: (body, radius in points).
  public private(set) var circles: [(body: DynamicBody, radius: Double)] = []
  /// Pins: the two bodies and the joint's point in each body's frame, in points.
  public private(set) var pins: [PinRecord] = []
  /// Bodies with the height (metres, y up) their centre has at rest when nothing gives way.
  public private(set) var idealHeights: [(body: DynamicBody, metres: Double)] = []
  /// The body whose sideways speed `sideways` reads.
  public var ball: DynamicBody?
  /// The box (metres) that `escaped` counts bodies out of, and its turn at a time (radians, y up).
  public var container: PeerContainer?
  /// Runs before each 1/60 s frame with the time so far: a scene that moves things by hand.
  public var beforeFrame: ((Double) -> Void)?

  private var materials: [PeerMaterial: [DynamicBody]] = [:]
  private var materialOrder: [PeerMaterial] = []
  private var colliding: [DynamicBody] = []
  private var falling: [DynamicBody] = []
  private var segments: [(Point, Point)] = []
  private var launches: [(DynamicBody, Vector, Double)] = []
  private var gravity = 1.0
  private var finished = false

  public init() {}

  /// The kind of item a scene is built of.
  public typealias Body = DynamicBody

  /// Gravity in m/s² downward (Box2D's default is 10; Hooke's magnitude 1 is 1,000 pt/s²).
  public func setGravity(metresPerSecondSquared g: Double) { gravity = g / 10 }

  /// A point in metres (y up) as a point of the animator (y down).
  public static func point(_ x: Double, _ y: Double) -> Point {
    Point(x: x * pointsPerMetre, y: -y * pointsPerMetre)
  }

  /// A box of half-extents `hx`, `hy` (metres) centred at (`x`, `y`), turned `angle` radians
  /// counter-clockwise as in Box2D.
  @discardableResult
  public func box(
    x: Double, y: Double, hx: Double, hy: Double, angle: Double = 0, material: PeerMaterial
  ) -> DynamicBody {
    let body = DynamicBody(
      center: Self.point(x, y), size: Size(width: 2 * hx * Self.pointsPerMetre, height: 2 * hy * Self.pointsPerMetre))
    body.transform = AffineTransform(rotationAngle: -angle)
    add(body, material)
    return body
  }

  /// A circle of radius `r` (metres) centred at (`x`, `y`).
  @discardableResult
  public func circle(x: Double, y: Double, r: Double, material: PeerMaterial) -> DynamicBody {
    let d = 2 * r * Self.pointsPerMetre
    let body = DynamicBody(center: Self.point(x, y), size: Size(width: d, height: d), collisionBoundsType: .ellipse)
    add(body, material)
    if !material.anchored { circles.append((body, r * Self.pointsPerMetre)) }
    return body
  }

  /// A convex polygon given by its vertices in metres relative to (`x`, `y`), y up. Hooke's item is
  /// centred on the polygon's centroid; the returned offset is where (`x`, `y`) lies from that centre.
  @discardableResult
  public func polygon(x: Double, y: Double, vertices: [(Double, Double)], material: PeerMaterial) -> DynamicBody {
    let cx = vertices.map(\.0).reduce(0, +) / Double(vertices.count)
    let cy = vertices.map(\.1).reduce(0, +) / Double(vertices.count)
    let local = vertices.map { Point(x: ($0.0 - cx) * Self.pointsPerMetre, y: -($0.1 - cy) * Self.pointsPerMetre) }
    let w = 2 * local.map { abs($0.x) }.max()!, h = 2 * local.map { abs($0.y) }.max()!
    let body = DynamicBody(
      center: Self.point(x + cx, y + cy), size: Size(width: w, height: h), collisionBoundsType: .path,
      collisionBoundingPath: Path(polygon: local))
    add(body, material)
    return body
  }

  /// A boundary segment between two points in metres.
  public func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    segments.append((Self.point(x1, y1), Self.point(x2, y2)))
  }

  /// A pin joining `a` and `b` at the point (`x`, `y`) in metres.
  public func pin(_ a: DynamicBody, _ b: DynamicBody, atX x: Double, y: Double) {
    let p = Self.point(x, y)
    pins.append(PinRecord(a: a, localA: Self.local(p, in: a), b: b, localB: Self.local(p, in: b)))
    animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: p))
  }

  /// Says where `body`'s centre rests (metres, y up) when nothing gives way.
  public func expect(_ body: DynamicBody, restingAtHeight metres: Double) {
    idealHeights.append((body, metres))
  }

  /// Starts `body` with a velocity in m/s (y up) and an angular velocity in rad/s (counter-clockwise).
  public func launch(_ body: DynamicBody, vx: Double, vy: Double, angular: Double = 0) {
    launches.append((body, Vector(dx: vx * Self.pointsPerMetre, dy: -vy * Self.pointsPerMetre), -angular))
  }

  /// Adds the behaviors: one collision behavior with the boundaries, gravity for the bodies that fall,
  /// one item behavior per material (elasticity and resistance as the material says), then the launches.
  public func finish() {
    precondition(!finished, "PeerWorld.finish() called twice")
    finished = true
    let collision = CollisionBehavior(items: colliding)
    for (k, s) in segments.enumerated() { collision.addBoundary(withIdentifier: "segment-\(k)", from: s.0, to: s.1) }
    animator.addBehavior(collision)
    if !falling.isEmpty && gravity != 0 {
      let g = GravityBehavior(items: falling)
      g.magnitude = gravity
      animator.addBehavior(g)
    }
    var behaviors: [ObjectIdentifier: DynamicItemBehavior] = [:]
    for m in materialOrder {
      let bodies = materials[m]!
      let b = DynamicItemBehavior(items: bodies)
      b.friction = m.friction
      b.density = m.density
      b.elasticity = m.elasticity
      b.resistance = 0
      b.angularResistance = 0
      b.isAnchored = m.anchored
      animator.addBehavior(b)
      for body in bodies { behaviors[ObjectIdentifier(body)] = b }
    }
    for (body, v, w) in launches {
      let b = behaviors[ObjectIdentifier(body)]!
      b.addLinearVelocity(v, for: body)
      if w != 0 { b.addAngularVelocity(w, for: body) }
    }
  }

  private func add(_ body: DynamicBody, _ material: PeerMaterial) {
    if materials[material] == nil { materialOrder.append(material) }
    materials[material, default: []].append(body)
    if material.collides { colliding.append(body) }
    if !material.anchored {
      movingBodies.append(body)
      starts.append(body.center)
      startAngles.append(body.angle)
      if material.falls { falling.append(body) }
    }
  }

  /// A point of the animator in `body`'s own frame (its centre at the origin, unturned).
  static func local(_ p: Point, in body: DynamicBody) -> Vector {
    let d = Vector(dx: p.x - body.center.x, dy: p.y - body.center.y)
    let a = -body.angle
    return Vector(dx: d.dx * cos(a) - d.dy * sin(a), dy: d.dx * sin(a) + d.dy * cos(a))
  }

  /// `local` in `body`'s frame as a point of the animator now.
  static func world(_ local: Vector, of body: DynamicBody) -> Point {
    let a = body.angle
    return Point(
      x: body.center.x + local.dx * cos(a) - local.dy * sin(a), y: body.center.y + local.dx * sin(a) + local.dy * cos(a)
    )
  }
}

/// What a body is made of and how it takes part. Box2D's defaults: friction 0.6, density 1.
public struct PeerMaterial: Hashable, Sendable {
  public var friction = 0.6
  public var density = 1.0
  public var elasticity = 0.0
  public var anchored = false
  /// False for bodies that only hang on pins (Box2D's joint grid filters their contacts out).
  public var collides = true
  /// False for bodies Box2D gives a gravity scale of 0.
  public var falls = true

  public init(
    friction: Double = 0.6, density: Double = 1, elasticity: Double = 0, anchored: Bool = false,
    collides: Bool = true, falls: Bool = true
  ) {
    self.friction = friction
    self.density = density
    self.elasticity = elasticity
    self.anchored = anchored
    self.collides = collides
    self.falls = falls
  }

  /// Box2D's static body with this material's friction.
  public var asGround: PeerMaterial {
    var m = self
    m.anchored = true
    return m
  }
}

/// A pin joint as the figures read it.
public struct PinRecord {
  public let a: DynamicBody
  public let localA: Vector
  public let b: DynamicBody
  public let localB: Vector
}

/// The box (metres, y up) that `escaped` counts bodies out of: centre, half-extents, and its turn as a
/// function of time (radians counter-clockwise about its centre).
public struct PeerContainer {
  public var centerX: Double, centerY: Double, halfWidth: Double, halfHeight: Double
  public var angle: (Double) -> Double

  public init(
    centerX: Double, centerY: Double, halfWidth: Double, halfHeight: Double,
    angle: @escaping (Double) -> Double = { _ in 0 }
  ) {
    self.centerX = centerX
    self.centerY = centerY
    self.halfWidth = halfWidth
    self.halfHeight = halfHeight
    self.angle = angle
  }
}
