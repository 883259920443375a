import Geometry2D

/// A layout between two layouts: UICollectionViewTransitionLayout. Its attributes blend
/// `currentLayout`'s (progress 0) into `nextLayout`'s (progress 1); an element only one of them shows
/// fades in or out where that layout puts it. Drive `transitionProgress` from a gesture, or let
/// `CollectionView.finishInteractiveTransition()` animate it.
open class TransitionLayout: CollectionViewLayout {
  /// The layout the transition starts from (progress 0).
  public let currentLayout: CollectionViewLayout
  /// The layout the transition ends on (progress 1).
  public let nextLayout: CollectionViewLayout
  private var animatedValues: [String: Double] = [:]

  /// 0 shows `currentLayout`, 1 `nextLayout`; values outside 0…1 extrapolate (for a bounce). Setting it
  /// invalidates the layout.
  public var transitionProgress: Double = 0 {
    didSet { if transitionProgress != oldValue { invalidateLayout() } }
  }

  /// A transition from `currentLayout` to `nextLayout`, at progress 0.
  public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
    self.currentLayout = currentLayout
    self.nextLayout = nextLayout
    super.init()
  }

  /// Stores a value a subclass animates along with the transition (UIKit's `updateValue(_:forAnimatedKey:)`).
  public func updateValue(_ value: Double, forAnimatedKey key: String) { animatedValues[key] = value }

  /// A value stored with `updateValue(_:forAnimatedKey:)`, 0 if none.
  public func value(forAnimatedKey key: String) -> Double { animatedValues[key] ?? 0 }

  open override func prepare() {
    for layout in [currentLayout, nextLayout] {
      layout.collectionView = collectionView
      layout.prepare()
      layout.isInvalidated = false
    }
  }

  open override var collectionViewContentSize: Size {
    let a = currentLayout.collectionViewContentSize, b = nextLayout.collectionViewContentSize
    let t = transitionProgress
    return Size(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let from = currentLayout.layoutAttributesForElements(in: rect)
    let to = nextLayout.layoutAttributesForElements(in: rect)
    var toByKey: [ElementKey: LayoutAttributes] = [:]
    for a in to { toByKey[a.elementKey] = a }
    var result: [LayoutAttributes] = []
    result.reserveCapacity(Swift.max(from.count, to.count))
    var done = Set<ElementKey>()
    for a in from {
      let key = a.elementKey
      guard done.insert(key).inserted else { continue }
      result.append(blend(a, toByKey[key] ?? attributes(for: key, in: nextLayout)))
    }
    for b in to where done.insert(b.elementKey).inserted {
      result.append(blend(attributes(for: b.elementKey, in: currentLayout), b))
    }
    return result
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    let a = currentLayout.layoutAttributesForItem(at: indexPath), b = nextLayout.layoutAttributesForItem(at: indexPath)
    guard a != nil || b != nil else { return nil }
    return blend(a, b)
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    let a = currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    let b = nextLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    guard a != nil || b != nil else { return nil }
    return blend(a, b)
  }

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    // Both are asked: physics layouts do their work in this call.
    let a = currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
    let b = nextLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
    return a || b
  }

  open override func advance(by seconds: Double) {
    currentLayout.advance(by: seconds)
    nextLayout.advance(by: seconds)
    if currentLayout.isInvalidated || nextLayout.isInvalidated { invalidateLayout() }
  }

  /// The attributes of `current` and `next` blended at the progress; a missing side fades.
  func blend(_ current: LayoutAttributes?, _ next: LayoutAttributes?) -> LayoutAttributes {
    switch (current, next) {
    case (let a?, let b?):
      return LayoutAttributes.interpolated(from: a, to: b, fraction: transitionProgress)
    case (let a?, nil):
      let gone = a.copy()
      gone.alpha = 0
      return LayoutAttributes.interpolated(from: a, to: gone, fraction: transitionProgress)
    case (nil, let b?):
      let unseen = b.copy()
      unseen.alpha = 0
      return LayoutAttributes.interpolated(from: unseen, to: b, fraction: transitionProgress)
    case (nil, nil):
      preconditionFailure("blend needs at least one side")
    }
  }
}

/// An element's attributes in a layout, by category.
func attributes(for key: ElementKey, in layout: CollectionViewLayout) -> LayoutAttributes? {
  switch key.category {
  case .cell: return layout.layoutAttributesForItem(at: key.indexPath)
  case .supplementaryView: return layout.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
  case .decorationView: return layout.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
  }
}
