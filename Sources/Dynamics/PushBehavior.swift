#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// A force (continuous) or a one-off impulse (instantaneous) on its items (UIPushBehavior).
///
/// Units (`docs/architecture.md`, "Units and time"): a continuous push of magnitude 1 accelerates a mass-1 item (100×100 pt, density 1)
/// at 100 points/s²; an instantaneous push of magnitude 1 changes a mass-1 item's velocity by 100 points/s.
/// An instantaneous push applies once, on the next step, then sets `active` to false; set `active` to true
/// to push again. A push at an offset from an item's centre (`setTargetOffsetFromCenter`) also turns it.
/// `pushDirection`, `angle` and `magnitude` are one vector seen three ways.
public final class PushBehavior: DynamicBehavior, ItemListBehavior {
  /// How a push acts: all the time, or once.
  public enum Mode: Sendable, Hashable {
    /// A force, every step while ``PushBehavior/active``: magnitude 1 on mass 1 accelerates it by 100 points/s².
    case continuous
    /// An impulse, once, on the next step: magnitude 1 on mass 1 gives it 100 points/s; then
    /// ``PushBehavior/active`` turns false.
    case instantaneous
  }

  /// Force (or impulse) units per unit of magnitude: 100 points·mass/s² (or points·mass/s).
  public static let unitForce = 100.0

  /// Continuous or instantaneous; fixed at creation.
  public let mode: Mode
  /// Offsets in the item's own frame, by item identity (looked up, never iterated).
  private var offsets: [ObjectIdentifier: Offset] = [:]

  /// Default true. Toggle instead of removing and re-adding.
  public var active = true { didSet { if active != oldValue { wake() } } }

  /// The push in units of `unitForce` (finite components). Default (0, 0): no push.
  public var pushDirection = Vector.zero {
    didSet {
      Validate.vector(pushDirection, "PushBehavior.pushDirection")
      wake()
    }
  }

  /// A push on `items` (more can be added later) in `mode`, with no direction yet (``pushDirection`` (0, 0)).
  public init(items: [any DynamicItem], mode: Mode) {
    self.mode = mode
    super.init()
    itemList = ItemList(items, caller: "PushBehavior(items:mode:)")
  }

  /// `angle` (radians) and `magnitude`, and each component of `pushDirection` and of a target offset:
  /// finite. A negative magnitude pushes the other way. A single push changes a body's speed by at most
  /// 10⁶ pt/s per step, so extreme finite magnitudes stay finite.
  public static let magnitudeRange: ClosedRange<Double> = Validate.finiteNumbers
  /// `angle`: finite radians (a positive angle turns clockwise on screen).
  public static let angleRange: ClosedRange<Double> = Validate.finiteNumbers

  /// Radians (finite), 0 = right, π/2 = down.
  public var angle: Double {
    get { pushDirection == .zero ? 0 : atan2(pushDirection.dy, pushDirection.dx) }
    set { setAngle(newValue, magnitude: magnitude) }
  }

  /// The length of ``pushDirection``: in units of 100 points·mass/s² (or points·mass/s for an instantaneous push).
  public var magnitude: Double {
    get { pushDirection.length }
    set { setAngle(angle, magnitude: newValue) }
  }

  /// Sets ``pushDirection`` from an angle in radians (0 = right, π/2 = down) and a magnitude.
  /// - Precondition: neither is NaN.
  public func setAngle(_ angle: Double, magnitude: Double) {
    Validate.range(angle, Self.angleRange, "PushBehavior angle")
    Validate.range(magnitude, Self.magnitudeRange, "PushBehavior magnitude")
    pushDirection = magnitude == 0 ? .zero : Vector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
  }

  /// Where on the item the push acts, in the item's own frame (points from its centre). Default zero.
  public func setTargetOffsetFromCenter(_ offset: Offset, for item: any DynamicItem) {
    Validate.finite(offset.horizontal, "PushBehavior target offset")
    Validate.finite(offset.vertical, "PushBehavior target offset")
    offsets[ObjectIdentifier(item)] = offset
    wake()
  }

  /// Where on `item` the push acts, in the item's own frame (points from its centre); zero unless set.
  public func targetOffsetFromCenter(for item: any DynamicItem) -> Offset {
    offsets[ObjectIdentifier(item)] ?? .zero
  }

  override var appliesForces: Bool { true }

  // An instantaneous push turns itself off in the step it acts.
  override var savedMotion: Any? { active }
  override func restoreMotion(_ saved: Any) { active = saved as! Bool }
  override var savedSettings: Any? { (active, pushDirection, offsets) }
  override func restoreSettings(_ saved: Any) {
    (active, pushDirection, offsets) = saved as! (Bool, Vector, [ObjectIdentifier: Offset])
  }

  override func applyForces(to world: inout PhysicsWorld) {
    guard active, pushDirection != .zero else { return }
    let f = pushDirection * PushBehavior.unitForce
    let items = itemList.items
    for (k, i) in bodyIndices.enumerated() {
      let o = offsets.isEmpty ? Vector.zero : targetOffsetFromCenter(for: items[k]).vector
      switch mode {
      case .continuous: world.addForce(f, atLocalOffset: o, to: i)
      case .instantaneous: world.applyImpulse(f, atLocalOffset: o, to: i)
      }
    }
    if mode == .instantaneous { active = false }
  }
}
