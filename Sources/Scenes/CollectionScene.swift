import CollectionLayout
import Geometry2D
import SandboxCore

/// What every collection-view demo shares (springy-list, springy-carousel, newtonian, flow-grid), as
/// `AnimatorScene` is for the dynamics demos: the collection view under the 40 pt title bar, sized to the
/// scene; the window's first size building the scene afresh (so cells do not spring over from the
/// default size); the pointer, drag, fling and wheel input; the layout time for the HUD; the message in
/// the title bar; and whether the content moves on its own. Subclasses make their layout and data in
/// `reset()` and add their keys and drawing.
package class CollectionScene {
  package internal(set) var collectionView: CollectionView
  package private(set) var size = Size(width: 800, height: 600)
  /// The latest line for the title bar's right side (an insert, an error).
  var message: String?
  /// The pointer in window points, hovering or pressed.
  private(set) var pointer: Point?
  private var scrolling = CollectionScrolling()
  /// False until the first step: a size that arrives before it rebuilds the scene instead of moving it.
  private var hasStarted = false
  private var layoutTime = 0.0
  /// The collection view's least height, so a tiny window still shows a row.
  let minimumHeight: Double

  init(layout: CollectionViewLayout, minimumHeight: Double = 40) {
    self.minimumHeight = minimumHeight
    collectionView = CollectionView(frame: Rect(x: 0, y: 40, width: 800, height: 560), collectionViewLayout: layout)
  }

  /// Builds the scene's layout, data and collection view afresh; subclasses override it and end by
  /// calling `resize(to: size)`.
  package func reset() {}

  package func resize(to size: Size) {
    if !hasStarted, size != self.size {
      self.size = size
      reset()
      return
    }
    self.size = size
    collectionView.frame = Rect(x: 0, y: 40, width: size.width, height: max(minimumHeight, size.height - 40))
    willLayOut()
    collectionView.layoutIfNeeded()
  }

  /// Called on a resize before the collection view lays out (a layout that depends on the width).
  func willLayOut() {}

  /// Follows the pointer and gives the collection view its touch and wheel; true when it used the event.
  func handleScrolling(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerMoved(let p, _, _), .pointerDown(_, let p, _), .pointerUp(_, let p): pointer = p
    default: break
    }
    return scrolling.handle(event, in: collectionView)
  }

  package func advance(by seconds: Double) {
    hasStarted = true
    layoutTime = Stopwatch.time {
      collectionView.advance(by: seconds)
      didAdvance()
    }
  }

  /// The base's part of a scene snapshot: the collection view (a reset makes a new one; the snapshot
  /// brings the old one back) with its layout and scroll physics, and the pointer, the press and the
  /// size. Restore it first; the subclass then puts back its own variables and data.
  func snapshotBase() -> (approximateBytes: Int, restore: () -> Void) {
    let view = collectionView
    let saved = view.takeSnapshot()
    let own = (size, message, pointer, scrolling, hasStarted)
    return (
      saved.approximateBytes,
      {
        self.collectionView = view
        view.restore(saved)
        (self.size, self.message, self.pointer, self.scrolling, self.hasStarted) = own
      }
    )
  }

  /// Called inside the timed layout stage after the collection view advanced.
  func didAdvance() {}

  /// The layout stage's time for the HUD, with the layout's awake bodies.
  func timings(awakeBodies: Int?) -> SceneTimings { SceneTimings(layout: layoutTime, awakeBodies: awakeBodies) }

  /// True while a touch or a trackpad gesture moves the content, it coasts, bounces or animates a scroll,
  /// or an update animates.
  var isScrolling: Bool { collectionView.isScrolling || collectionView.isAnimatingUpdates }

  /// Where a field view centres the scroll-resistance field: the touch the layout reads (kept through a
  /// fling), or the hovering pointer; window points.
  var fieldCentre: Point? {
    if let touch = collectionView.panLocation {
      return collectionView.convertToSuperview(Rect(center: touch, size: .zero)).center
    }
    return pointer.flatMap { collectionView.frame.contains($0) ? $0 : nil }
  }

  /// The title bar with the scene's message on the right and, when given, a legend line.
  func drawTitle(_ title: String, legend: String? = nil, into list: inout DrawList) {
    SpringySceneDrawing.drawTitle(title, message: message, width: size.width, legend: legend, into: &list)
  }
}
