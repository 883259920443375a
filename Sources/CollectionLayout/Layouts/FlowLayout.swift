import Geometry2D

/// UICollectionViewFlowLayout: items in lines that fill the cross axis, lines stacked along the scroll
/// axis, section by section (header, inset, lines, inset, footer).
///
/// UIKit's rules: a line takes items greedily while they fit with the minimum interitem spacing; the
/// leftover is shared out so the line is justified (spacing = minimum + leftover/(n − 1)); a line with one
/// item is centred; the last line of a multi-line section is spaced as if it were full (so it lines up
/// with the grid); items of different sizes are centred on their line, whose extent is the largest
/// item's. Headers and footers span the whole cross extent and use only their main-axis size.
///
/// Cost: `prepare()` is O(sections) for sections of uniform size (no delegate size), O(items) for
/// sections sized by the delegate; `layoutAttributesForElements(in:)` is O(log n + k). Attributes are
/// made fresh on every request, so a subclass may change what it gets from `super`.
open class FlowLayout: CollectionViewLayout {
  /// UICollectionView.ScrollDirection.
  public enum ScrollDirection: Hashable, Sendable {
    /// Items fill rows left to right and the content scrolls vertically, or fill columns top to bottom
    /// and it scrolls horizontally.
    case vertical, horizontal
  }

