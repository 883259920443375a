/// What one axis of a scroll view is doing.
struct AxisMotion {
  enum Mode {
    case idle
    /// Exponential deceleration: velocity × rate every millisecond.
    case decelerating
    /// A damped spring towards `target`, or towards the nearest content edge when `target` is nil.
    case springing(target: Double?)
    case animating(ScrollAnimation)
    case splineFling(SplineFling)

    var isIdle: Bool { if case .idle = self { return true } else { return false } }

    /// A motion UIKit reports as decelerating (the content moves on its own after a release).
    var isDeceleration: Bool {
      switch self {
      case .decelerating, .springing, .splineFling: return true
      case .idle, .animating: return false
      }
    }
  }

  var mode: Mode = .idle
  /// Points per second.
  var velocity = 0.0
  /// Where a fling aimed by `targetContentOffset` must end: it lands exactly there.
  var landing: Double?
}
