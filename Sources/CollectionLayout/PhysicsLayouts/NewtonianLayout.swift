import Dynamics
import Geometry2D

/// The Newtonian collection view of objc.io issue 5 ("UICollectionView + UIKit Dynamics"): a layout that does not scroll, whose
/// items (100 × 100) hang from one point (midX, 64) on attachments of length 300, damping 0.4 and
/// frequency 1, under gravity 1 (1000 pt/s²), colliding with each other (no boundaries) — pendulums
/// that knock each other about.
///
/// - Insert: the new item starts off-screen right at (maxX + 100, 300) and swings in.
/// - `detachItem(at:completion:)`: the item loses its attachment and falls; when it has left the screen
///   the completion gets its index path *at that moment* (other inserts and deletes may have moved it)
///   so the caller deletes it from the collection view. No fixed two-second timer, and inserts and
///   deletes stay allowed meanwhile: every item's body is kept by identity across updates.
/// - Deleting an item (detached or not) removes its body at once; reloading a section replaces its
///   items' bodies with new ones that swing in.
///
/// Like the article's, items arrive only through inserts: `layoutAttributesForItem(at:)` is nil for an
/// item the animator does not have.
open class NewtonianLayout: CollectionViewLayout {
  /// The animator that moves the items; its reference space is this layout's content (the view).
  public private(set) lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
  /// Gravity on every item: magnitude 1 (1000 pt/s²), down.
  public let gravityBehavior = GravityBehavior()
  /// Item–item collisions (no boundaries).
  public let collisionBehavior = CollisionBehavior()

  /// The items' size, points. Default 100 × 100.
  public var itemSize = Size(width: 100, height: 100)
  /// The attachment point's height from the top, points; it sits at the view's mid x. Default 64.
  public var attachmentHeight = 64.0
  /// Length of the attachments, points. Default 300.
  public var attachmentLength = 300.0
  /// Damping ratio of the attachments. Default 0.4.
  public var attachmentDamping = 0.4
  /// Frequency of the attachments, Hz. Default 1.
  public var attachmentFrequency = 1.0

  private struct Hanging {
    let attributes: LayoutAttributes
    var attachment: AttachmentBehavior?
    var completion: ((IndexPath) -> Void)?
  }
  private var hanging: [ElementKey: Hanging] = [:]

  // MARK: Snapshots

  /// The layout's part of a collection view's snapshot: its settings, the items hanging (or falling)
  /// with their attachments, and its animator's whole state.
  private struct State {
    var itemSize: Size
    var attachment: (height: Double, length: Double, damping: Double, frequency: Double)
    var hanging: [ElementKey: Hanging]
    var animator: DynamicAnimator.Snapshot
  }

  override func saveLayoutState(_ attributes: inout SavedAttributes) -> Any {
    for key in hanging.keys.sorted() { attributes.add(hanging[key]!.attributes) }
    let animator = dynamicAnimator.takeSnapshot()
    attributes.otherBytes += animator.approximateBytes
    let mine = State(
      itemSize: itemSize, attachment: (attachmentHeight, attachmentLength, attachmentDamping, attachmentFrequency),
      hanging: hanging, animator: animator)
    return (super.saveLayoutState(&attributes), mine)
  }

  override func restoreLayoutState(_ saved: Any) {
    let (base, s) = saved as! (Any, State)
    super.restoreLayoutState(base)
    itemSize = s.itemSize
    (attachmentHeight, attachmentLength, attachmentDamping, attachmentFrequency) = s.attachment
    hanging = s.hanging
    dynamicAnimator.restore(s.animator)
  }

  /// A Newtonian layout with its gravity and collision behaviors already in its animator; items join
  /// them as they are inserted.
  public override init() {
    super.init()
    dynamicAnimator.addBehavior(gravityBehavior)
    dynamicAnimator.addBehavior(collisionBehavior)
  }

  /// The point every attachment hangs from (content points).
  public var attachmentPoint: Point {
    Point(x: collectionView?.bounds.midX ?? 0, y: attachmentHeight)
  }

  /// The attachments, in item order (detached items have none).
  public var attachments: [AttachmentBehavior] { hanging.keys.sorted().compactMap { hanging[$0]!.attachment } }

  /// How many items the animator moves (hanging and falling).
  public var itemCount: Int { hanging.count }

  /// Whether the item at `indexPath` was detached and is falling.
  public func isFalling(at indexPath: IndexPath) -> Bool {
    guard let h = hanging[.cell(indexPath)] else { return false }
    return h.attachment == nil
  }