  /// The size of every item without a delegate size (points). Default 50 × 50.
  public var itemSize = Size(width: 50, height: 50) {
    didSet { if itemSize != oldValue { invalidateLayout() } }
  }
  /// The minimum distance between lines (points). Default 10.
  public var minimumLineSpacing = 10.0 {
    didSet { if minimumLineSpacing != oldValue { invalidateLayout() } }
  }
  /// The minimum distance between items in a line (points). Default 10.
  public var minimumInteritemSpacing = 10.0 {
    didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
  }
  /// The margins around each section's items (points).
  public var sectionInset = EdgeInsets.zero {
    didSet { if sectionInset != oldValue { invalidateLayout() } }
  }
  /// The section header's size; only the scroll-axis dimension is used (zero = no header).
  public var headerReferenceSize = Size.zero {
    didSet { if headerReferenceSize != oldValue { invalidateLayout() } }
  }
  /// The section footer's size; only the scroll-axis dimension is used (zero = no footer).
  public var footerReferenceSize = Size.zero {
    didSet { if footerReferenceSize != oldValue { invalidateLayout() } }
  }
  /// The axis the content scrolls along. Default `.vertical`.
  public var scrollDirection = ScrollDirection.vertical {
    didSet { if scrollDirection != oldValue { invalidateLayout() } }
  }
  /// An estimate of every item's size that turns self-sizing on: items start at this size and each cell's
  /// `preferredLayoutAttributesFitting(_:)` gives its real one when it is first shown. `.zero` (the
  /// default) is off; `FlowLayout.automaticSize` estimates with `itemSize`.
  public var estimatedItemSize = Size.zero {
    didSet {
      if estimatedItemSize != oldValue {
        preferredSizes.removeAll()
        invalidateLayout()
      }
    }
  }
  /// Pins each section's header to the top (leading) edge of the visible bounds while the section is on
  /// screen (UIKit's `sectionHeadersPinToVisibleBounds`). Default false.
  public var sectionHeadersPinToVisibleBounds = false {
    didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }
  /// Pins each section's footer to the bottom (trailing) edge of the visible bounds. Default false.
  public var sectionFootersPinToVisibleBounds = false {
    didSet { if sectionFootersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }
  /// Gives every section a decoration view of kind `FlowLayout.elementKindSectionBackground` behind it,
  /// spanning the section from its header to its footer across the whole width, inset by
  /// `sectionBackgroundInsets`. Default false. Register a view class for the kind with
  /// `register(_:forDecorationViewOfKind:)` to draw it your way.
  public var showsSectionBackgrounds = false {
    didSet { if showsSectionBackgrounds != oldValue { invalidateLayout() } }
  }
  /// How far each section background is inset from the section's extent (points).
  public var sectionBackgroundInsets = EdgeInsets.zero {
    didSet { if sectionBackgroundInsets != oldValue { invalidateLayout() } }
  }
  /// Sizes of self-sized items, from their views (kept until the data or the estimate changes).
  var preferredSizes: [IndexPath: Size] = [:]
  /// The running batch update's items (between `prepare(forCollectionViewUpdates:)` and its finalize).
  var pendingUpdateItems: [CollectionViewUpdateItem] = []

  /// Per-item sizes and per-section values. When nil, the collection view's delegate is used if it
  /// conforms to `CollectionViewDelegateFlowLayout` (as in UIKit).
  public weak var delegate: (any CollectionViewDelegateFlowLayout)?

  var sections: [FlowSection] = []
  /// The lines before the latest recomputation: where deleted items were (their disappearing attributes).
  var previousSections: [FlowSection] = []
  /// Set by the delegate protocol's default `sizeForItemAt`: the delegate does not size items.
  var delegateSizeWasDefault = false
  /// The lines must be recomputed at the next `prepare()` (an invalidation that touched the metrics).
  var needsFlowGeometry = true
  /// Counts the times `prepare()` recomputed the lines (subclasses keyed on the geometry compare it).
  public internal(set) var flowGeometryRevision = 0
  /// The cross-axis extent of the content (the collection view's width for a vertical layout).
  var crossExtent = 0.0
  var mainExtent = 0.0

  /// A flow layout with UIKit's defaults: 50 × 50 items, spacings of 10, no insets, vertical.
  public override init() { super.init() }

  override func saveLayoutState(_ attributes: inout SavedAttributes) -> Any {
    (super.saveLayoutState(&attributes), saveFlowState())
  }

  override func restoreLayoutState(_ saved: Any) {
    let (base, flow) = saved as! (Any, FlowLayoutState)
    // The settings first: their setters invalidate, and what `super` and the flow state put back after
    // says whether the layout is invalid.
    restoreFlowSettings(flow)
    super.restoreLayoutState(base)
    restoreFlowState(flow)
  }

  var isVertical: Bool { scrollDirection == .vertical }

  var flowDelegate: (any CollectionViewDelegateFlowLayout)? {
    delegate ?? (collectionView?.delegate as? any CollectionViewDelegateFlowLayout)
  }

  /// Recomputes the lines when an invalidation asked for it (`invalidateLayout()`, a new width, a context
  /// with `invalidateFlowLayoutDelegateMetrics` or `invalidateFlowLayoutAttributes`); otherwise keeps them.
  open override func prepare() {
    super.prepare()
    guard needsFlowGeometry else { return }
    needsFlowGeometry = false
    previousSections = sections
    rebuildSections()
  }

  /// Lays every section out again from the collection view's counts and the delegate.
  func rebuildSections() {
    flowGeometryRevision &+= 1
    sections = []
    guard let cv = collectionView else {
      crossExtent = 0
      mainExtent = 0
      return
    }
    let inset = cv.contentInset
    crossExtent = Swift.max(0, isVertical ? cv.bounds.width - inset.horizontal : cv.bounds.height - inset.vertical)
    var cursor = 0.0
    let count = cv.numberOfSections
    sections.reserveCapacity(count)
    for s in 0..<count {
      let section = makeSection(s, itemCount: cv.numberOfItems(inSection: s), start: cursor, in: cv)
      sections.append(section)
      cursor = section.end
    }
    mainExtent = cursor
  }

  open override var collectionViewContentSize: Size {
    isVertical ? Size(width: crossExtent, height: mainExtent) : Size(width: mainExtent, height: crossExtent)
  }

  /// Headers, cells and footers meeting `rect`, section by section: O(log n + k).
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    elementAttributes(in: rect)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    itemAttributes(at: indexPath)
  }

