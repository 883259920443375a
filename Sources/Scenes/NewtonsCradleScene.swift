import Dynamics
import Geometry2D
#if canImport(Glibc)
  import Glibc
#endif
import SandboxCore

/// Newton's cradle (iOS 7 Day-by-Day, day 0): five balls on rigid attachments under gravity 10, with
/// elasticity 1, no rotation and resistance 2 (a damping rate, as in UIKit), in one composite behavior. The first ball is pushed off
/// at the start; a horizontal drag pushes it with a continuous push of the drag distance / 10 (both
/// scaled by the ball's mass over the demo's, so they feel the same at any window size); `D`
/// shows the engine's debug view.
package final class NewtonsCradleScene: AnimatorScene, Scene {
  package let name = "newtons-cradle"
  package private(set) var balls: [DynamicBody] = []
  package private(set) var anchors: [Point] = []
  private var dragPush: PushBehavior?
  private var dragStart: Point?
  private var gravityMagnitude = 10.0
  /// The demo's resistance 2: UIKit's and Hooke's linear damping rate (velocity × e^(−2t)).
  private var resistance = 2.0
  /// This window's ball mass over the demo's (26-point balls: mass 0.0676), so pushes feel the same.
  private var massScale = 1.0
  static let seedBallMass = 26.0 * 26.0 / 10_000

  package override init() {
    super.init()
    build()
  }

  package var keyHelp: [(key: String, action: String)] {
    [("drag sideways", "push the first ball"), ("D", "the engine's debug view")]
  }

  override func build() {
    let animator = newAnimator()
    // The demo's geometry: balls one twelfth of the width apart (a point smaller, so they just miss
    // touching), hanging a quarter of the height below their anchors.
    let spacing = min(size.width / 12, size.height / 5)
    let ballSize = spacing - 1
    balls = (0..<5).map { i in
      DynamicBody(
        center: Point(x: size.width / 3 + Double(i) * spacing, y: size.height / 2 + 40),
        size: Size(width: ballSize, height: ballSize), collisionBoundsType: .ellipse)
    }
    let cradle = DynamicBehavior()
    anchors = balls.map { $0.center - Vector(dx: 0, dy: size.height / 4 + 40) }
    for (ball, anchor) in zip(balls, anchors) {
      cradle.addChildBehavior(AttachmentBehavior(item: ball, attachedToAnchor: anchor))
    }
    let gravity = GravityBehavior(items: balls)
    gravity.magnitude = gravityMagnitude
    cradle.addChildBehavior(gravity)
    cradle.addChildBehavior(CollisionBehavior(items: balls))
    let material = DynamicItemBehavior(items: balls)
    material.elasticity = 1
    material.allowsRotation = false
    material.resistance = resistance
    cradle.addChildBehavior(material)
    animator.addBehavior(cradle)
    // The demo's kick-off, an instantaneous push of 0.5 to the left, was sized for 26-point balls on a
    // phone (mass 0.07, so 700 pt/s). Our balls are bigger, so the push scales with the mass to give
    // the same 700 pt/s.
    massScale = (ballSize * ballSize / 10_000) / Self.seedBallMass
    let kick = PushBehavior(items: [balls[0]], mode: .instantaneous)
    kick.pushDirection = Vector(dx: -0.5 * massScale, dy: 0)
    animator.addBehavior(kick)
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      dragStart = p
      let push = PushBehavior(items: [balls[0]], mode: .continuous)
      dragPush = push
      animator.addBehavior(push)
    case .pointerMoved(let p, _, let buttons) where buttons.contains(.left) && dragStart != nil:
      dragPush?.pushDirection = Vector(dx: (p.x - dragStart!.x) / 10 * massScale, dy: 0)
    case .pointerUp(.left, _):
      if let dragPush { animator.removeBehavior(dragPush) }
      dragPush = nil
      dragStart = nil
    default:
      return handleDebugKey(event)
    }
    return true
  }

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "gravity magnitude", unit: "× 1000 pt/s²", range: 0.5...20, step: 0.5, get: { self.gravityMagnitude },
        set: {
          self.gravityMagnitude = $0
          self.build()
        }),
      TunableParameter(
        "resistance", unit: "1/s", range: 0...10, step: 0.1, get: { self.resistance },
        set: {
          self.resistance = $0
          self.build()
        })
    ]
  }

  /// The animator with its whole state, and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase(bodies: balls)
    let saved0 = (balls, anchors, dragPush, dragStart, gravityMagnitude, resistance)
    let saved1 = massScale
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      base.restore()
      (self.balls, self.anchors, self.dragPush, self.dragStart, self.gravityMagnitude, self.resistance) = saved0
      self.massScale = saved1
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    for b in balls {
      d.combine(b.center.x)
      d.combine(b.center.y)
    }
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    let top = (anchors.first?.y ?? 0) - 12
    list.fillRect(
      Rect(
        x: (anchors.first?.x ?? 0) - 60, y: top - 10, width: (anchors.last?.x ?? 0) - (anchors.first?.x ?? 0) + 120,
        height: 10), Palette.panel)
    for (ball, anchor) in zip(balls, anchors) {
      list.line(from: anchor, to: ball.center, Palette.dimText, width: 1.5)
      list.circle(center: anchor, radius: 4, fill: Palette.accent)
      let r = ball.size.width / 2
      list.circle(center: ball.center, radius: r, fill: Color(hex: 0xB8BEC9))
      list.circle(center: ball.center - Vector(dx: r * 0.3, dy: r * 0.3), radius: r * 0.25, fill: Color(hex: 0xE6E8EE))
    }
    drawDebug(into: &list)
    list.text(
      "newtons-cradle — drag sideways to push the first ball, D for the debug view", at: Point(x: 12, y: 10),
      size: 14, color: Palette.text)
  }
}
