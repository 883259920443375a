import Dynamics
import Geometry2D

/// The springy carousel of iOS 7 Day-by-Day, day 5 ("UIDynamics and Collection Views"): one horizontal row of tiles at the
/// bottom of the view, each on a spring (damping 0.5, frequency 0.8, length 0) to its flow position,
/// under one shared gravity (magnitude 0.3 = 300 pt/s²) and one shared collision with the content's
/// bounds (elasticity 1). A scroll displaces each tile by delta × min(1, distance from the pointer / 500);
/// tiles have springs within the viewport grown by two item widths on each side.
///
/// Inserting a tile (right of centre in the scene) keeps every tile's body by identity, so the neighbours'
/// springs shift one slot and they slide over, and drops the new tile from the top of the view onto its
/// place — also while the carousel scrolls. Deletes do the same the other way (the article had none).
///
/// The article's quirks are not kept: its item behavior with elasticity 1 had no items (here every tile
/// has it), `prepareLayout` switched UIView animations off for good, and with no touch the distance was
/// measured from (0, 0) (here a scroll with no pointer — a programmatic one — displaces nothing).
open class SpringyCarouselLayout: FlowLayout {
  /// The animator that moves the tiles; its reference space is this layout's content.
  public private(set) lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
  /// Shared by every tile: magnitude 0.3 (300 pt/s²), down.
  public let gravityBehavior: GravityBehavior
  /// Shared by every tile: boundaries only, the content's bounds.
  public let collisionBehavior: CollisionBehavior
  /// The collision's child behavior: elasticity 1.
  public let itemBehavior: DynamicItemBehavior

  /// Damping ratio of the tiles' springs. Default 0.5.
  public var springDamping = 0.5 { didSet { forEachSpring { $0.attachment.damping = springDamping } } }
  /// Frequency of the tiles' springs, Hz. Default 0.8.
  public var springFrequency = 0.8 { didSet { forEachSpring { $0.attachment.frequency = springFrequency } } }
  /// Points from the pointer at which a tile moves with the whole scroll delta. Default 500.
  public var scrollFactorDistance = 500.0
  /// The latest bounds change, points.
  public private(set) var latestDelta = Vector.zero
  /// The rect whose tiles have springs (content points), as of the latest tiling.
  public private(set) var tilingRect = Rect.zero

  private var springSet = LayoutSpringSet()
  private var needsRetile = true
  private var anchorsAreStale = true
  /// Inserted elements waiting for their spring, to be dropped from the top.
  private var dropping = Set<ElementKey>()

  // MARK: Snapshots

  /// The carousel's part of a collection view's snapshot: its settings, its springs and the tiles
  /// dropping in, the tiling, and its animator's whole state.
  private struct State {
    var settings: (damping: Double, frequency: Double, distance: Double)
    var latestDelta: Vector, tilingRect: Rect
    var springSet: LayoutSpringSet
    var flags: (needsRetile: Bool, anchorsAreStale: Bool)
    var dropping: Set<ElementKey>
    var animator: DynamicAnimator.Snapshot
  }

  override func saveLayoutState(_ attributes: inout SavedAttributes) -> Any {
    springSet.forEachUnordered { attributes.add($0.attributes) }
    let animator = dynamicAnimator.takeSnapshot()
    attributes.otherBytes += animator.approximateBytes
    let mine = State(
      settings: (springDamping, springFrequency, scrollFactorDistance), latestDelta: latestDelta,
      tilingRect: tilingRect, springSet: springSet, flags: (needsRetile, anchorsAreStale), dropping: dropping,
      animator: animator)
    return (super.saveLayoutState(&attributes), mine)
  }

  override func restoreLayoutState(_ saved: Any) {
    let (base, s) = saved as! (Any, State)
    if springDamping != s.settings.damping { springDamping = s.settings.damping }
    if springFrequency != s.settings.frequency { springFrequency = s.settings.frequency }
    scrollFactorDistance = s.settings.distance
    super.restoreLayoutState(base)
    (latestDelta, tilingRect, springSet, dropping) = (s.latestDelta, s.tilingRect, s.springSet, s.dropping)
    (needsRetile, anchorsAreStale) = s.flags
    dynamicAnimator.restore(s.animator)
  }

  /// A carousel of `itemSize` tiles (the article's 70 × 70).
  public init(itemSize: Size = Size(width: 70, height: 70)) {
    gravityBehavior = GravityBehavior()
    gravityBehavior.magnitude = 0.3
    collisionBehavior = CollisionBehavior()
    collisionBehavior.collisionMode = .boundaries
    collisionBehavior.translatesReferenceBoundsIntoBoundary = true
    itemBehavior = DynamicItemBehavior()
    itemBehavior.elasticity = 1
    collisionBehavior.addChildBehavior(itemBehavior)
    super.init()
    self.itemSize = itemSize
    scrollDirection = .horizontal
    dynamicAnimator.addBehavior(gravityBehavior)
    dynamicAnimator.addBehavior(collisionBehavior)
  }