  /// `CollectionView.elementKindSectionHeader` or `…Footer` at item 0 of a section.
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    supplementaryAttributes(ofKind: kind, at: indexPath)
  }

  /// A new width (vertical) or height (horizontal) re-flows the lines; a scroll does not.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let cv = collectionView else { return false }
    if pinsHeadersOrFooters && newBounds.origin != cv.bounds.origin { return true }
    return isVertical ? newBounds.width != cv.bounds.width : newBounds.height != cv.bounds.height
  }

  /// `FlowLayoutInvalidationContext`.
  open override class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
    FlowLayoutInvalidationContext.self
  }

  /// A context that re-flows the lines only when the cross extent changes (a scroll that re-pins
  /// headers keeps them: both flow flags false).
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> CollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    if let flow = context as? FlowLayoutInvalidationContext, let cv = collectionView {
      let reflows = isVertical ? newBounds.width != cv.bounds.width : newBounds.height != cv.bounds.height
      flow.invalidateFlowLayoutDelegateMetrics = reflows
      flow.invalidateFlowLayoutAttributes = reflows
    }
    return context
  }

  /// Marks the lines for recomputation unless `context` is a flow context with both flags false.
  open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    if context.invalidateDataSourceCounts { preferredSizes.removeAll() }
    if let flow = context as? FlowLayoutInvalidationContext {
      if context.invalidateEverything || context.invalidateDataSourceCounts || flow.invalidateFlowLayoutDelegateMetrics
        || flow.invalidateFlowLayoutAttributes
      {
        needsFlowGeometry = true
      }
    } else {
      needsFlowGeometry = true
    }
    super.invalidateLayout(with: context)
  }

  /// Keeps the update's items for the decoration views' insert and delete lists, and carries self-sized
  /// items' sizes to their new index paths (the lines are laid out again with them).
  open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    pendingUpdateItems = updateItems
    if !preferredSizes.isEmpty {
      let map = UpdateIndexMap(updateItems)
      var moved: [IndexPath: Size] = [:]
      for (ip, size) in preferredSizes { if let new = map.newIndexPath(forOld: ip) { moved[new] = size } }
      preferredSizes = moved
      rebuildSections()
    }
  }

  /// Forgets the update's items: the decoration lists are empty again.
  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    pendingUpdateItems = []
  }

  // MARK: Updates, decoration views and self-sizing (the work is in the extensions)

  /// An inserted item starts at its final attributes with alpha 0 (a fade in), as UIKit's flow layout.
  open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
    flowInitialLayoutAttributesForAppearingItem(at: itemIndexPath)
  }

  /// A deleted item ends where it was before the update (`itemIndexPath` is from then), at alpha 0.
  open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
    flowFinalLayoutAttributesForDisappearingItem(at: itemIndexPath)
  }

  /// An inserted header or footer starts at its final attributes with alpha 0.
  open override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    flowInitialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: indexPath)
  }

  /// A deleted header or footer ends where it was before the update, at alpha 0.
  open override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    flowFinalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: indexPath)
  }

  /// A new section's background fades in at its final attributes.
  open override func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    flowInitialLayoutAttributesForAppearingDecorationElement(ofKind: kind, at: indexPath)
  }

  /// A deleted section's background fades out where it was.
  open override func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    flowFinalLayoutAttributesForDisappearingDecorationElement(ofKind: kind, at: indexPath)
  }

  /// The section background at item 0 of a section, when `showsSectionBackgrounds` is on.
  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    flowLayoutAttributesForDecorationView(ofKind: kind, at: indexPath)
  }

  /// The backgrounds of inserted sections (after the update's numbering).
  open override func indexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] {
    flowIndexPathsToInsertForDecorationView(ofKind: kind)
  }

  /// The backgrounds of deleted sections (before the update's numbering).
  open override func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] {
    flowIndexPathsToDeleteForDecorationView(ofKind: kind)
  }

  /// True for a self-sized cell whose view prefers another size than the layout gave it.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    flowShouldInvalidateLayout(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
  }

  /// Records the preferred size and asks for the lines again (not the delegate's metrics).
  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  )
    -> CollectionViewLayoutInvalidationContext
  {
    flowInvalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
  }

  // MARK: Building sections

  private func main(_ s: Size) -> Double { isVertical ? s.height : s.width }
  private func cross(_ s: Size) -> Double { isVertical ? s.width : s.height }

  func makeSection(_ s: Int, itemCount n: Int, start: Double, in cv: CollectionView) -> FlowSection {
    let d = flowDelegate
    let inset = d?.collectionView(cv, layout: self, insetForSectionAt: s) ?? sectionInset
    let lineSpacing = d?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
    let spacing = d?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
    let header = main(d?.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize)
    let footer = main(d?.collectionView(cv, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize)
    let mainBefore = isVertical ? inset.top : inset.left, mainAfter = isVertical ? inset.bottom : inset.right
    let crossBefore = isVertical ? inset.left : inset.top, crossAfter = isVertical ? inset.right : inset.bottom
    let available = Swift.max(0, crossExtent - crossBefore - crossAfter)
    let itemsStart = start + header + mainBefore

    let items: FlowSection.Items
    let linesLength: Double
    if n > 0, let sizes = measuredSizes(d, cv, section: s, count: n) {
      let lines = FlowLayout.measureLines(
        sizes: sizes, itemsStart: itemsStart, crossStart: crossBefore,
        available: available, spacing: spacing, lineSpacing: lineSpacing)
      items = .measured(lines)
      linesLength = lines.lineStarts.isEmpty ? 0 : lines.lineStarts.last! + lines.lineLengths.last! - itemsStart
    } else {
      let grid = FlowLayout.uniformGrid(
        count: n, itemMain: main(itemSize), itemCross: cross(itemSize),
        itemsStart: itemsStart, crossStart: crossBefore, available: available,
        spacing: spacing, lineSpacing: lineSpacing)
      items = .uniform(grid)
      linesLength = grid.lineCount > 0 ? Double(grid.lineCount - 1) * grid.linePitch + grid.itemMain : 0
    }
    let footerStart = itemsStart + linesLength + mainAfter
    return FlowSection(
      start: start, end: footerStart + footer, headerLength: header, footerLength: footer,
      footerStart: footerStart, itemCount: n, items: items)
  }

  /// Each item's (main, cross) size when the section is not uniform: the delegate sizes items (its
  /// `sizeForItemAt` is not the default), or self-sizing is on. Nil for a uniform section.
  private func measuredSizes(
    _ d: (any CollectionViewDelegateFlowLayout)?, _ cv: CollectionView, section s: Int,
    count n: Int
  ) -> [(main: Double, cross: Double)]? {
    var delegateSizes: [(main: Double, cross: Double)]?
    if let d {
      delegateSizeWasDefault = false
      let first = d.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: 0, section: s))
      if !delegateSizeWasDefault { delegateSizes = measureSizes(d, cv, section: s, count: n, first: first) }
    }
    guard isSelfSizing else { return delegateSizes }
    let estimate = (main(effectiveEstimatedItemSize), cross(effectiveEstimatedItemSize))
    var sizes = delegateSizes ?? Array(repeating: estimate, count: n)
    for i in 0..<n {
      if let fitted = preferredSizes[IndexPath(item: i, section: s)] { sizes[i] = (main(fitted), cross(fitted)) }
    }
    return sizes
  }

  /// Every item's (main, cross) size from the delegate. Generic so the existential is opened once and
  /// the million calls do not retain and release the delegate and the collection view each time.
  private func measureSizes<D: CollectionViewDelegateFlowLayout>(
    _ d: D, _ cv: CollectionView, section s: Int, count n: Int,
    first: Size
  ) -> [(main: Double, cross: Double)] {
    let vertical = isVertical
    var sizes = [(main: Double, cross: Double)]()
    sizes.reserveCapacity(n)
    sizes.append(vertical ? (first.height, first.width) : (first.width, first.height))
    for i in 1..<n {
      let size = d.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: i, section: s))
      sizes.append(vertical ? (size.height, size.width) : (size.width, size.height))
    }
    return sizes
  }

  /// Where a line's first item starts along the cross axis and the distance added after each item:
  /// justified, centred when alone, or (the last line of a multi-line section) spaced as if it were
  /// filled with more items of its last item's size.
  static func linePlacement(
    total: Double, count k: Int, lastCross: Double, crossStart: Double, available: Double,
    spacing: Double, asIfFull: Bool
  ) -> (start: Double, gap: Double) {
    var total = total
    var slots = k
    if asIfFull, lastCross > 0 {
      // Invisible items of the last item's size, while they fit.
      while total + lastCross + spacing * Double(slots) <= available + 1e-9 {
        total += lastCross
        slots += 1
      }
    }
    if slots == 1 { return (crossStart + Swift.max(0, (available - total) / 2), 0) }
    return (crossStart, Swift.max(spacing, (available - total) / Double(slots - 1)))
  }

  static func uniformGrid(
    count n: Int, itemMain: Double, itemCross: Double, itemsStart: Double, crossStart: Double,
    available: Double, spacing: Double, lineSpacing: Double
  ) -> FlowSection.UniformGrid {
    var perLine = 1
    if itemCross + spacing > 0 {
      perLine = Swift.max(1, Int(((available + spacing) / (itemCross + spacing)) + 1e-9))
    }
    let lineCount = n == 0 ? 0 : (n + perLine - 1) / perLine
    // A single line holds only its own items; otherwise every line (the last one too) is spaced as full.
    let inLine = lineCount <= 1 ? n : perLine
    var start = crossStart, pitch = itemCross + spacing
    if inLine <= 1 {
      start = crossStart + Swift.max(0, (available - itemCross) / 2)
    } else {
      let gap = Swift.max(spacing, (available - Double(inLine) * itemCross) / Double(inLine - 1))
      pitch = itemCross + gap
    }
    return FlowSection.UniformGrid(
      itemsStart: itemsStart, itemMain: itemMain, itemCross: itemCross, perLine: perLine,
      lineCount: lineCount, linePitch: itemMain + lineSpacing, crossStart: start,
      crossPitch: pitch)
  }

  static func measureLines(
    sizes: [(main: Double, cross: Double)], itemsStart: Double, crossStart: Double,
    available: Double, spacing: Double, lineSpacing: Double
  ) -> FlowSection.MeasuredLines {
    // Greedy line breaking: the first item always fits; the next one needs the minimum spacing too.
    var firsts: [Int] = []
    var used = 0.0
    for (i, size) in sizes.enumerated() {
      if firsts.isEmpty || used + spacing + size.cross > available + 1e-9 {
        firsts.append(i)
        used = size.cross
      } else {
        used += spacing + size.cross
      }
    }
    firsts.append(sizes.count)
    let lineCount = firsts.count - 1
    var lines = FlowSection.MeasuredLines(
      lineStarts: [], lineLengths: [], lineFirstItem: firsts,
      origins: Array(repeating: (0, 0), count: sizes.count), sizes: sizes)
    lines.lineStarts.reserveCapacity(lineCount)
    lines.lineLengths.reserveCapacity(lineCount)
    var lineStart = itemsStart
    for line in 0..<lineCount {
      let first = firsts[line], end = firsts[line + 1]
      var length = 0.0, total = 0.0
      for i in first..<end {
        length = Swift.max(length, sizes[i].main)
        total += sizes[i].cross
      }
      let placement = FlowLayout.linePlacement(
        total: total, count: end - first, lastCross: sizes[end - 1].cross,
        crossStart: crossStart, available: available, spacing: spacing,
        asIfFull: lineCount > 1 && line == lineCount - 1)
      var x = placement.start
      for i in first..<end {
        lines.origins[i] = (lineStart + (length - sizes[i].main) / 2, x)
        x += sizes[i].cross + placement.gap
      }
      lines.lineStarts.append(lineStart)
      lines.lineLengths.append(length)
      lineStart += length + lineSpacing
    }
    return lines
  }
}
