/// A body's cold data, next to its hot solver state in `PhysicsWorld.bodies` (same slot): what it was
/// made from and what the world needs when something about it changes, never read by the step.
struct BodyRecord {
  /// The collision geometry, read once when the item joined; the shapes are made from it whenever the
  /// body starts colliding.
  var geometry: [ShapeBuilder.Geometry] = []
  var material = Material()
  /// Some force behavior acts on the body: a closed-form spring must read its forces.
  var receivesForces = false
  /// Ids of the joints on this body, in the order they joined (their placement depends on how many).
  var joints: [Int32] = []
  /// Queued for `finishChanges`: its joints are placed again, its solver membership and proxies
  /// refreshed.
  var isTouched = false
  /// Its proxies' masks or static flag are out of date.
  var proxiesStale = false
}
