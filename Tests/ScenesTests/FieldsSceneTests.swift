import Dynamics
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

@Suite struct FieldsSceneTests {
  func scene(seed: UInt64 = 1) -> FieldsScene {
    let s = FieldsScene(seed: seed)
    s.resize(to: Size(width: 1280, height: 800))
    return s
  }

  func frames(_ s: FieldsScene, _ n: Int) { for _ in 0..<n { s.advance(by: 1.0 / 60) } }

  func drawn(_ s: FieldsScene) -> DrawList {
    var list = DrawList()
    s.draw(into: &list)
    return list
  }

  func arrows(_ list: DrawList) -> Int {
    list.commands.reduce(0) { n, c in if case .arrow = c { return n + 1 } else { return n } }
  }

  func dashes(_ list: DrawList) -> Int {
    list.commands.reduce(0) { n, c in if case .dashedLine = c { return n + 1 } else { return n } }
  }

  /// The tutorial's fields, centred, with the field view on: arrows inside the 300 pt region, both
  /// region circles outlined, the minimum radius ringed; `F` turns the view off and on.
  @Test func startsWithTheSeedFieldsAndTheFieldView() {
    let s = scene()
    #expect(s.modeName == "radial gravity + vortex")
    #expect(s.fields.count == 2)
    let g = s.fields[0], v = s.fields[1]
    #expect(
      g.kind == .radialGravity && g.strength == 1.5 && g.falloff == 4 && g.minimumRadius == 50
        && g.region == Region(radius: 300))
    #expect(v.kind == .vortex && v.strength == 0.005 && v.region == Region(radius: 200))
    #expect(g.position == Point(x: 640, y: 400))
    let list = drawn(s)
    // A 32 pt grid has 40 × 25 points; about π·300²/32² ≈ 276 of them are in the region.
    #expect((250...320).contains(arrows(list)), "\(arrows(list)) arrows")
    #expect(dashes(list) == 2 * 96)
    #expect(
      list.commands.contains {
        if case .ellipse(let c, let r, _, nil, _, _) = $0 { c == g.position && r.width == 50 } else { false }
      })
    s.handle(.keyDown(.character("f"), modifiers: [], isRepeat: false))
    #expect(arrows(drawn(s)) == 0)
    s.handle(.keyDown(.character("f"), modifiers: [], isRepeat: false))
    #expect(arrows(drawn(s)) > 250)
  }

  /// The ball falls in: after 3 s it is within the minimum radius ring's neighbourhood.
  @Test func theBallFallsTowardTheCentre() {
    let s = scene()
    let start = s.ballCenter.distance(to: s.fieldPosition)
    frames(s, 180)
    let end = s.ballCenter.distance(to: s.fieldPosition)
    #expect(end < start / 2, "from \(start) to \(end) pt")
  }

  /// `N` visits every field kind once and comes back; `B` goes back one.
  @Test func cyclesThroughEveryKind() {
    let s = scene()
    var kinds = Set<FieldBehavior.Kind>()
    for _ in 0..<s.modeCount {
      for f in s.fields { kinds.insert(f.kind) }
      #expect(s.fields.allSatisfy { $0.items.count == 1 })
      frames(s, 30)
      #expect(s.ballCenter.x.isFinite && s.ballCenter.y.isFinite, "\(s.modeName)")
      s.handle(.keyDown(.character("n"), modifiers: [], isRepeat: false))
    }
    #expect(kinds == Set(FieldBehavior.Kind.allCases))
    #expect(s.modeIndex == 0)
    s.handle(.keyDown(.character("b"), modifiers: [], isRepeat: false))
    #expect(s.modeName == "custom")
  }

  /// Dragging moves every field of the mode; the outline moves with it.
  @Test func dragMovesTheField() {
    let s = scene()
    s.handle(.pointerDown(button: .left, position: Point(x: 300, y: 300), clickCount: 1))
    #expect(s.fieldPosition == Point(x: 300, y: 300))
    s.handle(.pointerMoved(position: Point(x: 340, y: 310), delta: Vector(dx: 40, dy: 10), buttons: .left))
    s.handle(.pointerUp(button: .left, position: Point(x: 340, y: 310)))
    #expect(s.fields.allSatisfy { $0.position == Point(x: 340, y: 310) })
    s.handle(.pointerMoved(position: Point(x: 900, y: 700), delta: Vector(dx: 1, dy: 1), buttons: []))
    #expect(s.fieldPosition == Point(x: 340, y: 310))
  }

  /// The tuning panel reaches the field's strength, falloff and minimum radius, and refuses values
  /// out of range.
  @Test func tuningPanelParameters() {
    let s = scene()
    let names = s.parameters.map(\.name)
    for n in ["field", "strength", "falloff", "minimum radius", "vortex strength", "ball density"] {
      #expect(names.contains(n), "\(n) missing from \(names)")
    }
    let strength = s.parameters.first { $0.name == "strength" }!
    #expect(strength.set(3) == nil)
    #expect(s.fields[0].strength == 3)
    #expect(strength.set(1e9) != nil && s.fields[0].strength == 3)
    let kind = s.parameters.first { $0.name == "field" }!
    kind.set(3)
    #expect(s.modeName == "noise" && s.parameters.contains { $0.name == "smoothness" })
  }

  /// Same seed and input, same state bit for bit; the noise arrows move as time passes.
  @Test func deterministicAndAnimated() {
    let a = scene(), b = scene()
    for s in [a, b] {
      for _ in 0..<3 { s.handle(.keyDown(.character("n"), modifiers: [], isRepeat: false)) }  // noise
      frames(s, 90)
    }
    #expect(a.stateDigest == b.stateDigest)
    let before = drawn(a).commands.filter { if case .arrow = $0 { true } else { false } }
    frames(a, 30)
    let after = drawn(a).commands.filter { if case .arrow = $0 { true } else { false } }
    #expect(before != after)
  }
}
