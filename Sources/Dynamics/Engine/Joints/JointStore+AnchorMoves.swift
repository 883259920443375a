/// A rigid attachment's world anchor moved by the user (a drag) is followed, not jumped to.
///
/// Written straight into the row, a move of d points a frame is an error of d the row's soft position
/// correction works off over the frame's steps, at most `JointPass.rigidCorrectionCap`: a card dragged
/// at 1,600 pt/s trailed its pointer by ~12 pt, and an error corrected at a capped speed leaves the card
/// moving at the correction speed, not the pointer's. Instead the move is spread evenly over the steps of
/// the next `advance` (the animator says how many), and during those steps the row's world end moves at
/// the anchor's velocity: the row's velocity target is that velocity (the world body of the row moves
/// with it), so the relax pass leaves the card moving with the anchor, rigidly, and the biased pass only
/// corrects the small residual of a change of velocity. At the end of the advance the anchor is exactly
/// where the user put it, and its velocity is zero again until the next move. Released, the card keeps
/// the drag's velocity: a throw.
///
/// Spring rows keep the jump (a spring is meant to lag and catch up). A move under way survives other
/// joints coming and going (`removeRow` renumbers it).
///
/// What a move does is decided once, when the advance starts (`scheduleAnchorMoves`, after the pending
/// behavior changes are applied), from where the anchor was at the last step and where the user left it:
/// so a read of the animator between changes (which applies them early) changes nothing, whatever the
/// order of moves, parameter changes and reads. A joint made since the last step has not been stepped at
/// any anchor: it starts where the user last put it.
extension JointStore {
  /// Moves a world anchor the way a dragging pointer does: a spring's anchor (row or closed form) jumps
  /// there; a rigid row's is noted, with where it was, and travels there over the next advance. A joint
  /// made since the last step takes the new anchor at once.
  mutating func moveAnchor(of handle: JointHandle, to a: Vec2, step stepCount: Int, _ bodies: inout BodyStore) {
    guard isCurrent(handle) else { return }
    let id = Int(handle.index)
    let isNew = birthSteps[id] == stepCount
    if !isNew && !anchorMoves.contains(where: { $0.joint == handle.index }) {
      anchorMoves.append(AnchorMove(joint: handle.index, origin: specs[id].localA, step: stepCount))
    }
    specs[id].localA = a
    guard let p = place(of: handle) else { return }
    switch p.store {
    case .row:
      let k = Int(p.index)
      if isNew || rows[k].hertz > 0 { rows[k].localA = a }
      // A new joint's anchor is where it was placed, not a move (the energy watch exempts moved anchors).
      if isNew && k < energy.anchors.count { energy.anchors[k] = a }
    case .anchorSpring:
      settleSprings(&bodies)  // the steps already taken were toward the old anchor
      springs[Int(p.index)].anchor = a
    }
  }

  /// Starts the advance's anchor moves: every rigid world-anchor row the user moved travels from where
  /// the last step had it to where the user left it, in `steps` steps (the last lands exactly there);
  /// a move still under way (an advance cut short) is re-timed over these steps.
  mutating func scheduleAnchorMoves(steps: Int, step stepCount: Int) {
    guard steps > 0 else { return }
    for move in anchorMoves {
      let id = Int(move.joint), p = places[id]
      guard p.index >= 0 && p.store == .row else { continue }
      let k = Int(p.index)
      guard rows[k].hertz == 0 && rows[k].bodyA < 0 else { continue }
      // No step since the move: the row may have been placed again from the new anchor meanwhile, so it
      // starts from the noted one. Steps since (a move made during an advance): from where they left it.
      if move.step == stepCount { rows[k].localA = move.origin }
      rows[k].anchorTarget = specs[id].localA
      if !movingAnchors.contains(Int32(k)) { movingAnchors.append(Int32(k)) }
    }
    anchorMoves.removeAll(keepingCapacity: true)
    let time = Double(steps) * h
    for k in movingAnchors {
      let k = Int(k)
      rows[k].anchorVelocity = (rows[k].anchorTarget - rows[k].localA) * (1 / time)
      rows[k].anchorStepsLeft = Int32(steps)
    }
  }

  /// Puts every anchor under way where it is going (the animator paused mid-advance: no travel is left
  /// to resume, so every rigid row's anchor is its joint's again).
  mutating func landAnchors() {
    for k in movingAnchors {
      let k = Int(k)
      rows[k].localA = rows[k].anchorTarget
      rows[k].anchorVelocity = .zero
      rows[k].anchorStepsLeft = 0
    }
    movingAnchors.removeAll()
  }

  /// Moves the anchors under way by one step (the last step lands exactly on the target) and drops
  /// those that arrived.
  mutating func advanceAnchors() {
    for k in movingAnchors {
      let k = Int(k)
      guard rows[k].anchorStepsLeft > 0 else { continue }
      rows[k].anchorStepsLeft -= 1
      if rows[k].anchorStepsLeft == 0 {
        rows[k].localA = rows[k].anchorTarget
        rows[k].anchorVelocity = .zero
      } else {
        rows[k].localA += rows[k].anchorVelocity * h
      }
    }
    movingAnchors.removeAll { rows[Int($0)].anchorStepsLeft == 0 && rows[Int($0)].localA == rows[Int($0)].anchorTarget }
  }
}

/// A user's move of a rigid world anchor, waiting for the advance: the joint, its anchor before the
/// first move since the last schedule, and the step count then.
struct AnchorMove {
  var joint: Int32
  var origin: Vec2
  var step: Int
}
