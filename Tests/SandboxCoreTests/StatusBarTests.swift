import Geometry2D
import Testing
@testable import SandboxCore

/// The status line and the HUD share the status bar: the line is cut where the HUD's text begins, even
/// when that text reaches past the HUD's own part (a long renderer name), so the two never overlap.
@Suite("Status bar")
struct StatusBarTests {
  /// The status bar's texts as drawn: the status line (left-aligned) and the HUD (right-aligned), each
  /// with the span it takes at `HUD.characterWidth` a character.
  static func spans(_ c: SandboxController) -> (status: ClosedRange<Double>?, hud: ClosedRange<Double>?) {
    var list = DrawList()
    c.draw(into: &list)
    var status: ClosedRange<Double>?, hud: ClosedRange<Double>?
    for command in list.commands {
      guard case .text(let s, let at, _, _, let alignment) = command, at.y > c.layout.statusBar.minY else { continue }
      let width = HUD.characterWidth * Double(s.count)
      if alignment == .centerLeft { status = at.x...(at.x + width) }
      if alignment == .centerRight { hud = (at.x - width)...at.x }
    }
    return (status, hud)
  }

  static func controller(width: Double, renderer: String?, status: String) -> SandboxController {
    let c = SandboxController(scene: CountingScene(), size: Size(width: width, height: 400))
    c.hud.rendererName = renderer
    c.hud.record(frameTime: 1.0 / 60, scene: SceneTimings(physics: 0.0008, awakeBodies: 5), drawTime: 0.0027)
    c.status = status
    return c
  }

  @Test(
    arguments: [
      (1000.0, "software — GL is llvmpipe"), (1000, nil), (640, "software — GL is llvmpipe"), (1600, "opengl"),
      (300, "software — GL is llvmpipe"), (40, nil)
    ] as [(Double, String?)])
  func theStatusLineStopsBeforeTheHUD(width: Double, renderer: String?) throws {
    let long = String(repeating: "a long status message ", count: 12)
    let c = StatusBarTests.controller(width: width, renderer: renderer, status: long)
    let (status, hud) = StatusBarTests.spans(c)
    let h = try #require(hud, "width \(width): the HUD is drawn")
    #expect(h.lowerBound >= 0, "width \(width): the HUD \(h) fits the window")
    // A window too narrow for both keeps the HUD; the status line is then cut short or left out.
    guard let s = status else { return }
    #expect(s.upperBound <= h.lowerBound, "width \(width), renderer \(renderer ?? "none"): \(s) runs under \(h)")
    #expect(s.upperBound <= c.layout.status.maxX, "width \(width): the line stays in its part")
  }

  @Test func aHiddenHUDLeavesTheStatusLineItsWholePart() throws {
    let long = String(repeating: "a long status message ", count: 12)
    let c = StatusBarTests.controller(width: 1000, renderer: "software — GL is llvmpipe", status: long)
    c.hud.isVisible = false
    let s = try #require(StatusBarTests.spans(c).status)
    #expect(s.upperBound <= c.layout.status.maxX && s.upperBound > c.layout.status.maxX - 24, "\(s)")
  }
}
