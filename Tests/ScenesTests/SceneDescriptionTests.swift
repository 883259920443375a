import Foundation
import Geometry2D
import Testing
@testable import Scenes

@Suite struct SceneDescriptionTests {
  func parse(_ json: String) throws -> SceneDescription {
    try SceneDescription.parse(Data(json.utf8), file: "scene.json")
  }

  func error(_ json: String) -> SceneFileError? {
    do {
      _ = try parse(json)
      return nil
    } catch let e as SceneFileError { return e } catch { return nil }
  }

  let valid = """
    { "title": "ball", "items": [ { "id": "ball", "center": [400, 100], "size": [50, 50], "shape": "ellipse" },
                                  { "id": "box", "center": [200, 100], "size": [40, 40], "color": "#FF8A3D" } ],
      "behaviors": [ { "type": "gravity", "items": ["ball", "box"], "magnitude": 1 },
                     { "type": "collision", "items": ["ball", "box"], "translatesReferenceBoundsIntoBoundary": true,
                       "boundaries": [ { "identifier": "floor", "from": [0, 500], "to": [800, 500] } ] },
                     { "type": "itemBehavior", "items": ["ball"], "elasticity": 0.7 },
                     { "type": "attachment", "item": "box", "anchor": [200, 20], "length": 80, "damping": 0.3, "frequency": 2 },
                     { "type": "field", "kind": "radialGravity", "items": ["ball"], "position": [400, 300],
                       "region": { "union": [ { "radius": 300 }, { "size": [10, 20] } ] }, "strength": 1.5 } ] }
    """

  @Test func aValidFileDecodesEverything() throws {
    let d = try parse(valid)
    #expect(d.items.count == 2 && d.items[0].shape == "ellipse" && d.items[0].size == Size(width: 50, height: 50))
    #expect(d.behaviors.count == 5)
    #expect(d.behaviors[1].boundaries[0].points == [Point(x: 0, y: 500), Point(x: 800, y: 500)])
    #expect(d.behaviors[3].items == ["box"] && d.behaviors[3].numbers["length"] == 80)
    #expect(d.behaviors[4].region == .union(.radius(300), .size(Size(width: 10, height: 20))))
  }

  @Test func errorsNameTheFileThePathAndWhatWasExpected() {
    #expect(
      error(valid.replacingOccurrences(of: "\"size\": [50, 50]", with: "\"size\": [50, -1]"))?.description
        == "scene.json:1: items[0].size[1]: expected a size in points greater than 0 and at most 100000, got -1")
    #expect(
      error(valid.replacingOccurrences(of: "\"elasticity\": 0.7", with: "\"elasticity\": \"high\""))?.description
        == "scene.json:6: behaviors[2].elasticity: expected an elasticity (1 = perfectly elastic) from 0 to 1000000, got the string \"high\""
    )
    #expect(
      error(valid.replacingOccurrences(of: "\"damping\": 0.3", with: "\"damping\": -2"))?.description
        == "scene.json:7: behaviors[3].damping: expected a damping ratio from 0 to 1000, got -2")
    #expect(
      error(
        valid.replacingOccurrences(
          of: "\"items\": [\"ball\"], \"elasticity\"", with: "\"items\": [\"bal\"], \"elasticity\""))?.description
        == "scene.json:6: behaviors[2].items[0]: no item has the id \"bal\"; the ids are: ball, box")
    #expect(
      error(valid.replacingOccurrences(of: "\"elasticity\": 0.7", with: "\"bounciness\": 0.7"))?.message
        .hasPrefix("\"bounciness\" is not a property of a itemBehavior behavior; it takes: items, item, allowsRotation")
        == true)
    #expect(error(valid.replacingOccurrences(of: "radialGravity", with: "radial"))?.path == "behaviors[4].kind")
    #expect(
      error(valid.replacingOccurrences(of: "\"center\": [400, 100], ", with: ""))?.description
        == "scene.json:1: items[0].center: missing; this field is required")
    #expect(error("{ \"items\": [ }")?.message.hasPrefix("not valid JSON") == true)
    #expect(error(valid.replacingOccurrences(of: "\"id\": \"box\"", with: "\"id\": \"ball\""))?.path == "items[1].id")
    #expect(
      error(valid.replacingOccurrences(of: "\"anchor\": [200, 20], ", with: ""))?.message
        == "an attachment needs either \"anchor\": [x, y] or \"attachedTo\": an item id, not both")
  }
}
