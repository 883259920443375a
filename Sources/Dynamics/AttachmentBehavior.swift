#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// Connects an item to an anchor point or to another item (UIAttachmentBehavior).
///
/// The plain kinds (item–anchor, item–item) keep `length` between the attachment points: a spring of
/// `frequency` Hz and damping ratio `damping` (1 = critical), or a rigid rod when `frequency` is 0 (the
/// default). `length` starts as the distance at creation. The other kinds come from the factories:
/// sliding (translation along an axis only, within `attachmentRange`), limit (a rope: at most `length`
/// apart), fixed (welded at a point) and pin (a pivot at a point, rotation limited to `attachmentRange`
/// and resisted by `frictionTorque`).
///
/// A zero-length spring from an item's centre to an anchor, when it is the only thing holding the item
/// and the item does not collide, is solved in closed form: exactly, at a few nanoseconds a step.
///
/// Misuse: attaching an item to itself, a non-finite anchor or offset, a zero axis, or a parameter outside
/// its range (the `…Range` constants; NaN always) stops with a precondition naming the parameter and the
/// range.
public final class AttachmentBehavior: DynamicBehavior {
  /// `length`: finite, ≥ 0 points.
  public static let lengthRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `damping`: the damping ratio, finite, ≥ 0 (1 = critical); a negative ratio would add energy.
  public static let dampingRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `frequency`: finite, ≥ 0 Hz (0 = rigid).
  public static let frequencyRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// `frictionTorque`: finite, ≥ 0.
  public static let frictionTorqueRange: ClosedRange<Double> = Validate.nonNegativeFinite
  /// Each bound of `attachmentRange`: any number but NaN (±∞ = unlimited); the range must contain 0.
  public static let attachmentRangeBounds: ClosedRange<Double> = -Double.infinity...Double.infinity

  /// What an attachment joins: two items, or an item and a fixed anchor point.
  public enum AttachedBehaviorType: Sendable, Hashable {
    /// Two items joined to each other.
    case items
    /// One item joined to a fixed anchor point.
    case anchor
  }

  enum Style { case plain, sliding, limit, fixed, pin }

  /// The attached items: one for an anchor attachment, two for an item–item one.
  public let items: [any DynamicItem]
  /// Whether the attachment joins two items or an item and an anchor.
  public let attachedBehaviorType: AttachedBehaviorType
  let style: Style
  let offset1: Vec2
  let offset2: Vec2
  /// Axis in item 1's frame (world for single-item sliding).
  var localAxis = Vec2(1, 0)
  var localAnchor1 = Vec2.zero
  var localAnchor2 = Vec2.zero
  var referenceAngle = 0.0

  /// The anchor in the animator's coordinates, finite (item–anchor kinds; for the factory kinds, the attachment
  /// point given at creation). Moving it is cheap: the engine follows through the joint's handle. A rigid
  /// attachment (frequency 0) follows the move over the next `advance(by:)`, moving at the anchor's
  /// velocity, so a dragged item stays on its pointer and keeps the drag's velocity when released; one
  /// added since the last step simply starts at the anchor last set. Reading the animator between such
  /// changes (which applies pending behavior changes early) does not change what they do.
  public var anchorPoint: Point {
    didSet {
      Validate.point(anchorPoint, "AttachmentBehavior.anchorPoint")
      guard attachedBehaviorType == .anchor, style == .plain, let animator = dynamicAnimator else { return }
      if let handle = jointHandle { animator.world.moveAnchor(of: handle, to: Vec2(anchorPoint.x, anchorPoint.y)) }
      animator.wake()
    }
  }

