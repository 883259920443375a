import CollectionLayout
import Dynamics
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

/// The three springy scenes: springy-list (the default), springy-carousel and newtonian.
@Suite struct SpringyScenesTests {
  func frames(_ s: any Scene, _ n: Int) { for _ in 0..<n { s.advance(by: 1.0 / 60) } }
  func key(_ s: any Scene, _ k: Key) -> Bool { s.handle(.keyDown(k, modifiers: [], isRepeat: false)) }

  @Test func springyListIsTheDefaultSceneAndTheCatalogHasAllThree() {
    #expect(SceneCatalog.defaultName == "springy-list")
    for name in ["springy-list", "springy-carousel", "newtonian"] {
      #expect(SceneCatalog.entry(named: name) != nil)
    }
  }

  @Test func springyListDragsLagsAndComesToRestOnTheGrid() {
    let s = SpringyListScene()
    s.resize(to: Size(width: 800, height: 600))
    frames(s, 1)
    #expect(s.numbers.count == 10_000)
    s.handle(.pointerDown(button: .left, position: Point(x: 400, y: 560), clickCount: 1))
    for k in 1...8 {
      frames(s, 1)
      s.handle(
        .pointerMoved(position: Point(x: 400, y: 560 - 30 * Double(k)), delta: Vector(dx: 0, dy: -30), buttons: .left))
    }
    frames(s, 1)
    let lags = s.layout.springs.map { abs($0.attributes.center.y - $0.attachment.anchorPoint.y) }
    #expect(lags.max()! > 10, "cells far from the pointer lag while dragging")
    s.handle(.pointerUp(button: .left, position: Point(x: 400, y: 320)))
    frames(s, 600)
    #expect(!s.layout.dynamicAnimator.isRunning)
    #expect(s.layout.springs.allSatisfy { $0.attributes.center == $0.attachment.anchorPoint })
  }

  @Test func theWindowsFirstSizeStartsTheListAtRestNotSpringing() {
    for s in [SpringyListScene(), SpringyCarouselScene()] as [any Scene] {
      s.resize(to: Size(width: 1280, height: 800))  // not the 800×600 the scene was made at
      frames(s, 1)
      if let list = s as? SpringyListScene {
        #expect(
          list.layout.springs.allSatisfy { $0.attributes.center.distance(to: $0.attachment.anchorPoint) < 0.01 },
          "every cell starts on its flow position")
      }
    }
    // A later resize keeps the springs (cells move over to their new places).
    let list = SpringyListScene()
    list.resize(to: Size(width: 800, height: 600))
    frames(list, 1)
    list.resize(to: Size(width: 1280, height: 800))
    frames(list, 1)
    #expect(list.layout.springs.contains { $0.attributes.center.distance(to: $0.attachment.anchorPoint) > 1 })
  }

  @Test func springyListKeysAndLiveParameters() {
    let s = SpringyListScene()
    s.resize(to: Size(width: 800, height: 600))
    frames(s, 2)
    #expect(key(s, .character("d")) && s.showsDebug)
    var list = DrawList()
    s.draw(into: &list)
    #expect(
      list.commands.contains { if case .dashedLine = $0 { return true } else { return false } },
      "the tiling rect is drawn")
    #expect(key(s, .character("i")))
    #expect(s.numbers.count == 10_001)
    #expect(key(s, .delete))
    #expect(s.numbers.count == 10_000)
    let names = s.parameters.map(\.name)
    #expect(
      names.contains("spring frequency") && names.contains("spring damping") && names.contains("spring length")
        && names.contains("scroll resistance divisor") && names.contains("tiling margin"))
    let frequency = s.parameters.first { $0.name == "spring frequency" }!
    _ = frequency.set(2)
    #expect(s.layout.springs.allSatisfy { $0.attachment.frequency == 2 })
    #expect(abs(s.spring!.frequency - 2) < 1e-9)
    let margin = s.parameters.first { $0.name == "tiling margin" }!
    _ = margin.set(300)
    frames(s, 1)
    #expect(s.layout.tilingRect.minY <= s.collectionView.contentOffset.y - 300 + 1e-9)
    // The app's keys stay the app's.
    for k: Key in [
      .character("h"), .character("l"), .tab, .space, .character("."), .character("r"), .character("s"),
      .character("`"), .escape
    ] {
      #expect(!key(s, k))
    }
  }

  @Test func carouselDropsATileInRightOfCentre() {
    let s = SpringyCarouselScene()
    s.resize(to: Size(width: 800, height: 600))
    frames(s, 60)
    let at = s.indexPathRightOfCentre()
    #expect(key(s, .character("i")))
    #expect(s.numbers.count == 31 && s.numbers[at.item] == 30)
    let tile = s.layout.spring(for: .cell(at))!
    #expect(tile.attributes.center.y < 100, "starts at the top")
    frames(s, 240)
    #expect(tile.attributes.center.y > 500, "and dropped to the bottom")
    #expect(key(s, .delete) && s.numbers.count == 30)
  }

  @Test func newtonianSwingsInAndDeletesOnceFallen() {
    let s = NewtonianScene()
    s.resize(to: Size(width: 800, height: 600))
    frames(s, 120)
    #expect(s.numbers.count == 3)
    #expect(key(s, .character("i")) && s.numbers.count == 4)
    frames(s, 120)
    #expect(key(s, .delete))
    #expect(key(s, .delete))
    #expect(s.numbers.count == 4, "falling items stay until they leave the screen")
    #expect(key(s, .character("i")) && s.numbers.count == 5, "inserts stay allowed meanwhile")
    frames(s, 180)
    #expect(s.numbers.count == 3)
    #expect(s.layout.itemCount == 3)
    for _ in 0..<10 { _ = key(s, .character("i")) }
    #expect(s.numbers.count == NewtonianScene.maximumItems)
  }
}
