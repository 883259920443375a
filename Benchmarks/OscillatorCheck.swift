import Dynamics
import Geometry2D
#if canImport(Glibc)
  import Glibc
#endif

/// Group "oscillator": not a timing but the accuracy of the springs, for the comparison with the peer
/// engines (`scripts/bench-peers`). One item is released from rest 100 pt from its spring's rest
/// position (1 Hz, damping ratio 0.8 and 0.2), the animator advances 1/60 s a frame for 3 s, and the line
/// gives the largest distance from the damped oscillator's exact position after any frame:
///   x(t) = 100·e^(−ζωt)·(cos ω_d t + ζω/ω_d · sin ω_d t),  ω = 2π·1 Hz,  ω_d = ω·√(1 − ζ²)
/// Lines: `osc hooke <case> zeta=<ζ> max_err_pt=<…>`.
func runOscillatorCheck(_ harness: BenchmarkHarness) {
  if let filter = harness.filter, !"oscillator".contains(filter), !filter.hasPrefix("oscillator") { return }
  for spring in OscillatorCase.allCases {
    for zeta in [0.8, 0.2] {
      let error = spring.worstError(zeta: zeta)
      let label = spring.label.padding(toLength: 44, withPad: " ", startingAt: 0)
      print(
        "osc hooke \(label) zeta=\(zeta) max_err_pt=\(error < 0.001 && error > 0 ? "\(error)" : "\((error * 1000).rounded() / 1000)")"
      )
    }
  }
  fflush(nil)
}

private enum OscillatorCase: CaseIterable {
  case anchor, anchorWithResistance, anchorThroughSolver, anchorLength100, toAnchoredItem, toFreeItem

  var label: String {
    switch self {
    case .anchor: "anchor, length 0 (closed form)"
    case .anchorWithResistance: "anchor, length 0, default resistance 0.1"
    case .anchorThroughSolver: "anchor, length 0, offset 1 pt (soft solver)"
    case .anchorLength100: "anchor, length 100 (soft solver)"
    case .toAnchoredItem: "item-to-item, length 100, other anchored"
    case .toFreeItem: "item-to-item, length 100, both free"
    }
  }

  static func exact(_ t: Double, zeta: Double) -> Double {
    let w = 2 * Double.pi, wd = w * (1 - zeta * zeta).squareRoot()
    return 100 * exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
  }

  /// No resistance and no friction, unless the case keeps the default resistance.
  private func material(_ items: [any DynamicItem], keepResistance: Bool = false) -> DynamicItemBehavior {
    let behavior = DynamicItemBehavior(items: items)
    if !keepResistance {
      behavior.resistance = 0
      behavior.angularResistance = 0
    }
    behavior.friction = 0
    return behavior
  }

  private func box(_ x: Double) -> DynamicBody {
    DynamicBody(center: Point(x: x, y: 0), size: Size(width: 100, height: 100))
  }

  private func spring(_ s: AttachmentBehavior, length: Double, zeta: Double) -> AttachmentBehavior {
    s.length = length
    s.frequency = 1
    s.damping = zeta
    return s
  }

  func worstError(zeta: Double) -> Double {
    let animator = DynamicAnimator()
    let error: (Double) -> Double
    switch self {
    case .anchor, .anchorWithResistance:
      let item = box(100)
      animator.addBehavior(
        spring(AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 0)), length: 0, zeta: zeta))
      animator.addBehavior(material([item], keepResistance: self == .anchorWithResistance))
      error = { t in max(abs(item.center.x - Self.exact(t, zeta: zeta)), abs(item.center.y)) }
    case .anchorThroughSolver:
      let item = box(100)
      let s = AttachmentBehavior(
        item: item, offsetFromCenter: Offset(horizontal: 0, vertical: 1),
        attachedToAnchor: Point(x: 0, y: 1))
      animator.addBehavior(spring(s, length: 0, zeta: zeta))
      let m = material([item])
      m.allowsRotation = false
      animator.addBehavior(m)
      error = { t in abs(item.center.x - Self.exact(t, zeta: zeta)) }
    case .anchorLength100:
      let item = box(200)
      animator.addBehavior(
        spring(AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 0)), length: 100, zeta: zeta))
      animator.addBehavior(material([item]))
      error = { t in max(abs(item.center.x - 100 - Self.exact(t, zeta: zeta)), abs(item.center.y)) }
    case .toAnchoredItem, .toFreeItem:
      let a = box(0), b = box(200)
      animator.addBehavior(spring(AttachmentBehavior(item: b, attachedTo: a), length: 100, zeta: zeta))
      if self == .toAnchoredItem {
        let anchored = DynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(material([b]))
      } else {
        animator.addBehavior(material([a, b]))
      }
      error = { t in max(abs(b.center.x - a.center.x - 100 - Self.exact(t, zeta: zeta)), abs(b.center.y - a.center.y)) }
    }
    var worst = 0.0
    for frame in 1...180 {
      animator.advance(by: 1.0 / 60)
      worst = max(worst, error(Double(frame) / 60))
    }
    return worst
  }
}
