import Geometry2D

/// The sandbox without a window: the current scene, the clock, the HUD and the overlays, and the keys
/// the app answers itself. The window app and `hooke capture` both drive one, so a replay rendered
/// headless goes through exactly the code the window ran.
package final class SandboxController {
  /// What the platform should do after an event.
  package enum Request: Equatable, Sendable {
    case quit
    case screenshot
    /// Another scene is open; the window should retitle itself.
    case sceneChanged(String)
    /// Put this text on the clipboard and print it (the tuning panel's `C`: the spring as code).
    case copyToClipboard(String)
    /// Save the session up to the frame shown as a recording (`W`, `Timeline`).
    case saveSession
  }

  package internal(set) var scene: any Scene
  package var clock: FrameClock
  package var hud = HUD()
  package internal(set) var showHelp = false
  /// The window's size; the scene gets `layout.scene`, the part no panel or bar takes.
  package internal(set) var size: Size
  /// A line about what the last key did when the scene could not say it itself (`F` in a scene with no
  /// forces to show); shown on the left of the status bar until the next such line or scene.
  package internal(set) var status: String?
  /// Something was dispatched or stepped since the last frame was drawn.
  package internal(set) var needsDraw = true

  /// Nothing to draw: no input since the last frame, and the scene still (or the clock paused with no
  /// single step asked for). The window then sleeps until the next event (docs/architecture.md, "The frame loop").
  package var isIdle: Bool {
    !needsDraw && (clock.isPaused ? !clock.isSingleStepRequested : !scene.isAnimating)
  }
  package var tuning = TuningPanel()
  package var sceneList = SceneListPanel()
  /// When true the scene is drawn between its last two states (`FrameInterpolator`); the window sets it,
  /// a capture does not, so its frames show the stepped states it records.
  package var interpolatesMotion = false
  var interpolator = FrameInterpolator()
  /// A button is held on the scene: what it drags must be drawn where the pointer is, in the frame that
  /// read the pointer, so the drawing shows the state itself rather than a step behind.
  var isHolding = false
  /// The scenes the list and the number keys switch between.
  package let catalog: [SceneEntry]
  package let context: SceneContext

  package init(
    scene: any Scene, size: Size, clock: FrameClock = FrameClock(), catalog: [SceneEntry] = [],
    context: SceneContext = SceneContext()
  ) {
    self.scene = scene
    self.size = size
    self.clock = clock
    self.catalog = catalog
    self.context = context
    scene.resize(to: sceneSize)
  }

  /// Where everything sits now (`SandboxLayout`): the dock shows the one open panel.
  package var layout: SandboxLayout {
    SandboxLayout(
      window: size, dock: tuning.isVisible ? .tuning : sceneList.isVisible ? .sceneList : showHelp ? .help : .none,
      toolCount: scene.toolPalette?.buttons.count ?? 0)
  }

  /// The size the scene draws in.
  package var sceneSize: Size { layout.scene.size }

  /// Opens `dock` (closing the panel it replaces) or closes it, and resizes the scene to what is left.
  private func toggleDock(_ dock: SandboxLayout.Dock) {
    let before = sceneSize
    let open = layout.dock != dock
    tuning.isVisible = open && dock == .tuning
    sceneList.isVisible = open && dock == .sceneList
    showHelp = open && dock == .help
    if sceneSize != before { scene.resize(to: sceneSize) }
  }

  /// Opens `catalog[index]` afresh (with the same seed).
  package func switchScene(to index: Int) -> Request? {
    guard catalog.indices.contains(index) else { return nil }
    scene = catalog[index].make(context)
    interpolator.reset()
    status = nil
    scene.resize(to: sceneSize)
    return .sceneChanged(scene.name)
  }

  /// Handles one event: the app's own keys first, then the scene. Returns a short description of what
  /// happened (for the event log; nil when nothing used the event) and what the platform must do.
  package func dispatch(_ event: InputEvent) -> (answer: String?, request: Request?) {
    needsDraw = true
    switch event {
    case .pointerDown: isHolding = true
    case .pointerUp: isHolding = false
    case .pointerMoved(_, _, let buttons): isHolding = !buttons.isEmpty
    default: break
    }
    // Open panels see input first; typing in the tuning panel keeps keys from the shortcuts below.
    if tuning.handle(event, parameters: scene.parameters, size: size) { return ("tuning", nil) }
    if case .pointerDown(.left, let p, _) = event, let row = sceneList.row(at: p, count: catalog.count, size: size) {
      let r = switchScene(to: row)
      return ("scene \(scene.name)", r)
    }
    switch event {
    case .keyDown(.tab, _, _):
      toggleDock(.tuning)
      return ("tuning \(tuning.isVisible ? "shown" : "hidden")", nil)
    case .keyDown(.character("c"), _, _) where tuning.isVisible:
      return copySpringAsCode()
    case .keyDown(.character("l"), _, _):
      toggleDock(.sceneList)
      return ("scene list \(sceneList.isVisible ? "shown" : "hidden")", nil)
    case .keyDown(.character(let c), _, _) where c.isNumber && c != "0":
      let r = switchScene(to: Int(String(c))! - 1)
      return r == nil ? (nil, nil) : ("scene \(scene.name)", r)
    case .quit, .keyDown(.escape, _, _):
      return ("quit", .quit)
    case .keyDown(.character("h"), _, _):
      toggleDock(.help)
      return ("help \(showHelp ? "shown" : "hidden")", nil)
    case .keyDown(.space, _, _):
      clock.isPaused.toggle()
      return (clock.isPaused ? "paused" : "resumed", nil)
    case .keyDown(.character("."), _, _):
      clock.requestSingleStep()
      return ("step", nil)
    case .keyDown(.character("r"), _, _):
      scene.reset()
      scene.resize(to: sceneSize)
      interpolator.reset()
      return ("reset", nil)
    case .keyDown(.character("["), _, _):
      return changeTimeScale(by: -1)
    case .keyDown(.character("]"), _, _):
      return changeTimeScale(by: 1)
    case .keyDown(.character("s"), let mods, _) where !mods.contains(.control):
      // Ctrl+S is the scene's (the playground saves what was built).
      return ("screenshot", .screenshot)
    case .keyDown(.character("b"), let mods, _) where mods.contains(.control):
      return buildOnScene()
    case .keyDown(.character("w"), _, _):
      return ("save the session", .saveSession)
    case .keyDown(.character("`"), _, _):
      hud.isVisible.toggle()
      return ("hud \(hud.isVisible ? "shown" : "hidden")", nil)
    case .resized(let s):
      size = s
      scene.resize(to: sceneSize)
      return ("resize \(Int(s.width))x\(Int(s.height))", nil)
    case .pointerDown(.left, let p, _) where layout.toolbar?.contains(p) == true:
      return pressToolbar(at: p)
    case .pointerDown(_, let p, _) where !layout.scene.contains(p):
      return (nil, nil)
    default:
      if scene.handle(event) { return ("scene \(scene.name) handled it", nil) }
      if case .keyDown(.character("f"), _, _) = event {
        status =
          "F: \(scene.name) has no forces to show — the field view is in fields, springy-list, springy-carousel and newtonian"
        return ("no field view", nil)
      }
      return (nil, nil)
    }
  }

  /// A press on the dock's toolbar: the tool under it is the scene's, as its key would make it; a press
  /// between buttons does nothing, and neither reaches the scene.
  private func pressToolbar(at p: Point) -> (answer: String?, request: Request?) {
    guard let bar = layout.toolbar, let palette = scene.toolPalette,
      let i = DockToolbar.button(at: p, in: bar, count: palette.buttons.count)
    else { return (nil, nil) }
    scene.chooseTool(at: i)
    // The name after the choice: picking the attach tool again names the next kind of attachment.
    let after = scene.toolPalette?.buttons ?? palette.buttons
    return ("tool \((after.indices.contains(i) ? after : palette.buttons)[i].name)", nil)
  }

  /// `Ctrl+B`: the scene becomes a playground holding it as it is, or the status line says why not.
  private func buildOnScene() -> (answer: String?, request: Request?) {
    let (next, line) = scene.buildOn()
    guard let next else {
      status = line
      return ("nothing to build on", nil)
    }
    scene = next
    interpolator.reset()
    scene.resize(to: sceneSize)
    status = line
    return ("scene \(scene.name)", .sceneChanged(scene.name))
  }

  /// `[` and `]`: the next slower or faster time scale, in the HUD and, below 1×, in the status line.
  private func changeTimeScale(by direction: Int) -> (answer: String?, request: Request?) {
    guard clock.changeTimeScale(by: direction) else {
      return ("time scale stays \(clock.timeScaleLabel)", nil)
    }
    hud.timeScale = clock.timeScaleLabel
    return ("time scale \(clock.timeScaleLabel)", nil)
  }

  /// Asks for the next frame to be drawn (a seek put another state in place).
  package func setNeedsDraw() { needsDraw = true }

  /// Shows `line` on the left of the status bar, as a key's answer the scene could not give itself.
  package func showStatus(_ line: String) { status = line }

  /// The tuning panel's `C`: the scene's spring and scroll physics as code, for the platform to copy.
  func copySpringAsCode() -> (answer: String?, request: Request?) {
    let export = SpringExport(scene: scene)
    guard !export.isEmpty else {
      tuning.notice = "\(scene.name) has no spring or scroll physics to copy"
      return ("nothing to copy", nil)
    }
    tuning.notice = "copied as code (also printed on stdout)"
    return ("copied the spring as code", .copyToClipboard(export.text))
  }

  /// Simulates `steps` fixed steps of the clock.
  package func advance(steps: Int) {
    if steps > 0 { scene.advance(by: Double(steps) * clock.stepDuration) }
  }

  /// Everything the window reads from the scene after a frame's steps: the frame drawn into `list`, and
  /// the scene's timings for the HUD. A replay makes the same reads after every frame (drawing into a
  /// list it throws away): reads apply an animator's pending behavior changes, and a change applied at
  /// a read rather than at the next step can end elsewhere (an attachment made before its anchor moves
  /// follows the move; made after, it starts there), so only the same reads give the same bits.
  package func drawFrame(into list: inout DrawList) -> SceneTimings {
    draw(into: &list)
    return scene.timings
  }

  /// The frame: the scene in its area, then the dock beside and under it: the status bar, the scene's
  /// toolbar and the open panel.
  package func draw(into list: inout DrawList) {
    needsDraw = false
    let sceneStart = list.count
    scene.draw(into: &list)
    if interpolatesMotion {
      // Paused, the frame shows the state itself (the one a step or a seek lands on); held, too.
      let blended = interpolator.blend(
        list.commands[sceneStart...], at: clock.simulatedTime,
        drawTime: clock.isPaused || isHolding ? clock.simulatedTime : clock.drawTime)
      list.replaceCommands(from: sceneStart, with: blended)
    }
    drawStatusBar(into: &list)
    if let bar = layout.toolbar, let palette = scene.toolPalette { DockToolbar.draw(palette, in: bar, into: &list) }
    sceneList.draw(entries: catalog, current: scene.name, into: &list, size: size)
    tuning.draw(
      sceneName: scene.name, parameters: scene.parameters, notes: tuning.isVisible ? scene.inspection : [],
      spring: scene.spring, into: &list, size: size)
    if showHelp { SandboxKeys.drawHelp(sceneName: scene.name, sceneKeys: scene.keyHelp, into: &list, size: size) }
    hud.draw(into: &list, size: size)
  }

  /// The status bar: the pause note and the status line on the left, the HUD on the right.
  private func drawStatusBar(into list: inout DrawList) {
    let layout = self.layout
    list.fillRect(layout.statusBar, Palette.panel)
    let slow = clock.timeScale < 1 ? "slow motion \(clock.timeScaleLabel) — ] speeds up" : nil
    let line = [clock.isPaused ? "paused — Space resumes, . steps" : nil, slow, status].compactMap { $0 }.joined(
      separator: "  ·  ")
    if !line.isEmpty {
      // Cut the line where the HUD's part begins, or its text if that reaches further left.
      let end = min(layout.status.width, hud.leftEdge(in: size) - 8)
      let fits = max(0, Int((end - 16) / HUD.characterWidth))
      let shown = line.count <= fits ? line : fits < 2 ? "" : String(line.prefix(fits - 1)) + "…"
      if !shown.isEmpty {
        list.text(
          shown, at: Point(x: 8, y: layout.status.midY), size: 12,
          color: clock.isPaused ? Palette.warning : Palette.text, alignment: .centerLeft)
      }
    }
  }
}
