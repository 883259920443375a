/// Moving a body from outside the step (`DynamicAnimator.updateItem(usingCurrentState:)`).
extension PhysicsWorld {
  /// Puts body `i` at `p` turned to `angle`, keeping its velocity: its rest timer restarts, its island
  /// wakes, and a body with shapes gets a collision pass. Inlined into `updateItem`, which runs for every
  /// moved item every frame: the call and its frame were a tenth of the move's instructions.
  @inline(__always) mutating func placeBody(_ i: Int32, at p: Vec2, angle: Double) {
    if joints.pendingSpringSteps > 0 { settleSprings() }
    let asleepIsland: Int32? = bodies.sims.withUnsafeMutableBufferPointer { b in
      let body = b.baseAddress.unsafelyUnwrapped + Int(i)
      if body.pointee.shapeCount > 0 { needsCollision = true }
      body.pointee.position = p
      body.pointee.sleepTime = 0
      if angle != body.pointee.angle {
        body.pointee.angle = angle
        body.pointee.writtenAngle = angle
        body.pointee.updateRotation()
      }
      return body.pointee.asleep ? body.pointee.island : nil
    }
    if let island = asleepIsland { wakeIsland(island) }
  }
}
