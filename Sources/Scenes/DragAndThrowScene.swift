import Dynamics
import Geometry2D
import SandboxCore

/// The UIKit Dynamics tutorial (pro648), part 4: drag a 240×240 item by the point you grabbed (an attachment from that point to the
/// pointer); released faster than 1000 pt/s it is thrown — an instantaneous push along the release
/// velocity with magnitude |v|/15, friction 0.2 and a random spin (signed: the tutorial's unsigned
/// arithmetic made most spins huge) — and comes back to the middle once it has left the window, or
/// after a second. Released slowly it just springs back.
package final class DragAndThrowScene: AnimatorScene, Scene {
  package let name = "drag-and-throw"
  package private(set) var item = DynamicBody(center: .zero, size: Size(width: 240, height: 240))
  private var grab: AttachmentBehavior?
  /// Where the item was grabbed, in its own (unrotated) frame.
  private var grabOffset = Vector.zero
  private var samples: [(time: Double, point: Point)] = []
  private var time = 0.0
  private var thrownAt: Double?
  private var random: SeededRandom
  package private(set) var throwCount = 0
  package private(set) var lastReleaseSpeed = 0.0

  /// Released faster than this (pt/s) the item is thrown.
  private var throwSpeed = 1000.0
  /// The throw's push magnitude is the release speed divided by this.
  private var pushDivisor = 15.0
  private var friction = 0.2
  static let itemSize = Size(width: 240, height: 240)

  package init(seed: UInt64 = 1) {
    random = SeededRandom(seed: seed)
    super.init()
    build()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("drag", "move the item by the grabbed point"), ("throw", "release faster than 1000 pt/s"),
      ("D", "the engine's debug view")
    ]
  }

  package var isThrown: Bool { thrownAt != nil }
  var home: Point { Point(x: size.width / 2, y: size.height / 2) }

  override func build() {
    newAnimator()
    item = DynamicBody(center: home, size: Self.itemSize)
    grab = nil
    thrownAt = nil
  }

  /// The item's outline contains `p` (it may be rotated).
  private func hits(_ p: Point) -> Bool {
    let local = (p - item.center).rotated(by: -item.transform.rotationAngle)
    return abs(local.dx) <= item.size.width / 2 && abs(local.dy) <= item.size.height / 2
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      guard hits(p) else { return false }
      animator.removeAllBehaviors()
      thrownAt = nil
      let offset = (p - item.center).rotated(by: -item.transform.rotationAngle)
      grabOffset = offset
      let a = AttachmentBehavior(
        item: item, offsetFromCenter: Offset(horizontal: offset.dx, vertical: offset.dy),
        attachedToAnchor: p)
      animator.addBehavior(a)
      grab = a
      samples = [(time, p)]
    case .pointerMoved(let p, _, let buttons):
      guard let grab, buttons.contains(.left) else { return false }
      grab.anchorPoint = p
      samples.append((time, p))
    case .pointerUp(.left, let p):
      guard let grab else { return false }
      samples.append((time, p))
      animator.removeBehavior(grab)
      self.grab = nil
      release(velocity: releaseVelocity())
    default:
      return handleDebugKey(event)
    }
    return true
  }

  /// The pointer's velocity at release: a least-squares line through the last 100 ms of samples.
  func releaseVelocity() -> Vector {
    let recent = samples.filter { $0.time >= time - 0.1 }
    guard recent.count >= 2 else { return .zero }
    let n = Double(recent.count)
    let mt = recent.reduce(0) { $0 + $1.time } / n
    let mx = recent.reduce(0) { $0 + $1.point.x } / n, my = recent.reduce(0) { $0 + $1.point.y } / n
    var stt = 0.0, stx = 0.0, sty = 0.0
    for s in recent {
      let dt = s.time - mt
      stt += dt * dt
      stx += dt * (s.point.x - mx)
      sty += dt * (s.point.y - my)
    }
    guard stt > 0 else { return .zero }
    return Vector(dx: stx / stt, dy: sty / stt)
  }

  private func release(velocity v: Vector) {
    lastReleaseSpeed = v.length
    guard v.length > throwSpeed else {
      comeBack()
      return
    }
    throwCount += 1
    thrownAt = time
    let push = PushBehavior(items: [item], mode: .instantaneous)
    push.pushDirection = v / 10
    push.magnitude = v.length / pushDivisor
    let material = DynamicItemBehavior(items: [item])
    material.friction = friction
    material.allowsRotation = true
    // A spin between −10 and 10 rad/s, drawn from the scene's seeded generator so replays repeat it.
    material.addAngularVelocity(Double(Int.random(in: -10...10, using: &random)), for: item)
    animator.addBehavior(push)
    animator.addBehavior(material)
  }

  /// Back to the middle and upright.
  private func comeBack() {
    thrownAt = nil
    animator.removeAllBehaviors()
    let snap = SnapBehavior(item: item, snapTo: home)
    snap.damping = 0.5
    animator.addBehavior(snap)
  }

  /// Also while the card is held (the release speed is measured against the scene's clock) or thrown (it
  /// comes back a second later).
  package override var isAnimating: Bool { animator.isRunning || grab != nil || thrownAt != nil }

  package override func advance(by seconds: Double) {
    time += seconds
    super.advance(by: seconds)
    if let thrownAt {
      let away = !Rect(origin: .zero, size: size).insetBy(dx: -120, dy: -120).contains(item.center)
      if away || time - thrownAt > 1 { comeBack() }
    }
  }

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "throw speed", unit: "pt/s", range: 100...5000, step: 50, precision: 0, get: { self.throwSpeed },
        set: { self.throwSpeed = $0 }),
      TunableParameter(
        "push = speed ÷", range: 1...100, step: 1, precision: 0, get: { self.pushDivisor },
        set: { self.pushDivisor = $0 }),
      TunableParameter("friction", range: 0...1, step: 0.05, get: { self.friction }, set: { self.friction = $0 })
    ]
  }

  /// The animator with its whole state, and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase(bodies: [item])
    let saved0 = (item, grab, grabOffset, samples, time, thrownAt)
    let saved1 = (random, throwCount, lastReleaseSpeed, throwSpeed, pushDivisor, friction)
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      base.restore()
      (self.item, self.grab, self.grabOffset, self.samples, self.time, self.thrownAt) = saved0
      (self.random, self.throwCount, self.lastReleaseSpeed, self.throwSpeed, self.pushDivisor, self.friction) = saved1
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(item.center.x)
    d.combine(item.center.y)
    d.combine(item.transform.rotationAngle)
    d.combine(throwCount)
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    list.circle(center: home, radius: 5, fill: Palette.grid)
    list.rect(
      center: item.center, size: item.size, rotation: item.transform.rotationAngle, fill: Palette.spring,
      stroke: Palette.text, lineWidth: 3)
    list.text("throw me", at: item.center, size: 22, color: Palette.background, alignment: .center)
    if let grab {
      list.line(
        from: grab.anchorPoint, to: item.center + grabOffset.rotated(by: item.transform.rotationAngle),
        Palette.warning, width: 2)
      list.circle(center: grab.anchorPoint, radius: 5, fill: Palette.warning)
    }
    drawDebug(into: &list)
    list.text(
      "drag-and-throw — drag it; release faster than \(Int(throwSpeed)) pt/s to throw (last release \(Int(lastReleaseSpeed)) pt/s, \(throwCount) thrown)",
      at: Point(x: 12, y: 10), size: 14, color: Palette.text)
  }
}
