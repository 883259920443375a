import Dynamics
import Geometry2D
import SandboxCore

/// The UIKit Dynamics tutorial (pro648), part 5: click anywhere and the item snaps there (damping 0.3), replacing the previous snap.
package final class SnapScene: AnimatorScene, Scene {
  package let name = "snap"
  package private(set) var item = DynamicBody(center: .zero, size: Size(width: 100, height: 100))
  private var snap: SnapBehavior?
  private var damping = 0.3

  package override init() {
    super.init()
    build()
  }

  package var keyHelp: [(key: String, action: String)] {
    [("click", "snap the item there"), ("D", "the engine's debug view")]
  }

  package var snapPoint: Point? { snap?.snapPoint }

  override func build() {
    newAnimator()
    item = DynamicBody(center: Point(x: size.width / 2, y: size.height / 2), size: Size(width: 100, height: 100))
    snap = nil
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      if let snap { animator.removeBehavior(snap) }
      let s = SnapBehavior(item: item, snapTo: p)
      s.damping = damping
      animator.addBehavior(s)
      snap = s
    default:
      return handleDebugKey(event)
    }
    return true
  }

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "damping", range: 0...1, step: 0.05, get: { self.damping },
        set: {
          self.damping = $0
          self.snap?.damping = $0
        })
    ]
  }

  /// The snap's pull as a spring: `SnapBehavior.frequency` Hz with damping ratio 0.05 + 0.95 × damping.
  package var spring: SpringParameters? {
    SpringParameters(frequency: SnapBehavior.frequency, dampingRatio: 0.05 + 0.95 * max(0, min(1, damping)))
  }

  /// The animator with its whole state, and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase(bodies: [item])
    let saved0 = (item, snap, damping)
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      base.restore()
      (self.item, self.snap, self.damping) = saved0
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(item.center.x)
    d.combine(item.center.y)
    d.combine(item.transform.rotationAngle)
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    if let p = snap?.snapPoint {
      list.circle(center: p, radius: 6, fill: nil, stroke: Palette.good, lineWidth: 2)
      list.dashedLine(from: item.center, to: p, Palette.good.withAlpha(120), dash: 5, gap: 5)
    }
    list.rect(
      center: item.center, size: item.size, rotation: item.transform.rotationAngle, fill: Palette.accent,
      stroke: Palette.text, lineWidth: 2)
    list.text("snap", at: item.center, size: 16, color: Palette.background, alignment: .center)
    drawDebug(into: &list)
    list.text(
      "snap — click anywhere; damping \(short(damping))", at: Point(x: 12, y: 10), size: 14, color: Palette.text)
  }
}
