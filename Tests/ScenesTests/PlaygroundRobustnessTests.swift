import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// Seeded random build sessions inside a closed boundary, with the robustness suite's invariants after
/// every action: the state is finite, nothing leaves the box, and an action the playground refused
/// changed neither the document nor the motion. A failure names its seed and the actions so far.
@Suite struct PlaygroundRobustnessTests {
  static let box = Rect(x: 30, y: 60, width: 740, height: 500)

  @Test(arguments: 0..<100 as Range<UInt64>)
  func randomBuildsKeepTheInvariants(seed: UInt64) {
    // The box is there from the start, so no undo takes it away.
    var walled = BuildDocument()
    let b = Self.box
    #expect(throws: Never.self) {
      try walled.addBoundary(
        [b.origin, Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)], closed: true)
    }
    var session = RandomBuildSession(
      seed: 1000 + seed, area: b.insetBy(dx: 30, dy: 30), scene: PlaygroundScene(document: walled))
    for _ in 0..<80 {
      let before = session.scene.document, digest = session.scene.stateDigest
      let steps = session.scene.history.undoCount
      let what = session.step()
      let refused = session.scene.message?.hasPrefix("refused") == true || what.contains("refused")
      if refused, !what.hasPrefix("run") {
        guard
          session.scene.document == before && session.scene.stateDigest == digest
            && session.scene.history.undoCount == steps
        else {
          Issue.record("seed \(1000 + seed): a refused action changed something: \(what); \(session.log)")
          return
        }
      }
      // Each action's message is its own: clear it before the next.
      session.scene.say("")
      for body in session.scene.bodies {
        guard body.center.isFinite, body.transform.rotationAngle.isFinite else {
          Issue.record("seed \(1000 + seed): a non-finite state after \(what); \(session.log)")
          return
        }
        guard Self.box.contains(body.center) else {
          Issue.record("seed \(1000 + seed): \(body.center) left the box after \(what); \(session.log)")
          return
        }
      }
    }
  }
}
