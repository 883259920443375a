#if canImport(Glibc)
  import Glibc
#endif
import Dynamics
import Geometry2D
import SandboxCore

/// A scene read from a JSON file (`hooke --scene path.json`). It reloads when the file changes; a file
/// that fails to load leaves the previous scene running and shows the error, which names the file, the
/// path to the bad field and what was expected. Any item can be dragged; `D` shows the debug view.
package final class FileScene: Scene {
  package let path: String
  package let name: String
  private var description: SceneDescription
  private var built: BuiltScene
  private var size = Size(width: 800, height: 600)
  private var modified: timespec?
  /// False for a scene made from a description rather than a file.
  private var watchesFile = true
  private var sinceCheck = 0.0
  private var physicsTime = 0.0
  private var grab: (body: DynamicBody, attachment: AttachmentBehavior)?
  /// The latest reload error, shown until the file loads again.
  package private(set) var loadError: String?
  package private(set) var reloadCount = 0

  /// Reads `path`; throws `SceneFileError` when the file is missing or invalid.
  package init(path: String) throws {
    self.path = path
    let base = path.split(separator: "/").last.map(String.init) ?? path
    name = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    description = try SceneDescription.load(path: path)
    built = description.build(size: size)
    modified = Self.modificationTime(path)
  }

  /// A scene from a description made in code or read elsewhere; `name` stands in for the path and
  /// nothing is reloaded.
  package init(description: SceneDescription, name: String) {
    path = name
    self.name = name
    self.description = description
    built = description.build(size: size)
    watchesFile = false
  }

  package var keyHelp: [(key: String, action: String)] {
    [("drag", "move any item"), ("D", "the engine's debug view"), ("edit the file", "the scene reloads")]
  }

  package var bodies: [DynamicBody] { built.bodies }

  private func rebuild() {
    let debug = built.animator.isDebugEnabled
    built = description.build(size: size)
    built.animator.isDebugEnabled = debug
    grab = nil
  }

  package func resize(to size: Size) {
    guard size != self.size else { return }
    self.size = size
    rebuild()
  }

  package func reset() { rebuild() }

  static func modificationTime(_ path: String) -> timespec? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return st.st_mtim
  }

  /// Looks at the file's modification time and reloads it when it changed. Called about four times a
  /// simulated second; public so tests and the app can force a look.
  package func reloadIfChanged() {
    guard watchesFile else { return }
    let now = Self.modificationTime(path)
    guard now?.tv_sec != modified?.tv_sec || now?.tv_nsec != modified?.tv_nsec else { return }
    modified = now
    do {
      description = try SceneDescription.load(path: path)
      loadError = nil
      reloadCount += 1
      rebuild()
    } catch {
      loadError = "\(error)"
    }
  }

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      guard let body = built.bodies.last(where: { hits($0, p) }) else { return false }
      let offset = (p - body.center).rotated(by: -body.transform.rotationAngle)
      let a = AttachmentBehavior(
        item: body, offsetFromCenter: Offset(horizontal: offset.dx, vertical: offset.dy),
        attachedToAnchor: p)
      built.animator.addBehavior(a)
      grab = (body, a)
    case .pointerMoved(let p, _, let buttons):
      guard let grab, buttons.contains(.left) else { return false }
      grab.attachment.anchorPoint = p
    case .pointerUp(.left, _):
      guard let grab else { return false }
      built.animator.removeBehavior(grab.attachment)
      self.grab = nil
    case .keyDown(.character("d"), _, _):
      built.animator.isDebugEnabled.toggle()
    default:
      return false
    }
    return true
  }

  private func hits(_ body: DynamicBody, _ p: Point) -> Bool {
    let local = (p - body.center).rotated(by: -body.transform.rotationAngle)
    return abs(local.dx) <= body.size.width / 2 && abs(local.dy) <= body.size.height / 2
  }

  package func advance(by seconds: Double) {
    sinceCheck += seconds
    if sinceCheck >= 0.25 {
      sinceCheck = 0
      reloadIfChanged()
    }
    physicsTime = Stopwatch.time { built.animator.advance(by: seconds) }
  }

  package var timings: SceneTimings { SceneTimings(physics: physicsTime, awakeBodies: built.animator.awakeBodyCount) }

  /// Moving while bodies are awake or an item is held; and when the file changed on disk (one `stat`),
  /// so an edit wakes a resting window, which then reloads it.
  package var isAnimating: Bool {
    if built.animator.isRunning || grab != nil { return true }
    guard watchesFile else { return false }
    let now = Self.modificationTime(path)
    if now?.tv_sec != modified?.tv_sec || now?.tv_nsec != modified?.tv_nsec {
      sinceCheck = 0.25
      return true
    }
    return false
  }

  /// `Ctrl+B`: a playground holding the scene as it is now.
  package func buildOn() -> (scene: (any Scene)?, line: String) {
    PlaygroundScene.building(on: built.animator, named: name)
  }

  /// The built scene (a reload or a resize builds a new one; the snapshot brings the old one back) with
  /// its animator's whole state and where its bodies are, the grab, and the scene's own variables.
  package func takeSnapshot() -> SceneSnapshot? {
    let built = self.built
    let saved = built.animator.takeSnapshot()
    let placed = built.bodies.map { ($0, $0.center, $0.transform) }
    let own = (description, size, grab, loadError, reloadCount)
    let timing = (modified, sinceCheck)
    return SceneSnapshot(approximateBytes: saved.approximateBytes) {
      self.built = built
      (self.description, self.size, self.grab, self.loadError, self.reloadCount) = own
      (self.modified, self.sinceCheck) = timing
      for (body, center, transform) in placed { (body.center, body.transform) = (center, transform) }
      built.animator.restore(saved)
    }
  }

  package var stateDigest: UInt64 { built.stateDigest }

  package func draw(into list: inout DrawList) {
    list.clear(description.background.flatMap(SceneColor.parse).map { Color(hex: $0) } ?? Palette.background)
    // Attachments to anchors, as strings from the anchor to the item.
    for b in description.behaviors where b.type == .attachment {
      guard let anchor = b.points["anchor"], let i = description.items.firstIndex(where: { $0.id == b.items.first })
      else { continue }
      let body = built.bodies[i]
      let offset = b.points["offsetFromCenter"].map { Vector(dx: $0.x, dy: $0.y) } ?? .zero
      list.line(
        from: anchor, to: body.center + offset.rotated(by: body.transform.rotationAngle), Palette.dimText, width: 1.5)
      list.circle(center: anchor, radius: 4, fill: Palette.accent)
    }
    for (i, body) in built.bodies.enumerated() {
      let colour = built.colours[i]
      switch body.collisionBoundsType {
      case .ellipse:
        list.append(
          .ellipse(
            center: body.center, radii: Size(width: body.size.width / 2, height: body.size.height / 2),
            rotation: body.transform.rotationAngle, fill: colour, stroke: nil, lineWidth: 0))
      case .path:
        let t = AffineTransform(rotationAngle: body.transform.rotationAngle)
        let pts =
          body.collisionBoundingPath?.polygon?.map { body.center + Vector(dx: $0.x, dy: $0.y).applying(t) } ?? []
        list.append(.polygon(pts, fill: colour))
      case .rectangle:
        list.rect(center: body.center, size: body.size, rotation: body.transform.rotationAngle, fill: colour)
      }
    }
    for b in description.behaviors where b.type == .collision {
      for boundary in b.boundaries {
        list.polyline(boundary.points, Palette.dimText, width: 2, closed: boundary.closed)
      }
    }
    if built.animator.isDebugEnabled { DynamicsDebugOverlay.draw(built.animator.debugDrawing(), into: &list) }
    list.text(
      "\(description.title ?? name) — \(path)\(reloadCount > 0 ? " (reloaded \(reloadCount)×)" : "")",
      at: Point(x: 12, y: 10), size: 14, color: Palette.text)
    if let loadError {
      let box = Rect(x: 12, y: 34, width: size.width - 24, height: 44)
      list.fillRect(box, Palette.bad.withAlpha(220))
      list.text("not reloaded: \(loadError)", at: Point(x: box.minX + 10, y: box.minY + 8), size: 13, color: .white)
      list.text(
        "the previous version keeps running; fix the file and save it", at: Point(x: box.minX + 10, y: box.minY + 25),
        size: 11, color: .white)
    }
  }
}
