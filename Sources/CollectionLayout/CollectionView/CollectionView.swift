import Geometry2D

/// A scrolling view of items laid out by a `CollectionViewLayout`: UICollectionView as a model.
///
/// It keeps its own copy of the item counts (read from the data source by `reloadData()` and after
/// each validated batch update), runs the layout cycle, recycles views and animates updates. It draws
/// nothing: each frame a scene calls `advance(by:)` and draws `displayedElements`.
///
/// ```swift
/// let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: FlowLayout())
/// cv.dataSource = model
/// // every frame:
/// cv.advance(by: dt)                       // scroll physics → layout.advance → update animations → layout
/// for element in cv.displayedElements {    // back to front
///   draw(cv.convertToSuperview(element.attributes.frame), alpha: element.attributes.alpha, element.view)
/// }
/// ```
open class CollectionView: ScrollView {
  /// The supplementary kind of a flow layout's section headers.
  public static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
  /// The supplementary kind of a flow layout's section footers.
  public static let elementKindSectionFooter = "CollectionElementKindSectionFooter"
  /// The reuse identifier the default data-source methods dequeue with.
  public static let defaultReuseIdentifier = "Cell"

  /// One element to draw this frame, in drawing order.
  public struct DisplayedElement {
    /// Where and how to draw it (content points), interpolated while an update or layout change animates.
    public let attributes: LayoutAttributes
    /// The recycled view model that shows it (a `CollectionViewCell` for cells).
    public let view: ReusableView
    /// Whether an update or a layout change is moving it.
    public let isAnimating: Bool
    /// Whether it is leaving (deleted, or moving off screen) and will be recycled when the animation ends.
    public let isDisappearing: Bool
  }

  var layoutStorage: CollectionViewLayout

  /// The layout. Setting it is `setCollectionViewLayout(_:animated: false)`.
  public var collectionViewLayout: CollectionViewLayout {
    get { layoutStorage }
    set { setCollectionViewLayout(newValue, animated: false) }
  }

