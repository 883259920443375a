import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// The springy carousel (iOS7 Day-by-Day, day 5): 30 numbered 70 × 70 tiles in a row at the bottom, on springs under a
/// little gravity. Drag it sideways: tiles ahead of the drag bunch up, those behind spread out. `I`
/// drops a new tile in right of centre (also while it scrolls), `Delete` removes the tile nearest the
/// centre, `D` shows springs, anchors, the boundary and the tiling rect.
package final class SpringyCarouselScene: CollectionScene, Scene {
  package let name = "springy-carousel"
  package private(set) var layout = SpringyCarouselLayout()
  private var items = NumberedItems(count: 0)
  package var numbers: [Int] { items.numbers }
  package private(set) var showsDebug = false
  /// `F`: the springs' pulls, gravity and the floor, and the scroll-factor field around the pointer.
  package private(set) var showsFieldView = false
  private let forceView = LayoutForceOverlay()

  package init() {
    super.init(layout: layout, minimumHeight: 120)
    reset()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("drag / wheel", "scroll sideways: the tiles lag on their springs"), ("I", "drop a new tile in right of centre"),
      ("Delete", "remove the tile nearest the centre"), ("D", "debug view: springs, anchors, boundary, tiling rect"),
      ("F", "field view: spring pulls, gravity, floor, scroll factor around the pointer")
    ]
  }

  package override func reset() {
    let old = layout
    layout = SpringyCarouselLayout()
    layout.springDamping = old.springDamping
    layout.springFrequency = old.springFrequency
    layout.gravityBehavior.magnitude = old.gravityBehavior.magnitude
    layout.scrollFactorDistance = old.scrollFactorDistance
    items = NumberedItems(count: 30)
    collectionView = CollectionView(frame: collectionView.frame, collectionViewLayout: layout)
    // The animator animates inserts (the article switched UIView animations off for this).
    collectionView.updateAnimationDuration = 0
    collectionView.alwaysBounceHorizontal = true
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
    case .character("i"), .insert: insertRightOfCentre()
    case .delete, .backspace: deleteNearestCentre()
    default: return false
    }
    return true
  }

  /// The article's `indexPathOfItemRightOfCenter`: the visible tile nearest the middle, or the slot after
  /// it when it is left of the middle.
  package func indexPathRightOfCentre() -> IndexPath {
    let midX = collectionView.bounds.midX
    var best: (item: Int, offset: Double)?
    for ip in collectionView.indexPathsForVisibleItems {
      guard let a = collectionView.layoutAttributesForItem(at: ip) else { continue }
      let offset = a.center.x - midX
      if best == nil || abs(offset) < abs(best!.offset) { best = (ip.item, offset) }
    }
    guard let best else { return IndexPath(item: 0, section: 0) }
    return IndexPath(item: best.offset < 0 ? best.item + 1 : best.item, section: 0)
  }

  private func insertRightOfCentre() {
    let at = indexPathRightOfCentre()
    do {
      message = "dropped tile \(try items.insert(at: at, in: collectionView)) at \(at.item)"
    } catch {
      message = "\(error)"
    }
  }

  private func deleteNearestCentre() {
    guard !numbers.isEmpty else { return }
    let midX = collectionView.bounds.midX
    let visible = collectionView.indexPathsForVisibleItems
    guard
      let ip = visible.min(by: { a, b in
        abs((collectionView.layoutAttributesForItem(at: a)?.center.x ?? 0) - midX)
          < abs((collectionView.layoutAttributesForItem(at: b)?.center.x ?? 0) - midX)
      })
    else { return }
    do {
      message = "removed tile \(try items.remove(at: ip, in: collectionView))"
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
        "gravity", unit: "×1000 pt/s²", range: 0...3, step: 0.05, precision: 2,
        get: { self.layout.gravityBehavior.magnitude }, set: { self.layout.gravityBehavior.magnitude = $0 }),
      TunableParameter(
        "scroll factor distance", unit: "pt", range: 50...3000, step: 50, precision: 0,
        get: { self.layout.scrollFactorDistance }, set: { self.layout.scrollFactorDistance = $0 })
    ]
  }

  package var spring: SpringParameters? {
    SpringParameters(frequency: layout.springFrequency, dampingRatio: layout.springDamping)
  }

  // MARK: Frame

  /// Moving while a touch drags the content, it coasts or bounces, an update animates, or springs move.
  package var isAnimating: Bool { isScrolling || layout.dynamicAnimator.isRunning }

  package var timings: SceneTimings { timings(awakeBodies: layout.dynamicAnimator.isRunning ? layout.springCount : 0) }

  /// The collection view with its layout, springs and scroll physics, the tiles' numbers, and the views.
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
    for n in numbers { d.combine(n) }
    for s in layout.springs {
      d.combine(s.attributes.indexPath.item)
      d.combine(s.attributes.center.x)
      d.combine(s.attributes.center.y)
      d.combine(s.attributes.transform.rotationAngle)
    }
    return d.value
  }

  static let colours: [Color] = [Palette.accent, Palette.good, Palette.warm, Palette.spring, Palette.warning]

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    SpringySceneDrawing.drawCells(
      of: collectionView, number: { self.items.number(at: $0) },
      colour: { Self.colours[$0 % Self.colours.count].withAlpha(self.showsFieldView ? 70 : 255) }, textSize: 18,
      into: &list)
    if showsDebug {
      SpringySceneDrawing.drawDebug(
        layout.dynamicAnimator, in: collectionView, tilingRect: layout.tilingRect, into: &list)
    }
    let midX = collectionView.frame.midX
    list.dashedLine(
      from: Point(x: midX, y: collectionView.frame.minY + 60), to: Point(x: midX, y: collectionView.frame.maxY - 90),
      Palette.grid, width: 1, dash: 4, gap: 6)
    if showsFieldView { drawFieldView(into: &list) }
    let state = collectionView.isTracking ? "dragging" : collectionView.isDecelerating ? "coasting" : "at rest"
    drawTitle(
      "springy-carousel — \(numbers.count) tiles, \(layout.springCount) springs, gravity \(layout.gravityBehavior.magnitude), \(state)",
      legend: showsFieldView ? fieldLegend : nil, into: &list)
  }

  private func drawFieldView(into list: inout DrawList) {
    let frame = collectionView.frame
    // The floor: the bottom of the content, the boundary the tiles rest on (elasticity 1).
    let floorY = frame.minY + layout.collectionViewContentSize.height - collectionView.contentOffset.y - 1
    list.line(from: Point(x: frame.minX, y: floorY), to: Point(x: frame.maxX, y: floorY), Palette.warm, width: 2)
    list.text(
      "floor (elasticity 1)", at: Point(x: frame.minX + 12, y: floorY - 84), size: 11, color: Palette.warm,
      alignment: .centerLeft)
    forceView.drawSprings(layout.springs, in: collectionView, into: &list)
    if let centre = fieldCentre {
      let radii = LayoutForceOverlay.lagFractions.map { $0 * layout.scrollFactorDistance }
      forceView.drawBandContours(around: centre, radii: radii, clip: frame, into: &list)
    }
    let g = layout.gravityBehavior
    let gravity = Vector(dx: g.gravityDirection.dx, dy: g.gravityDirection.dy) * 1000
    let gravityAt = Point(x: frame.maxX - 40, y: frame.minY + 20)
    forceView.drawArrow(from: gravityAt, acceleration: gravity, into: &list)
    list.text(
      "gravity \(g.magnitude)", at: Point(x: gravityAt.x - 8, y: gravityAt.y), size: 11, color: Palette.dimText,
      alignment: .centerRight)
  }

  /// What the field view's arrows and contours mean, under the title.
  private var fieldLegend: String {
    "F: arrows — each tile's spring pull ω²·stretch (it holds the tile up against gravity), log scale 1 … 10⁵ pt/s²; dashed — a scroll moves a tile by ¼, ½, all of the delta at min(1, |Δx| ÷ \(Int(layout.scrollFactorDistance)))"
  }
}
