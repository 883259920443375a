import Dynamics
import Geometry2D
import SandboxCore

/// The UIKit Dynamics tutorial (pro648), part 2: a 50×50 ball falls under gravity onto a boundary line (the top edge of a tab bar) and
/// bounces with elasticity 0.7; the collision delegate reports each contact, listed on screen. A click
/// drops the ball again from the pointer; `D` shows the engine's debug view.
package final class GravityBallScene: AnimatorScene, Scene, CollisionBehaviorDelegate {
  package let name = "gravity-ball"
  private var ball = DynamicBody(center: .zero, size: Size(width: 50, height: 50), collisionBoundsType: .ellipse)
  private var collision = CollisionBehavior()
  private var elasticity = 0.7
  private var gravityMagnitude = 1.0
  /// The latest contact reports, newest last.
  package private(set) var contacts: [String] = []
  package private(set) var contactCount = 0

  static let tabBarHeight = 49.0

  package override init() {
    super.init()
    build()
  }

  package var keyHelp: [(key: String, action: String)] {
    [("click", "drop the ball from the pointer"), ("D", "the engine's debug view")]
  }

  package var ballCenter: Point { ball.center }
  package var floorY: Double { size.height - Self.tabBarHeight }

  override func build() { build(dropAt: nil) }

  private func build(dropAt point: Point?) {
    let animator = newAnimator()
    ball = DynamicBody(
      center: point ?? Point(x: size.width / 2, y: 125), size: Size(width: 50, height: 50),
      collisionBoundsType: .ellipse)
    let gravity = GravityBehavior(items: [ball])
    gravity.magnitude = gravityMagnitude
    collision = CollisionBehavior(items: [ball])
    collision.addBoundary(withIdentifier: "tabbar", from: Point(x: 0, y: floorY), to: Point(x: size.width, y: floorY))
    collision.collisionDelegate = self
    let bounce = DynamicItemBehavior(items: [ball])
    bounce.elasticity = elasticity
    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    animator.addBehavior(bounce)
  }

  package override func reset() {
    contacts = []
    contactCount = 0
    build()
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      guard p.y < floorY - 30 else { return false }
      build(dropAt: p)
    default:
      return handleDebugKey(event)
    }
    return true
  }

  package func collisionBehavior(
    _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?, at point: Point
  ) {
    contactCount += 1
    contacts.append(
      "began contact with \(identifier ?? "the bounds") at (\(Int(point.x.rounded())), \(Int(point.y.rounded()))), t = \(short(animator.elapsedTime)) s"
    )
    if contacts.count > 6 { contacts.removeFirst() }
  }

  package func collisionBehavior(
    _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
    withBoundaryIdentifier identifier: String?
  ) {
    contacts.append("ended contact with \(identifier ?? "the bounds"), t = \(short(animator.elapsedTime)) s")
    if contacts.count > 6 { contacts.removeFirst() }
  }

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "elasticity", range: 0...1, step: 0.05, get: { self.elasticity },
        set: {
          self.elasticity = $0
          self.build(dropAt: nil)
        }),
      TunableParameter(
        "gravity magnitude", unit: "× 1000 pt/s²", range: 0.1...5, step: 0.1, get: { self.gravityMagnitude },
        set: {
          self.gravityMagnitude = $0
          self.build(dropAt: nil)
        })
    ]
  }

  /// The animator with its whole state, and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase(bodies: [ball])
    let saved0 = (ball, collision, elasticity, gravityMagnitude, contacts, contactCount)
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      base.restore()
      (self.ball, self.collision, self.elasticity, self.gravityMagnitude, self.contacts, self.contactCount) = saved0
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(ball.center.x)
    d.combine(ball.center.y)
    d.combine(ball.transform.rotationAngle)
    d.combine(contactCount)
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    list.fillRect(Rect(x: 0, y: floorY, width: size.width, height: Self.tabBarHeight), Palette.panel)
    list.line(from: Point(x: 0, y: floorY), to: Point(x: size.width, y: floorY), Palette.dimText)
    list.append(
      .ellipse(
        center: ball.center, radii: Size(width: 25, height: 25), rotation: 0, fill: Palette.warm,
        stroke: nil, lineWidth: 0))
    // A mark on the ball shows its rotation.
    let r = ball.transform.rotationAngle
    list.line(from: ball.center, to: ball.center + Vector(angle: r, length: 22), Palette.background, width: 2)
    drawDebug(into: &list)
    list.text(
      "gravity-ball — elasticity \(short(elasticity)); click to drop, D for the debug view", at: Point(x: 12, y: 10),
      size: 14, color: Palette.text)
    for (i, line) in contacts.enumerated() {
      list.text(line, at: Point(x: 12, y: 34 + Double(i) * 17), size: 12, color: Palette.dimText)
    }
    list.text(
      animator.isRunning ? "animator running" : "animator paused (everything at rest)",
      at: Point(x: 12, y: floorY + 16), size: 12, color: animator.isRunning ? Palette.good : Palette.dimText)
  }
}

func short(_ v: Double) -> String { String((v * 100).rounded() / 100) }
