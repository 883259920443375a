import Geometry2D

/// What a field (or all of an animator's fields) does to a probe at one point, without moving anything.
public struct FieldSample: Sendable, Hashable {
  /// The force in points·mass/s²: divide by the probe's mass for its acceleration in points/s².
  /// A force of 100 on mass 1 is UIKit's 1 newton (a continuous push of magnitude 1).
  public var force: Vector
  /// The velocity in points/s a velocity field imposes there, or nil when no velocity field reaches
  /// the point (with several, the last added wins, as it does in the animator).
  public var velocity: Vector?

  /// A sample of `force` and, when a velocity field reaches the point, its `velocity`.
  public init(force: Vector = Vector(dx: 0, dy: 0), velocity: Vector? = nil) {
    self.force = force
    self.velocity = velocity
  }

  /// No force and no velocity field.
  public static let none = FieldSample()
}
