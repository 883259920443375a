import CollectionLayout
import Geometry2D
import SandboxCore

/// A sectioned grid of a thousand items with section headers, on a flow layout: drag and wheel scroll
/// it with the scroll-view physics, a click selects, `I` inserts and `Delete` deletes with the default
/// appearing/disappearing animation, `V` animates the switch to a list layout and back, and the tuning
/// panel switches the scroll physics preset live.
package final class FlowGridScene: CollectionScene, Scene, CollectionViewDataSource {
  package let name = "flow-grid"
  /// Items per section; each item keeps a stable number so inserts and deletes can be followed.
  package private(set) var sections: [[Int]] = []
  private var nextItemNumber = 0
  private let grid = FlowLayout()
  private let list = FlowLayout()
  package private(set) var showsList = false
  private var physicsChoice = 0
  private static let presets = ScrollPhysics.presets

  package init() {
    super.init(layout: grid)
    configureLayouts()
    reset()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("drag / wheel", "scroll; a click selects"), ("I", "insert an item after the selection"),
      ("Delete", "delete the selected items"), ("V", "switch between grid and list, animated")
    ]
  }

  private func configureLayouts() {
    grid.itemSize = Size(width: 90, height: 64)
    grid.minimumInteritemSpacing = 8
    grid.minimumLineSpacing = 8
    grid.sectionInset = EdgeInsets(top: 8, left: 12, bottom: 16, right: 12)
    grid.headerReferenceSize = Size(width: 0, height: 36)
    list.minimumLineSpacing = 4
    list.sectionInset = EdgeInsets(top: 4, left: 12, bottom: 12, right: 12)
    list.headerReferenceSize = Size(width: 0, height: 36)
    // Each section sits on a background (a decoration view) under a header that pins to the top.
    for layout in [grid, list] {
      layout.showsSectionBackgrounds = true
      layout.sectionBackgroundInsets = EdgeInsets(top: 36, left: 4, bottom: 4, right: 4)
      layout.sectionHeadersPinToVisibleBounds = true
    }
  }

  package override func reset() {
    sections = (0..<5).map { s in (0..<200).map { s * 200 + $0 } }
    nextItemNumber = 1000
    showsList = false
    collectionView = CollectionView(frame: collectionView.frame, collectionViewLayout: grid)
    collectionView.allowsMultipleSelection = true
    collectionView.physics = Self.presets[physicsChoice]
    collectionView.dataSource = self
    message = nil
    resize(to: size)
  }

  /// The list layout's rows span the width.
  override func willLayOut() {
    list.itemSize = Size(width: max(40, size.width - 24), height: 36)
    collectionView.collectionViewLayout.invalidateLayout()
  }

  // MARK: Data source

  package func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  package func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  // MARK: Input

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    if handleScrolling(event) { return true }
    guard case .keyDown(let key, _, _) = event else { return false }
    switch key {
    case .character("i"), .insert: insertItem()
    case .delete, .backspace: deleteSelected()
    case .character("v"):
      showsList.toggle()
      collectionView.setCollectionViewLayout(showsList ? list : grid, animated: true)
    default: return false
    }
    return true
  }

  private func insertItem() {
    let at =
      collectionView.indexPathsForSelectedItems.last.map { IndexPath(item: $0.item + 1, section: $0.section) }
      ?? IndexPath(item: 0, section: 0)
    do {
      try collectionView.performBatchUpdates {
        sections[at.section].insert(nextItemNumber, at: at.item)
        nextItemNumber += 1
        try collectionView.insertItems(at: [at])
      }
      message = "inserted item \(nextItemNumber - 1) at \(at.section).\(at.item)"
    } catch {
      message = "\(error)"
    }
  }

  private func deleteSelected() {
    let doomed = collectionView.indexPathsForSelectedItems
    guard !doomed.isEmpty else {
      message = "select items (click) before deleting"
      return
    }
    do {
      try collectionView.performBatchUpdates {
        for ip in doomed.sorted(by: >) { sections[ip.section].remove(at: ip.item) }
        try collectionView.deleteItems(at: doomed)
      }
      message = "deleted \(doomed.count) item\(doomed.count == 1 ? "" : "s")"
    } catch {
      message = "\(error)"
    }
  }

  // MARK: Tuning

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        choice: "scroll physics", options: Self.presets.map(\.name), get: { self.physicsChoice },
        set: {
          self.physicsChoice = $0
          self.collectionView.physics = Self.presets[$0]
        }),
      TunableParameter(
        "deceleration rate", unit: "/ms", range: 0.9...0.9999, step: 0.0005, precision: 4,
        get: { self.collectionView.decelerationRate.rawValue },
        set: { self.collectionView.decelerationRate = .init(rawValue: $0) }),
      TunableParameter(
        "points per wheel notch", unit: "pt", range: 10...200, step: 1, precision: 0,
        get: { self.collectionView.physics.pointsPerWheelNotch },
        set: { self.collectionView.physics.pointsPerWheelNotch = $0 })
    ]
  }

  // MARK: Frame

  /// Selection and scroll changes show in the same frame.
  override func didAdvance() { collectionView.layoutIfNeeded() }

  package var isAnimating: Bool { isScrolling }

  package var timings: SceneTimings { timings(awakeBodies: nil) }

  /// The collection view with the layout shown and its scroll physics, the other layout, the sections'
  /// numbers, and the views; none while an interactive layout transition runs (its blend is not saved).
  package func takeSnapshot() -> SceneSnapshot? {
    guard collectionView.activeTransitionLayout == nil else { return nil }
    let base = snapshotBase()
    let hidden = collectionView.collectionViewLayout === grid ? list : grid
    let other = hidden.takeSnapshot()
    let own = (sections, nextItemNumber, showsList, physicsChoice)
    return SceneSnapshot(approximateBytes: 2 * base.approximateBytes) {
      (self.sections, self.nextItemNumber, self.showsList, self.physicsChoice) = own
      hidden.restore(other)
      base.restore()
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(collectionView.contentOffset.x)
    d.combine(collectionView.contentOffset.y)
    for s in sections {
      d.combine(s.count)
      for n in s { d.combine(n) }
    }
    for ip in collectionView.indexPathsForSelectedItems {
      d.combine(ip.section)
      d.combine(ip.item)
    }
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    let selected = Set(collectionView.indexPathsForSelectedItems)
    for element in collectionView.displayedElements {
      let a = element.attributes
      guard !a.isHidden, a.alpha > 0 else { continue }
      let frame = collectionView.convertToSuperview(a.frame)
      let alpha = UInt8(max(0, min(255, (a.alpha * 255).rounded())))
      switch a.representedElementCategory {
      case .cell:
        let number = itemNumber(at: a.indexPath)
        let hue = Self.sectionColours[a.indexPath.section % Self.sectionColours.count]
        let isHighlighted = collectionView.highlightedIndexPath == a.indexPath
        let fill = (isHighlighted ? hue.mixed(with: .white, 0.35) : hue).withAlpha(alpha)
        list.rect(
          center: frame.center, size: frame.size, rotation: a.transform.rotationAngle, fill: fill,
          stroke: selected.contains(a.indexPath) ? Palette.text.withAlpha(alpha) : nil, lineWidth: 3)
        if frame.height >= 20 {
          list.text(
            number.map { "\($0)" } ?? "", at: frame.center, size: 13, color: Palette.background.withAlpha(alpha),
            alignment: .center)
        }
      case .supplementaryView:
        list.fillRect(frame, Palette.panel.withAlpha(alpha))
        list.text(
          "Section \(a.indexPath.section + 1) — \(sections.indices.contains(a.indexPath.section) ? sections[a.indexPath.section].count : 0) items",
          at: Point(x: frame.minX + 12, y: frame.midY), size: 14, color: Palette.text.withAlpha(alpha),
          alignment: .centerLeft)
      case .decorationView:
        let hue = Self.sectionColours[a.indexPath.section % Self.sectionColours.count]
        list.fillRect(frame, hue.mixed(with: Palette.background, 0.75).withAlpha(alpha))
      }
    }
    drawScrollIndicator(into: &list)
    let state = collectionView.isTracking ? "tracking" : collectionView.isDecelerating ? "decelerating" : "at rest"
    drawTitle(
      "flow-grid — \(sections.reduce(0) { $0 + $1.count }) items, \(showsList ? "list" : "grid"), \(collectionView.physics.name) physics, \(state), offset \(Int(collectionView.contentOffset.y))",
      into: &list)
  }

  private func drawScrollIndicator(into list: inout DrawList) {
    let v = collectionView
    let content = max(v.contentSize.height, 1)
    let f = v.frame
    guard content > f.height else { return }
    let h = max(24, f.height * f.height / content)
    let y = f.minY + (f.height - h) * min(1, max(0, v.contentOffset.y / (content - f.height)))
    list.append(
      .rect(
        center: Point(x: f.maxX - 5, y: y + h / 2), size: Size(width: 4, height: h), rotation: 0,
        fill: Palette.dimText.withAlpha(180), stroke: nil, lineWidth: 0))
  }

  private func itemNumber(at ip: IndexPath) -> Int? {
    guard sections.indices.contains(ip.section), sections[ip.section].indices.contains(ip.item) else { return nil }
    return sections[ip.section][ip.item]
  }

  static let sectionColours: [Color] = [Palette.accent, Palette.good, Palette.warm, Palette.spring, Palette.warning]
}
