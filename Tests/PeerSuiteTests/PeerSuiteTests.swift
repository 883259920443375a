import Foundation
import PeerScenes
import XCTest

/// The peer suite's fast subset (`PeerScene.isFast`): each scene built through the public API, its
/// figures measured and judged against Box2D v3.1.1's figures for the same scene
/// (box2d-figures.json, measured by scripts/peer-figures), or against today's recorded figures for a
/// known gap (`PeerKnownGaps`). Every judged figure is printed beside Box2D's. The full sizes run in
/// `scripts/peer-suite` (release). docs/peer-suite.md defines the scenes and the figures.
final class PeerSuiteTests: XCTestCase {
  static let figuresPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("box2d-figures.json").path

  /// Also fails when a known gap now holds against Box2D, so that it leaves `PeerKnownGaps` and is
  /// judged against Box2D's figure from then on.
  func testFastScenesAreAtLeastAsGoodAsBox2D() throws {
    let baseline = try PeerBaseline.load(path: Self.figuresPath)
    print("peer suite (fast subset), Box2D \(baseline.box2dVersion) beside Hooke")
    print(PeerJudgement.header)
    for scene in PeerScene.all where scene.isFast {
      let box2d = try XCTUnwrap(baseline.scenes[scene.name], "box2d-figures.json has no figures for \(scene.name)")
      let values = scene.run()
      for line in PeerJudgement.lines(for: scene, values: values, box2d: box2d) {
        print(line.row)
        XCTAssertTrue(line.passes, line.row)
      }
      if PeerKnownGaps.today[scene.name] != nil {
        let holds = scene.judgedBy.allSatisfy { values[$0]! <= PeerJudgement.allowed($0, reference: box2d[$0]!) }
        XCTAssertFalse(holds, "\(scene.name) now holds against Box2D: delete it from PeerKnownGaps")
      }
    }
  }

  /// Every scene has Box2D's figure for each figure it is judged by, and every known gap names a scene
  /// and only figures that scene is judged by: a renamed scene or a stale gap fails here.
  func testEveryJudgedFigureHasAReference() throws {
    let baseline = try PeerBaseline.load(path: Self.figuresPath)
    XCTAssertEqual(Set(baseline.scenes.keys), Set(PeerScene.all.map(\.name)), "scenes in box2d-figures.json")
    for scene in PeerScene.all {
      for figure in scene.judgedBy {
        XCTAssertNotNil(baseline.scenes[scene.name]?[figure], "\(scene.name): no Box2D \(figure.rawValue)")
      }
    }
    for (name, figures) in PeerKnownGaps.today {
      let scene = try XCTUnwrap(PeerScene.named(name), "known gap \(name) names no scene")
      XCTAssertEqual(Set(figures.keys), Set(scene.judgedBy), "known gap \(name): its figures")
    }
  }

  func testABrokenFiguresFileNamesWhatIsWrong() {
    let cases: [(String, String)] = [
      ("[1, 2]", "not a JSON object"),
      (#"{"scenes": {}}"#, "no \"box2d\" version"),
      (#"{"box2d": "x"}"#, "no \"scenes\" object"),
      (#"{"box2d": "x", "scenes": {"a": 3}}"#, "scene a is not an object"),
      (#"{"box2d": "x", "scenes": {"a": {"width": 3}}}"#, "unknown figure \"width\""),
      (#"{"box2d": "x", "scenes": {"a": {"drift": "far"}}}"#, "drift is not a finite number"),
      ("{", "not JSON")
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try PeerBaseline.parse(Data(text.utf8), source: "f.json")) { error in
        XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
        XCTAssertTrue("\(error)".hasPrefix("f.json: "), "\(text): \(error)")
      }
    }
    XCTAssertThrowsError(try PeerBaseline.load(path: "/nonexistent/figures.json")) { error in
      XCTAssertTrue("\(error)".contains("/nonexistent/figures.json: cannot be read"))
    }
  }
}
