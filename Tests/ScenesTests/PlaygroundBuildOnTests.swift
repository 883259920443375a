import Dynamics
import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// `Ctrl+B`: any physics scene becomes a playground holding it as it is, to build on.
@Suite struct PlaygroundBuildOnTests {
  static let size = Size(width: 800, height: 600)
  static let ctrlB = InputEvent.keyDown(.character("b"), modifiers: .control, isRepeat: false)

  func controller(_ name: String) -> SandboxController {
    let c = SandboxController(
      scene: SceneCatalog.entry(named: name)!.make(SceneContext()), size: Self.size, catalog: SceneCatalog.entries)
    for _ in 0..<20 { c.advance(steps: 4) }
    return c
  }

  @Test(arguments: ["gravity-ball", "newtons-cradle", "snap", "slide-menu", "drag-and-throw", "fields"])
  func everyPhysicsSceneOpensInThePlaygroundAsItIs(name: String) throws {
    let c = controller(name)
    let animator = try #require((c.scene as? AnimatorScene)?.animator ?? (c.scene as? FieldsScene)?.animator)
    let before = animator.dynamicItems.map(\.center)
    let (_, request) = c.dispatch(Self.ctrlB)
    #expect(request == .sceneChanged("playground"), "\(name): \(c.status ?? "")")
    let playground = try #require(c.scene as? PlaygroundScene)
    #expect(c.status?.contains("is now a playground") == true)
    #expect(playground.bodies.map(\.center) == before, "\(name): the same bodies where they were")
    d(playground).key("b")
    d(playground).click(Point(x: 60, y: 80))
    #expect(playground.bodies.count == before.count + 1, "\(name): \(playground.message ?? "")")
    for _ in 0..<60 { c.advance(steps: 4) }
    #expect(playground.bodies.allSatisfy { $0.center.isFinite }, "\(name)")
  }

  @Test func whatAFileCannotHoldIsRefusedByName() {
    let ball = DynamicBody(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
    let animator = DynamicAnimator()
    animator.addBehavior(FieldBehavior.field(evaluator: { _, _, _, _, _ in Vector.zero }))
    animator.addBehavior(GravityBehavior(items: [ball]))
    let (scene, line) = PlaygroundScene.building(on: animator, named: "custom")
    #expect(scene == nil)
    #expect(line == "Ctrl+B: custom cannot be built on: a custom field is code, which a scene file cannot hold")
  }

  @Test func aFieldsRegionIsWrittenDownWhole() throws {
    let field = FieldBehavior.radialGravityField(position: Point(x: 300, y: 200))
    field.region = Region(radius: 150).difference(Region(size: Size(width: 40, height: 60))).inverse()
    let animator = DynamicAnimator()
    animator.addBehavior(field)
    let d = try SceneDescription.exporting(animator, title: "regions")
    #expect(d.behaviors.first?.region == .inverse(.difference(.radius(150), .size(Size(width: 40, height: 60)))))
  }

  @Test func theBallFallsOnAsItWouldHave() throws {
    let original = controller("gravity-ball"), converted = controller("gravity-ball")
    _ = converted.dispatch(Self.ctrlB)
    let ball = try #require((original.scene as? GravityBallScene)?.animator.dynamicItems.first)
    let copy = try #require((converted.scene as? PlaygroundScene)?.bodies.first)
    for _ in 0..<30 {
      original.advance(steps: 4)
      converted.advance(steps: 4)
    }
    #expect(ball.center.distance(to: copy.center) < 0.5, "\(ball.center) vs \(copy.center)")
  }

  @Test func aSceneWithoutPhysicsSaysSo() {
    let c = controller("springy-list")
    let (_, request) = c.dispatch(Self.ctrlB)
    #expect(request == nil && c.scene.name == "springy-list")
    #expect(c.status?.hasPrefix("Ctrl+B: springy-list has no physics to build on") == true)
  }

  func d(_ scene: PlaygroundScene) -> PlaygroundDriver { PlaygroundDriver(scene) }
}
