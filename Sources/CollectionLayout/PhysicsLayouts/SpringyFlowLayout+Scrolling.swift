import Dynamics
import Geometry2D

extension SpringyFlowLayout {
  /// Before the bounds move, every element shifts by the delta times its resistance and the animator
  /// re-reads it; new tiles are picked up by invalidating without a re-flow.
  func shiftSprings(forBoundsChange newBounds: Rect) {
    guard let cv = collectionView else { return }
    let old = cv.bounds
    let delta = Vector(dx: newBounds.minX - old.minX, dy: newBounds.minY - old.minY)
    if delta != .zero {
      latestDelta = delta
      if let touch = cv.panLocation {
        let animator = dynamicAnimator
        springSet.forEachUnordered { s in
          let d = displacement(anchor: s.attachment.anchorPoint, delta: delta, touch: touch)
          guard d != .zero else { return }
          s.attributes.center = s.attributes.center + d
          animator.updateItem(usingCurrentState: s.attributes)
        }
        dynamicAnimator.layoutLink?.positionsDidChange()
      }
      needsRetile = true
      invalidateKeepingFlow()
    }
  }

  /// How far an element anchored at `anchor` lags a scroll by `delta` with the pointer at `touch`
  /// (content points): delta × (|Δx| + |Δy|) / scrollResistance, never more than the delta itself.
  public func displacement(anchor: Point, delta: Vector, touch: Point) -> Vector {
    let r = (abs(touch.y - anchor.y) + abs(touch.x - anchor.x)) / scrollResistance
    func part(_ d: Double) -> Double { d < 0 ? Swift.max(d, d * r) : Swift.min(d, d * r) }
    var v = Vector(dx: part(delta.dx), dy: part(delta.dy))
    if springsAlongScrollAxisOnly {
      if scrollDirection == .vertical { v.dx = 0 } else { v.dy = 0 }
    }
    return v
  }

  /// The rect whose elements should have springs now.
  func currentTilingRect() -> Rect? {
    guard let cv = collectionView else { return nil }
    let visible = Rect(origin: cv.bounds.origin, size: cv.bounds.size)
    if isTilingEnabled { return visible.insetBy(dx: -tilingMargin, dy: -tilingMargin) }
    let content = collectionViewContentSize
    return Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)
  }

  /// Brings the springs in line with the tiling rect (and the anchors with the flow geometry when it
  /// changed). Cheap when neither moved.
  func retileIfNeeded() {
    guard needsRetile, let rect = currentTilingRect() else { return }
    needsRetile = false
    let moveAnchors = anchorsAreStale
    guard moveAnchors || rect != tilingRect else { return }
    anchorsAreStale = false
    let previous = tilingRect
    tilingRect = rect
    let animator = dynamicAnimator
    let touch = collectionView?.panLocation
    let delta = latestDelta
    let axisOnly = springsAlongScrollAxisOnly, vertical = scrollDirection == .vertical
    let make: (LayoutAttributes, Point) -> AttachmentBehavior = { self.makeAttachment(for: $0, anchor: $1) }
    let prepareNew: (LayoutAttributes) -> Void = { a in
      // As if it had been there for the latest bounds change (the article's latestDelta), only while a
      // pointer drives the scroll — including the fling after release.
      guard let touch else { return }
      a.center = a.center + self.displacement(anchor: a.center, delta: delta, touch: touch)
    }
    let result: (added: Int, removed: Int)
    if !moveAnchors && previous != .zero {
      result = springSet.slide(
        from: previous, to: rect, in: animator,
        query: { super.layoutAttributesForElements(in: $0) },
        make: make, prepareNew: prepareNew)
    } else {
      result = springSet.sync(
        with: super.layoutAttributesForElements(in: rect), in: animator, moveAnchors: moveAnchors,
        make: make, prepareNew: prepareNew,
        didMoveAnchor: { s in
          guard axisOnly else { return }
          // Re-flowed across the axis: jump there at once, keep only the motion along the axis.
          var c = s.attributes.center
          let anchor = s.attachment.anchorPoint
          if vertical { c.x = anchor.x } else { c.y = anchor.y }
          guard c != s.attributes.center else { return }
          var v = animator.linearVelocity(of: s.attributes)
          if vertical { v.dx = 0 } else { v.dy = 0 }
          s.attributes.center = c
          animator.updateItem(usingCurrentState: s.attributes)
          animator.setLinearVelocity(v, of: s.attributes)
        })
    }
    if moveAnchors || result.added > 0 || result.removed > 0 { animator.layoutLink?.needsReindex = true }
  }
}
