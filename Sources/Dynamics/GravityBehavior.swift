#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// A constant acceleration on its items, the same for every mass (UIGravityBehavior). Magnitude 1.0 is
/// 1000 points/s². Direction, angle and magnitude are one vector seen three ways: setting one updates
/// the others. Each gravity behavior pulls only its own items (UIKit's single world gravity, zeroed when
/// any gravity behavior is removed, is not reproduced).
public final class GravityBehavior: DynamicBehavior, ItemListBehavior {
  /// Points/s² per unit of magnitude.
  public static let pointsPerSecondSquared = 1000.0

  /// The acceleration in units of 1000 points/s² (finite components); default (0, 1), straight down.
  public var gravityDirection = Vector(dx: 0, dy: 1) {
    didSet {
      Validate.vector(gravityDirection, "GravityBehavior.gravityDirection")
      wake()
    }
  }

  /// Gravity on `items` (more can be added later): magnitude 1 (1000 points/s²), straight down.
  public init(items: [any DynamicItem] = []) {
    super.init()
    itemList = ItemList(items, caller: "GravityBehavior(items:)")
  }

  /// `angle` (radians) and `magnitude` (× 1000 pt/s²), and each component of `gravityDirection`:
  /// finite. A negative magnitude pulls the other way.
  public static let magnitudeRange: ClosedRange<Double> = Validate.finiteNumbers
  /// `angle`: finite radians (a positive angle turns clockwise on screen).
  public static let angleRange: ClosedRange<Double> = Validate.finiteNumbers

  /// Radians (finite); π/2 is down. 0 when the magnitude is 0.
  public var angle: Double {
    get { magnitude == 0 ? 0 : atan2(gravityDirection.dy, gravityDirection.dx) }
    set { setAngle(newValue, magnitude: magnitude) }
  }

  /// Length of `gravityDirection`; setting 0 makes the direction (0, 0).
  public var magnitude: Double {
    get { gravityDirection.length }
    set {
      // The direction kept as it is, scaled: through the angle, straight down (0, 1) would come back
      // as (6e-17, 1), a sideways pull that topples a stack standing exactly upright.
      let old = gravityDirection.length, scale = newValue / old
      let scaled = Vector(dx: gravityDirection.dx * scale, dy: gravityDirection.dy * scale)
      // No direction to keep (magnitude 0), or none that scales to finite numbers: through the angle,
      // which also checks the value.
      guard old > 0, newValue != 0, scaled.dx.isFinite, scaled.dy.isFinite else {
        return setAngle(angle, magnitude: newValue)
      }
      gravityDirection = scaled
    }
  }

  /// Sets the direction from an angle in radians (0 = right, π/2 = down) and a magnitude in units of
  /// 1000 points/s².
  /// - Precondition: neither is NaN.
  public func setAngle(_ angle: Double, magnitude: Double) {
    Validate.range(angle, Self.angleRange, "GravityBehavior angle")
    Validate.range(magnitude, Self.magnitudeRange, "GravityBehavior magnitude")
    gravityDirection = magnitude == 0 ? .zero : Vector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
  }

  override var appliesForces: Bool { true }
  override var savedSettings: Any? { gravityDirection }
  override func restoreSettings(_ saved: Any) { gravityDirection = saved as! Vector }

  override func applyForces(to world: inout PhysicsWorld) {
    let a = gravityDirection * GravityBehavior.pointsPerSecondSquared
    if a == .zero { return }
    world.addAcceleration(a, to: bodyIndices)
  }
}
