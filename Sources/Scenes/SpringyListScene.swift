import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// The iOS 7 Messages list (objc.io issue 5, "UICollectionView + UIKit Dynamics"): 10,000 cells on a springy flow layout. Drag it (the drag is
/// the touch of the article's code), fling it, roll the wheel: cells near the pointer follow, the others
/// lag and spring back. `D` shows the springs, anchors and the tiling rect; `I` inserts a cell after the
/// one under the pointer and `Delete` deletes that one (springs keep their state by identity); `A`
/// switches the springs to the scroll axis only. The tuning panel changes the springs live.
package final class SpringyListScene: CollectionScene, Scene {
  package let name = "springy-list"
  package private(set) var layout = SpringyFlowLayout()
  /// A stable number per cell, so inserts and deletes can be followed.
  private var items = NumberedItems(count: 0)
  package var numbers: [Int] { items.numbers }
  package private(set) var showsDebug = false
  /// `F`: the springs' pulls and the scroll-resistance field around the pointer.
  package private(set) var showsFieldView = false
  /// The cells behind the field view: the tile colour at alpha 60 over the background, pre-mixed and
  /// opaque (cells do not overlap, and an opaque fill costs a software renderer a quarter of a blend).
  static let dimmedCell = Palette.background.mixed(with: Palette.warm, 60.0 / 255)
  private let forceView = LayoutForceOverlay()
  /// The article's 10,000 cells.
  package static let itemCount = 10_000

  package init() {
    super.init(layout: layout)
    reset()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("drag / wheel", "scroll: cells near the pointer follow, the rest lag on their springs"),
      ("D", "debug view: springs, anchors, tiling rect"),
      ("F", "field view: spring pulls, scroll resistance around the pointer"),
      ("I", "insert a cell after the one under the pointer"),
      ("Delete", "delete the cell under the pointer"), ("A", "springs along the scroll axis only (on/off)")
    ]
  }

  package override func reset() {
    let old = layout
    layout = SpringyFlowLayout()
    layout.itemSize = Size(width: 44, height: 44)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    layout.springFrequency = old.springFrequency
    layout.springDamping = old.springDamping
    layout.springLength = old.springLength
    layout.scrollResistance = old.scrollResistance
    layout.tilingMargin = old.tilingMargin
    layout.springsAlongScrollAxisOnly = old.springsAlongScrollAxisOnly
    items = NumberedItems(count: Self.itemCount)
    collectionView = CollectionView(frame: collectionView.frame, collectionViewLayout: layout)
    // The springs animate inserts and deletes; the collection view only fades the cell in or out.
    collectionView.updateAnimationDuration = 0.2
    collectionView.dataSource = items
    layout.dynamicAnimator.isDebugEnabled = showsDebug
    message = nil
    resize(to: size)
  }

  // MARK: Input

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    if handleScrolling(event) { return true }
    guard case .keyDown(let key, _, _) = event else { return false }
    switch key {
    case .character("d"):
      showsDebug.toggle()
      layout.dynamicAnimator.isDebugEnabled = showsDebug
    case .character("f"): showsFieldView.toggle()
    case .character("i"), .insert: insert()
    case .delete, .backspace: delete()
    case .character("a"):
      layout.springsAlongScrollAxisOnly.toggle()
      message = layout.springsAlongScrollAxisOnly ? "springs along the scroll axis only" : "springs in 2-D"
    default: return false
    }
    return true
  }

  /// The cell under the pointer, or the one nearest the middle of the view.
  private func targetIndexPath() -> IndexPath? {
    if let p = pointer, collectionView.frame.contains(p),
      let ip = collectionView.indexPathForItem(at: collectionView.convertFromSuperview(p))
    {
      return ip
    }
    let visible = collectionView.indexPathsForVisibleItems
    return visible.isEmpty ? nil : visible[visible.count / 2]
  }

  private func insert() {
    let at = targetIndexPath().map { IndexPath(item: $0.item + 1, section: 0) } ?? IndexPath(item: 0, section: 0)
    do {
      message = "inserted cell \(try items.insert(at: at, in: collectionView)) at \(at.item)"
    } catch {
      message = "\(error)"
    }
  }

  private func delete() {
    guard let ip = targetIndexPath() else {
      message = "nothing to delete"
      return
    }
    do {
      message = "deleted cell \(try items.remove(at: ip, in: collectionView))"
    } catch {
      message = "\(error)"
    }
  }

  // MARK: Tuning

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "spring frequency", unit: "Hz", range: 0.1...10, step: 0.1, precision: 2,
        get: { self.layout.springFrequency }, set: { self.layout.springFrequency = $0 }),
      TunableParameter(
        "spring damping", unit: "ζ", range: 0...2, step: 0.05, precision: 2,
        get: { self.layout.springDamping }, set: { self.layout.springDamping = $0 }),
      TunableParameter(
        "spring length", unit: "pt", range: 0...20, step: 0.5, precision: 1,
        get: { self.layout.springLength }, set: { self.layout.springLength = $0 }),
      TunableParameter(
        "scroll resistance divisor", unit: "pt", range: 100...10_000, step: 100, precision: 0,
        get: { self.layout.scrollResistance }, set: { self.layout.scrollResistance = $0 }),
      TunableParameter(
        "tiling margin", unit: "pt", range: 0...600, step: 10, precision: 0,
        get: { self.layout.tilingMargin }, set: { self.layout.tilingMargin = $0 }),
      TunableParameter(
        choice: "springs act", options: ["in 2-D", "along the scroll axis"],
        get: { self.layout.springsAlongScrollAxisOnly ? 1 : 0 },
        set: { self.layout.springsAlongScrollAxisOnly = $0 == 1 }),
      TunableParameter(
        choice: "scroll physics", options: ScrollPhysics.presets.map(\.name),
        get: { ScrollPhysics.presets.firstIndex { $0.name == self.collectionView.physics.name } ?? 0 },
        set: { self.collectionView.physics = ScrollPhysics.presets[$0] })
    ]
  }

  /// The cells' spring (mass 1: the closed-form spring does not depend on mass).
  package var spring: SpringParameters? {
    SpringParameters(frequency: layout.springFrequency, dampingRatio: layout.springDamping)
  }

  // MARK: Frame

  /// Moving while a touch drags the content, it coasts or bounces, an update animates, or springs move.
  package var isAnimating: Bool { isScrolling || layout.dynamicAnimator.isRunning }

  package var timings: SceneTimings { timings(awakeBodies: layout.dynamicAnimator.isRunning ? layout.springCount : 0) }

  /// The collection view with its layout, springs and scroll physics, the cells' numbers, and the views.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase()
    let own = (layout, items, items.saved, showsDebug, showsFieldView, layout.dynamicAnimator.isDebugEnabled)
    // The numbers are shared with the live array until it changes (an insert or a delete).
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      let (layout, items, numbers, debug, fieldView, engineDebug) = own
      (self.layout, self.items, self.showsDebug, self.showsFieldView) = (layout, items, debug, fieldView)
      items.restore(numbers)
      base.restore()
      layout.dynamicAnimator.isDebugEnabled = engineDebug
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(collectionView.contentOffset.x)
    d.combine(collectionView.contentOffset.y)
    d.combine(numbers.count)
    for n in numbers { d.combine(n) }
    for s in layout.springs {
      d.combine(s.attributes.indexPath.item)
      d.combine(s.attributes.center.x)
      d.combine(s.attributes.center.y)
    }
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    SpringySceneDrawing.drawCells(
      of: collectionView, number: { self.items.number(at: $0) },
      colour: { _ in self.showsFieldView ? Self.dimmedCell : Palette.warm }, textSize: 11, into: &list)
    if showsDebug {
      SpringySceneDrawing.drawDebug(
        layout.dynamicAnimator, in: collectionView, tilingRect: layout.tilingRect, into: &list)
    }
    if showsFieldView { drawFieldView(into: &list) }
    let v = collectionView
    let state = v.isTracking ? "dragging" : v.isDecelerating ? "coasting" : "at rest"
    let springs = layout.dynamicAnimator.isRunning ? "springs moving" : "springs at rest"
    drawTitle(
      "springy-list — \(numbers.count) cells, \(layout.springCount) springs (tiled ±\(Int(layout.tilingMargin)) pt), \(state), \(springs)",
      legend: showsFieldView ? fieldLegend : nil, into: &list)
  }

  private func drawFieldView(into list: inout DrawList) {
    forceView.drawSprings(layout.springs, in: collectionView, into: &list)
    if let centre = fieldCentre {
      forceView.drawDiamondContours(
        around: centre, radii: LayoutForceOverlay.listContourRadii(scrollResistance: layout.scrollResistance),
        clip: collectionView.frame, into: &list)
    }
  }

  /// What the field view's arrows and contours mean, under the title.
  private var fieldLegend: String {
    "F: arrows — each cell's spring pull ω²·stretch, log scale 1 … 10⁵ pt/s²; dashed — a scroll moves a cell by ¼, ½, all of the delta at (|Δx|+|Δy|) ÷ \(Int(layout.scrollResistance)) from the pointer"
  }
}
