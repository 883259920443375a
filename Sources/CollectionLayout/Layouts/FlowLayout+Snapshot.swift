import Geometry2D

/// The flow layout's part of a snapshot: its settings and the flow geometry it computed, with what
/// invalidation and self-sizing left pending.
struct FlowLayoutState {
  var itemSize: Size
  var spacing: (line: Double, interitem: Double)
  var sectionInset: EdgeInsets
  var headerFooter: (header: Size, footer: Size)
  var scrollDirection: FlowLayout.ScrollDirection
  var estimatedItemSize: Size
  var pins: (headers: Bool, footers: Bool)
  var backgrounds: (shows: Bool, insets: EdgeInsets)
  var preferredSizes: [IndexPath: Size]
  var pendingUpdateItems: [CollectionViewUpdateItem]
  var sections: [FlowSection]
  var previousSections: [FlowSection]
  var delegateSizeWasDefault: Bool
  var needsFlowGeometry: Bool
  var flowGeometryRevision: Int
  var extents: (cross: Double, main: Double)
}

extension FlowLayout {
  func saveFlowState() -> FlowLayoutState {
    FlowLayoutState(
      itemSize: itemSize, spacing: (minimumLineSpacing, minimumInteritemSpacing), sectionInset: sectionInset,
      headerFooter: (headerReferenceSize, footerReferenceSize), scrollDirection: scrollDirection,
      estimatedItemSize: estimatedItemSize, pins: (sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds),
      backgrounds: (showsSectionBackgrounds, sectionBackgroundInsets), preferredSizes: preferredSizes,
      pendingUpdateItems: pendingUpdateItems, sections: sections, previousSections: previousSections,
      delegateSizeWasDefault: delegateSizeWasDefault, needsFlowGeometry: needsFlowGeometry,
      flowGeometryRevision: flowGeometryRevision, extents: (crossExtent, mainExtent))
  }

  /// The public settings, each set only when it differs (a setter invalidates).
  func restoreFlowSettings(_ s: FlowLayoutState) {
    if itemSize != s.itemSize { itemSize = s.itemSize }
    if minimumLineSpacing != s.spacing.line { minimumLineSpacing = s.spacing.line }
    if minimumInteritemSpacing != s.spacing.interitem { minimumInteritemSpacing = s.spacing.interitem }
    if sectionInset != s.sectionInset { sectionInset = s.sectionInset }
    if headerReferenceSize != s.headerFooter.header { headerReferenceSize = s.headerFooter.header }
    if footerReferenceSize != s.headerFooter.footer { footerReferenceSize = s.headerFooter.footer }
    if scrollDirection != s.scrollDirection { scrollDirection = s.scrollDirection }
    if estimatedItemSize != s.estimatedItemSize { estimatedItemSize = s.estimatedItemSize }
    if sectionHeadersPinToVisibleBounds != s.pins.headers { sectionHeadersPinToVisibleBounds = s.pins.headers }
    if sectionFootersPinToVisibleBounds != s.pins.footers { sectionFootersPinToVisibleBounds = s.pins.footers }
    if showsSectionBackgrounds != s.backgrounds.shows { showsSectionBackgrounds = s.backgrounds.shows }
    if sectionBackgroundInsets != s.backgrounds.insets { sectionBackgroundInsets = s.backgrounds.insets }
  }

  func restoreFlowState(_ s: FlowLayoutState) {
    (preferredSizes, pendingUpdateItems, sections, previousSections) =
      (s.preferredSizes, s.pendingUpdateItems, s.sections, s.previousSections)
    (delegateSizeWasDefault, needsFlowGeometry, flowGeometryRevision) =
      (s.delegateSizeWasDefault, s.needsFlowGeometry, s.flowGeometryRevision)
    (crossExtent, mainExtent) = s.extents
  }
}
