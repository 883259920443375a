import Geometry2D

/// An interactive transition in progress, and the animation that finishes or cancels it.
struct RunningTransition {
  var layout: TransitionLayout
  var completion: ((Bool, Bool) -> Void)?
  /// When finishing or cancelling: the progress to reach, from where, over how long (seconds).
  var target: Double?
  var start = 0.0
  var elapsed = 0.0
  var duration = 0.0
}

extension CollectionView {
  /// Replaces the layout. The first visible item keeps its place in the viewport where the new content
  /// allows. Animated, every element moves from where it was drawn to where the new layout puts it over
  /// `updateAnimationDuration` seconds (elements only one layout shows fade); `completion(true)` runs
  /// at the end.
  public func setCollectionViewLayout(
    _ layout: CollectionViewLayout, animated: Bool,
    completion: ((Bool) -> Void)? = nil
  ) {
    guard layout !== layoutStorage else {
      completion?(true)
      return
    }
    if let running = transition {
      transition = nil
      running.completion?(false, false)
    }
    finishAnimation(finished: true)
    loadCountsIfNeeded()
    prepareLayoutIfNeeded()
    let old = layoutStorage
    let before = displayedElements.filter { !$0.isDisappearing }
    let oldOffset = contentOffset
    let anchor = before.filter { $0.attributes.representedElementCategory == .cell }
      .min { $0.attributes.indexPath < $1.attributes.indexPath }?.attributes

    old.prepareForTransition(to: layout)
    layout.prepareForTransition(from: old)
    layoutStorage = layout
    layout.collectionView = self
    layout.invalidateLayout()
    prepareLayoutIfNeeded()
    if let anchor, let moved = layout.layoutAttributesForItem(at: anchor.indexPath) {
      let lo = minimumContentOffset, hi = maximumContentOffset
      let target = Point(
        x: Swift.min(Swift.max(moved.frame.minX - (anchor.frame.minX - oldOffset.x), lo.x), hi.x),
        y: Swift.min(Swift.max(moved.frame.minY - (anchor.frame.minY - oldOffset.y), lo.y), hi.y))
      let asked = layout.targetContentOffset(forProposedContentOffset: target)
      contentOffset = Point(x: Swift.min(Swift.max(asked.x, lo.x), hi.x), y: Swift.min(Swift.max(asked.y, lo.y), hi.y))
    } else {
      contentOffset = Point(
        x: Swift.min(Swift.max(oldOffset.x, minimumContentOffset.x), maximumContentOffset.x),
        y: Swift.min(Swift.max(oldOffset.y, minimumContentOffset.y), maximumContentOffset.y))
    }
    let shift = contentOffset - oldOffset

    if animated && updateAnimationDuration > 0 {
      func shifted(_ a: LayoutAttributes) -> LayoutAttributes {
        let copy = a.copy()
        copy.center = copy.center + shift
        return copy
      }
      let after = layout.layoutAttributesForElements(in: bounds)
      var afterKeys = Set<ElementKey>()
      for a in after { afterKeys.insert(a.elementKey) }
      var starts: [ElementKey: LayoutAttributes] = [:]
      var leaving: [ElementAnimation.Leaving] = []
      var views: [ElementKey: ReusableView] = [:]
      for element in before {
        let key = element.attributes.elementKey
        let from = shifted(element.attributes)
        if afterKeys.contains(key) {
          starts[key] = from
          views[key] = element.view
        } else {
          leaving.append(
            .init(key: key, from: from, to: attributes(for: key, in: layout) ?? faded(from), view: element.view))
        }
      }
      for a in after where starts[a.elementKey] == nil {
        starts[a.elementKey] = attributes(for: a.elementKey, in: old).map(shifted) ?? faded(a)
      }
      visibleViews = views
      animation = ElementAnimation(
        duration: updateAnimationDuration, starts: starts, leaving: leaving,
        completions: completion.map { [$0] } ?? [])
    } else {
      completion?(true)
    }
    old.collectionView = nil
    old.finalizeLayoutTransition()
    layout.finalizeLayoutTransition()
    needsDisplayUpdate = true
    layoutIfNeeded()
  }

  /// Starts an interactive change to `layout`: the collection view shows the delegate's transition
  /// layout (a plain `TransitionLayout` by default) and returns it; set its `transitionProgress` from a
  /// gesture, then call `finishInteractiveTransition()` or `cancelInteractiveTransition()`.
  /// `completion(completed, finished)` runs when the final layout is installed.
  @discardableResult
  public func startInteractiveTransition(
    to layout: CollectionViewLayout,
    completion: ((Bool, Bool) -> Void)? = nil
  ) -> TransitionLayout {
    finishAnimation(finished: true)
    let old = layoutStorage
    let blend =
      delegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout)
      ?? TransitionLayout(currentLayout: old, nextLayout: layout)
    old.prepareForTransition(to: layout)
    layout.prepareForTransition(from: old)
    layoutStorage = blend
    blend.collectionView = self
    layout.collectionView = self
    blend.invalidateLayout()
    transition = RunningTransition(layout: blend, completion: completion)
    layoutIfNeeded()
    return blend
  }

  /// The transition layout of an interactive transition in progress.
  public var activeTransitionLayout: TransitionLayout? { transition?.layout }

  /// Animates the interactive transition's progress to 1, then installs the new layout.
  public func finishInteractiveTransition() { endInteractiveTransition(to: 1) }

  /// Animates the interactive transition's progress back to 0, then reinstalls the old layout.
  public func cancelInteractiveTransition() { endInteractiveTransition(to: 0) }

  private func endInteractiveTransition(to target: Double) {
    guard var running = transition else { return }
    running.target = target
    running.start = running.layout.transitionProgress
    running.elapsed = 0
    running.duration = updateAnimationDuration * Swift.min(1, Swift.abs(target - running.start))
    transition = running
    if running.duration <= 0 { completeTransition() }
  }

  func advanceTransition(by seconds: Double) {
    guard var running = transition, let target = running.target else { return }
    running.elapsed += seconds
    transition = running
    let t = running.duration > 0 ? Swift.min(1, running.elapsed / running.duration) : 1
    let eased = t * t * (3 - 2 * t)
    running.layout.transitionProgress = running.start + (target - running.start) * eased
    if t >= 1 { completeTransition() }
  }

  private func completeTransition() {
    guard let running = transition, let target = running.target else { return }
    transition = nil
    let blend = running.layout
    let final = target >= 1 ? blend.nextLayout : blend.currentLayout
    let other = target >= 1 ? blend.currentLayout : blend.nextLayout
    layoutStorage = final
    final.collectionView = self
    other.collectionView = nil
    blend.collectionView = nil
    final.invalidateLayout()
    blend.currentLayout.finalizeLayoutTransition()
    blend.nextLayout.finalizeLayoutTransition()
    layoutIfNeeded()
    running.completion?(target >= 1, true)
  }
}
