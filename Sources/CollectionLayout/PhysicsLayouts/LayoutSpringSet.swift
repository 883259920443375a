import Dynamics
import Geometry2D

/// The springs of a springy layout, keyed by element, with the tiling and the identity bookkeeping the
/// springy flow layout and the carousel share:
/// - `sync` makes the set match the elements a flow layout puts in the tiling rect (springs for new
///   ones, none for those that left), moving anchors and sizes when the flow geometry changed;
/// - `remap` carries every spring over a batch update by identity (deleted elements lose theirs).
///
/// Order never comes from a dictionary: springs are created in the flow layout's order and removed in
/// key order, so the engine sees the same bodies in the same order on every run.
struct LayoutSpringSet {
  private(set) var springs: [ElementKey: LayoutSpring] = [:]

  var count: Int { springs.count }

  func spring(for key: ElementKey) -> LayoutSpring? { springs[key] }

  /// - Parameters:
  ///   - elements: fresh attributes from the flow layout for the tiling rect (the set takes ownership).
  ///   - moveAnchors: the flow geometry changed, so move existing springs' anchors and sizes.
  ///   - make: the attachment for new attributes at its anchor (not yet in the animator).
  ///   - prepareNew: called on new attributes before they join the animator (pre-displacement).
  ///   - didMoveAnchor: called after an existing spring's anchor moved.
  ///   - willRemove: called before a spring leaves the animator.
  /// - Returns: how many springs were added and removed.
  @discardableResult
  mutating func sync(
    with elements: [LayoutAttributes], in animator: DynamicAnimator, moveAnchors: Bool,
    make: (LayoutAttributes, Point) -> AttachmentBehavior,
    prepareNew: (LayoutAttributes) -> Void = { _ in },
    didAdd: (LayoutSpring) -> Void = { _ in },
    didMoveAnchor: (LayoutSpring) -> Void = { _ in },
    willRemove: (LayoutSpring) -> Void = { _ in }
  ) -> (added: Int, removed: Int) {
    var seen = Set<ElementKey>(minimumCapacity: elements.count)
    var fresh: [LayoutAttributes] = []
    for e in elements {
      // Zero-size attributes cannot be bodies (UIKit raises "Invalid size {0, 0}"); they draw nothing.
      guard e.size.width > 0, e.size.height > 0 else { continue }
      let key = e.elementKey
      seen.insert(key)
      if let s = springs[key] {
        guard moveAnchors else { continue }
        var moved = false
        if s.attachment.anchorPoint != e.center {
          s.attachment.anchorPoint = e.center
          moved = true
        }
        if s.attributes.size != e.size {
          s.attributes.size = e.size
          moved = true
        }
        if moved { didMoveAnchor(s) }
      } else {
        fresh.append(e)
      }
    }
    var removed = 0
    if springs.count + fresh.count > seen.count {
      let gone = springs.keys.filter { !seen.contains($0) }.sorted()
      for key in gone {
        remove(key, from: animator, willRemove: willRemove)
        removed += 1
      }
    }
    for e in fresh {
      let attachment = make(e, e.center)
      prepareNew(e)
      let s = LayoutSpring(attributes: e, attachment: attachment)
      springs[e.elementKey] = s
      animator.addBehavior(attachment)
      didAdd(s)
    }
    return (fresh.count, removed)
  }

  /// The tiling rect moved from `old` to `new` while the flow geometry stayed the same: drops the springs
  /// whose flow frames left, and asks `query` only for the bands of `new` outside `old` — so a frame of
  /// scrolling costs the few elements that enter, not all of them.
  @discardableResult
  mutating func slide(
    from old: Rect, to new: Rect, in animator: DynamicAnimator,
    query: (Rect) -> [LayoutAttributes],
    make: (LayoutAttributes, Point) -> AttachmentBehavior,
    prepareNew: (LayoutAttributes) -> Void = { _ in },
    didAdd: (LayoutSpring) -> Void = { _ in },
    willRemove: (LayoutSpring) -> Void = { _ in }
  ) -> (added: Int, removed: Int) {
    var gone: [ElementKey] = []
    for (key, s) in springs where !Rect(center: s.attachment.anchorPoint, size: s.attributes.size).intersects(new) {
      gone.append(key)
    }
    gone.sort()
    for key in gone { remove(key, from: animator, willRemove: willRemove) }
    // Disjoint bands of `new` outside `old`: above, below, then left and right between them.
    var bands: [Rect] = []
    if !old.intersects(new) {
      bands = [new]
    } else {
      if new.minY < old.minY {
        bands.append(Rect(x: new.minX, y: new.minY, width: new.width, height: old.minY - new.minY))
      }
      if new.maxY > old.maxY {
        bands.append(Rect(x: new.minX, y: old.maxY, width: new.width, height: new.maxY - old.maxY))
      }
      let y0 = Swift.max(new.minY, old.minY), y1 = Swift.min(new.maxY, old.maxY)
      if new.minX < old.minX { bands.append(Rect(x: new.minX, y: y0, width: old.minX - new.minX, height: y1 - y0)) }
      if new.maxX > old.maxX { bands.append(Rect(x: old.maxX, y: y0, width: new.maxX - old.maxX, height: y1 - y0)) }
    }
    var added = 0
    for band in bands {
      for e in query(band) where e.size.width > 0 && e.size.height > 0 && springs[e.elementKey] == nil {
        let attachment = make(e, e.center)
        prepareNew(e)
        let s = LayoutSpring(attributes: e, attachment: attachment)
        springs[e.elementKey] = s
        animator.addBehavior(attachment)
        didAdd(s)
        added += 1
      }
    }
    return (added, gone.count)
  }

  mutating func remove(_ key: ElementKey, from animator: DynamicAnimator, willRemove: (LayoutSpring) -> Void = { _ in })
  {
    guard let s = springs.removeValue(forKey: key) else { return }
    willRemove(s)
    animator.removeBehavior(s.attachment)
  }

  /// Carries the springs over a batch update: each keeps its body (position, velocity) under its new
  /// index path; springs of deleted elements leave the animator.
  mutating func remap(
    _ map: UpdateIndexMap, in animator: DynamicAnimator, willRemove: (LayoutSpring) -> Void = { _ in }
  ) {
    guard !map.isIdentity else { return }
    var next: [ElementKey: LayoutSpring] = [:]
    next.reserveCapacity(springs.count)
    var gone: [ElementKey] = []
    for (key, s) in springs {
      if let newKey = map.newKey(forOld: key) {
        s.attributes.indexPath = newKey.indexPath
        next[newKey] = s
      } else {
        gone.append(key)
      }
    }
    for key in gone.sorted() {
      if let s = springs[key] {
        willRemove(s)
        animator.removeBehavior(s.attachment)
      }
    }
    springs = next
  }

  /// Removes every spring from the animator.
  mutating func removeAll(from animator: DynamicAnimator, willRemove: (LayoutSpring) -> Void = { _ in }) {
    for key in springs.keys.sorted() { remove(key, from: animator, willRemove: willRemove) }
  }

  /// Every spring, in key order.
  var ordered: [LayoutSpring] { springs.keys.sorted().map { springs[$0]! } }

  /// Calls `body` on every spring (in no particular order: only for work that does not depend on it).
  func forEachUnordered(_ body: (LayoutSpring) -> Void) {
    for s in springs.values { body(s) }
  }
}