  /// Where the counts (and cells) come from. Setting it reloads the data.
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { reloadData() }
  }

  /// Selection, highlight, display and edit-action callbacks; a `FlowLayout` without a delegate of its
  /// own also asks this one for sizes if it conforms to `CollectionViewDelegateFlowLayout`.
  public weak var delegate: (any CollectionViewDelegate)?

  /// Whether a tap selects items.
  public var allowsSelection = true
  /// Whether a tap adds to the selection (and a tap on a selected item deselects it).
  public var allowsMultipleSelection = false
  /// How long (seconds) the animations of batch updates and animated layout changes last. 0.3 s, UIKit's.
  public var updateAnimationDuration = 0.3

  /// The elements to draw this frame, back to front, after the latest `layoutIfNeeded()`.
  public internal(set) var displayedElements: [DisplayedElement] = []
  /// How many times the layout cycle has prepared the layout (a statistic for tests and the HUD).
  public internal(set) var layoutPassCount = 0

  var sectionCounts: [Int]?
  var needsDisplayUpdate = true
  var pool = ReusePool()
  var visibleViews: [ElementKey: ReusableView] = [:]
  var selection: Set<IndexPath> = []
  /// The item under a pressed pointer, highlighted until the press ends.
  public internal(set) var highlightedIndexPath: IndexPath?
  var animation: ElementAnimation?
  var batch: BatchRecorder?
  var press: Press?
  var transition: RunningTransition?
  /// Between `prepare(forAnimatedBoundsChange:)` and the layout pass that finalizes it.
  var isInAnimatedBoundsChange = false
  /// A displayed view's preferred attributes invalidated the layout during the running display pass.
  var selfSizingInvalidated = false

  /// A collection view of `frame` (in its superview's points) laid out by `layout`. Set a
  /// ``dataSource`` before the first `advance(by:)` or `layoutIfNeeded()`; with none it shows nothing.
  public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
    layoutStorage = layout
    super.init(frame: frame)
    layout.collectionView = self
    layout.isInvalidated = true
    pool.register(
      CollectionViewCell.self, for: ReusePool.Key(kind: nil, identifier: CollectionView.defaultReuseIdentifier))
  }

  // MARK: Counts

  /// The number of sections, as of the last reload or update.
  public var numberOfSections: Int {
    loadCountsIfNeeded()
    return sectionCounts?.count ?? 0
  }

  /// The number of items in `section` as of the last reload or update; 0 for a section that does not
  /// exist (UIKit would raise).
  public func numberOfItems(inSection section: Int) -> Int {
    loadCountsIfNeeded()
    guard let counts = sectionCounts, section >= 0, section < counts.count else { return 0 }
    return counts[section]
  }

  func loadCountsIfNeeded() {
    guard sectionCounts == nil else { return }
    sectionCounts = currentDataSourceCounts()
  }

  func currentDataSourceCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = Swift.max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map { Swift.max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
  }

  /// Forgets the counts, the views on screen and the selection, and lays everything out again from the
  /// data source (no animation).
  public func reloadData() {
    finishAnimation(finished: false)
    sectionCounts = nil
    recycleAllViews()
    selection.removeAll()
    highlightedIndexPath = nil
    press = nil
    let context = type(of: layoutStorage).invalidationContextClass.init()
    context.invalidateEverything = true
    context.invalidateDataSourceCounts = true
    layoutStorage.invalidateLayout(with: context)
    needsDisplayUpdate = true
  }

  // MARK: The layout cycle

  /// Marks the display dirty: the next `layoutIfNeeded()` asks the layout for the visible elements again.
  public func setNeedsLayout() { needsDisplayUpdate = true }

  /// Runs the layout cycle if anything changed: prepare (only if the layout was invalidated) → content
  /// size → attributes in the visible rect → views from the reuse pool → `displayedElements`.
  /// Self-sized views that change the layout while being shown get up to three more passes in the same call.
  public func layoutIfNeeded() {
    loadCountsIfNeeded()
    for _ in 0..<4 {
      prepareLayoutIfNeeded()
      guard needsDisplayUpdate else { break }
      needsDisplayUpdate = false
      selfSizingInvalidated = false
      updateDisplayedElements()
      // Only a view's preferred size brings another pass now; other invalidations wait for the next call.
      guard selfSizingInvalidated else { break }
    }
  }

  func prepareLayoutIfNeeded() {
    guard layoutStorage.isInvalidated else { return }
    loadCountsIfNeeded()
    layoutStorage.prepare()
    // Cleared after prepare(): a layout that changes its own properties while preparing (the carousel of iOS7 Day-by-Day, day 5, sets its
    // section inset there) does not cost a second pass.
    layoutStorage.isInvalidated = false
    layoutPassCount += 1
    let size = layoutStorage.collectionViewContentSize
    if size != contentSize { contentSize = size }
    needsDisplayUpdate = true
    if isInAnimatedBoundsChange {
      isInAnimatedBoundsChange = false
      layoutStorage.finalizeAnimatedBoundsChange()
    }
  }

  open override func boundsWillChange(to newBounds: Rect) {
    if layoutStorage.shouldInvalidateLayout(forBoundsChange: newBounds) {
      layoutStorage.invalidateLayout(with: layoutStorage.invalidationContext(forBoundsChange: newBounds))
      // A new size (a window resize): the layout hears of it before it is prepared for the new bounds.
      if newBounds.size != bounds.size && !isInAnimatedBoundsChange {
        isInAnimatedBoundsChange = true
        layoutStorage.prepare(forAnimatedBoundsChange: bounds)
      }
    }
  }

  open override func boundsDidChange() { needsDisplayUpdate = true }

  override func contentInsetDidChange() { layoutStorage.invalidateLayout() }

  /// The one clock entry: steps the scroll physics (bounds changes reach the layout), then the layout's
  /// `advance(by:)`, then the update and layout-change animations, then lays out if needed.
  open override func advance(by seconds: Double) {
    super.advance(by: seconds)
    layoutStorage.advance(by: seconds)
    advanceTransition(by: seconds)
    advanceAnimation(by: seconds)
    layoutIfNeeded()
  }

  /// Asks the layout where a fling should land.
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, velocity: Vector)
    -> Point
  {
    layoutStorage.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
  }

  // MARK: Queries

  /// The attributes of the item at `indexPath` in the current layout (laid out first if needed).
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    loadCountsIfNeeded()
    prepareLayoutIfNeeded()
    return layoutStorage.layoutAttributesForItem(at: indexPath)
  }

  /// The attributes of a supplementary view in the current layout.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    loadCountsIfNeeded()
    prepareLayoutIfNeeded()
    return layoutStorage.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The item whose cell contains `point` (content points), the topmost if several do.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    loadCountsIfNeeded()
    prepareLayoutIfNeeded()
    let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    var best: LayoutAttributes?
    for a in layoutStorage.layoutAttributesForElements(in: probe)
    where a.representedElementCategory == .cell && !a.isHidden && a.frame.contains(point) {
      if best == nil || a.zIndex >= best!.zIndex { best = a }
    }
    return best?.indexPath
  }

  /// The items with a cell on screen, in index-path order.
  public var indexPathsForVisibleItems: [IndexPath] {
    visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
  }

  /// The cell on screen for an item, if there is one.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    visibleViews[.cell(indexPath)] as? CollectionViewCell
  }

  /// The cells on screen, in index-path order.
  public var visibleCells: [CollectionViewCell] {
    indexPathsForVisibleItems.compactMap { cellForItem(at: $0) }
  }

  /// A rectangle in content points as the superview sees it (where to draw it in the window).
  public func convertToSuperview(_ rect: Rect) -> Rect {
    rect.offsetBy(dx: frame.origin.x - contentOffset.x, dy: frame.origin.y - contentOffset.y)
  }

  /// A point in the superview (a pointer position) in content points.
  public func convertFromSuperview(_ point: Point) -> Point {
    Point(x: point.x - frame.origin.x + contentOffset.x, y: point.y - frame.origin.y + contentOffset.y)
  }

  // MARK: Reuse

  /// Registers the class that `dequeueReusableCell(withReuseIdentifier:for:)` makes for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    pool.register(cellClass, for: ReusePool.Key(kind: nil, identifier: identifier))
  }

  /// Registers the class made for supplementary views of `kind` with `identifier`.
  public func register(
    _ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String
  ) {
    pool.register(viewClass, for: ReusePool.Key(kind: kind, identifier: identifier))
  }

  /// Registers the class made for decoration views of `kind` (the layout's, no data source involved).
  public func register(_ viewClass: ReusableView.Type, forDecorationViewOfKind kind: String) {
    pool.register(viewClass, for: ReusePool.Key(kind: kind, identifier: kind))
  }

  /// A recycled cell for `identifier` (after `prepareForReuse()`), or a new one of the registered class
  /// (a plain `CollectionViewCell` if none is registered).
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    let view = pool.dequeue(ReusePool.Key(kind: nil, identifier: identifier), fallback: CollectionViewCell.self)
    if let cell = view as? CollectionViewCell { return cell }
    // A non-cell class registered for a cell identifier: hand out a cell rather than crash.
    let cell = CollectionViewCell()
    cell.reuseIdentifier = identifier
    return cell
  }

  /// A recycled (or new) supplementary view of `kind` for `identifier`.
  public func dequeueReusableSupplementaryView(
    ofKind kind: String, withReuseIdentifier identifier: String,
    for indexPath: IndexPath
  ) -> ReusableView {
    pool.dequeue(ReusePool.Key(kind: kind, identifier: identifier), fallback: ReusableView.self)
  }

  /// How many view models the pool has made and how many it has recycled since the start.
  public var reuseStatistics: (created: Int, reused: Int) { (pool.createdCount, pool.reusedCount) }
}
