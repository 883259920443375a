/// Told when the animator pauses (every body at rest) and when it resumes. Both methods are optional.
public protocol DynamicAnimatorDelegate: AnyObject {
  /// Called just before a paused (or new) animator starts stepping again, because something changed.
  func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
  /// Called once every body has rested: under 1 pt/s and 2°/s for 0.5 s, or with no point of it moving
  /// half a point for 2 s (a body trembling in place).
  func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
  public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
  public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