  /// How many tiles have a spring now.
  public var springCount: Int { springSet.count }
  /// Every spring, in element order.
  public var springs: [LayoutSpring] { springSet.ordered }
  /// The spring of an element, if it has one.
  public func spring(for key: ElementKey) -> LayoutSpring? { springSet.spring(for: key) }

  private func forEachSpring(_ body: (LayoutSpring) -> Void) { springSet.forEachUnordered(body) }

  // MARK: The layout cycle

  public override func prepare() {
    if let cv = collectionView {
      // The tiles sit at the bottom: the inset above them is whatever the item leaves of the height.
      let top = Swift.max(0, cv.bounds.height - itemSize.height)
      if sectionInset.top != top { sectionInset = EdgeInsets(top: top, left: 0, bottom: 0, right: 0) }
    }
    super.prepare()
    anchorsAreStale = true
    needsRetile = true
  }

  public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    retileIfNeeded()
    return dynamicAnimator.layoutLink?.attributes(in: rect) ?? []
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    retileIfNeeded()
    return dynamicAnimator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
  }

  /// The tile starts where the animator has it (dropping from the top): the article's override.
  public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
    dynamicAnimator.layoutAttributesForCell(at: itemIndexPath)
  }

  /// Every tile shifts by delta × min(1, |anchor.x − pointer.x| / 500) before the bounds move.
  public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let cv = collectionView else { return false }
    let delta = newBounds.minX - cv.bounds.minX
    if delta != 0 {
      latestDelta = Vector(dx: delta, dy: newBounds.minY - cv.bounds.minY)
      if let touch = cv.panLocation {
        let animator = dynamicAnimator, distance = scrollFactorDistance
        forEachSpring { s in
          let factor = Swift.min(1, abs(s.attachment.anchorPoint.x - touch.x) / distance)
          guard factor > 0 else { return }
          s.attributes.center.x += delta * factor
          animator.updateItem(usingCurrentState: s.attributes)
        }
        dynamicAnimator.layoutLink?.positionsDidChange()
      }
      needsRetile = true
      // Not a re-flow: the next layout pass only tiles.
      invalidateLayout()
    }
    return super.shouldInvalidateLayout(forBoundsChange: newBounds)
  }

  // MARK: Updates

  public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    springSet.remap(UpdateIndexMap(updateItems), in: dynamicAnimator, willRemove: leave)
    dynamicAnimator.layoutLink?.needsReindex = true
    for u in updateItems where u.updateAction == .insert {
      if let ip = u.indexPathAfterUpdate, ip.item != IndexPath.notFound { dropping.insert(.cell(ip)) }
    }
    anchorsAreStale = true
    needsRetile = true
    retileIfNeeded()
    dropping.removeAll()
  }

  // MARK: Tiling

  private func retileIfNeeded() {
    guard needsRetile, let cv = collectionView else { return }
    needsRetile = false
    let b = cv.bounds
    let rect = Rect(x: b.minX - 2 * itemSize.width, y: b.minY, width: b.width + 4 * itemSize.width, height: b.height)
    guard anchorsAreStale || rect != tilingRect else { return }
    let moveAnchors = anchorsAreStale
    anchorsAreStale = false
    tilingRect = rect
    let lift = collectionViewContentSize.height
    let (damping, frequency, dropping) = (springDamping, springFrequency, self.dropping)
    let result = springSet.sync(
      with: super.layoutAttributesForElements(in: rect), in: dynamicAnimator, moveAnchors: moveAnchors,
      make: { item, anchor in
        let a = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        a.length = 0
        a.damping = damping
        a.frequency = frequency
        return a
      },
      prepareNew: { a in
        // The seed: an inserted tile starts at the top of the view and gravity drops it.
        if dropping.contains(a.elementKey) { a.center.y -= lift - a.size.height }
      },
      didAdd: { [gravityBehavior, collisionBehavior, itemBehavior] s in
        gravityBehavior.addItem(s.attributes)
        collisionBehavior.addItem(s.attributes)
        itemBehavior.addItem(s.attributes)
      },
      willRemove: leave)
    if moveAnchors || result.added > 0 || result.removed > 0 { dynamicAnimator.layoutLink?.needsReindex = true }
  }

  private func leave(_ s: LayoutSpring) {
    gravityBehavior.removeItem(s.attributes)
    collisionBehavior.removeItem(s.attributes)
    itemBehavior.removeItem(s.attributes)
  }
}
