/// Anchored bodies moved by hand: Box2D's kinematic bodies. An anchored item placed somewhere new
/// between steps (`updateItem(usingCurrentState:)`) is not teleported there, which would leave what
/// it should push behind or inside it: it keeps its pose and travels to the new one over the next
/// advance's steps, at the velocity of that move. The contact and joint rows read that velocity (an
/// anchored body's inverse masses are 0, so nothing changes it) and push what the body meets; its
/// motion since the collision pass follows it as a dynamic body's does, so its contacts' separations
/// stay true between passes.
struct KinematicMove {
  var body: Int32
  /// Where the body is to be at the end of the move.
  var target: Vec2
  var targetAngle: Double
  /// The move's velocity and spin, exact (the state's copy is rounded by the contact blocks' floats).
  var velocity = Vec2.zero
  var spin = 0.0
  /// Steps left of the move: -1 while it waits for the next advance to say how many it has; 0 once
  /// done (kept until the next collision pass clears the body's motion since the last one).
  var stepsLeft = -1
  /// The move landed in this step: the body stops at the step's end (`stopLandedKinematicMoves`).
  var landing = false
}

extension BodyStore {
  /// Asks anchored body `i` to be at `p`, turned to `angle`, by the end of the next advance. A second
  /// call before that advance replaces the first's target.
  mutating func requestKinematicMove(of i: Int32, to p: Vec2, angle: Double) {
    if let k = kinematicMoves.firstIndex(where: { $0.body == i && $0.stepsLeft != 0 }) {
      kinematicMoves[k].target = p
      kinematicMoves[k].targetAngle = angle
      kinematicMoves[k].stepsLeft = -1
    } else {
      kinematicMoves.append(KinematicMove(body: i, target: p, targetAngle: angle))
    }
  }

  /// Whether a requested move waits for steps or is under way.
  var hasKinematicMovesInProgress: Bool { kinematicMoves.contains { $0.stepsLeft != 0 } }

  /// Gives every waiting move this advance's `steps` of `h` seconds: its velocity carries the body from
  /// its pose to the target in that time; the shorter way round for the turn.
  mutating func scheduleKinematicMoves(steps: Int, h: Double) {
    let time = Double(steps) * h
    for k in kinematicMoves.indices where kinematicMoves[k].stepsLeft != 0 {
      let m = kinematicMoves[k], i = Int(m.body)
      var turn = m.targetAngle - sims[i].angle
      turn -= 2 * Double.pi * (turn / (2 * Double.pi)).rounded()
      kinematicMoves[k].velocity = (m.target - sims[i].position) * (1 / time)
      kinematicMoves[k].spin = turn / time
      kinematicMoves[k].stepsLeft = steps
      states[i].v = kinematicMoves[k].velocity
      states[i].w = kinematicMoves[k].spin
    }
  }

  /// One step of every move under way; a move's last step lands the body exactly on its target, and
  /// the body stops once that step is over (`stopLandedKinematicMoves`): the step's relax pass still
  /// sees it move as it did, so what rides it is not braked at the end of every advance (stopped
  /// before the relax pass, a platform moving at 120 pt/s carried its boxes at 117.8 pt/s).
  mutating func stepKinematicMoves(h: Double) {
    for k in kinematicMoves.indices where kinematicMoves[k].stepsLeft > 0 {
      let m = kinematicMoves[k], i = Int(m.body)
      let before = sims[i].position, angleBefore = sims[i].angle
      if m.stepsLeft == 1 {
        sims[i].position = m.target
        sims[i].angle = m.targetAngle
        sims[i].updateRotation()
        kinematicMoves[k].landing = true
      } else {
        sims[i].position += m.velocity * h
        if m.spin != 0 { sims[i].rotate(by: m.spin * h) }
      }
      // The contact rows may have rounded the state's copy: the move's velocity is the exact one.
      states[i].v = m.velocity
      states[i].w = m.spin
      var turned = sims[i].angle - angleBefore
      turned -= 2 * Double.pi * (turned / (2 * Double.pi)).rounded()
      states[i].deltaPosition += sims[i].position - before
      states[i].deltaAngle += turned
      kinematicMoves[k].stepsLeft -= 1
    }
  }

  /// Stops the bodies whose moves landed in this step, once its passes are over.
  mutating func stopLandedKinematicMoves() {
    for k in kinematicMoves.indices where kinematicMoves[k].landing {
      kinematicMoves[k].landing = false
      states[Int(kinematicMoves[k].body)].v = .zero
      states[Int(kinematicMoves[k].body)].w = 0
    }
  }

  /// The collision pass starts: the moved bodies' motion since the last pass is cleared, and the moves
  /// that are done are dropped.
  mutating func beginKinematicPass() {
    for m in kinematicMoves {
      states[Int(m.body)].deltaPosition = .zero
      states[Int(m.body)].deltaAngle = 0
    }
    kinematicMoves.removeAll { $0.stepsLeft == 0 }
  }

  /// Ends body `i`'s move at once: on its target when `land` (it stops being anchored, or a state is
  /// put back), or where it is (it is destroyed).
  mutating func endKinematicMove(of i: Int32, land: Bool) {
    guard let k = kinematicMoves.firstIndex(where: { $0.body == i && $0.stepsLeft != 0 }) else { return }
    let m = kinematicMoves[k]
    kinematicMoves[k].stepsLeft = 0
    states[Int(i)].v = .zero
    states[Int(i)].w = 0
    guard land else { return }
    sims[Int(i)].position = m.target
    sims[Int(i)].angle = m.targetAngle
    sims[Int(i)].updateRotation()
  }
}
