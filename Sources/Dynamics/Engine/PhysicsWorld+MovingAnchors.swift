/// A rigid attachment's world anchor moved by the user (a drag) is followed, not jumped to.
///
/// Written straight into the row, a move of d points a frame is an error of d the row's soft position
/// correction works off over the frame's steps, at most `maximumCorrectionSpeed`: a card dragged at
/// 1,600 pt/s trailed its pointer by ~12 pt, and an error corrected at a capped speed leaves the card
/// moving at the correction speed, not the pointer's. Instead the move is spread evenly over the steps of
/// the next `advance` (the animator says how many), and during those steps the row's world end moves at
/// the anchor's velocity: the row's velocity target is that velocity (the world body of the row moves
/// with it), so the relax pass leaves the card moving with the anchor, rigidly, and the biased pass only
/// corrects the small residual of a change of velocity. At the end of the advance the anchor is exactly
/// where the user put it, and its velocity is zero again until the next move. Released, the card keeps
/// the drag's velocity: a throw.
///
/// Spring rows keep the jump (a spring is meant to lag and catch up). A move under way survives other
/// joints coming and going (`removeRow` renumbers it); new parameters for its own joint put the anchor
/// where the user put it.
extension PhysicsWorld {
  /// Notes that rigid row `k`'s world anchor should be at `a` by the end of the next advance; a spring
  /// row's anchor is written at once.
  mutating func moveAnchor(ofJoint k: Int, to a: Vec2) {
    guard joints.indices.contains(k), joints[k].bodyA < 0 else { return }
    if joints[k].hertz > 0 {
      joints[k].localA = a
      return
    }
    joints[k].anchorTarget = a
    if !movingAnchors.contains(Int32(k)) { movingAnchors.append(Int32(k)) }
  }

  /// Gives every moved anchor the velocity that brings it to its target in `steps` steps.
  mutating func scheduleAnchorMoves(steps: Int) {
    guard steps > 0 else { return }
    let time = Double(steps) * h
    for k in movingAnchors {
      let k = Int(k)
      joints[k].anchorVelocity = (joints[k].anchorTarget - joints[k].localA) * (1 / time)
      joints[k].anchorStepsLeft = Int32(steps)
    }
  }

  /// Moves the anchors under way by one step (the last step lands exactly on the target) and drops
  /// those that arrived.
  mutating func advanceAnchors() {
    let h = self.h
    for k in movingAnchors {
      let k = Int(k)
      guard joints[k].anchorStepsLeft > 0 else { continue }
      joints[k].anchorStepsLeft -= 1
      if joints[k].anchorStepsLeft == 0 {
        joints[k].localA = joints[k].anchorTarget
        joints[k].anchorVelocity = .zero
      } else {
        joints[k].localA += joints[k].anchorVelocity * h
      }
    }
    movingAnchors.removeAll { joints[Int($0)].anchorStepsLeft == 0 && joints[Int($0)].localA == joints[Int($0)].anchorTarget }
  }
}
