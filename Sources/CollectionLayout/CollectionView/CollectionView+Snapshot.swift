import Geometry2D

/// Saving and restoring a collection view with its layout and scroll physics: a superset of UIKit, which
/// has no way back.
extension CollectionView {
  /// Everything that decides what the collection view does next: the scroll view's geometry and
  /// physics (a drag, a coast, a bounce under way), the layout (its flow geometry, a springy layout's
  /// springs and its animator's whole state), the elements displayed and their views, the selection,
  /// and an update animation under way. Restoring it and running the same calls gives the same bits as
  /// never having left.
  ///
  /// A snapshot restores the collection view that took it, with the layout it had then. It does not
  /// hold the data source's data (the caller restores its own model beside it), nor a layout transition
  /// under way; a layout subclass from outside this module keeps its own state.
  public struct Snapshot {
    let view: ObjectIdentifier
    let scroll: ScrollViewState
    let layout: CollectionViewLayout
    let layoutState: Any
    let attributes: SavedAttributes
    let own: OwnState
    let views: [(view: ReusableView, attributes: LayoutAttributes?, selected: Bool, highlighted: Bool)]

    /// Roughly the memory the snapshot holds, in bytes: the attributes and views it keeps values for,
    /// and a physics layout's animator snapshot.
    public var approximateBytes: Int { 2048 + 120 * attributes.count + 64 * views.count + attributes.otherBytes }
  }

  struct OwnState {
    var allowsSelection: Bool
    var allowsMultipleSelection: Bool
    var updateAnimationDuration: Double
    var displayedElements: [DisplayedElement]
    var layoutPassCount: Int
    var sectionCounts: [Int]?
    var needsDisplayUpdate: Bool
    var pool: ReusePool
    var visibleViews: [ElementKey: ReusableView]
    var selection: Set<IndexPath>
    var highlightedIndexPath: IndexPath?
    var animation: ElementAnimation?
    var batch: BatchRecorder?
    var press: Press?
    var transition: RunningTransition?
    var isInAnimatedBoundsChange: Bool
    var selfSizingInvalidated: Bool
  }

  /// Takes a snapshot; taking one changes nothing.
  public func takeSnapshot() -> Snapshot {
    var attributes = SavedAttributes()
    let layoutState = layoutStorage.saveLayoutState(&attributes)
    for e in displayedElements { attributes.add(e.attributes) }
    if let animation {
      for a in animation.starts.values { attributes.add(a) }
      for l in animation.leaving {
        attributes.add(l.from)
        attributes.add(l.to)
      }
    }
    var seen = Set<ObjectIdentifier>()
    var views: [(ReusableView, LayoutAttributes?, Bool, Bool)] = []
    let shown = Array(visibleViews.values) + displayedElements.map(\.view) + (animation?.leaving.map(\.view) ?? [])
    for v in shown where seen.insert(ObjectIdentifier(v)).inserted {
      if let a = v.layoutAttributes { attributes.add(a) }
      let cell = v as? CollectionViewCell
      views.append((v, v.layoutAttributes, cell?.isSelected ?? false, cell?.isHighlighted ?? false))
    }
    let own = OwnState(
      allowsSelection: allowsSelection, allowsMultipleSelection: allowsMultipleSelection,
      updateAnimationDuration: updateAnimationDuration, displayedElements: displayedElements,
      layoutPassCount: layoutPassCount, sectionCounts: sectionCounts, needsDisplayUpdate: needsDisplayUpdate,
      pool: pool, visibleViews: visibleViews, selection: selection, highlightedIndexPath: highlightedIndexPath,
      animation: animation, batch: batch, press: press, transition: transition,
      isInAnimatedBoundsChange: isInAnimatedBoundsChange, selfSizingInvalidated: selfSizingInvalidated)
    return Snapshot(
      view: ObjectIdentifier(self), scroll: saveScrollState(), layout: layoutStorage, layoutState: layoutState,
      attributes: attributes, own: own, views: views)
  }

  /// Puts the collection view, its layout and their attributes back as `snapshot` found them.
  /// - Precondition: this collection view took the snapshot.
  public func restore(_ snapshot: Snapshot) {
    precondition(
      snapshot.view == ObjectIdentifier(self), "CollectionView.restore(_:): another collection view's snapshot")
    layoutStorage = snapshot.layout
    snapshot.layout.collectionView = self
    // The layout first: its setters may invalidate, which what is put back after undoes.
    snapshot.layout.restoreLayoutState(snapshot.layoutState)
    snapshot.attributes.restore()
    restoreScrollState(snapshot.scroll)
    let o = snapshot.own
    (allowsSelection, allowsMultipleSelection, updateAnimationDuration) =
      (o.allowsSelection, o.allowsMultipleSelection, o.updateAnimationDuration)
    (displayedElements, layoutPassCount, sectionCounts, needsDisplayUpdate) =
      (o.displayedElements, o.layoutPassCount, o.sectionCounts, o.needsDisplayUpdate)
    (pool, visibleViews, selection, highlightedIndexPath) = (
      o.pool, o.visibleViews, o.selection, o.highlightedIndexPath
    )
    (animation, batch, press, transition) = (o.animation, o.batch, o.press, o.transition)
    (isInAnimatedBoundsChange, selfSizingInvalidated) = (o.isInAnimatedBoundsChange, o.selfSizingInvalidated)
    for (view, attributes, selected, highlighted) in snapshot.views {
      view.layoutAttributes = attributes
      if let cell = view as? CollectionViewCell { (cell.isSelected, cell.isHighlighted) = (selected, highlighted) }
    }
  }
}
