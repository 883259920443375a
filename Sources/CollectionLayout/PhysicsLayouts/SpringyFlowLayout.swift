import Dynamics
import Geometry2D

/// The iOS 7 Messages list (objc.io issue 5, "UICollectionView + UIKit Dynamics"): a flow layout whose every visible element
/// hangs by a zero-length spring from its flow position, and lags behind a scroll in proportion to its
/// distance from the pointer.
///
/// On each bounds change, before the bounds move, each element's centre is shifted by the scroll delta
/// scaled by its resistance, (|Δx| + |Δy| from the pointer to its anchor) / `scrollResistance`, clamped
/// to the delta, and the animator re-reads it. With tiling (the default) only the elements inside the
/// visible rect grown by `tilingMargin` have a spring; entering elements get one pre-displaced by the
/// latest delta, as if they had always been there.
///
/// Where it does better than the article's:
/// - the pointer survives the release (`ScrollView.panLocation`), so tiles entering while the list
///   coasts are pre-displaced too; with no pointer at all (a programmatic scroll) nothing wobbles;
/// - once the animator comes to rest every element sits exactly at its flow position (the engine keeps
///   full precision and the layout places resting springs on their anchors);
/// - zero-size elements are skipped; inserts, deletes, moves and resizes keep each element's spring state
///   by identity; both scroll directions; `springsAlongScrollAxisOnly` removes any sideways wobble;
/// - a frame costs the same for a thousand items as for a million: the flow geometry is arithmetic, the
///   tiling query is O(log n + k) and only the tiled springs are stepped.
open class SpringyFlowLayout: FlowLayout {
  /// The animator that moves the elements; its reference space is this layout's content.
  public private(set) lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)

  /// Rest length of the springs, points. 0 (the default) pins each element to its flow position.
  public var springLength = 0.0 { didSet { if springLength != oldValue { updateAttachments() } } }
  /// Damping ratio of the springs (1 = critical). Default 0.8.
  public var springDamping = 0.8 { didSet { if springDamping != oldValue { updateAttachments() } } }
  /// Frequency of the springs, Hz. Default 1.
  public var springFrequency = 1.0 { didSet { if springFrequency != oldValue { updateAttachments() } } }
  /// Points of pointer distance at which an element lags by the whole scroll delta: resistance =
  /// (|Δx| + |Δy|) / scrollResistance, clamped to 1. Default 1500; smaller is springier.
  public var scrollResistance = 1500.0
  /// How far (points) the tiling rect extends beyond the visible rect on every side. Default 100.
  public var tilingMargin = 100.0 { didSet { if tilingMargin != oldValue { setNeedsRetile() } } }
  /// Whether only elements near the visible rect have springs (the default). Without tiling every
  /// element has one, as in the article's first version: fine for a few hundred items, not for 10,000.
  public var isTilingEnabled = true { didSet { if isTilingEnabled != oldValue { setNeedsRetile() } } }
  /// When true, scrolling displaces elements only along the scroll axis and a re-flowed element jumps
  /// across the axis at once: the springs never swing sideways.
  public var springsAlongScrollAxisOnly = false

  /// The latest bounds change (new origin − old origin), points.
  public internal(set) var latestDelta = Vector.zero
  /// The rect whose elements have springs (content points), as of the latest tiling.
  public internal(set) var tilingRect = Rect.zero

  var springSet = LayoutSpringSet()
  /// The flow geometry changed since the springs' anchors were last placed.
  var anchorsAreStale = true
  var needsRetile = true
  /// The flow geometry the anchors were placed for (`flowGeometryRevision`).
  var anchoredRevision = -1

  /// A springy flow layout with the article's constants: damping 0.8, frequency 1 Hz, length 0, scroll
  /// resistance 1500 points. See <doc:TheSpringyLayout>.
  public override init() { super.init() }

  override func saveLayoutState(_ attributes: inout SavedAttributes) -> Any {
    (super.saveLayoutState(&attributes), saveSpringyState(&attributes))
  }

  override func restoreLayoutState(_ saved: Any) {
    let (base, springy) = saved as! (Any, SpringyFlowLayoutState)
    restoreSpringySettings(springy)
    super.restoreLayoutState(base)
    restoreSpringyState(springy)
  }

  /// How many elements have a spring now.
  public var springCount: Int { springSet.count }

  /// The spring of an element, if it has one.
  public func spring(for key: ElementKey) -> LayoutSpring? { springSet.spring(for: key) }

  /// Every spring, in element order.
  public var springs: [LayoutSpring] { springSet.ordered }

  // MARK: The layout cycle

  /// Re-anchors the springs only when the flow geometry was recomputed (an invalidation that touched the
  /// metrics); a step of the animator or a scroll invalidates with a context that keeps it.
  open override func prepare() {
    super.prepare()
    if flowGeometryRevision != anchoredRevision {
      anchoredRevision = flowGeometryRevision
      anchorsAreStale = true
    }
    needsRetile = true
  }

  /// Invalidates without recomputing the flow geometry: a flow context with both flow flags false.
  func invalidateKeepingFlow() {
    let context = Self.invalidationContextClass.init()
    if let flow = context as? FlowLayoutInvalidationContext {
      flow.invalidateFlowLayoutDelegateMetrics = false
      flow.invalidateFlowLayoutAttributes = false
    }
    invalidateLayout(with: context)
  }

  func setNeedsRetile() {
    needsRetile = true
    tilingRect = .zero
    invalidateKeepingFlow()
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    retileIfNeeded()
    return dynamicAnimator.layoutLink?.attributes(in: rect) ?? []
  }

  /// The animator's attributes for the item, or the flow layout's for an item without a spring (UIKit
  /// would return nil and crash the collection view: Spring-Demo #5).
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    retileIfNeeded()
    return dynamicAnimator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    retileIfNeeded()
    return dynamicAnimator.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
      ?? super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The article's heart: before the bounds move, every element shifts by the scroll delta times its
  /// resistance and the animator re-reads it. Returns true only when the flow must re-flow (a new width
  /// for a vertical list), as FlowLayout does.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    shiftSprings(forBoundsChange: newBounds)
    return super.shouldInvalidateLayout(forBoundsChange: newBounds)
  }

  // MARK: Updates

  /// Carries every spring over the update by identity, then tiles again with the new geometry: moved
  /// elements spring from where they were to their new places.
  open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    springSet.remap(UpdateIndexMap(updateItems), in: dynamicAnimator)
    dynamicAnimator.layoutLink?.needsReindex = true
    anchorsAreStale = true
    needsRetile = true
    retileIfNeeded()
  }

  // MARK: Time

  open override func advance(by seconds: Double) {
    let wasRunning = dynamicAnimator.isRunning
    super.advance(by: seconds)
    if wasRunning && !dynamicAnimator.isRunning { settleOnAnchors() }
  }

  /// Places every spring that came to rest exactly on its anchor: the sleep threshold (1 pt/s for 0.5 s)
  /// leaves a few hundredths of a point, which would otherwise stay for good.
  func settleOnAnchors() {
    guard springLength == 0 else { return }
    let animator = dynamicAnimator
    springSet.forEachUnordered { s in
      if s.attributes.center != s.attachment.anchorPoint {
        animator.restItem(s.attributes, at: s.attachment.anchorPoint)
      }
    }
    dynamicAnimator.layoutLink?.positionsDidChange()
    invalidateKeepingFlow()
  }

  func updateAttachments() {
    let (l, d, f) = (springLength, springDamping, springFrequency)
    springSet.forEachUnordered { s in
      s.attachment.length = l
      s.attachment.damping = d
      s.attachment.frequency = f
    }
  }

  func makeAttachment(for attributes: LayoutAttributes, anchor: Point) -> AttachmentBehavior {
    let a = AttachmentBehavior(item: attributes, attachedToAnchor: anchor)
    a.length = springLength
    a.damping = springDamping
    a.frequency = springFrequency
    return a
  }
}
