import Geometry2D

extension CollectionView {
  /// How far the scene is through the running update or layout-change animation (0…1, eased), or nil
  /// when nothing animates.
  public var updateAnimationProgress: Double? { animation?.progress }

  /// Whether a batch update or an animated layout change is animating.
  public var isAnimatingUpdates: Bool { animation != nil }

  /// Asks the layout for the elements in the visible rect, blends in the running animation, takes views
  /// for new elements from the pool (and returns views of elements that left), and orders the result
  /// back to front.
  func updateDisplayedElements() {
    let visibleRect = bounds
    let live = layoutStorage.layoutAttributesForElements(in: visibleRect)

    struct Entry {
      var attributes: LayoutAttributes
      var key: ElementKey
      var isAnimating: Bool
      var leavingView: ReusableView?
    }
    var entries: [Entry] = []
    entries.reserveCapacity(live.count + (animation?.leaving.count ?? 0))
    var seen = Set<ElementKey>(minimumCapacity: live.count + (animation?.leaving.count ?? 0))
    let progress = animation?.progress ?? 1
    for a in live {
      let key = a.elementKey
      guard seen.insert(key).inserted else { continue }
      if let from = animation?.starts[key] {
        entries.append(
          Entry(
            attributes: .interpolated(from: from, to: a, fraction: progress), key: key,
            isAnimating: true))
      } else {
        entries.append(Entry(attributes: a, key: key, isAnimating: false))
      }
    }
    for leaving in animation?.leaving ?? [] {
      let a = LayoutAttributes.interpolated(from: leaving.from, to: leaving.to, fraction: progress)
      entries.append(Entry(attributes: a, key: leaving.key, isAnimating: true, leavingView: leaving.view))
    }

    // Recycle first, so the elements that come on screen this frame can reuse what just left.
    var gone: [ElementKey] = []
    for key in visibleViews.keys where !seen.contains(key) { gone.append(key) }
    for key in gone.sorted() {
      if let view = visibleViews.removeValue(forKey: key) { recycle(view, key: key) }
    }

    var elements: [DisplayedElement] = []
    elements.reserveCapacity(entries.count)
    for entry in entries {
      let view: ReusableView
      if let leavingView = entry.leavingView {
        view = leavingView
      } else if let existing = visibleViews[entry.key] {
        view = existing
      } else {
        view = makeView(for: entry.attributes)
        visibleViews[entry.key] = view
      }
      let previousSize = view.layoutAttributes?.size
      view.layoutAttributes = entry.attributes
      if !entry.isAnimating, previousSize != entry.attributes.size {
        askPreferredAttributes(of: view, entry.attributes)
      }
      if let cell = view as? CollectionViewCell, entry.leavingView == nil {
        let ip = entry.key.indexPath
        cell.isSelected = selection.contains(ip)
        cell.isHighlighted = highlightedIndexPath == ip
      }
      view.apply(entry.attributes)
      elements.append(
        DisplayedElement(
          attributes: entry.attributes, view: view, isAnimating: entry.isAnimating,
          isDisappearing: entry.leavingView != nil))
    }
    // Back to front by z-index; equal z-indices keep the layout's order (a stable sort). Most frames
    // are in order already, or need only the few raised elements (headers) moved to the end.
    var ordered = true
    for i in elements.indices.dropFirst() where elements[i - 1].attributes.zIndex > elements[i].attributes.zIndex {
      ordered = false
      break
    }
    if ordered {
      displayedElements = elements
    } else {
      let order = elements.indices.sorted { i, j in
        let zi = elements[i].attributes.zIndex, zj = elements[j].attributes.zIndex
        return zi != zj ? zi < zj : i < j
      }
      displayedElements = order.map { elements[$0] }
    }
  }

  /// Self-sizing: offers the view its attributes; when the layout takes the preferred ones it is
  /// invalidated with the layout's context, and the next pass shows the new size.
  func askPreferredAttributes(of view: ReusableView, _ attributes: LayoutAttributes) {
    let preferred = view.preferredLayoutAttributesFitting(attributes.copy())
    guard
      layoutStorage.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
    else { return }
    let context = layoutStorage.invalidationContext(
      forPreferredLayoutAttributes: preferred,
      withOriginalAttributes: attributes)
    layoutStorage.invalidateLayout(with: context)
    selfSizingInvalidated = true
  }

  /// A view for an element coming on screen: from the data source for cells and supplementary views,
  /// from the pool for decoration views.
  func makeView(for attributes: LayoutAttributes) -> ReusableView {
    let ip = attributes.indexPath
    switch attributes.representedElementCategory {
    case .cell:
      let cell =
        dataSource?.collectionView(self, cellForItemAt: ip)
        ?? dequeueReusableCell(withReuseIdentifier: CollectionView.defaultReuseIdentifier, for: ip)
      delegate?.collectionView(self, willDisplay: cell, forItemAt: ip)
      return cell
    case .supplementaryView:
      let kind = attributes.representedElementKind ?? ""
      return dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: ip)
        ?? dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: CollectionView.defaultReuseIdentifier, for: ip)
    case .decorationView:
      let kind = attributes.representedElementKind ?? ""
      return pool.dequeue(
        ReusePool.Key(kind: kind, identifier: kind),
        fallback: layoutStorage.decorationViewClasses[kind] ?? ReusableView.self)
    }
  }

  /// Returns a view to its pool, telling the delegate when a cell stops being displayed.
  func recycle(_ view: ReusableView, key: ElementKey) {
    if let cell = view as? CollectionViewCell {
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
      cell.isSelected = false
      cell.isHighlighted = false
    }
    pool.enqueue(view, kind: key.category == .cell ? nil : key.kind)
  }

  func recycleAllViews() {
    for key in visibleViews.keys.sorted() {
      if let view = visibleViews.removeValue(forKey: key) { recycle(view, key: key) }
    }
    displayedElements = []
  }

  func advanceAnimation(by seconds: Double) {
    guard var running = animation else { return }
    running.elapsed += seconds
    animation = running
    needsDisplayUpdate = true
    if running.isFinished { finishAnimation(finished: true) }
  }

  /// Ends the running animation: leaving views go back to the pool and the completions run.
  func finishAnimation(finished: Bool) {
    guard let running = animation else { return }
    animation = nil
    for leaving in running.leaving { recycle(leaving.view, key: leaving.key) }
    needsDisplayUpdate = true
    for completion in running.completions { completion(finished) }
  }
}
