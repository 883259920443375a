import Foundation
import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// `hooke --scene playground:file.json`: any scene file opened in the playground to build on. It moves
/// exactly as the file does in its own scene, and the tools, the inspector and Ctrl+S work on it.
@Suite struct PlaygroundOpenFileTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let size = Size(width: 800, height: 578)

  func open(_ name: String) throws -> (PlaygroundScene, FileScene) {
    let path = Self.root.appendingPathComponent("Resources/\(name).json").path
    let entry = try #require(SceneCatalog.entry(named: "playground:\(path)"))
    let scene = try #require(entry.make(SceneContext()) as? PlaygroundScene)
    let file = try FileScene(path: path)
    scene.resize(to: Self.size)
    file.resize(to: Self.size)
    return (scene, file)
  }

  @Test(arguments: ["gravity-ball", "newtons-cradle", "snap", "fields"])
  func aFileMovesInThePlaygroundAsInItsOwnScene(name: String) throws {
    let (scene, file) = try open(name)
    #expect(scene.bodies.count == file.bodies.count)
    for frame in 0..<240 {
      scene.advance(by: 1.0 / 60)
      file.advance(by: 1.0 / 60)
      guard scene.stateDigest == file.stateDigest else {
        Issue.record("\(name): parted at frame \(frame)")
        return
      }
    }
  }

  @Test(arguments: ["gravity-ball", "newtons-cradle", "snap", "fields"])
  func theToolsWorkOnAFileAndItSavesAndReloadsTheSame(name: String) throws {
    let (scene, _) = try open(name)
    let d = PlaygroundDriver(scene)
    let items = d.items.count
    d.key("o")
    d.click(Point(x: 700, y: 100))
    #expect(d.items.count == items + 1, "\(name): \(scene.message ?? "")")
    d.key("v")
    let first = try #require(scene.bodies.first)
    d.click(first.center)
    #expect(scene.parameters.first { $0.name == "friction" }?.set(0.9) == nil)
    d.run(0.5)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-open-\(name)-\(getpid()).json").path
    scene.savePath = path
    #expect(scene.save() == path)
    let reopened = try FileScene(path: path)
    reopened.resize(to: Self.size)
    for _ in 0..<120 {
      scene.advance(by: 1.0 / 60)
      reopened.advance(by: 1.0 / 60)
    }
    #expect(scene.stateDigest == reopened.stateDigest, "\(name)")
  }

  @Test func fShowsAFilesFieldsUnderTheCamera() throws {
    let (scene, _) = try open("fields")
    var plain = DrawList(), shown = DrawList()
    scene.draw(into: &plain)
    #expect(scene.handle(.keyDown(.character("f"), modifiers: [], isRepeat: false)))
    scene.draw(into: &shown)
    #expect(shown.count > plain.count + 100, "the field's arrows: \(plain.count) → \(shown.count)")
    let (cradle, _) = try open("newtons-cradle")
    #expect(!cradle.handle(.keyDown(.character("f"), modifiers: [], isRepeat: false)), "no fields: the window says so")
  }

  @Test func aMissingOrBrokenFileIsRefusedByName() {
    #expect(SceneCatalog.validateSceneFile("playground:/nonexistent/x.json") != nil)
    #expect(SceneCatalog.playgroundFile("playground:a.json") == "a.json")
    #expect(SceneCatalog.playgroundFile("playground") == nil)
  }
}
