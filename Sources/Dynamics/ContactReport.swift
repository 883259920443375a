import Geometry2D

/// One contact of a collision group that began or ended in a step, resolved to items (and a boundary
/// identifier) before any delegate runs, so a delegate that changes behaviors cannot confuse the rest.
struct ContactReport {
  var began: Bool
  var item1: any DynamicItem
  /// The other item, or nil for a contact with a boundary.
  var item2: (any DynamicItem)?
  /// The boundary's identifier (nil for the reference bounds, and for item–item contacts).
  var boundaryIdentifier: String?
  var point: Point
}
