import Geometry2D

/// The sandbox without a window: the current scene, the clock, the HUD and the overlays, and the keys
/// the app answers itself. The window app and `hooke capture` both drive one, so a replay rendered
/// headless goes through exactly the code the window ran.
public final class SandboxController {
  /// What the platform should do after an event.
  public enum Request: Equatable, Sendable {
    case quit
    case screenshot
    /// Another scene is open; the window should retitle itself.
    case sceneChanged(String)
    /// Put this text on the clipboard and print it (the tuning panel's `C`: the spring as code).
    case copyToClipboard(String)
  }

  public private(set) var scene: any Scene
  public var clock: FrameClock
  public var hud = HUD()
  public private(set) var showHelp = false
  public private(set) var size: Size
  public var tuning = TuningPanel()
  public var sceneList = SceneListPanel()
  /// The scenes the list and the number keys switch between.
  public let catalog: [SceneEntry]
  public let context: SceneContext

  public init(scene: any Scene, size: Size, clock: FrameClock = FrameClock(), catalog: [SceneEntry] = [],
              context: SceneContext = SceneContext()) {
    self.scene = scene
    self.size = size
    self.clock = clock
    self.catalog = catalog
    self.context = context
    scene.resize(to: size)
  }

  /// Opens `catalog[index]` afresh (with the same seed).
  public func switchScene(to index: Int) -> Request? {
    guard catalog.indices.contains(index) else { return nil }
    scene = catalog[index].make(context)
    scene.resize(to: size)
    return .sceneChanged(scene.name)
  }

  /// Handles one event: the app's own keys first, then the scene. Returns a short description of what
  /// happened (for the event log; nil when nothing used the event) and what the platform must do.
  public func dispatch(_ event: InputEvent) -> (answer: String?, request: Request?) {
    // Open panels see input first; typing in the tuning panel keeps keys from the shortcuts below.
    if tuning.handle(event, parameters: scene.parameters, size: size) { return ("tuning", nil) }
    if case let .pointerDown(.left, p, _) = event, let row = sceneList.row(at: p, count: catalog.count, size: size) {
      let r = switchScene(to: row)
      return ("scene \(scene.name)", r)
    }
    switch event {
    case .keyDown(.tab, _, _):
      tuning.isVisible.toggle()
      return ("tuning \(tuning.isVisible ? "shown" : "hidden")", nil)
    case .keyDown(.character("c"), _, _) where tuning.isVisible:
      return copySpringAsCode()
    case .keyDown(.character("l"), _, _):
      sceneList.isVisible.toggle()
      return ("scene list \(sceneList.isVisible ? "shown" : "hidden")", nil)
    case let .keyDown(.character(c), _, _) where c.isNumber && c != "0":
      let r = switchScene(to: Int(String(c))! - 1)
      return r == nil ? (nil, nil) : ("scene \(scene.name)", r)
    case .quit, .keyDown(.escape, _, _):
      return ("quit", .quit)
    case .keyDown(.character("h"), _, _):
      showHelp.toggle()
      return ("help \(showHelp ? "shown" : "hidden")", nil)
    case .keyDown(.space, _, _):
      clock.isPaused.toggle()
      return (clock.isPaused ? "paused" : "resumed", nil)
    case .keyDown(.character("."), _, _):
      clock.requestSingleStep()
      return ("step", nil)
    case .keyDown(.character("r"), _, _):
      scene.reset()
      scene.resize(to: size)
      return ("reset", nil)
    case .keyDown(.character("s"), _, _):
      return ("screenshot", .screenshot)
    case .keyDown(.character("`"), _, _):
      hud.isVisible.toggle()
      return ("hud \(hud.isVisible ? "shown" : "hidden")", nil)
    case .resized(let s):
      size = s
      scene.resize(to: s)
      return ("resize \(Int(s.width))x\(Int(s.height))", nil)
    default:
      return (scene.handle(event) ? "scene \(scene.name) handled it" : nil, nil)
    }
  }

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
  public func advance(steps: Int) {
    if steps > 0 { scene.advance(by: Double(steps) * clock.stepDuration) }
  }

  /// The frame: the scene, then the pause note, the help panel and the HUD over it.
  public func draw(into list: inout DrawList) {
    scene.draw(into: &list)
    if clock.isPaused {
      list.text("paused — Space resumes, . steps", at: Point(x: 12, y: size.height - 22), size: 12, color: Palette.warning)
    }
    sceneList.draw(entries: catalog, current: scene.name, into: &list, size: size)
    tuning.draw(sceneName: scene.name, parameters: scene.parameters, spring: scene.spring, into: &list, size: size)
    if showHelp { SandboxKeys.drawHelp(sceneName: scene.name, sceneKeys: scene.keyHelp, into: &list, size: size) }
    hud.draw(into: &list, size: size)
  }
}
