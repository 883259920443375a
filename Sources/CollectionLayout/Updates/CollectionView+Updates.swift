import Geometry2D

extension CollectionView {
  /// Applies the inserts, deletes, moves and reloads made in `updates` as one animated change.
  ///
  /// Update the data source first, then describe the change here, as in UIKit. The update is checked
  /// as UIKit checks it (section and item counts, index paths in range, no element both deleted and
  /// moved …); a bad one throws `CollectionViewUpdateError` and changes nothing. A good one tells the
  /// layout `prepare(forCollectionViewUpdates:)`, takes the appearing and disappearing attributes, calls
  /// `finalizeCollectionViewUpdates()`, and animates for `updateAnimationDuration` seconds (advanced by
  /// `advance(by:)`); `completion(true)` runs when the animation ends. Calls nest into the outer batch.
  public func performBatchUpdates(_ updates: () throws -> Void, completion: ((Bool) -> Void)? = nil) throws {
    if batch != nil {
      try updates()
      if let completion { batch?.completions.append(completion) }
      return
    }
    guard sectionCounts != nil else {
      // Nothing was ever loaded, so there is no "before" to check against: just load.
      try updates()
      reloadData()
      layoutIfNeeded()
      completion?(true)
      return
    }
    prepareLayoutIfNeeded()
    batch = BatchRecorder()
    do {
      try updates()
    } catch {
      batch = nil
      throw error
    }
    var recorded = batch ?? BatchRecorder()
    batch = nil
    if let completion { recorded.completions.append(completion) }
    let plan = try UpdatePlan(oldCounts: sectionCounts ?? [], newCounts: currentDataSourceCounts(), batch: recorded)
    apply(plan, completions: recorded.completions)
  }

  /// Inserts items (new index paths). Outside a batch it is a batch of its own.
  public func insertItems(at indexPaths: [IndexPath]) throws {
    try record { $0.insertedItems += indexPaths }
  }

  /// Deletes items (index paths before the update).
  public func deleteItems(at indexPaths: [IndexPath]) throws {
    try record { $0.deletedItems += indexPaths }
  }

