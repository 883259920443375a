import Geometry2D
import SandboxCore
import TestSupport
import Testing

@testable import Scenes

/// Undo and redo (`Ctrl+Z`, `Ctrl+Shift+Z`) of every build action and edit.
@Suite struct PlaygroundHistoryTests {
  @Test func everyActionUndoesToTheDocumentBeforeItAndRedoesToTheOneAfter() {
    let d = PlaygroundDriver()
    d.key(" ")  // the scene does not see Space (the window pauses); poses only change by our actions
    var documents = [d.scene.document]
    let actions: [() -> Void] = [
      {
        d.key("g")
        d.drag(Point(x: 50, y: 500), Point(x: 750, y: 500))
      },
      {
        d.key("k")
        d.drag(Point(x: 20, y: 40), Point(x: 780, y: 560))
      },
      {
        d.key("b")
        d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
      },
      {
        d.key("o")
        d.drag(Point(x: 300, y: 100), Point(x: 350, y: 150))
      },
      {
        d.key("a")
        d.drag(Point(x: 125, y: 125), Point(x: 325, y: 125))
      },
      {
        d.key("n")
        d.drag(Point(x: 325, y: 125), Point(x: 500, y: 300))
      },
      {
        d.key("u")
        d.drag(Point(x: 125, y: 125), Point(x: 125, y: 60))
      },
      {
        d.key("m")
        d.click(Point(x: 125, y: 125))
      },
      {
        d.key("x")
        d.click(Point(x: 325, y: 125))
      }
    ]
    for action in actions {
      action()
      documents.append(d.scene.document)
    }
    #expect(Set(documents.map(\.scene.jsonText)).count == documents.count, "each action changed the document")
    for k in documents.indices.reversed().dropFirst() {
      d.key("z", .control)
      #expect(d.scene.document.scene.items.map(\.id) == documents[k].scene.items.map(\.id), "undo to step \(k)")
      #expect(d.scene.document.scene.behaviors.count == documents[k].scene.behaviors.count)
      #expect(d.scene.document.boundaries == documents[k].boundaries)
    }
    d.key("z", .control)
    #expect(d.scene.message == "nothing to undo")
    for k in documents.indices.dropFirst() {
      d.key("z", [.control, .shift])
      #expect(d.scene.document.scene.items.map(\.id) == documents[k].scene.items.map(\.id), "redo to step \(k)")
      #expect(d.scene.document.scene.behaviors.count == documents[k].scene.behaviors.count)
    }
    #expect(d.scene.bodies.count == d.scene.document.scene.items.count, "the animator is built from what was redone")
  }

  @Test func aNewActionAfterUndoDropsTheRedo() {
    let d = PlaygroundDriver()
    d.key("b")
    d.click(Point(x: 100, y: 100))
    d.click(Point(x: 300, y: 100))
    d.key("z", .control)
    #expect(d.scene.history.canRedo)
    d.click(Point(x: 500, y: 100))
    #expect(!d.scene.history.canRedo)
    d.key("y", .control)
    #expect(d.scene.message == "nothing to redo")
  }

  @Test func undoRestoresMotionAsItWas() {
    let d = PlaygroundDriver()
    d.key("o")
    d.click(Point(x: 200, y: 100))
    d.run(0.25)
    let falling = d.scene.animator.linearVelocity(of: d.scene.bodies[0])
    d.key("b")
    d.click(Point(x: 600, y: 100))
    d.key("z", .control)
    #expect(d.scene.bodies.count == 1)
    #expect(d.scene.animator.linearVelocity(of: d.scene.bodies[0]).dy == falling.dy, "still falling as fast")
  }
}
