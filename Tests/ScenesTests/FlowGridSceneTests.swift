import CollectionLayout
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

@Suite struct FlowGridSceneTests {
  func scene() -> FlowGridScene {
    let s = FlowGridScene()
    s.resize(to: Size(width: 800, height: 600))
    s.advance(by: 1.0 / 60)
    return s
  }

  func frames(_ s: FlowGridScene, _ n: Int) { for _ in 0..<n { s.advance(by: 1.0 / 60) } }

  @Test func aFlingScrollsOnAfterRelease() {
    let s = scene()
    s.handle(.pointerDown(button: .left, position: Point(x: 400, y: 500), clickCount: 1))
    for k in 1...6 {
      frames(s, 1)
      s.handle(
        .pointerMoved(position: Point(x: 400, y: 500 - Double(k) * 40), delta: Vector(dx: 0, dy: -40), buttons: .left))
    }
    s.handle(.pointerUp(button: .left, position: Point(x: 400, y: 260)))
    let released = s.collectionView.contentOffset.y
    #expect(abs(released - 240) < 1, "the content followed the pointer")
    frames(s, 30)
    #expect(s.collectionView.contentOffset.y > released + 200, "and keeps going after release")
    #expect(s.collectionView.indexPathsForSelectedItems.isEmpty, "a drag is not a tap")
  }

  @Test func clickSelectsDeleteRemovesInsertAdds() {
    let s = scene()
    // The first cell of section 1 sits under (57, 40 + 36 + 8 + 32).
    s.handle(.pointerDown(button: .left, position: Point(x: 57, y: 116), clickCount: 1))
    s.handle(.pointerUp(button: .left, position: Point(x: 57, y: 116)))
    #expect(s.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    s.handle(.keyDown(.character("i"), modifiers: [], isRepeat: false))
    #expect(s.sections[0].count == 201 && s.sections[0][1] == 1000, "inserted after the selection")
    s.handle(.keyDown(.delete, modifiers: [], isRepeat: false))
    #expect(s.sections[0].count == 200 && s.sections[0][0] == 1000, "the selected item went")
    frames(s, 30)
    #expect(!s.collectionView.isAnimatingUpdates, "the update animation ends")
  }

  @Test func gridAndListSwitchAnimated() {
    let s = scene()
    s.handle(.keyDown(.character("v"), modifiers: [], isRepeat: false))
    #expect(s.showsList)
    frames(s, 2)
    #expect(s.collectionView.isAnimatingUpdates)
    frames(s, 40)
    let first = s.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
    #expect(first?.size.width == 776, "a list row spans the window less the insets")
  }

  @Test func wheelNotchesScrollDown() {
    let s = scene()
    s.handle(
      .wheel(
        WheelEvent(
          preciseDelta: Vector(dx: 0, dy: 1), notches: (0, 1), isPrecise: false,
          position: Point(x: 400, y: 300))))
    frames(s, 30)
    #expect(abs(s.collectionView.contentOffset.y - 53) < 0.5, "one notch, 53 points, toward the end")
  }
}