  /// Points between the attachment points: finite, ≥ 0 (`lengthRange`).
  public var length: Double {
    didSet {
      Validate.range(length, Self.lengthRange, "AttachmentBehavior.length")
      setNeedsContributionSync()
    }
  }
  /// Damping ratio, finite and ≥ 0 (`dampingRange`); 1 = critical. Default 0.
  public var damping = 0.0 {
    didSet {
      Validate.range(damping, Self.dampingRange, "AttachmentBehavior.damping")
      setNeedsContributionSync()
    }
  }
  /// Hz, finite and ≥ 0 (`frequencyRange`); 0 = rigid (the default).
  public var frequency = 0.0 {
    didSet {
      Validate.range(frequency, Self.frequencyRange, "AttachmentBehavior.frequency")
      setNeedsContributionSync()
    }
  }
  /// Resistance to relative rotation (pin) or sliding (sliding kind), in points²·mass/s²: finite, ≥ 0
  /// (`frictionTorqueRange`); default 0.
  public var frictionTorque = 0.0 {
    didSet {
      Validate.range(frictionTorque, Self.frictionTorqueRange, "AttachmentBehavior.frictionTorque")
      setNeedsContributionSync()
    }
  }
  /// Allowed translation (sliding, points) or rotation (pin, radians); default infinite. Must contain 0;
  /// its bounds may be ±∞ (unlimited) but not NaN.
  public var attachmentRange = FloatRange.infinite {
    didSet {
      precondition(
        !attachmentRange.minimum.isNaN && !attachmentRange.maximum.isNaN && attachmentRange.contains(0),
        "AttachmentBehavior.attachmentRange \(attachmentRange) must contain 0 and have no NaN; widen it to include the current position."
      )
      setNeedsContributionSync()
    }
  }

  // MARK: Item–anchor

