import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// The inspector: the selection's properties as tuning-panel parameters, edited live and range-checked.
@Suite struct PlaygroundInspectorTests {
  func twoBoxesOnASpring() -> PlaygroundDriver {
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("b")
    d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
    d.drag(Point(x: 300, y: 100), Point(x: 350, y: 150))
    d.key("a")
    d.drag(Point(x: 125, y: 125), Point(x: 325, y: 125))
    d.key("v")
    return d
  }

  func parameter(_ d: PlaygroundDriver, _ name: String) throws -> TunableParameter {
    try #require(d.scene.parameters.first { $0.name == name }, "no \(name) in \(d.scene.parameters.map(\.name))")
  }

  @Test func clickingAnItemShowsItsMaterialAndEditsApplyLive() throws {
    let d = twoBoxesOnASpring()
    d.click(Point(x: 120, y: 110))
    #expect(d.scene.selection == .item("box-1"))
    #expect(
      d.scene.parameters.map(\.name) == [
        "density", "elasticity", "friction", "resistance", "angular resistance", "charge", "rotation", "anchored",
        "rotates"
      ])
    #expect(try parameter(d, "density").set(2.5) == nil)
    let m = try #require(d.scene.document.materialIndex("box-1"))
    #expect(d.scene.document.scene.behaviors[m].numbers["density"] == 2.5)
    #expect(try parameter(d, "anchored").set(1) == nil)
    #expect(d.scene.isAnchored("box-1"))
    #expect(d.scene.inspection.contains { $0.contains("attachment (plain) box-1 → box-2") })
  }

  @Test func clickingAnAttachmentShowsItsSpring() throws {
    let d = twoBoxesOnASpring()
    d.click(Point(x: 225, y: 125))
    #expect(d.scene.selection == .join(d.scene.document.scene.behaviors.count - 1))
    #expect(d.scene.parameters.map(\.name) == ["length", "frequency", "damping"])
    #expect(try parameter(d, "frequency").value == 2)
    #expect(try parameter(d, "frequency").set(0) == nil, "a spring made rigid")
    #expect(d.scene.document.scene.behaviors.last?.numbers["frequency"] == 0)
  }

  @Test func valuesOutOfRangeAreRefusedAndChangeNothing() throws {
    let d = twoBoxesOnASpring()
    d.click(Point(x: 120, y: 110))
    let before = d.scene.document, digest = d.scene.stateDigest, steps = d.scene.history.undoCount
    for v in [-1, 0, 51, .nan, .infinity] {
      #expect(try parameter(d, "density").set(v) != nil, "density \(v)")
    }
    #expect(try parameter(d, "elasticity").set(1.5) != nil)
    #expect(d.scene.document == before && d.scene.stateDigest == digest)
    #expect(!d.scene.history.canRedo && d.scene.history.undoCount == steps, "no undo step for a refusal")
  }

  @Test func aRunOfEditsOfOnePropertyIsOneUndoStep() throws {
    let d = twoBoxesOnASpring()
    d.click(Point(x: 120, y: 110))
    let steps = d.scene.history.undoCount
    let friction = try parameter(d, "friction")
    for k in 1...10 { friction.nudge(by: Double(k)) }
    #expect(d.scene.history.undoCount == steps + 1)
    try parameter(d, "charge").set(3)
    #expect(d.scene.history.undoCount == steps + 2)
    d.scene.undo()
    d.scene.undo()
    let m = try #require(d.scene.document.materialIndex("box-1"))
    #expect(d.scene.document.scene.behaviors[m].numbers["friction"] == 0.5, "back to the default")
  }
}
