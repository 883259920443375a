import CollectionLayout
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

/// The field view of the physics layouts (`F`): the spring pull it draws is ω² × stretch, its contours sit
/// at ¼, ½ and all of the scroll resistance, it draws an arrow for each displaced visible cell, and a scene
/// with nothing to show says so in the status line.
@Suite struct LayoutForceOverlayTests {
  let f = InputEvent.keyDown(.character("f"), modifiers: [], isRepeat: false)

  @Test func theSpringPullIsOmegaSquaredTimesTheStretch() {
    let omega2 = 4 * Double.pi * Double.pi
    let a = LayoutForceOverlay.springAcceleration(
      item: Point(x: 0, y: 0), anchor: Point(x: 10, y: 0), length: 0, frequency: 1)
    #expect(abs(a.dx - omega2 * 10) < 1e-9 && a.dy == 0)
    let b = LayoutForceOverlay.springAcceleration(
      item: Point(x: 0, y: 8), anchor: Point(x: 0, y: 0), length: 3, frequency: 2)
    #expect(abs(b.dy + 4 * omega2 * 5) < 1e-9 && b.dx == 0, "towards the anchor, by the stretch beyond the length")
    #expect(
      LayoutForceOverlay.springAcceleration(item: .zero, anchor: Point(x: 5, y: 5), length: 0, frequency: 0) == .zero,
      "a rigid attachment pulls by constraint, not by force")
    #expect(
      LayoutForceOverlay.springAcceleration(item: Point(x: 1, y: 1), anchor: Point(x: 1, y: 1), length: 0, frequency: 1)
        == .zero)
  }

  @Test func contoursSitAtQuarterHalfAndAllOfTheResistance() {
    #expect(LayoutForceOverlay.listContourRadii(scrollResistance: 1500) == [375, 750, 1500])
    #expect(LayoutForceOverlay.listContourRadii(scrollResistance: 200) == [50, 100, 200])
  }

  func arrows(_ list: DrawList) -> Int { list.commands.filter { if case .arrow = $0 { true } else { false } }.count }
  func dashes(_ list: DrawList) -> Int {
    list.commands.filter { if case .dashedLine = $0 { true } else { false } }.count
  }

  @Test func draggingTheListWithFOnDrawsAnArrowPerDisplacedCellAndTheContours() {
    let s = SpringyListScene()
    s.resize(to: Size(width: 800, height: 600))
    s.advance(by: 1.0 / 60)
    #expect(s.handle(f) && s.showsFieldView)
    s.handle(.pointerDown(button: .left, position: Point(x: 400, y: 500), clickCount: 1))
    for k in 1...6 {
      s.handle(
        .pointerMoved(position: Point(x: 400, y: 500 - 30 * Double(k)), delta: Vector(dx: 0, dy: -30), buttons: .left))
      s.advance(by: 1.0 / 60)
    }
    var on = DrawList()
    s.draw(into: &on)
    let visible = s.collectionView.bounds
    let displaced = s.layout.springs.filter { spring in
      let d = spring.attributes.center - spring.attachment.anchorPoint
      return visible.intersects(spring.attributes.frame)
        && (d.dx * d.dx + d.dy * d.dy).squareRoot() * 4 * .pi * .pi >= 1
    }.count
    #expect(displaced > 20, "the drag displaced cells")
    #expect(arrows(on) == displaced)
    #expect(dashes(on) >= 4, "at least the inner diamond around the pointer")
    s.handle(f)
    var off = DrawList()
    s.draw(into: &off)
    #expect(arrows(off) == 0 && dashes(off) == 0)
  }

  @Test func theCarouselAndTheNewtonianViewShowTheirPulls() {
    let carousel = SpringyCarouselScene(), newtonian = NewtonianScene()
    for s in [carousel, newtonian] as [any Scene] {
      s.resize(to: Size(width: 1280, height: 800))
      for _ in 0..<60 { s.advance(by: 1.0 / 60) }
      #expect(s.handle(f))
      var list = DrawList()
      s.draw(into: &list)
      #expect(arrows(list) > 0, "\(s.name): gravity against the springs shows even at rest")
    }
  }

  @Test func aSceneWithNothingToShowSaysSoInTheStatusLine() {
    let c = SandboxController(scene: GravityBallScene(), size: Size(width: 800, height: 600))
    #expect(c.status == nil)
    #expect(c.dispatch(f).answer == "no field view")
    #expect(c.status?.contains("no forces to show") == true)
    let springy = SandboxController(scene: SpringyListScene(), size: Size(width: 800, height: 600))
    _ = springy.dispatch(f)
    #expect(springy.status == nil)
  }
}
