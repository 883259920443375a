#if canImport(Glibc)
  import Glibc
#endif
import Dynamics
import Geometry2D
import SandboxCore

/// The UIKit Dynamics tutorial (pro648), part 6: a 50 pt ball of density 0.5 (mass 0.098) in a radial gravity field at the window's centre (region
/// radius 300, strength 1.5, falloff 4, minimum radius 50) plus a vortex (region radius 200, strength
/// 0.005), with the field view on. `N`/`B` step through every other field kind on the same ball; a drag
/// moves the field; `K` kicks the ball (the velocity-dependent fields need it moving); `F` the field
/// view, `D` the engine's debug view. The window's edges are a boundary so the ball stays in sight.
package final class FieldsScene: Scene {
  package let name = "fields"

  /// One entry of the `N` cycle: a name and the fields it puts on the ball, around `center`.
  struct Mode {
    let name: String
    let note: String
    let make: (FieldsScene, Point) -> [FieldBehavior]
  }

  package private(set) var animator = DynamicAnimator()
  package private(set) var item = DynamicBody(
    center: .zero, size: Size(width: 50, height: 50), collisionBoundsType: .ellipse)
  private var material = DynamicItemBehavior()
  private var walls = CollisionBehavior()
  /// The fields of the current mode; the first is the one the tuning panel and the mouse move.
  package private(set) var fields: [FieldBehavior] = []
  package private(set) var modeIndex = 0
  package let fieldView = FieldViewOverlay()
  package var showsFieldView = true
  private var size = Size(width: 1280, height: 800)
  private var random: SeededRandom
  private let seed: UInt64
  private var dragging = false
  private var physicsTime = 0.0

  package init(seed: UInt64 = 1) {
    self.seed = seed
    random = SeededRandom(seed: seed)
    reset()
  }

  package var keyHelp: [(key: String, action: String)] {
    [
      ("N / B", "next / previous field kind on the ball"), ("drag", "move the field"),
      ("K", "kick the ball"), ("F", "field view"), ("D", "engine debug view")
    ]
  }

  /// Every mode: the tutorial's pair first, then each other kind with parameters that show it at this size.
  let modes: [Mode] = [
    Mode(
      name: "radial gravity + vortex",
      note:
        "the tutorial's fields: region 300, strength 1.5, falloff 4, min radius 50; vortex region 200, strength 0.005"
    ) { _, c in
      let g = FieldBehavior.radialGravityField(position: c)
      g.region = Region(radius: 300)
      g.strength = 1.5
      g.falloff = 4
      g.minimumRadius = 50
      let v = FieldBehavior.vortexField()
      v.position = c
      v.region = Region(radius: 200)
      v.strength = 0.005
      return [g, v]
    },
    Mode(name: "linear gravity", note: "direction (0, 9.8) m/s² inside a 500 × 700 rectangle") { _, c in
      let f = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 9.8))
      f.position = c
      f.region = Region(size: Size(width: 500, height: 700))
      return [f]
    },
    Mode(name: "velocity", note: "imposes (1.5, −0.5) m/s inside a 400 pt disc") { _, c in
      let f = FieldBehavior.velocityField(direction: Vector(dx: 1.5, dy: -0.5))
      f.position = c
      f.region = Region(radius: 200)
      return [f]
    },
    Mode(name: "noise", note: "smoothness 0.5, 0.5 Hz, strength 3") { s, c in
      let f = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 0.5)
      f.position = c
      f.strength = 3
      f.seed = s.seed
      return [f]
    },
    Mode(name: "turbulence", note: "smoothness 0.3, 1 Hz, strength 2: noise × speed (K kicks)") { s, c in
      let f = FieldBehavior.turbulenceField(smoothness: 0.3, animationSpeed: 1)
      f.position = c
      f.strength = 2
      f.seed = s.seed
      return [f]
    },
    Mode(name: "spring", note: "strength 2: F = −2·x, period 1.6 s for this ball") { _, c in
      let f = FieldBehavior.springField()
      f.position = c
      f.strength = 2
      return [f]
    },
    Mode(name: "electric", note: "strength 1, charge 1: like charges repel, falloff 1") { _, c in
      let f = FieldBehavior.electricField()
      f.position = c
      f.minimumRadius = 40
      f.region = Region(radius: 350)
      return [f]
    },
    Mode(name: "magnetic", note: "B = 1 out of the screen, falloff 0: circles of m·v/(q·B) (K kicks)") { _, c in
      let f = FieldBehavior.magneticField()
      f.position = c
      f.falloff = 0
      return [f]
    },
    Mode(name: "drag", note: "strength 0.05 in a 600 × 300 rectangle minus a 100 pt disc (K kicks)") { _, c in
      let f = FieldBehavior.dragField()
      f.position = c
      f.strength = 0.05
      f.region = Region(size: Size(width: 600, height: 300)).difference(Region(radius: 100))
      return [f]
    },
    Mode(name: "vortex", note: "strength 0.02 inside a 300 pt ring around a 60 pt hole") { _, c in
      let f = FieldBehavior.vortexField()
      f.position = c
      f.strength = 0.02
      f.region = Region(radius: 300).difference(Region(radius: 60))
      return [f]
    },
    Mode(name: "custom", note: "a closure: pull ∝ distance plus a counter-clockwise swirl and damping") { s, c in
      let f = FieldBehavior.field { [unowned s] p, v, m, _, _ in
        let d = s.fieldPosition - p
        return (d * 4 + Vector(dx: -d.dy, dy: d.dx) * 3 - v * 0.5) * m
      }
      f.position = c
      return [f]
    }
  ]

  /// Where the current fields are centred.
  package var fieldPosition: Point { fields.first?.position ?? Point(x: size.width / 2, y: size.height / 2) }

  /// The ball's centre in the window (points).
  package var ballCenter: Point { item.center }

  package var modeName: String { modes[modeIndex].name }
  package var modeCount: Int { modes.count }

  package func reset() {
    random = SeededRandom(seed: seed)
    animator = DynamicAnimator()
    let c = Point(x: size.width / 2, y: size.height / 2)
    // The tutorial puts the ball at 2/3 of the centre of a 375 × 667 phone view: (−62.5, −111) from the
    // centre. The same offset here, so the ball starts where the fields are as strong as in the tutorial.
    item = DynamicBody(
      center: c + Vector(dx: -62.5, dy: -111), size: Size(width: 50, height: 50),
      collisionBoundsType: .ellipse)
    material = DynamicItemBehavior(items: [item])
    material.density = 0.5
    material.charge = 1
    walls = CollisionBehavior(items: [item])
    animator.addBehavior(material)
    animator.addBehavior(walls)
    setWalls()
    modeIndex = 0
    showsFieldView = true
    animator.isDebugEnabled = false
    install(mode: 0, at: c)
  }

  private func install(mode: Int, at center: Point) {
    for f in fields { animator.removeBehavior(f) }
    modeIndex = mode
    fields = modes[mode].make(self, center)
    for f in fields {
      f.addItem(item)
      animator.addBehavior(f)
    }
    fieldView.removeCachedOutlines()
    let name = modes[mode].name
    if name == "turbulence" || name == "magnetic" || name == "drag" { kick() }
  }

  /// A seeded random push of 400 pt/s, so replays are exact.
  package func kick() {
    let angle = Double(random.next() % 3600) / 3600 * 2 * Double.pi
    material.addLinearVelocity(Vector(angle: angle, length: 400), for: item)
  }

  private func setWalls() {
    walls.removeAllBoundaries()
    walls.addBoundary(
      withIdentifier: "window", for: Path(rect: Rect(x: 0, y: 0, width: size.width, height: size.height)))
  }

  package func resize(to size: Size) {
    let oldCenter = Point(x: self.size.width / 2, y: self.size.height / 2)
    self.size = size
    setWalls()
    // Keep a field that was not dragged at the centre of the window.
    if fieldPosition == oldCenter { moveFields(to: Point(x: size.width / 2, y: size.height / 2)) }
  }

  private func moveFields(to p: Point) {
    for f in fields { f.position = p }
  }

  // MARK: Input

  @discardableResult package func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .pointerDown(.left, let p, _):
      dragging = true
      moveFields(to: p)
    case .pointerMoved(let p, _, let buttons) where dragging && buttons.contains(.left):
      moveFields(to: p)
    case .pointerUp(.left, _):
      guard dragging else { return false }
      dragging = false
    case .keyDown(let key, _, _):
      switch key {
      case .character("n"): install(mode: (modeIndex + 1) % modes.count, at: fieldPosition)
      case .character("b"): install(mode: (modeIndex + modes.count - 1) % modes.count, at: fieldPosition)
      case .character("k"): kick()
      case .character("f"): showsFieldView.toggle()
      case .character("d"): animator.isDebugEnabled.toggle()
      default: return false
      }
    default: return false
    }
    return true
  }

  // MARK: Tuning

  package var parameters: [TunableParameter] {
    var list = [
      TunableParameter(
        choice: "field", options: modes.map(\.name), get: { self.modeIndex },
        set: { self.install(mode: $0, at: self.fieldPosition) })
    ]
    guard let f = fields.first else { return list }
    list.append(
      TunableParameter(
        "strength", range: -100...100, step: f.kind == .vortex || f.kind == .drag ? 0.005 : 0.1,
        precision: 3, get: { f.strength }, set: { f.strength = $0 }))
    if f.kind != .custom {
      list.append(
        TunableParameter("falloff", range: -4...8, step: 0.5, precision: 1, get: { f.falloff }, set: { f.falloff = $0 })
      )
      list.append(
        TunableParameter(
          "minimum radius", unit: "pt", range: 0...400, step: 5, precision: 0,
          get: { f.minimumRadius }, set: { f.minimumRadius = $0 }))
    }
    if f.kind == .noise || f.kind == .turbulence {
      list.append(
        TunableParameter("smoothness", range: 0...1, step: 0.05, get: { f.smoothness }, set: { f.smoothness = $0 }))
      list.append(
        TunableParameter(
          "animation speed", unit: "Hz", range: 0...10, step: 0.1, precision: 1,
          get: { f.animationSpeed }, set: { f.animationSpeed = $0 }))
    }
    if fields.count > 1 {
      let v = fields[1]
      list.append(
        TunableParameter(
          "vortex strength", range: -1...1, step: 0.001, precision: 3,
          get: { v.strength }, set: { v.strength = $0 }))
    }
    list.append(
      TunableParameter(
        "ball density", range: 0.05...10, step: 0.05, get: { self.material.density },
        set: { self.material.density = $0 }))
    list.append(
      TunableParameter(
        "ball charge", range: -5...5, step: 0.5, precision: 1, get: { self.material.charge },
        set: { self.material.charge = $0 }))
    return list
  }

  // MARK: Frame

  package func advance(by seconds: Double) {
    physicsTime = Stopwatch.time { animator.advance(by: seconds) }
  }

  package var timings: SceneTimings { SceneTimings(physics: physicsTime, awakeBodies: animator.isRunning ? 1 : 0) }

  /// Moving while the ball is awake (the field view follows it).
  package var isAnimating: Bool { animator.isRunning }

  /// `Ctrl+B`: a playground holding the scene as it is now.
  package func buildOn() -> (scene: (any Scene)?, line: String) {
    PlaygroundScene.building(on: animator, named: name)
  }

  /// The animator with its whole state (a new mode or a resize builds a new one; the snapshot brings
  /// the old one back), and every variable of the scene that input or steps change.
  package func takeSnapshot() -> SceneSnapshot? {
    let animator = self.animator
    let saved = animator.takeSnapshot()
    let scene = (item, material, walls, fields, modeIndex, showsFieldView)
    let more = (size, random, dragging)
    let (body, placed) = (item, (item.center, item.transform))
    let v = fieldView
    let view = (v.spacing, v.weakest, v.strongest, v.probeMass, v.probeCharge, v.probeVelocity)
    return SceneSnapshot(approximateBytes: saved.approximateBytes) {
      self.animator = animator
      (body.center, body.transform) = placed
      animator.restore(saved)
      (self.item, self.material, self.walls, self.fields, self.modeIndex, self.showsFieldView) = scene
      (self.size, self.random, self.dragging) = more
      (v.spacing, v.weakest, v.strongest, v.probeMass, v.probeCharge, v.probeVelocity) = view
    }
  }

  package var stateDigest: UInt64 {
    var d = StateDigest()
    d.combine(item.center.x)
    d.combine(item.center.y)
    let v = material.linearVelocity(for: item)
    d.combine(v.dx)
    d.combine(v.dy)
    d.combine(fieldPosition.x)
    d.combine(fieldPosition.y)
    d.combine(modeIndex)
    return d.value
  }

  /// The ball's mass from its density (docs/architecture.md, "Units and time": density × w × h / 10 000 for a rectangle; the ball is
  /// an ellipse, so π/4 of that).
  var itemMass: Double { material.density * Double.pi * 25 * 25 / 10_000 }

  package func draw(into list: inout DrawList) {
    list.clear(Palette.background)
    if showsFieldView {
      fieldView.probeMass = itemMass
      fieldView.probeCharge = material.charge
      fieldView.probeVelocity = material.linearVelocity(for: item)
      fieldView.draw(fields, size: size, into: &list)
    }
    list.circle(center: item.center, radius: 25, fill: Palette.accent, stroke: Palette.text, lineWidth: 1.5)
    if animator.isDebugEnabled { DynamicsDebugOverlay.draw(animator.debugDrawing(), into: &list) }
    list.fillRect(Rect(x: 0, y: 0, width: size.width, height: 44), Palette.panel.withAlpha(220))
    list.text(
      "fields — \(modeIndex + 1)/\(modes.count) \(modes[modeIndex].name)", at: Point(x: 12, y: 14), size: 15,
      color: Palette.text, alignment: .centerLeft)
    list.text(modes[modeIndex].note, at: Point(x: 12, y: 32), size: 12, color: Palette.dimText, alignment: .centerLeft)
    // Bottom left: the HUD owns the top-right corner.
    list.text(
      "N/B kind · drag field · K kick · F field view\(showsFieldView ? " (on)" : "") · D debug",
      at: Point(x: 12, y: size.height - 30), size: 12, color: Palette.dimText, alignment: .centerLeft)
    if showsFieldView {
      list.text(
        "arrows: acceleration of a probe like the ball (its mass, charge and velocity), log scale 1 … 10⁵ pt/s²; velocity fields in violet, pt/s",
        at: Point(x: 12, y: size.height - 14), size: 12, color: Palette.dimText, alignment: .centerLeft)
    }
  }
}
