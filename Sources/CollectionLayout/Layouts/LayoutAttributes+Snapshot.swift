import Geometry2D

/// The values of layout attributes objects a snapshot holds: the same objects are shared by a layout's
/// springs, the animator and the displayed elements, and change in place, so a snapshot keeps each
/// object with its values and puts them back.
struct SavedAttributes {
  private var saved: [(object: LayoutAttributes, values: Values)] = []
  private var seen = Set<ObjectIdentifier>()

  struct Values {
    var indexPath: IndexPath
    var center: Point
    var size: Size
    var transform: AffineTransform
    var alpha: Double
    var zIndex: Int
    var isHidden: Bool
  }

  mutating func add(_ a: LayoutAttributes) {
    guard seen.insert(ObjectIdentifier(a)).inserted else { return }
    saved.append(
      (
        a,
        Values(
          indexPath: a.indexPath, center: a.center, size: a.size, transform: a.transform, alpha: a.alpha,
          zIndex: a.zIndex, isHidden: a.isHidden)
      ))
  }

  func restore() {
    for (a, v) in saved {
      (a.indexPath, a.center, a.size, a.transform) = (v.indexPath, v.center, v.size, v.transform)
      (a.alpha, a.zIndex, a.isHidden) = (v.alpha, v.zIndex, v.isHidden)
    }
  }

  var count: Int { saved.count }
  /// What else the snapshot holding these keeps, in bytes (a physics layout's animator snapshot).
  var otherBytes = 0
}
