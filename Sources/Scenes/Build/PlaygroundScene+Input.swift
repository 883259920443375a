#if canImport(Glibc)
  import Glibc
#endif
import Dynamics
import Geometry2D
import SandboxCore

/// The playground's keys and pointer: tools, undo and redo, save, the camera.
extension PlaygroundScene {
  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    let used = respond(to: event)
    if used { settleFrames = 3 }
    return used
  }

  private func respond(to event: InputEvent) -> Bool {
    switch event {
    case .keyDown(let key, let mods, _):
      controlHeld = mods.contains(.control)
      return handleKey(key, mods)
    case .keyUp(_, let mods):
      controlHeld = mods.contains(.control)
      return false
    case .pointerDown(.left, let p, _):
      begin(at: camera.world(p))
    case .pointerDown(.right, let p, _), .pointerDown(.middle, let p, _):
      gesture = .pan(last: p)
    case .pointerMoved(let p, _, let buttons):
      guard let g = gesture, !buttons.isEmpty else { return false }
      move(g, to: p)
    case .pointerUp(_, let p):
      guard let g = gesture else { return false }
      gesture = nil
      finish(g, at: camera.world(p))
    case .wheel(let w) where controlHeld:
      camera.zoom(by: pow(1.1, -w.preciseDelta.dy), about: w.position)
    case .pinch(let scale, let center):
      camera.zoom(by: scale, about: center)
    default:
      return false
    }
    return true
  }

  private func handleKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
    if mods.contains(.control) {
      switch key {
      case .character("z") where mods.contains(.shift), .character("y"): redo()
      case .character("z"): undo()
      case .character("s"): save()
      case .left: camera.pan(by: Vector(dx: 80, dy: 0))
      case .right: camera.pan(by: Vector(dx: -80, dy: 0))
      case .up: camera.pan(by: Vector(dx: 0, dy: 80))
      case .down: camera.pan(by: Vector(dx: 0, dy: -80))
      default: return false
      }
      return true
    }
    switch key {
    case .home: frameScene()
    case .delete, .backspace: deleteSelection()
    case .character("d"): built.animator.isDebugEnabled.toggle()
    case .character("f"):
      // Without fields the window says there is nothing to show.
      guard built.behaviors.contains(where: { $0 is FieldBehavior }) else { return false }
      showsFieldView.toggle()
    case .character(let c):
      guard let t = BuildTool.forKey(c) else { return false }
      choose(t)
    default: return false
    }
    return true
  }

  /// Picks `t`; picking the attach tool again moves on to the next kind of attachment.
  func choose(_ t: BuildTool) {
    if t == .attach, tool == .attach {
      let kinds = AttachKind.allCases
      attachKind = kinds[(kinds.firstIndex(of: attachKind)! + 1) % kinds.count]
    }
    tool = t
    history.breakCoalescing()
    say(t == .attach ? "attach (\(attachKind.rawValue)): \(t.summary)" : "\(t.rawValue): \(t.summary)")
  }

  /// `Home`: the whole scene (items and boundaries) in view.
  func frameScene() {
    var box: Rect?
    for b in built.bodies {
      let r = Rect(center: b.center, size: Size(width: b.size.width * 1.5, height: b.size.height * 1.5))
      box = box?.union(r) ?? r
    }
    for boundary in document.boundaries {
      let r = Rect(boundingPoints: boundary.points)
      box = box?.union(r) ?? r
    }
    camera.frame(box ?? Rect(origin: .zero, size: size), in: size)
    say("framed the whole scene")
  }

  func deleteSelection() {
    guard let selection else { return say("nothing selected to delete") }
    delete(selection)
  }

  func delete(_ s: BuildSelection) {
    let done: Bool
    switch s {
    case .item(let id):
      done = perform("deleted \(id)") { (d: inout BuildDocument) throws(BuildRefusal) in try d.deleteItem(id) }
    case .boundary(let id):
      done = perform("deleted \(id)") { (d: inout BuildDocument) throws(BuildRefusal) in try d.deleteBoundary(id) }
    case .join(let i):
      done = perform("deleted a \(document.scene.behaviors[i].type.rawValue)") {
        (d: inout BuildDocument) throws(BuildRefusal) in try d.deleteJoin(at: i)
      }
    }
    if done { selection = nil }
  }

  private func move(_ g: BuildGesture, to screen: Point) {
    let p = camera.world(screen)
    switch g {
    case .pan(let last):
      camera.pan(by: screen - last)
      gesture = .pan(last: screen)
    case .dragDynamic(let grab):
      grab.anchorPoint = p
    case .dragAnchored(let body, let grab, _):
      body.center = p - grab
      built.animator.updateItem(usingCurrentState: body)
    default:
      gesture = g.moved(to: p)
    }
  }
}
