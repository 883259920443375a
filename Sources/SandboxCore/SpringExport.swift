#if canImport(Glibc)
  import Glibc
#endif

/// A spring tuned in the sandbox (and the scene's scroll physics, when it has them) written out as code
/// for the toolkits an app ships on: UIKit (Swift), SwiftUI, Android (Kotlin) and framer-motion, with
/// Rebound / Origami as a comment. Pure text: the tuning panel's `C` puts it on the clipboard and stdout.
///
/// The conversions, for mass m, stiffness k, damping coefficient c, frequency f and damping ratio ζ:
/// f = √(k/m) / 2π; SwiftUI's response = 1/f; k = (2πf)²·m; c = 2ζ·√(k·m). Android's `SpringForce` has
/// mass 1, so it takes k/m. A deceleration rate r (UIKit's, velocity kept per millisecond) becomes
/// framer-motion's inertia time constant τ = −1/ln r ms (power τ/1000 s keeps the release velocity) and
/// Android's fling friction −1000·ln r / 4.2 (its velocity falls as e^(−4.2·friction·t)).
package struct SpringExport: Equatable, Sendable {
  package var sceneName: String
  package var spring: SpringParameters?
  /// UIScrollView's `decelerationRate`: the fraction of velocity kept each millisecond.
  package var decelerationRate: Double?
  /// The springy layout's `scrollResistance`: a spring's item moves by (scroll delta) × (its distance
  /// to the touch) / this, in points.
  package var scrollResistance: Double?

  package init(
    sceneName: String, spring: SpringParameters?, decelerationRate: Double? = nil,
    scrollResistance: Double? = nil
  ) {
    self.sceneName = sceneName
    self.spring = spring
    self.decelerationRate = decelerationRate
    self.scrollResistance = scrollResistance
  }

  /// The tuning panel's parameter names the scroll physics are read from.
  package static let decelerationRateParameter = "deceleration rate"
  package static let scrollResistanceParameter = "scroll resistance divisor"

  /// What `scene` has to export now: its spring (when valid) and the scroll physics among its parameters.
  package init(scene: any Scene) {
    let parameters = scene.parameters
    func value(_ name: String) -> Double? { parameters.first { $0.name == name }?.value }
    self.init(
      sceneName: scene.name, spring: scene.spring.flatMap { $0.isValid ? $0 : nil },
      decelerationRate: value(Self.decelerationRateParameter),
      scrollResistance: value(Self.scrollResistanceParameter))
  }

  /// True when there is something to copy.
  package var isEmpty: Bool { spring == nil && decelerationRate == nil && scrollResistance == nil }

  /// The code, one section per toolkit, each line standing alone so any section can be pasted.
  package var text: String {
    var lines = ["// Hooke — \(sceneName): \(summary)"]
    lines += [""] + uiKit + [""] + swiftUI + [""] + android + [""] + framer
    if let spring { lines += ["", "// Rebound / Origami: " + Self.origamiLine(spring.origami)] }
    return lines.joined(separator: "\n") + "\n"
  }

  var summary: String {
    var parts: [String] = []
    if let s = spring {
      parts.append(
        "spring frequency \(Self.figure(s.frequency)) Hz, damping ratio \(Self.figure(s.dampingRatio))"
          + " (mass \(Self.figure(s.mass)), stiffness \(Self.figure(s.stiffness)), damping \(Self.figure(s.damping)))")
    }
    if let r = decelerationRate { parts.append("deceleration rate \(Self.figure(r, places: 4)) per ms") }
    if let d = scrollResistance { parts.append("scroll resistance \(Self.figure(d)) pt") }
    return parts.joined(separator: "; ")
  }

  var uiKit: [String] {
    var lines = ["// UIKit (Swift)"]
    if let s = spring {
      lines += [
        "let attachment = UIAttachmentBehavior(item: view, attachedToAnchor: anchor)",
        "attachment.frequency = \(Self.figure(s.frequency))  // Hz",
        "attachment.damping = \(Self.figure(s.dampingRatio))  // damping ratio, 1 = critical"
      ]
    }
    if let r = decelerationRate {
      lines.append(
        "scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: \(Self.figure(r, places: 4)))")
    }
    if let d = scrollResistance {
      lines.append("let scrollResistance: CGFloat = \(Self.figure(d))" + Self.resistanceNote)
    }
    return lines
  }

  var swiftUI: [String] {
    var lines = ["// SwiftUI"]
    if let s = spring {
      lines += [
        "let animation = Animation.spring(response: \(Self.figure(s.response)), "
          + "dampingFraction: \(Self.figure(s.dampingRatio)))",
        "// or: Animation.interpolatingSpring(mass: \(Self.figure(s.mass)), stiffness: \(Self.figure(s.stiffness)), "
          + "damping: \(Self.figure(s.damping)))"
      ]
    }
    if decelerationRate != nil { lines.append("// deceleration rate: SwiftUI's ScrollView has no setting for it") }
    if let d = scrollResistance {
      lines.append("let scrollResistance: CGFloat = \(Self.figure(d))" + Self.resistanceNote)
    }
    return lines
  }

  var android: [String] {
    var lines = ["// Android (Kotlin, androidx.dynamicanimation)"]
    if let s = spring {
      lines.append(
        "val spring = SpringForce().setStiffness(\(Self.figure(s.stiffness / s.mass))f)"
          + ".setDampingRatio(\(Self.figure(s.dampingRatio))f)  // mass 1: stiffness per unit mass")
    }
    if let r = decelerationRate, let friction = Self.androidFriction(decelerationRate: r) {
      lines.append(
        "val fling = FlingAnimation(view, DynamicAnimation.SCROLL_Y)"
          + ".setFriction(\(Self.figure(friction, places: 4))f)  // velocity × e^(−4.2·friction·t)")
    }
    if let d = scrollResistance { lines.append("val scrollResistance = \(Self.figure(d))f" + Self.resistanceNote) }
    return lines
  }

  var framer: [String] {
    var lines = ["// framer-motion"]
    if let s = spring {
      lines.append(
        "transition={{ type: \"spring\", stiffness: \(Self.figure(s.stiffness)), "
          + "damping: \(Self.figure(s.damping)), mass: \(Self.figure(s.mass)) }}")
    }
    if let r = decelerationRate, let tau = Self.framerTimeConstant(decelerationRate: r) {
      lines.append(
        "dragTransition={{ power: \(Self.figure(tau / 1000, places: 4)), "
          + "timeConstant: \(Self.figure(tau, places: 1)) }}  // inertia with the same decay")
    }
    if let d = scrollResistance { lines.append("const scrollResistance = \(Self.figure(d))" + Self.resistanceNote) }
    return lines
  }

  static let resistanceNote = "  // an item moves by scroll delta × distance to the touch / this"

  /// framer-motion's inertia time constant in ms for a UIKit deceleration rate: e^(−t/τ) = r^t.
  /// Nil when the rate keeps no velocity or all of it (0 or less, 1 or more).
  package static func framerTimeConstant(decelerationRate r: Double) -> Double? {
    r > 0 && r < 1 ? -1 / log(r) : nil
  }

  /// Android's `FlingAnimation` friction for a UIKit deceleration rate: e^(−4.2·friction·t) = r^(1000·t).
  package static func androidFriction(decelerationRate r: Double) -> Double? {
    r > 0 && r < 1 ? -1000 * log(r) / 4.2 : nil
  }

  static func origamiLine(_ o: SpringParameters.OrigamiEquivalent) -> String {
    switch o {
    case .tensionFriction(let t, let f): "tension \(figure(t, places: 1)), friction \(figure(f, places: 1))"
    case .none(let reason): "no Origami equivalent: \(reason)"
    }
  }

  /// `v` rounded to `places` decimals, without trailing zeros ("1", "0.8", "39.478").
  static func figure(_ v: Double, places: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }
}
