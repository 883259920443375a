#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Per-body material: the item defaults (UIKit's, listed in the DocC article "Porting from UIKit") overridden by the item behaviors naming the item, in
/// the order they were added (the last explicit setting wins).
struct Material: Equatable {
  var elasticity = 0.2
  var friction = 0.2
  var density = 1.0
  var resistance = 0.1
  var angularResistance = 0.1
  var charge = 0.0
  var isAnchored = false
  var allowsRotation = true

  /// The per-step velocity factor of a damping `rate` (1/s, UIKit's resistance): 1 − h·rate, clamped to
  /// 0…1, so velocity decays as e^(−rate·t), a rate ≥ 1/h (infinity included) stops at once, and no
  /// rate can reverse or amplify the motion.
  static func dampingFactor(rate: Double, h: Double) -> Double {
    min(max(1 - h * rate, 0), 1)
  }

  /// The continuous rate whose exact decay over one step equals `dampingFactor(rate:h:)`, for the
  /// closed-form spring path, so both paths damp a body identically. Requires rate·h < 1.
  static func equivalentRate(rate: Double, h: Double) -> Double {
    -log(dampingFactor(rate: rate, h: h)) / h
  }
}
