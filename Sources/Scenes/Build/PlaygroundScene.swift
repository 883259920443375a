import Dynamics
import Geometry2D
import SandboxCore

/// The playground: a scene you build in. A tool from the dock's toolbar (or its key) spawns boxes,
/// balls, ellipses and polygons, draws boundaries, joins items with attachments, snaps and pushes,
/// anchors, frees and deletes; the select tool drags items and picks one for the inspector (the dock's
/// panel, `Tab`). `Ctrl+Z` and `Ctrl+Shift+Z` undo and redo, `Ctrl+S` saves a scene file that
/// `hooke --scene` opens.
///
/// What was built is a `BuildDocument` (a scene file's description); the animator is built from it
/// after every change, starting from the poses and velocities the items had (`BuildDocument.record`).
/// Between changes the animator runs alone, as any scene's does.
package final class PlaygroundScene: Scene {
  package let name = "playground"
  package internal(set) var document: BuildDocument
  package internal(set) var history = BuildHistory()
  var built: BuiltScene
  var size = Size(width: 800, height: 600)
  package var tool = BuildTool.select
  package var attachKind = AttachKind.spring
  package var selection: BuildSelection?
  var gesture: BuildGesture?
  /// What the last action did or why it was refused, shown at the top of the scene.
  package internal(set) var message: String?
  /// Where `Ctrl+S` writes; nil picks the first free `hooke-build-<n>.json` in the working directory.
  package var savePath: String?
  package internal(set) var lastSavedPath: String?
  private var physicsTime = 0.0
  /// The view of the world: pan and zoom (`docs/architecture.md`, "Input").
  package var camera = Camera()
  /// Frames still to draw after a change the animator does not see (the camera moved, the dock
  /// resized the scene): the window draws between the last two states, so it must draw until both
  /// show the change, then it may rest.
  var settleFrames = 0
  /// `F`: the force fields of a scene file opened here, drawn under the camera like the rest.
  var showsFieldView = false
  let fieldView = FieldViewOverlay()
  /// Ctrl is down (read from the last key event: a wheel event carries no modifiers).
  var controlHeld = false

  package init(document: BuildDocument = BuildDocument()) {
    self.document = document
    built = document.scene.build(size: size)
  }

  /// The help's rows (`H`): short enough for the dock's width and, with the window's own keys, its height.
  package var keyHelp: [(key: String, action: String)] {
    [
      ("V", "select: click inspects; drag moves"), ("B O E P", "box, ball, ellipse, polygon: drag its size"),
      ("G K", "a boundary segment; a closed boundary"), ("A", "attach (A again: spring, rigid, pin, sliding, limit)"),
      ("N U", "snap an item to a point; push it"), ("M X", "anchor or free; delete (also Delete)"),
      ("Ctrl+Z", "undo (Ctrl+Shift+Z redo)"), ("Ctrl+S", "save as a scene file for hooke --scene"),
      ("Tab", "the inspector: properties and behaviors"),
      ("R/M drag", "pan; Ctrl+wheel or a pinch zooms; Home frames all"),
      ("D", "the engine's debug view")
    ]
  }

  package var bodies: [DynamicBody] { built.bodies }
  package var animator: DynamicAnimator { built.animator }

  /// The animator afresh from the document, with the debug view as it was.
  func rebuild() {
    let debug = built.animator.isDebugEnabled
    built = document.scene.build(size: size)
    built.animator.isDebugEnabled = debug
    gesture = nil
  }

  /// Every item's pose and velocity in the running animator, in item order.
  func currentPoses() -> [ItemPose] {
    built.bodies.enumerated().map { i, body in
      let material = document.materialIndex(document.scene.items[i].id).flatMap {
        built.behaviors[$0] as? DynamicItemBehavior
      }
      return ItemPose(
        center: body.center, rotation: body.transform.rotationAngle,
        velocity: built.animator.linearVelocity(of: body), angularVelocity: material?.angularVelocity(for: body) ?? 0)
    }
  }

  /// Makes a change: the poses of now recorded, then `change` on a copy; kept (with a step for undo)
  /// only when every check passes, else the message says why and nothing changed.
  @discardableResult
  package func perform(
    _ what: String, coalescing key: String? = nil, before start: BuildDocument? = nil,
    _ change: (inout BuildDocument) throws(BuildRefusal) -> Void
  ) -> Bool {
    var doc = document
    do {
      try doc.record(currentPoses())
      let before = doc
      try change(&doc)
      history.record(start ?? before, coalescing: key)
      document = doc
      rebuild()
      say(what)
      return true
    } catch {
      say("refused: \(error.message)")
      return false
    }
  }

  package func undo() {
    var present = document
    try? present.record(currentPoses())
    guard let previous = history.undo(from: present) else {
      say("nothing to undo")
      return
    }
    document = previous
    selection = selection.flatMap { $0.exists(in: document) ? $0 : nil }
    rebuild()
    say("undone (\(history.undoCount) more)")
  }

  package func redo() {
    var present = document
    try? present.record(currentPoses())
    guard let next = history.redo(from: present) else {
      say("nothing to redo")
      return
    }
    document = next
    selection = selection.flatMap { $0.exists(in: document) ? $0 : nil }
    rebuild()
    say("redone")
  }

  package func resize(to size: Size) {
    guard size != self.size else { return }
    self.size = size
    settleFrames = 3
    // What the playground builds has no reference bounds (it does not depend on the window), so a
    // resize keeps the world running as it is; a scene file opened in it may use the window's bounds.
    guard document.scene.referenceBounds else { return }
    var now = document
    if (try? now.record(currentPoses())) != nil { document = now }
    rebuild()
  }

  /// `R`: back to the document as last built (the poses recorded at the last change).
  package func reset() {
    rebuild()
    say("reset to the last change")
  }

  package func advance(by seconds: Double) {
    settleFrames = max(0, settleFrames - 1)
    physicsTime = Stopwatch.time { built.animator.advance(by: seconds) }
  }

  package var timings: SceneTimings { SceneTimings(physics: physicsTime, awakeBodies: built.animator.awakeBodyCount) }

  package var isAnimating: Bool { built.animator.isRunning || gesture != nil || settleFrames > 0 }

  package var stateDigest: UInt64 { built.stateDigest }

  /// Shows `text` at the top of the scene (an action's result or why it was refused).
  func say(_ text: String) {
    message = text
    settleFrames = 3
  }
}
