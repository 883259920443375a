import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore

/// The Newtonian collection view (objc.io issue 5, "UICollectionView + UIKit Dynamics"): 100 × 100 items hang from one point on long springs
/// and knock each other about. `I` swings a new one in from the right (up to 10, as in the seed);
/// `Delete` cuts the last hanging one loose: it falls and leaves the collection view once off screen,
/// while more inserts and deletes stay allowed. `D` shows the springs and bodies.
package final class NewtonianScene: CollectionScene, Scene {
  package let name = "newtonian"
  package private(set) var layout = NewtonianLayout()
  private var items = NumberedItems(count: 0)
  package var numbers: [Int] { items.numbers }
  package private(set) var showsDebug = false
  /// `F`: the anchor's pull on each hanging item and gravity.
  package private(set) var showsFieldView = false
  private let forceView = LayoutForceOverlay()
  /// Seconds since reset, and the times of the opening inserts still to come.
  private var clock = 0.0
  private var pendingInserts: [Double] = []
  /// The article's limit.
  package static let maximumItems = 10

  package init() {
    super.init(layout: layout, minimumHeight: 200)
    reset()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("I", "swing a new item in from the right (up to 10)"), ("Delete", "cut the last hanging item loose"),
      ("D", "debug view: springs, bodies, contacts"), ("F", "field view: the anchor's pull and gravity on each item")
    ]
  }

  package override func reset() {
    let old = layout
    layout = NewtonianLayout()
    layout.attachmentLength = old.attachmentLength
    layout.attachmentDamping = old.attachmentDamping
    layout.attachmentFrequency = old.attachmentFrequency
    layout.gravityBehavior.magnitude = old.gravityBehavior.magnitude
    items = NumberedItems(count: 0)
    collectionView = CollectionView(frame: collectionView.frame, collectionViewLayout: layout)
    collectionView.updateAnimationDuration = 0
    collectionView.dataSource = items
    layout.dynamicAnimator.isDebugEnabled = showsDebug
    message = nil
    clock = 0
    // Three items swing in one after another, so the scene opens on something moving.
    pendingInserts = [0, 0.6, 1.2]
    resize(to: size)
  }

  /// The anchor hangs from the middle of the width: a new size re-anchors the items.
  override func willLayOut() { collectionView.collectionViewLayout.invalidateLayout() }

  // MARK: Input

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    guard case .keyDown(let key, _, _) = event else { return false }
    switch key {
    case .character("d"):
      showsDebug.toggle()
      layout.dynamicAnimator.isDebugEnabled = showsDebug
    case .character("f"): showsFieldView.toggle()
    case .character("i"), .insert: insert()
    case .delete, .backspace: detachLast()
    default: return false
    }
    return true
  }

  private func insert() {
    guard numbers.count < Self.maximumItems else {
      message = "the article stops at \(Self.maximumItems) items"
      return
    }
    let at = IndexPath(item: numbers.count, section: 0)
    do {
      message = "item \(try items.insert(at: at, in: collectionView)) swings in"
    } catch {
      message = "\(error)"
    }
  }

  private func detachLast() {
    guard let item = numbers.indices.last(where: { !layout.isFalling(at: IndexPath(item: $0, section: 0)) }) else {
      message = "nothing hanging"
      return
    }
    let number = numbers[item]
    layout.detachItem(at: IndexPath(item: item, section: 0)) { [weak self] ip in
      guard let self else { return }
      do {
        try self.items.remove(at: ip, in: self.collectionView)
        self.message = "item \(number) fell off screen and was deleted"
      } catch {
        self.message = "\(error)"
      }
    }
    message = "item \(number) falls"
  }

  // MARK: Tuning

  package var parameters: [TunableParameter] {
    [
      TunableParameter(
        "attachment length", unit: "pt", range: 50...500, step: 10, precision: 0,
        get: { self.layout.attachmentLength },
        set: { v in
          self.layout.attachmentLength = v
          for a in self.layout.attachments { a.length = v }
        }),
      TunableParameter(
        "attachment damping", unit: "ζ", range: 0...2, step: 0.05, precision: 2,
        get: { self.layout.attachmentDamping },
        set: { v in
          self.layout.attachmentDamping = v
          for a in self.layout.attachments { a.damping = v }
        }),
      TunableParameter(
        "attachment frequency", unit: "Hz", range: 0.1...10, step: 0.1, precision: 2,
        get: { self.layout.attachmentFrequency },
        set: { v in
          self.layout.attachmentFrequency = v
          for a in self.layout.attachments { a.frequency = v }
        }),
      TunableParameter(
        "gravity", unit: "×1000 pt/s²", range: 0...3, step: 0.1, precision: 2,
        get: { self.layout.gravityBehavior.magnitude }, set: { self.layout.gravityBehavior.magnitude = $0 })
    ]
  }

  /// One item's attachment as a spring (mass 1: a 100 × 100 item of density 1).
  package var spring: SpringParameters? {
    SpringParameters(frequency: layout.attachmentFrequency, dampingRatio: layout.attachmentDamping)
  }

  // MARK: Frame

  package override func advance(by seconds: Double) {
    clock += seconds
    while let t = pendingInserts.first, t <= clock + 1e-9 {
      pendingInserts.removeFirst()
      insert()
    }
    super.advance(by: seconds)
  }

  /// Moving while a touch drags the content, it coasts or bounces, an update animates, or springs move.
  /// Also while the opening items are still to swing in.
  package var isAnimating: Bool { isScrolling || layout.dynamicAnimator.isRunning || !pendingInserts.isEmpty }

  package var timings: SceneTimings {
    timings(awakeBodies: layout.dynamicAnimator.isRunning ? layout.itemCount : 0)
  }

  /// The collection view with its layout, hanging items and scroll physics, the items' numbers, the
  /// inserts still to come, and the views.
  package func takeSnapshot() -> SceneSnapshot? {
    let base = snapshotBase()
    let own = (layout, items, items.saved, showsDebug, showsFieldView, layout.dynamicAnimator.isDebugEnabled)
    let timing = (clock, pendingInserts)
    return SceneSnapshot(approximateBytes: base.approximateBytes) {
      let (layout, items, numbers, debug, fieldView, engineDebug) = own
      (self.layout, self.items, self.showsDebug, self.showsFieldView) = (layout, items, debug, fieldView)
      (self.clock, self.pendingInserts) = timing
      items.restore(numbers)
      base.restore()
      layout.dynamicAnimator.isDebugEnabled = engineDebug
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    for n in numbers { d.combine(n) }
    for e in collectionView.displayedElements {
      d.combine(e.attributes.indexPath.item)
      d.combine(e.attributes.center.x)
      d.combine(e.attributes.center.y)
      d.combine(e.attributes.transform.rotationAngle)
    }
    return d.value
  }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    let anchor = collectionView.convertToSuperview(Rect(center: layout.attachmentPoint, size: .zero)).center
    // The strings, drawn faintly even without the debug view: they are what the items hang from.
    if !showsDebug {
      for e in collectionView.displayedElements where !layout.isFalling(at: e.attributes.indexPath) {
        list.line(
          from: anchor, to: collectionView.convertToSuperview(e.attributes.frame).center, Palette.grid, width: 1.5)
      }
    }
    SpringySceneDrawing.drawCells(
      of: collectionView, number: { self.items.number(at: $0) },
      colour: {
        SpringyCarouselScene.colours[$0 % SpringyCarouselScene.colours.count].withAlpha(self.showsFieldView ? 70 : 255)
      },
      textSize: 24, into: &list)
    list.circle(center: anchor, radius: 6, fill: Palette.text)
    if showsDebug {
      SpringySceneDrawing.drawDebug(layout.dynamicAnimator, in: collectionView, tilingRect: nil, into: &list)
    }
    if showsFieldView { drawFieldView(anchor: anchor, into: &list) }
    let falling = numbers.indices.filter { layout.isFalling(at: IndexPath(item: $0, section: 0)) }.count
    drawTitle(
      "newtonian — \(numbers.count) items (\(falling) falling), length \(Int(layout.attachmentLength)) pt, ζ \(layout.attachmentDamping), \(layout.attachmentFrequency) Hz",
      legend: showsFieldView ? fieldLegend : nil, into: &list)
  }

  /// Each hanging item's pull towards the anchor (ω² × stretch beyond the attachment's length) and the
  /// gravity every item feels, in the fields scene's log scale.
  private func drawFieldView(anchor: Point, into list: inout DrawList) {
    let g = layout.gravityBehavior
    let gravity = Vector(dx: g.gravityDirection.dx, dy: g.gravityDirection.dy) * 1000
    let shift = Vector(dx: anchor.x - layout.attachmentPoint.x, dy: anchor.y - layout.attachmentPoint.y)
    for attachment in layout.attachments {
      guard let item = attachment.items.first else { continue }
      let pull = LayoutForceOverlay.springAcceleration(
        item: item.center, anchor: attachment.anchorPoint,
        length: attachment.length, frequency: attachment.frequency)
      let centre = item.center + shift
      forceView.drawArrow(from: centre, acceleration: pull, into: &list)
      forceView.drawArrow(from: centre, acceleration: gravity, into: &list)
    }
    list.circle(center: anchor, radius: 12, fill: nil, stroke: Palette.spring, lineWidth: 1.5)
  }

  /// What the field view's arrows and contours mean, under the title.
  private var fieldLegend: String {
    "F: arrows from each item — the anchor's pull ω²·(stretch beyond \(Int(layout.attachmentLength)) pt) and gravity \(layout.gravityBehavior.magnitude) × 1000 pt/s², log scale 1 … 10⁵ pt/s²"
  }
}
