import Geometry2D

/// The preconditions every public entry point shares, so misuse stops at the call that caused it with a
/// message saying what is wrong and what to do — never deep inside the solver.
enum Validate {
  static func item(_ item: any DynamicItem, _ caller: StaticString) {
    let size = item.bounds.size
    precondition(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
                 "\(caller): invalid size \(size) for item \(item) in Dynamics; give the item a finite, non-zero size before adding it to a behavior.")
    precondition(item.center.isFinite,
                 "\(caller): item \(item) has a non-finite center \(item.center); set a finite center before adding it to a behavior.")
    let a = item.transform.rotationAngle
    precondition(a.isFinite, "\(caller): item \(item) has a non-finite rotation; reset its transform before adding it to a behavior.")
    if item.collisionBoundsType == .path {
      precondition(item.collisionBoundingPath?.polygon != nil,
                   "\(caller): item \(item) uses collisionBoundsType .path but its collisionBoundingPath is nil or not a closed polygon; give it a convex closed path centred on (0, 0).")
    }
  }

  static func number(_ value: Double, _ name: StaticString) {
    precondition(!value.isNaN, "\(name) is NaN; pass a number (check the computation that produced it).")
  }

  static func finite(_ value: Double, _ name: StaticString) {
    precondition(value.isFinite, "\(name) must be finite, got \(value); pass a finite number.")
  }

  static func point(_ p: Point, _ name: StaticString) {
    precondition(p.isFinite, "\(name) must be a finite point, got \(p); pass finite coordinates.")
  }

  static func vector(_ v: Vector, _ name: StaticString) {
    precondition(v.isFinite, "\(name) must be a finite vector, got \(v); pass finite components.")
  }
}
