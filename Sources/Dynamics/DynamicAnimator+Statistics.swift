extension DynamicAnimator {
  /// How many movable bodies are awake (moving, or not yet rested for the sleep time), for a HUD.
  /// Anchored bodies are not counted.
  public var awakeBodyCount: Int {
    applyPendingChanges()
    var n = 0
    for (i, b) in world.bodies.sims.enumerated()
    where world.isLiveBody(i) && !b.isAnchored && b.sleepTime < PhysicsWorld.timeToSleep {
      n += 1
    }
    return n
  }
}
