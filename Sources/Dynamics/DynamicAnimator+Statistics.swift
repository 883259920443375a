extension DynamicAnimator {
  /// How many movable bodies are awake (moving, or not yet rested for the sleep time; every one while
  /// `allowsSleeping` is false), for a HUD. Anchored bodies are not counted.
  public var awakeBodyCount: Int {
    applyPendingChanges()
    let resting = world.sleep.isEnabled ? PhysicsWorld.timeToSleep : .infinity
    var n = 0
    for (i, b) in world.bodies.sims.enumerated()
    where world.isLiveBody(i) && !b.isAnchored && b.sleepTime < resting {
      n += 1
    }
    return n
  }
}
