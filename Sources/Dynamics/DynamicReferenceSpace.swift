import Geometry2D

/// A coordinate space an animator works in that is not a fixed rectangle — a collection view layout's
/// content (UIKit's `init(collectionViewLayout:)`). It can keep a spatial index of the animator's items
/// and answer `items(in:)` from it.
public protocol DynamicReferenceSpace: AnyObject {
  /// The items of `animator` whose frames meet `rect` (reference-space points), or nil to let the
  /// animator scan all its bodies.
  func items(in rect: Rect, of animator: DynamicAnimator) -> [any DynamicItem]?
}
