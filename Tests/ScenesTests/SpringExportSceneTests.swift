import SandboxCore
import Testing
@testable import Scenes

/// The tuning panel's `C` reads the scroll physics from the scenes' parameters by name: these keep the
/// names and the export in step.
@Suite struct SpringExportSceneTests {
  @Test func theSpringyListExportsItsSpringAndScrollResistance() throws {
    let scene = SpringyListScene()
    let export = SpringExport(scene: scene)
    let spring = try #require(export.spring)
    #expect(abs(spring.frequency - scene.layout.springFrequency) < 1e-12)
    #expect(abs(spring.dampingRatio - scene.layout.springDamping) < 1e-12)
    #expect(export.scrollResistance == scene.layout.scrollResistance)
    #expect(export.text.contains("let scrollResistance: CGFloat = 1500"))
  }

  @Test func theFlowGridExportsItsDecelerationRate() {
    let scene = FlowGridScene()
    let export = SpringExport(scene: scene)
    #expect(export.spring == nil)
    #expect(export.decelerationRate == scene.collectionView.decelerationRate.rawValue)
    #expect(!export.isEmpty)
  }

  @Test func theCarouselSpringHasNoOrigamiEquivalent() throws {
    let spring = try #require(SpringyCarouselScene().spring)
    guard case .none(let reason) = spring.origami else {
      Issue.record("an Origami tension for 0.8 Hz")
      return
    }
    #expect(reason == "stiffness 25.3 < 85.4 (tension 0)")
  }
}
