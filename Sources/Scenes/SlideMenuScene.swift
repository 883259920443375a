import Dynamics
import Geometry2D
import SandboxCore

/// The UIKit Dynamics tutorial (pro648), part 3: a half-width menu slides in from the left when you flick right (or press `M`) and out
/// when you flick left: gravity pulls it toward the side it is going to, a vertical boundary stops it
/// there, an instantaneous push of 20 starts it, and it lands with elasticity 0.4. The content behind
/// dims as the menu comes in.
package final class SlideMenuScene: AnimatorScene, Scene {
  package let name = "slide-menu"
  package private(set) var menu = DynamicBody(center: .zero, size: Size(width: 400, height: 500))
  package private(set) var isOpen = false
  private var pushMagnitude = 20.0
  private var elasticity = 0.4
  private var drag: (start: Point, time: Double)?
  private var time = 0.0

  static let top = 20.0
  static let tabBarHeight = 49.0
  /// A horizontal drag counts as a flick when it moves this far (pt) this fast (pt/s).
  static let flickDistance = 40.0
  static let flickSpeed = 300.0

  package override init() {
    super.init()
    build()
  }

  package var keyHelp: [(key: String, action: String)] {
    [("flick →/←", "open or close the menu"), ("M", "toggle the menu")]
  }

  var menuWidth: Double { size.width / 2 }
  /// 0 closed … 1 open, from where the menu is.
  package var openFraction: Double { min(1, max(0, (menu.center.x + menuWidth / 2) / menuWidth)) }

  override func build() {
    newAnimator()
    let height = size.height - Self.top - Self.tabBarHeight
    menu = DynamicBody(
      center: Point(x: -menuWidth / 2, y: Self.top + height / 2), size: Size(width: menuWidth, height: height))
    isOpen = false
  }

  /// The tutorial's toggle: clear the behaviors, then gravity toward the target side, a boundary there, a
  /// push to start, and the menu's elasticity.
  package func setOpen(_ open: Bool) {
    isOpen = open
    animator.removeAllBehaviors()
    let direction = open ? 1.0 : -1.0
    let gravity = GravityBehavior(items: [menu])
    gravity.gravityDirection = Vector(dx: direction, dy: 0)
    let collision = CollisionBehavior(items: [menu])
    let x = direction * menuWidth
    collision.addBoundary(
      withIdentifier: "menuBoundary", from: Point(x: x, y: Self.top),
      to: Point(x: x, y: size.height - Self.tabBarHeight))
    let push = PushBehavior(items: [menu], mode: .instantaneous)
    push.magnitude = pushMagnitude
    push.angle = open ? 0 : .pi
    let material = DynamicItemBehavior(items: [menu])
    material.elasticity = elasticity
    material.allowsRotation = false
    for b in [gravity, collision, push, material] as [DynamicBehavior] { animator.addBehavior(b) }
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      drag = (p, time)
    case .pointerUp(.left, let p):
      guard let d = drag else { return false }
      drag = nil
      let dx = p.x - d.start.x
      let speed = abs(dx) / max(time - d.time, 1.0 / 120)
      guard abs(dx) >= Self.flickDistance, speed >= Self.flickSpeed, abs(dx) > abs(p.y - d.start.y) else { return true }
      setOpen(dx > 0)
    case .keyDown(.character("m"), _, _):
      setOpen(!isOpen)
    default:
      return false
    }
    return true
  }

  /// Also while a press is held: a flick's speed is measured against the scene's clock.
  package override var isAnimating: Bool { animator.isRunning || drag != nil }

  package override func advance(by seconds: Double) {
    time += seconds
    super.advance(by: seconds)
  }

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "push magnitude", range: 0...100, step: 1, precision: 0, get: { self.pushMagnitude },
        set: { self.pushMagnitude = $0 }),
      TunableParameter("elasticity", range: 0...1, step: 0.05, get: { self.elasticity }, set: { self.elasticity = $0 })
    ]
  }

  /// The animator with its whole state, and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase(bodies: [menu])
    let saved0 = (menu, isOpen, pushMagnitude, elasticity, drag, time)
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      base.restore()
      (self.menu, self.isOpen, self.pushMagnitude, self.elasticity, self.drag, self.time) = saved0
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(menu.center.x)
    d.combine(menu.center.y)
    d.combine(isOpen ? 1 : 0)
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    // The content behind: a few rows of a made-up inbox (at least one: the layout is never under
    // `AnimatorScene.smallestLayout`).
    for i in 0..<Int((size.height - 100) / 56) {
      let r = Rect(x: 24, y: 60 + Double(i) * 56, width: size.width - 48, height: 48)
      list.fillRect(r, Palette.panel)
      list.text(
        "Message \(i + 1)", at: Point(x: r.minX + 14, y: r.midY), size: 14, color: Palette.text, alignment: .centerLeft)
    }
    list.text(
      "slide-menu — flick right to open, left to close (or M)", at: Point(x: 12, y: 30), size: 14,
      color: Palette.dimText)
    list.fillRect(
      Rect(x: 0, y: 0, width: size.width, height: size.height), Color.black.withAlpha(UInt8(160 * openFraction)))
    let f = Rect(center: menu.center, size: menu.size)
    list.fillRect(f, Color(hex: 0x2B3240))
    list.fillRect(Rect(x: f.maxX - 3, y: f.minY, width: 3, height: f.height), Palette.accent)
    for (i, item) in ["Inbox", "Starred", "Sent", "Drafts", "Archive", "Settings"].enumerated() {
      list.text(item, at: Point(x: f.minX + 24, y: f.minY + 30 + Double(i) * 40), size: 18, color: Palette.text)
    }
    list.fillRect(
      Rect(x: 0, y: size.height - Self.tabBarHeight, width: size.width, height: Self.tabBarHeight), Palette.panel)
  }
}
