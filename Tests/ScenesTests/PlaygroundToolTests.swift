import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// Driving the playground the way the window does, one `InputEvent` at a time.
struct PlaygroundDriver {
  let scene: PlaygroundScene

  init(_ scene: PlaygroundScene = PlaygroundScene()) {
    self.scene = scene
    scene.resize(to: Size(width: 800, height: 578))
  }

  func key(_ c: Character, _ mods: KeyModifiers = []) {
    scene.handle(.keyDown(.character(c), modifiers: mods, isRepeat: false))
    scene.handle(.keyUp(.character(c), modifiers: mods))
  }

  func drag(_ a: Point, _ b: Point, button: PointerButton = .left) {
    scene.handle(.pointerDown(button: button, position: a, clickCount: 1))
    let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    scene.handle(.pointerMoved(position: mid, delta: mid - a, buttons: PointerButtons(button)))
    scene.handle(.pointerMoved(position: b, delta: b - mid, buttons: PointerButtons(button)))
    scene.handle(.pointerUp(button: button, position: b))
  }

  func click(_ p: Point) { drag(p, p) }

  func run(_ seconds: Double) {
    for _ in 0..<Int(seconds * 60) { scene.advance(by: 1.0 / 60) }
  }

  var items: [SceneDescription.Item] { scene.document.scene.items }
  func behaviors(_ type: SceneDescription.Behavior.Kind) -> [SceneDescription.Behavior] {
    scene.document.scene.behaviors.filter { $0.type == type }
  }
}

@Suite struct PlaygroundToolTests {
  @Test func eachShapeToolSpawnsItsShapeSizedByTheDrag() {
    let d = PlaygroundDriver()
    d.key("b")
    d.drag(Point(x: 100, y: 100), Point(x: 180, y: 140))
    d.key("o")
    d.drag(Point(x: 300, y: 100), Point(x: 340, y: 120))
    d.key("e")
    d.drag(Point(x: 400, y: 100), Point(x: 480, y: 130))
    d.key("p")
    d.click(Point(x: 600, y: 100))
    let items = d.items
    #expect(items.map(\.shape) == ["rectangle", "ellipse", "ellipse", "path"])
    #expect(items[0].size == Size(width: 80, height: 40) && items[0].center == Point(x: 140, y: 120))
    #expect(items[1].size == Size(width: 40, height: 40), "a ball is round: the drag's larger side")
    #expect(items[2].size == Size(width: 80, height: 30))
    #expect(items[3].size == Size(width: 60, height: 60) && items[3].path?.count == 5, "a click: a 60 pt pentagon")
    #expect(d.scene.bodies.count == 4)
    #expect(d.behaviors(.gravity).first?.items.count == 4 && d.behaviors(.collision).first?.items.count == 4)
    #expect(d.behaviors(.itemBehavior).count == 4)
  }

  @Test func wallAndLoopDrawBoundariesThatHoldItems() {
    let d = PlaygroundDriver()
    d.key("k")
    d.drag(Point(x: 100, y: 100), Point(x: 500, y: 500))
    d.key("g")
    d.drag(Point(x: 100, y: 300), Point(x: 300, y: 400))
    let walls = d.scene.document.boundaries
    #expect(walls.map(\.closed) == [true, false] && walls[0].points.count == 4)
    d.key("b")
    d.drag(Point(x: 380, y: 150), Point(x: 420, y: 190))
    d.run(3)
    let box = d.scene.bodies[0]
    #expect(box.center.y > 400 && box.center.y < 500, "the box fell onto the loop's floor: \(box.center)")
  }

  @Test func attachJoinsItemsWithEveryKind() {
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("b")
    d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
    d.drag(Point(x: 300, y: 100), Point(x: 350, y: 150))
    d.key("a")
    var kinds: [String] = []
    for kind in AttachKind.allCases {
      #expect(d.scene.attachKind == kind)
      d.drag(Point(x: 125, y: 125), Point(x: 325, y: 125))
      kinds.append(d.behaviors(.attachment).last?.attachmentKind ?? "none")
      d.key("a")
    }
    #expect(kinds == ["plain", "plain", "pin", "sliding", "limit"])
    let frequencies = d.behaviors(.attachment).prefix(2).map { $0.numbers["frequency"] }
    #expect(frequencies == [2, 0], "a spring, then a rigid rod")
    #expect(d.behaviors(.attachment).allSatisfy { $0.strings["attachedTo"] == "box-2" })
  }

