import Geometry2D

/// Items that move and collide as one rigid body (UIDynamicItemGroup). The group's bounds enclose its
/// items and its centre is the centre of those bounds; moving or rotating the group moves and rotates every
/// item with it. The items are fixed at creation. A group cannot contain another group.
public final class DynamicItemGroup: DynamicItem {
  /// The grouped items, fixed at creation.
  public let items: [any DynamicItem]
  public let bounds: Rect
  /// Each item's centre relative to the group's centre, and its rotation, at creation.
  let offsets: [Vector]
  let angles: [Double]

  /// The centre of the group's bounds; setting it moves every item with it.
  public var center: Point { didSet { layoutItems() } }
  public var transform: AffineTransform = .identity { didSet { layoutItems() } }

  /// - Precondition: `items` is not empty and contains no group.
  public init(items: [any DynamicItem]) {
    precondition(!items.isEmpty, "DynamicItemGroup(items:) needs at least one item.")
    precondition(
      !items.contains { $0 is DynamicItemGroup },
      "DynamicItemGroup cannot contain another DynamicItemGroup; list the inner group's items instead.")
    var frame: Rect?
    for item in items {
      let size = item.bounds.size
      let r = Rect(center: item.center, size: size).applyingRotation(item.transform.rotationAngle, about: item.center)
      frame = frame.map { $0.union(r) } ?? r
    }
    let f = frame!
    self.items = items
    self.bounds = Rect(origin: .zero, size: f.size)
    self.center = f.center
    self.offsets = items.map { $0.center - f.center }
    self.angles = items.map { $0.transform.rotationAngle }
  }

  private func layoutItems() {
    let a = transform.rotationAngle
    for (i, item) in items.enumerated() {
      item.center = center + offsets[i].rotated(by: a)
      item.transform = AffineTransform(rotationAngle: angles[i] + a)
    }
  }
}

extension Rect {
  /// The bounding box of this rect rotated by `angle` about `p`.
  func applyingRotation(_ angle: Double, about p: Point) -> Rect {
    if angle == 0 { return self }
    let pts = corners.map { p + ($0 - p).rotated(by: angle) }
    return Rect(boundingPoints: pts)
  }
}
