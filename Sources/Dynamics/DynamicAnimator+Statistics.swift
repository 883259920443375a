extension DynamicAnimator {
  /// How many movable bodies are awake (moving, or not yet rested for the sleep time), for a HUD.
  /// Anchored bodies are not counted.
  public var awakeBodyCount: Int {
    rebuildIfNeeded()
    var n = 0
    for b in world.bodies where !b.isAnchored && b.sleepTime < PhysicsWorld.timeToSleep { n += 1 }
    return n
  }
}