  @Test func attachToAPointAndRefusalsChangeNothing() {
    let d = PlaygroundDriver()
    d.key("o")
    d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
    d.key("a")
    d.drag(Point(x: 125, y: 125), Point(x: 125, y: 40))
    let spring = d.behaviors(.attachment)[0]
    #expect(spring.points["anchor"] == Point(x: 125, y: 40) && spring.numbers["length"] == 85)
    d.scene.selection = .join(d.scene.document.scene.behaviors.count - 1)
    let anchorX = d.scene.parameters.first { $0.name == "anchor x" }
    #expect(anchorX?.set(300) == nil)
    #expect(d.behaviors(.attachment)[0].points["anchor"] == Point(x: 300, y: 40), "the inspector moves the anchor")
    for _ in 0..<4 { d.key("a") }
    #expect(d.scene.attachKind == .limit)
    let before = d.scene.document
    d.drag(Point(x: 125, y: 125), Point(x: 400, y: 40))
    #expect(d.scene.document == before, "a rope to a point is refused")
    #expect(d.scene.message?.hasPrefix("refused") == true)
    d.drag(Point(x: 400, y: 400), Point(x: 500, y: 40))
    #expect(d.scene.document == before, "a drag from empty space attaches nothing")
  }

  @Test func snapPushAnchorAndDelete() {
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("b")
    d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
    d.key("n")
    d.drag(Point(x: 125, y: 125), Point(x: 400, y: 300))
    d.key("u")
    d.drag(Point(x: 125, y: 125), Point(x: 225, y: 125))
    #expect(d.behaviors(.snap).first?.points["snapPoint"] == Point(x: 400, y: 300))
    #expect(d.behaviors(.push).first?.points["pushDirection"] == Point(x: 1, y: 0))
    d.key("m")
    d.click(Point(x: 125, y: 125))
    #expect(d.scene.isAnchored("box-1"))
    d.click(Point(x: 125, y: 125))
    #expect(!d.scene.isAnchored("box-1"))
    d.key("x")
    d.click(Point(x: 125, y: 125))
    #expect(d.items.isEmpty && d.scene.document.scene.behaviors.map(\.type) == [.collision], "all that named it went")
  }

  @Test func selectDragsDynamicItemsThroughASpringAndAnchoredOnesExactly() {
    let d = PlaygroundDriver()
    d.key("b")
    d.drag(Point(x: 100, y: 100), Point(x: 150, y: 150))
    d.drag(Point(x: 300, y: 100), Point(x: 350, y: 150))
    d.key("m")
    d.click(Point(x: 325, y: 125))
    d.key("v")
    let s = d.scene
    s.handle(.pointerDown(button: .left, position: Point(x: 325, y: 125), clickCount: 1))
    s.handle(.pointerMoved(position: Point(x: 425, y: 225), delta: Vector(dx: 100, dy: 100), buttons: .left))
    #expect(s.bodies[1].center == Point(x: 425, y: 225), "an anchored item follows the pointer exactly")
    s.handle(.pointerUp(button: .left, position: Point(x: 425, y: 225)))
    #expect(s.document.scene.items[1].center == Point(x: 425, y: 225))
    s.undo()
    #expect(s.document.scene.items[1].center == Point(x: 325, y: 125), "undo puts it back where the drag began")
    let start = s.bodies[0].center
    s.handle(.pointerDown(button: .left, position: start, clickCount: 1))
    let target = Point(x: start.x, y: start.y + 200)
    s.handle(.pointerMoved(position: target, delta: target - start, buttons: .left))
    d.run(0.5)
    #expect(s.bodies[0].center.distance(to: target) < 5, "held on a rigid attachment at the pointer")
    s.handle(.pointerUp(button: .left, position: target))
    #expect(s.selection == .item("box-1"))
  }

  @Test func itemsAndBoundariesAreNeverMadeOverlapping() {
    let d = PlaygroundDriver()
    d.key("g")
    d.drag(Point(x: 100, y: 300), Point(x: 700, y: 300))
    d.key("b")
    let before = d.scene.document
    d.drag(Point(x: 200, y: 280), Point(x: 260, y: 320))
    #expect(d.scene.document == before)
    #expect(d.scene.message == "refused: box-2 would overlap the boundary wall-1; place it clear of boundaries")
    d.drag(Point(x: 200, y: 200), Point(x: 260, y: 260))
    d.key("g")
    let withBox = d.scene.document
    d.drag(Point(x: 230, y: 100), Point(x: 230, y: 290))
    #expect(d.scene.document == withBox, "a wall through the box is refused")
    #expect(d.scene.message?.contains("would cross box-2") == true)
  }
}