  /// Moves an item from an index path before the update to one after it.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
    try record { $0.movedItems.append((indexPath, newIndexPath)) }
  }

  /// Reloads items in place: each cross-fades into a freshly configured cell. Outside a batch, an
  /// invalid index path is ignored (inside one, the batch throws).
  public func reloadItems(at indexPaths: [IndexPath]) {
    if batch != nil {
      batch?.reloadedItems += indexPaths
    } else {
      let counts = sectionCounts ?? []
      let valid = indexPaths.filter {
        $0.section >= 0 && $0.section < counts.count && $0.item >= 0 && $0.item < counts[$0.section]
      }
      try? performBatchUpdates { self.batch?.reloadedItems += valid }
    }
  }

  /// Inserts whole sections (new section indices).
  public func insertSections(_ sections: [Int]) throws {
    try record { $0.insertedSections += sections }
  }

  /// Deletes whole sections (indices before the update).
  public func deleteSections(_ sections: [Int]) throws {
    try record { $0.deletedSections += sections }
  }

  /// Moves a section.
  public func moveSection(_ section: Int, toSection newSection: Int) throws {
    try record { $0.movedSections.append((section, newSection)) }
  }

  /// Reloads whole sections; invalid indices are ignored outside a batch.
  public func reloadSections(_ sections: [Int]) {
    if batch != nil {
      batch?.reloadedSections += sections
    } else {
      let count = sectionCounts?.count ?? 0
      let valid = sections.filter { $0 >= 0 && $0 < count }
      try? performBatchUpdates { self.batch?.reloadedSections += valid }
    }
  }

  private func record(_ change: (inout BatchRecorder) -> Void) throws {
    if batch != nil {
      change(&batch!)
    } else {
      try performBatchUpdates { change(&self.batch!) }
    }
  }

  /// Commits a validated plan: new counts, remapped selection and views, the layout's update calls, and
  /// the animation from what was on screen to the new layout.
  func apply(_ plan: UpdatePlan, completions: [(Bool) -> Void]) {
    finishAnimation(finished: true)
    // What is on screen, keyed and copied *before* the layout hears of the update: a physics layout hands
    // out the attributes objects its bodies move and re-keys them in `prepare(forCollectionViewUpdates:)`,
    // so reading an element's index path afterwards would map it twice.
    let before = displayedElements.filter { !$0.isDisappearing }.map {
      (key: $0.attributes.elementKey, attributes: $0.attributes.copy(), view: $0.view)
    }
    // Old attributes around the viewport, for items that slide in from just off screen (copied likewise).
    let visible = bounds
    var nearby: [ElementKey: LayoutAttributes] = [:]
    for a in layoutStorage.layoutAttributesForElements(in: visible.insetBy(dx: -visible.width, dy: -visible.height)) {
      nearby[a.elementKey] = a.copy()
    }

    sectionCounts = plan.newCounts
    selection = Set(selection.compactMap { plan.newIndexPath(forOld: $0, includingReloaded: true) })
    if let highlighted = highlightedIndexPath { setHighlight(nil, previous: highlighted) }
    press = nil

    layoutStorage.invalidateLayout()
    prepareLayoutIfNeeded()
    layoutStorage.prepare(forCollectionViewUpdates: plan.updateItems)
    let after = layoutStorage.layoutAttributesForElements(in: bounds)
    var afterKeys = Set<ElementKey>()
    for a in after { afterKeys.insert(a.elementKey) }

    var starts: [ElementKey: LayoutAttributes] = [:]
    var leaving: [ElementAnimation.Leaving] = []
    var views: [ElementKey: ReusableView] = [:]
    for element in before {
      let oldKey = element.key
      if let newKey = plan.newKey(forOld: oldKey) {
        let from = element.attributes.copy()
        from.indexPath = newKey.indexPath
        if afterKeys.contains(newKey) {
          views[newKey] = element.view
          starts[newKey] = from
        } else {
          // Still there, but moving off screen: follow it to its new place, then recycle the view.
          let to = liveAttributes(for: newKey) ?? faded(from)
          leaving.append(.init(key: newKey, from: from, to: to, view: element.view))
        }
      } else {
        let to = disappearingAttributes(for: element.attributes)
        leaving.append(.init(key: oldKey, from: element.attributes, to: to, view: element.view))
      }
    }
    for a in after {
      let key = a.elementKey
      guard starts[key] == nil else { continue }
      if let oldKey = plan.oldKey(forNew: key) {
        if let old = nearby[oldKey] {
          let from = old.copy()
          from.indexPath = key.indexPath
          starts[key] = from
        } else {
          starts[key] = faded(a)
        }
      } else {
        starts[key] = appearingAttributes(for: a)
      }
    }
    layoutStorage.finalizeCollectionViewUpdates()

    // Views of elements that are neither kept nor leaving (should not happen) go back to the pool.
    for key in visibleViews.keys.sorted() {
      guard let view = visibleViews[key] else { continue }
      if !views.values.contains(where: { $0 === view }) && !leaving.contains(where: { $0.view === view }) {
        recycle(view, key: key)
      }
    }
    visibleViews = views
    animation = ElementAnimation(
      duration: Swift.max(0, updateAnimationDuration), starts: starts, leaving: leaving,
      completions: completions)
    needsDisplayUpdate = true
    if updateAnimationDuration <= 0 { finishAnimation(finished: true) }
    layoutIfNeeded()
  }

  /// The layout's attributes now for an element.
  func liveAttributes(for key: ElementKey) -> LayoutAttributes? {
    switch key.category {
    case .cell: return layoutStorage.layoutAttributesForItem(at: key.indexPath)
    case .supplementaryView:
      return layoutStorage.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
    case .decorationView:
      return layoutStorage.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
    }
  }

  /// The layout's start for an inserted element, or the default: its final place at alpha 0.
  func appearingAttributes(for a: LayoutAttributes) -> LayoutAttributes {
    let custom: LayoutAttributes?
    switch a.representedElementCategory {
    case .cell: custom = layoutStorage.initialLayoutAttributesForAppearingItem(at: a.indexPath)
    case .supplementaryView:
      custom = layoutStorage.initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind: a.representedElementKind ?? "",
        at: a.indexPath)
    case .decorationView:
      custom = layoutStorage.initialLayoutAttributesForAppearingDecorationElement(
        ofKind: a.representedElementKind ?? "",
        at: a.indexPath)
    }
    return custom?.copy() ?? faded(a)
  }

  /// The layout's end for a deleted element (old index path), or the default: where it was, at alpha 0.
  func disappearingAttributes(for a: LayoutAttributes) -> LayoutAttributes {
    let custom: LayoutAttributes?
    switch a.representedElementCategory {
    case .cell: custom = layoutStorage.finalLayoutAttributesForDisappearingItem(at: a.indexPath)
    case .supplementaryView:
      custom = layoutStorage.finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind: a.representedElementKind ?? "",
        at: a.indexPath)
    case .decorationView:
      custom = layoutStorage.finalLayoutAttributesForDisappearingDecorationElement(
        ofKind: a.representedElementKind ?? "",
        at: a.indexPath)
    }
    return custom?.copy() ?? faded(a)
  }

  func faded(_ a: LayoutAttributes) -> LayoutAttributes {
    let copy = a.copy()
    copy.alpha = 0
    return copy
  }
}
