import Geometry2D

/// Pulls an item to a point and its rotation to zero, overshooting a little (UISnapBehavior).
/// `damping` runs from 0 (most oscillation) to 1 (none); default 0.5, which settles within about a second.
/// Changing `snapPoint` sets the item moving again.
///
/// Inside, a soft pivot to the point and a soft pull of the angle to zero at `frequency` Hz with damping
/// ratio 0.05 + 0.95 × `damping` (UIKit uses four 4 Hz distance joints; one pivot has no rest-length
/// artefacts and the same feel).
public final class SnapBehavior: DynamicBehavior {
  /// The pull's natural frequency in Hz.
  public static let frequency = 3.0

  /// The item being snapped.
  public let item: any DynamicItem

  /// Where the item's centre is pulled to; changing it retargets the pull at once.
  /// - Precondition: finite.
  public var snapPoint: Point {
    didSet {
      Validate.point(snapPoint, "SnapBehavior.snapPoint")
      if let handle = jointHandle, let animator = dynamicAnimator {
        animator.world.setAnchor(of: handle, to: Vec2(snapPoint.x, snapPoint.y))
      }
      wake()
    }
  }

  /// `damping` accepts any finite number; values outside this range (0…1) are clamped to it.
  public static let dampingRange: ClosedRange<Double> = Validate.unitInterval

  /// 0 … 1 (`dampingRange`); default 0.5. Finite values outside are clamped to 0…1; NaN and ±∞ stop
  /// with a precondition.
  public var damping = 0.5 {
    didSet {
      Validate.range(damping, Validate.finiteNumbers, "SnapBehavior.damping")
      setNeedsContributionSync()
    }
  }

  /// Snaps `item` to `point`: a spring pull at ``frequency`` Hz whose overshoot ``damping`` sets, ending with
  /// the item upright at the point.
  public init(item: any DynamicItem, snapTo point: Point) {
    Validate.item(item, "SnapBehavior(item:snapTo:)")
    Validate.point(point, "SnapBehavior snap point")
    self.item = item
    self.snapPoint = point
    super.init()
  }

  override var engineItems: [any DynamicItem] { [item] }

  // A new snap point goes to the engine at once, not in a batch of changes.
  override var savedMotion: Any? { snapPoint }
  override func restoreMotion(_ saved: Any) { snapPoint = saved as! Point }
  override var savedSettings: Any? { (snapPoint, damping) }
  override func restoreSettings(_ saved: Any) { (snapPoint, damping) = saved as! (Point, Double) }

  override var jointRow: JointRow? {
    PointJoint.snapRow(
      body: bodyIndices[0], point: Vec2(snapPoint.x, snapPoint.y), hertz: SnapBehavior.frequency,
      zeta: 0.05 + 0.95 * Swift.min(Swift.max(damping, 0), 1))
  }
}