  // MARK: The layout

  /// The view's size: nothing scrolls.
  public override var collectionViewContentSize: Size { collectionView?.bounds.size ?? .zero }

  public override func prepare() {
    super.prepare()
    // The view may have been resized: the attachment point follows its middle.
    let p = attachmentPoint
    for key in hanging.keys.sorted() {
      if let a = hanging[key]?.attachment, a.anchorPoint != p { a.anchorPoint = p }
    }
  }

  public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    dynamicAnimator.layoutLink?.attributes(in: rect) ?? []
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    dynamicAnimator.layoutAttributesForCell(at: indexPath)
  }

  /// A new width moves the attachment point.
  public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView?.bounds.size
  }

  // MARK: Updates

  public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    let map = UpdateIndexMap(updateItems)
    if !map.isIdentity {
      var next: [ElementKey: Hanging] = [:]
      for key in hanging.keys.sorted() {
        let h = hanging[key]!
        if let newKey = map.newKey(forOld: key) {
          h.attributes.indexPath = newKey.indexPath
          next[newKey] = h
        } else {
          remove(h)
        }
      }
      hanging = next
    }
    for u in updateItems where u.updateAction == .insert {
      guard let ip = u.indexPathAfterUpdate, ip.item != IndexPath.notFound else { continue }
      insertItem(at: ip)
    }
    // A reloaded section's items are new elements (its count may have changed): they swing in afresh.
    for u in updateItems where u.updateAction == .reload {
      guard let ip = u.indexPathAfterUpdate, ip.item == IndexPath.notFound, let cv = collectionView else { continue }
      for item in 0..<cv.numberOfItems(inSection: ip.section) {
        insertItem(at: IndexPath(item: item, section: ip.section))
      }
    }
    dynamicAnimator.layoutLink?.needsReindex = true
  }

  private func insertItem(at ip: IndexPath) {
    let a = Self.layoutAttributesClass.init(forCellWith: ip)
    let maxX = collectionView?.bounds.maxX ?? 0
    // Off-screen right, as in the seed: it swings in on its attachment.
    a.frame = Rect(x: maxX + itemSize.width, y: 300, width: itemSize.width, height: itemSize.height)
    let attachment = AttachmentBehavior(item: a, attachedToAnchor: attachmentPoint)
    attachment.length = attachmentLength
    attachment.damping = attachmentDamping
    attachment.frequency = attachmentFrequency
    dynamicAnimator.addBehavior(attachment)
    gravityBehavior.addItem(a)
    collisionBehavior.addItem(a)
    hanging[a.elementKey] = Hanging(attributes: a, attachment: attachment, completion: nil)
  }

  private func remove(_ h: Hanging) {
    if let a = h.attachment { dynamicAnimator.removeBehavior(a) }
    gravityBehavior.removeItem(h.attributes)
    collisionBehavior.removeItem(h.attributes)
  }

  /// Lets the item at `indexPath` fall: its attachment and its collisions go, gravity stays. Once it has
  /// left the screen (its frame is wholly below or beside the view) `completion` is called with its index
  /// path at that moment — delete it from the collection view there. Detaching an item that is not in
  /// the layout, or is already falling, does nothing.
  public func detachItem(at indexPath: IndexPath, completion: @escaping (IndexPath) -> Void) {
    let key = ElementKey.cell(indexPath)
    guard var h = hanging[key], let a = h.attachment else { return }
    dynamicAnimator.removeBehavior(a)
    // It stops colliding too: kept in the collision it can land on the pendulums below and ride them
    // for ever, never leaving the screen (the article's two-second timer hid that by fading it out).
    collisionBehavior.removeItem(h.attributes)
    h.attachment = nil
    h.completion = completion
    hanging[key] = h
  }

  public override func advance(by seconds: Double) {
    super.advance(by: seconds)
    // Falling items that have left the view: hand them to their completions (outside the loop, since a
    // completion deletes the item and so changes `hanging`).
    guard let cv = collectionView else { return }
    let view = Rect(origin: .zero, size: cv.bounds.size)
    var done: [(IndexPath, (IndexPath) -> Void)] = []
    for key in hanging.keys.sorted() {
      guard var h = hanging[key], h.attachment == nil, let completion = h.completion else { continue }
      if !h.attributes.frame.intersects(view) && h.attributes.center.y > view.midY {
        h.completion = nil
        hanging[key] = h
        done.append((key.indexPath, completion))
      }
    }
    for (ip, completion) in done { completion(ip) }
  }
}
