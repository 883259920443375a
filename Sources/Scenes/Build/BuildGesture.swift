import Dynamics
import Geometry2D

/// A press on the playground in progress, from the button's press to its release. Points are in world
/// coordinates (the camera's `world(_:)` of the pointer).
enum BuildGesture {
  /// A shape being dragged out from `from` to `to`.
  case spawn(SpawnShape, from: Point, to: Point)
  /// A boundary being drawn: a segment, or a closed rectangle with these corners.
  case boundary(closed: Bool, from: Point, to: Point)
  /// An attachment, snap or push being dragged from item `id` (grabbed at `offset` in its frame).
  case join(BuildTool, id: String, offset: Vector, from: Point, to: Point)
  /// A dynamic item held by a rigid attachment from the grabbed point to the pointer, as in
  /// drag-and-throw.
  case dragDynamic(AttachmentBehavior)
  /// An anchored item moved exactly with the pointer (`updateItem(usingCurrentState:)` each move);
  /// `before` is the document as it was when the drag began, the step undo goes back to.
  case dragAnchored(body: DynamicBody, grab: Vector, before: BuildDocument)
  /// The view being panned by the right or middle button; `last` is the pointer's last screen point.
  case pan(last: Point)

  /// The same gesture with the pointer now at `p` (world).
  func moved(to p: Point) -> BuildGesture {
    switch self {
    case .spawn(let s, let from, _): .spawn(s, from: from, to: p)
    case .boundary(let closed, let from, _): .boundary(closed: closed, from: from, to: p)
    case .join(let t, let id, let o, let from, _): .join(t, id: id, offset: o, from: from, to: p)
    default: self
    }
  }

  /// The rectangle a spawn or loop covers: the drag's box, or 60 × 60 around a click.
  static func rect(from a: Point, to b: Point) -> Rect {
    if abs(a.x - b.x) < 4 && abs(a.y - b.y) < 4 { return Rect(center: a, size: Size(width: 60, height: 60)) }
    return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
  }
}
