import Foundation
import Geometry2D
import SandboxCore
import Testing

@testable import Scenes

/// `Ctrl+S` writes a scene file that loads as the same scene: after seeded random build sessions, the
/// saved file opened as `hooke --scene` opens it runs on to the same state digest as the window that
/// saved it, bit for bit.
@Suite struct PlaygroundSaveTests {
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-playground-\(getpid())")

  @Test(arguments: 0..<48 as Range<UInt64>)
  func aSavedBuildLoadsAndRunsTheSame(seed: UInt64) throws {
    try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
    var session = RandomBuildSession(seed: seed)
    for _ in 0..<40 { session.step() }
    let scene = session.scene
    let path = Self.folder.appendingPathComponent("build-\(seed).json").path
    scene.savePath = path
    #expect(scene.save() == path, "seed \(seed): \(scene.message ?? "")")
    let file = try FileScene(path: path)
    file.resize(to: Size(width: 800, height: 578))
    #expect(file.bodies.count == scene.bodies.count, "seed \(seed)")
    for frame in 0..<240 {
      scene.advance(by: 1.0 / 60)
      file.advance(by: 1.0 / 60)
      guard scene.stateDigest == file.stateDigest else {
        Issue.record("seed \(seed): the file's scene parted from the window's at frame \(frame); \(session.log)")
        return
      }
    }
  }

  @Test func theFileIsTheDocumentAndReadsBackAsIt() throws {
    try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
    let d = PlaygroundDriver()
    d.key(" ")
    d.key("g")
    d.drag(Point(x: 50, y: 500), Point(x: 750, y: 500))
    d.key("p")
    d.drag(Point(x: 300, y: 300), Point(x: 380, y: 360))
    d.key("a")
    d.drag(Point(x: 340, y: 330), Point(x: 340, y: 120))
    let path = Self.folder.appendingPathComponent("one.json").path
    d.scene.savePath = path
    d.scene.save()
    let read = try SceneDescription.load(path: path)
    #expect(read == d.scene.document.scene)
    #expect(read.jsonText == (try String(contentsOfFile: path, encoding: .utf8)))
    #expect(d.scene.lastSavedPath == path && d.scene.message?.contains("hooke --scene \(path)") == true)
  }

  @Test func anUnwritablePathSaysSoAndKeepsTheScene() {
    let d = PlaygroundDriver()
    d.key("b")
    d.click(Point(x: 200, y: 200))
    let before = d.scene.document
    d.scene.savePath = "/nonexistent-folder/x.json"
    #expect(d.scene.save() == nil)
    #expect(d.scene.message?.hasPrefix("not saved: could not write /nonexistent-folder/x.json") == true)
    #expect(d.scene.document == before)
  }

  /// Every shipped scene file writes back as text that reads as the same description.
  @Test(arguments: ["gravity-ball", "newtons-cradle", "snap", "fields"])
  func shippedFilesWriteBackAsThemselves(name: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let d = try SceneDescription.load(path: root.appendingPathComponent("Resources/\(name).json").path)
    #expect(try SceneDescription.parse(Array(d.jsonText.utf8), file: name) == d)
  }
}