  /// Attaches the centre of `item` to `anchor` (UIAttachmentBehavior(item:attachedToAnchor:)).
  /// The rest length is the current distance; a rigid rod until `frequency` is set above 0.
  public convenience init(item: any DynamicItem, attachedToAnchor anchor: Point) {
    self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: anchor)
  }

  /// Attaches the point `offset` from the centre of `item` (in the item's own, rotating frame) to `anchor`.
  /// The rest length is the current distance; a rigid rod until `frequency` is set above 0.
  public init(item: any DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor anchor: Point) {
    Validate.item(item, "AttachmentBehavior(item:attachedToAnchor:)")
    Validate.point(anchor, "AttachmentBehavior anchor")
    Validate.vector(offset.vector, "AttachmentBehavior offset")
    items = [item]
    attachedBehaviorType = .anchor
    style = .plain
    offset1 = Vec2(offset.horizontal, offset.vertical)
    offset2 = .zero
    anchorPoint = anchor
    let p = AttachmentBehavior.worldPoint(item, offset1)
    length = (p - Vec2(anchor.x, anchor.y)).length
    super.init()
  }

  // MARK: Item–item

  /// Attaches the centres of two items to each other; the rest length is their current distance.
  public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
    self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
  }

  /// Attaches a point on `item1` to a point on `item2`, each given as an offset from its item's centre in
  /// the item's own frame; the rest length is the current distance between the two points.
  public init(
    item item1: any DynamicItem, offsetFromCenter offset1: Offset, attachedTo item2: any DynamicItem,
    offsetFromCenter offset2: Offset
  ) {
    self.items = AttachmentBehavior.pair(item1, item2, "AttachmentBehavior(item:attachedTo:)")
    attachedBehaviorType = .items
    style = .plain
    self.offset1 = Vec2(offset1.horizontal, offset1.vertical)
    self.offset2 = Vec2(offset2.horizontal, offset2.vertical)
    let p1 = AttachmentBehavior.worldPoint(item1, self.offset1), p2 = AttachmentBehavior.worldPoint(item2, self.offset2)
    anchorPoint = Point(x: p1.x, y: p1.y)
    length = (p2 - p1).length
    super.init()
  }

  private init(
    style: Style, item1: any DynamicItem, item2: (any DynamicItem)?, anchor: Point, offset1: Vec2, offset2: Vec2
  ) {
    Validate.point(anchor, "AttachmentBehavior attachment anchor")
    if let item2 {
      items = AttachmentBehavior.pair(item1, item2, "AttachmentBehavior")
      attachedBehaviorType = .items
    } else {
      Validate.item(item1, "AttachmentBehavior")
      items = [item1]
      attachedBehaviorType = .anchor
    }
    self.style = style
    self.offset1 = offset1
    self.offset2 = offset2
    anchorPoint = anchor
    length = 0
    super.init()
  }

  // MARK: The iOS 9 kinds

  /// Item 2 may only slide relative to item 1 along `axis` (through `anchor`), without relative rotation.
  public static func slidingAttachment(
    with item1: any DynamicItem, attachedTo item2: any DynamicItem,
    attachmentAnchor anchor: Point, axisOfTranslation axis: Vector
  ) -> AttachmentBehavior {
    let b = AttachmentBehavior(
      style: .sliding, item1: item1, item2: item2, anchor: anchor, offset1: .zero, offset2: .zero)
    b.setUpFrames(axis: axis)
    return b
  }

  /// The item may only slide along `axis` through `anchor`, without rotating.
  public static func slidingAttachment(
    with item: any DynamicItem, attachmentAnchor anchor: Point,
    axisOfTranslation axis: Vector
  ) -> AttachmentBehavior {
    let b = AttachmentBehavior(style: .sliding, item1: item, item2: nil, anchor: anchor, offset1: .zero, offset2: .zero)
    b.setUpFrames(axis: axis)
    return b
  }

  /// A rope: the attachment points stay at most `length` (initially their distance) apart.
  public static func limitAttachment(
    with item1: any DynamicItem, offsetFromCenter offset1: Offset,
    attachedTo item2: any DynamicItem, offsetFromCenter offset2: Offset
  ) -> AttachmentBehavior {
    let o1 = Vec2(offset1.horizontal, offset1.vertical), o2 = Vec2(offset2.horizontal, offset2.vertical)
    let p1 = worldPoint(item1, o1)
    let b = AttachmentBehavior(
      style: .limit, item1: item1, item2: item2, anchor: Point(x: p1.x, y: p1.y), offset1: o1, offset2: o2)
    b.length = (worldPoint(item2, o2) - p1).length
    return b
  }

  /// Welds the items together at `anchor`.
  public static func fixedAttachment(
    with item1: any DynamicItem, attachedTo item2: any DynamicItem,
    attachmentAnchor anchor: Point
  ) -> AttachmentBehavior {
    let b = AttachmentBehavior(
      style: .fixed, item1: item1, item2: item2, anchor: anchor, offset1: .zero, offset2: .zero)
    b.setUpFrames(axis: Vector(dx: 1, dy: 0))
    return b
  }

  /// Pins the items together at `anchor`; each may rotate about it.
  public static func pinAttachment(
    with item1: any DynamicItem, attachedTo item2: any DynamicItem,
    attachmentAnchor anchor: Point
  ) -> AttachmentBehavior {
    let b = AttachmentBehavior(style: .pin, item1: item1, item2: item2, anchor: anchor, offset1: .zero, offset2: .zero)
    b.setUpFrames(axis: Vector(dx: 1, dy: 0))
    return b
  }

  private func setUpFrames(axis: Vector) {
    Validate.vector(axis, "AttachmentBehavior axisOfTranslation")
    precondition(axis.length > 0, "AttachmentBehavior: axisOfTranslation is zero; pass a unit vector along the slide.")
    let anchor = Vec2(anchorPoint.x, anchorPoint.y)
    let ax = Vec2(axis.dx, axis.dy).normalized
    let item1 = items[0]
    let a1 = item1.transform.rotationAngle, c1 = item1.center
    if items.count == 2 {
      let item2 = items[1]
      let a2 = item2.transform.rotationAngle, c2 = item2.center
      localAnchor1 = (anchor - Vec2(c1.x, c1.y)).unrotated(cos: cos(a1), sin: sin(a1))
      localAnchor2 = (anchor - Vec2(c2.x, c2.y)).unrotated(cos: cos(a2), sin: sin(a2))
      localAxis = ax.unrotated(cos: cos(a1), sin: sin(a1))
      referenceAngle = a2 - a1
    } else {
      localAnchor1 = anchor
      localAnchor2 = (anchor - Vec2(c1.x, c1.y)).unrotated(cos: cos(a1), sin: sin(a1))
      localAxis = ax
      referenceAngle = a1
    }
  }

  static func pair(_ a: any DynamicItem, _ b: any DynamicItem, _ caller: StaticString) -> [any DynamicItem] {
    precondition(a !== b, "\(caller): an item cannot be attached to itself; attach it to an anchor point instead.")
    Validate.item(a, "\(caller)")
    Validate.item(b, "\(caller)")
    return [a, b]
  }

  static func worldPoint(_ item: any DynamicItem, _ offset: Vec2) -> Vec2 {
    let a = item.transform.rotationAngle
    return Vec2(item.center.x, item.center.y) + offset.rotated(cos: cos(a), sin: sin(a))
  }

  override var engineItems: [any DynamicItem] { items }

  // A dragged anchor goes to the engine at once, not in a batch of changes.
  override var savedMotion: Any? { anchorPoint }
  override func restoreMotion(_ saved: Any) { anchorPoint = saved as! Point }

  private struct Settings {
    var anchorPoint: Point, length: Double, damping: Double, frequency: Double, frictionTorque: Double
    var attachmentRange: FloatRange, localAxis: Vec2, localAnchor1: Vec2, localAnchor2: Vec2, referenceAngle: Double
  }
  override var savedSettings: Any? {
    Settings(
      anchorPoint: anchorPoint, length: length, damping: damping, frequency: frequency,
      frictionTorque: frictionTorque, attachmentRange: attachmentRange, localAxis: localAxis,
      localAnchor1: localAnchor1, localAnchor2: localAnchor2, referenceAngle: referenceAngle)
  }
  override func restoreSettings(_ saved: Any) {
    let s = saved as! Settings
    (anchorPoint, length, damping, frequency) = (s.anchorPoint, s.length, s.damping, s.frequency)
    (frictionTorque, attachmentRange, localAxis) = (s.frictionTorque, s.attachmentRange, s.localAxis)
    (localAnchor1, localAnchor2, referenceAngle) = (s.localAnchor1, s.localAnchor2, s.referenceAngle)
  }

  override var jointRow: JointRow? {
    let i1 = bodyIndices[0]
    let i2: Int32 = bodyIndices.count > 1 ? bodyIndices[1] : -1
    // Item–anchor: the world is body A and the item body B.
    let (a, b, la, lb): (Int32, Int32, Vec2, Vec2) =
      attachedBehaviorType == .anchor
      ? (-1, i1, Vec2(anchorPoint.x, anchorPoint.y), offset1) : (i1, i2, offset1, offset2)
    // The rigid kinds hold their points with the world as A when one item is attached.
    let (ra, rb) = items.count == 2 ? (i1, i2) : (Int32(-1), i1)
    let range = attachmentRange.minimum...attachmentRange.maximum
    switch style {
    case .plain where length < 1e-9:
      return PointJoint.row(bodyA: a, bodyB: b, localA: la, localB: lb, hertz: frequency, zeta: damping)
    case .plain:
      return DistanceJoint.row(
        bodyA: a, bodyB: b, localA: la, localB: lb, length: length, hertz: frequency, zeta: damping)
    case .limit:
      return LimitJoint.row(bodyA: i1, bodyB: i2, localA: offset1, localB: offset2, length: length)
    case .fixed:
      return FixedJoint.row(
        bodyA: ra, bodyB: rb, localA: localAnchor1, localB: localAnchor2, referenceAngle: referenceAngle)
    case .pin:
      return PinJoint.row(
        bodyA: ra, bodyB: rb, localA: localAnchor1, localB: localAnchor2, referenceAngle: referenceAngle,
        frictionTorque: frictionTorque, range: range)
    case .sliding:
      return SlidingJoint.row(
        bodyA: ra, bodyB: rb, localA: localAnchor1, localB: localAnchor2, referenceAngle: referenceAngle,
        localAxis: localAxis, frictionTorque: frictionTorque, range: range)
    }
  }
}
