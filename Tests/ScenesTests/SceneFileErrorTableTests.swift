import Foundation
import Testing
@testable import Scenes

/// Bad scene files, each with where its error must point and what it must say: the file, the line, the
/// field path, and a fragment of the expectation. Every row is valid JSON or close to it, and every one
/// would trap, be silently ignored or be half-applied without its check.
@Suite struct SceneFileErrorTableTests {
  /// A valid scene with `behavior` as its only behavior, the item on line 2 and the behavior on line 3.
  static func scene(
    item: String = #""id": "b", "center": [100, 100], "size": [20, 20]"#, behavior: String? = nil,
    top: String = ""
  ) -> String {
    "{ \(top)\"items\": [\n { \(item) } ],\n \"behaviors\": [ \(behavior.map { "{ \($0) }" } ?? "") ] }"
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var json: String
    var line: Int?
    var path: String
    var fragment: String
    var testDescription: String { "\(path): \(fragment)" }
  }

  static let rows: [Row] = [
    // Numbers out of range, absurd or non-finite, and NaN written as a string.
    Row(
      json: scene(item: #""id": "b", "center": [100, 100], "size": [1e300, 20]"#), line: 2, path: "items[0].size[0]",
      fragment: "expected a size in points greater than 0 and at most 100000, got 1e300"),
    Row(
      json: scene(item: #""id": "b", "center": [100, 100], "size": [-0, 20]"#), line: 2, path: "items[0].size[0]",
      fragment: "greater than 0"),
    Row(
      json: scene(item: #""id": "b", "center": [1e400, 100], "size": [2, 2]"#), line: 2, path: "items[0].center[0]",
      fragment: "the number 1e400 is beyond the range of a double"),
    Row(
      json: scene(item: #""id": "b", "center": ["NaN", 100], "size": [2, 2]"#), line: 2, path: "items[0].center[0]",
      fragment: #"(JSON has no NaN or infinity), got the string "NaN""#),
    Row(
      json: scene(item: #""id": "b", "center": [NaN, 100], "size": [2, 2]"#), line: 2, path: "items[0].center[0]",
      fragment: "JSON has no NaN or Infinity"),
    Row(
      json: scene(item: #""id": "b", "center": [100, 100], "size": [2, 2], "rotation": 1e7"#), line: 2,
      path: "items[0].rotation",
      fragment: "an angle in radians from -1000000 to 1000000"),
    Row(
      json: scene(behavior: #""type": "itemBehavior", "item": "b", "elasticity": -0.5"#), line: 3,
      path: "behaviors[0].elasticity",
      fragment: "an elasticity (1 = perfectly elastic) from 0 to"),
    Row(
      json: scene(behavior: #""type": "itemBehavior", "item": "b", "density": 0"#), line: 3,
      path: "behaviors[0].density",
      fragment: "a density greater than 0"),
    Row(
      json: scene(behavior: #""type": "itemBehavior", "item": "b", "friction": "infinity""#), line: 3,
      path: "behaviors[0].friction",
      fragment: #"a friction from 0 to 1000 (JSON has no NaN or infinity), got the string "infinity""#),
    Row(
      json: scene(behavior: #""type": "itemBehavior", "item": "b", "resistance": -1"#), line: 3,
      path: "behaviors[0].resistance",
      fragment: #"a resistance (damping rate) from 0 to 1000000, or "infinity", got -1"#),
    Row(
      json: scene(behavior: #""type": "itemBehavior", "item": "b", "linearVelocity": [1e300, 0]"#), line: 3,
      path: "behaviors[0].linearVelocity[0]", fragment: "a velocity in points/s"),
    Row(
      json: scene(behavior: #""type": "field", "kind": "noise", "item": "b", "smoothness": 2"#), line: 3,
      path: "behaviors[0].smoothness",
      fragment: "a smoothness from 0 to 1"),
    Row(
      json: scene(behavior: #""type": "field", "kind": "radialGravity", "item": "b", "falloff": 400"#), line: 3,
      path: "behaviors[0].falloff", fragment: "a falloff exponent from -10 to 10"),
    Row(
      json: scene(behavior: #""type": "field", "kind": "drag", "item": "b", "minimumRadius": -1"#), line: 3,
      path: "behaviors[0].minimumRadius", fragment: "a minimum radius in points from 0"),
    Row(
      json: scene(behavior: #""type": "field", "kind": "drag", "region": { "radius": 0 }"#), line: 3,
      path: "behaviors[0].region.radius",
      fragment: "a radius in points greater than 0"),
    Row(
      json: scene(behavior: #""type": "attachment", "item": "b", "anchor": [0, 0], "frequency": -3"#), line: 3,
      path: "behaviors[0].frequency", fragment: "a frequency in Hz from 0 to 1000, got -3"),
    Row(
      json: scene(behavior: #""type": "snap", "item": "b", "snapPoint": [1, 1], "damping": 2"#), line: 3,
      path: "behaviors[0].damping",
      fragment: "a snap damping from 0 to 1, got 2"),
    Row(
      json: scene(behavior: #""type": "gravity", "item": "b", "magnitude": 1e9"#), line: 3,
      path: "behaviors[0].magnitude",
      fragment: "a magnitude from -1000 to 1000"),
    // Wrong types.
    Row(
      json: scene(item: #""id": 7, "center": [100, 100], "size": [2, 2]"#), line: 2, path: "items[0].id",
      fragment: "expected a string, got 7"),
    Row(
      json: scene(item: #""id": "b", "center": {"x": 1}, "size": [2, 2]"#), line: 2, path: "items[0].center",
      fragment: "expected an array of numbers [x, y], got an object"),
    Row(
      json: scene(item: #""id": "b", "center": [1, 2, 3], "size": [2, 2]"#), line: 2, path: "items[0].center",
      fragment: "expected exactly 2 numbers [x, y], got 3"),
    Row(
      json: scene(behavior: #""type": "collision", "item": "b", "translatesReferenceBoundsIntoBoundary": "yes""#),
      line: 3,
      path: "behaviors[0].translatesReferenceBoundsIntoBoundary", fragment: "expected true or false"),
    Row(
      json: scene(behavior: #""type": "gravity", "items": "b""#), line: 3, path: "behaviors[0].items",
      fragment: "expected an array of item ids"),
    Row(json: #"{ "items": null }"#, line: 1, path: "items", fragment: "expected an array of items, got null"),
    Row(json: #"[1, 2]"#, line: 1, path: "", fragment: "expected an object, got an array of 2"),
    // Keys: written twice, unknown, missing.
    Row(
      json: "{ \"items\": [ { \"id\": \"b\", \"center\": [1, 1],\n \"center\": [2, 2], \"size\": [2, 2] } ] }", line: 2,
      path: "items[0].center", fragment: #"the key "center" is written twice in one object (first on line 1)"#),
    Row(
      json: scene(item: #""id": "b", "centre": [100, 100], "size": [2, 2]"#), line: 2, path: "items[0].centre",
      fragment: #""centre" is not a property of an item; it takes: id, center"#),
    Row(
      json: scene(top: ##""colour": "#000000", "##), line: 1, path: "colour", fragment: "is not a property of a scene"),
    Row(
      json: scene(item: #""id": "b", "size": [2, 2]"#), line: 2, path: "items[0].center",
      fragment: "missing; this field is required"),
    Row(json: scene(behavior: #""item": "b""#), line: 3, path: "behaviors[0]", fragment: #"missing "type""#),
    // Structure: nesting, counts, references, and what the Dynamics API would trap on.
    Row(
      json: "{ \"items\": [], \"behaviors\": [ { \"type\": \"field\", \"kind\": \"drag\",\n \"region\": "
        + String(repeating: "{\"inverse\": ", count: 100) + "\"infinite\"" + String(repeating: "}", count: 100)
        + " } ] }",
      line: 2, path: "behaviors[0].region.inverse.inverse.….inverse.inverse.inverse.inverse.inverse",
      fragment: "nested deeper than 64 levels"),
    Row(
      json: "{ \"items\": [" + Array(repeating: "{\"id\": \"x\"}", count: 10_001).joined(separator: ",") + "] }",
      line: 1,
      path: "items", fragment: "expected from 0 to 10000 items, got 10001"),
    Row(
      json: scene(behavior: #""type": "attachment", "item": "b", "attachedTo": "b""#), line: 3,
      path: "behaviors[0].attachedTo",
      fragment: "an item cannot be attached to itself"),
    Row(
      json: scene(behavior: #""type": "snap", "item": "b""#), line: 3, path: "behaviors[0].snapPoint",
      fragment: "missing; a snap needs [x, y]"),
    Row(
      json: scene(behavior: #""type": "gravity", "items": ["b", "c"]"#), line: 3, path: "behaviors[0].items[1]",
      fragment: #"no item has the id "c"; the ids are: b"#),
    Row(
      json: scene(
        item: #""id": "b", "center": [1, 1], "size": [2, 2], "shape": "path", "path": [[0, 0], [1, 1], [2, 2]]"#),
      line: 2,
      path: "items[0].path", fragment: "a convex polygon with an area"),
    Row(
      json: scene(item: ##""id": "b", "center": [1, 1], "size": [2, 2], "color": "#12345G""##), line: 2,
      path: "items[0].color",
      fragment: ##"expected a colour like "#FF8A3D""##),
    Row(
      json: scene(
        behavior:
          #""type": "collision", "boundaries": [ { "identifier": "w", "from": [0, 0], "to": [1, 1] }, { "identifier": "w", "from": [0, 0], "to": [1, 2] } ]"#
      ),
      line: 3, path: "behaviors[0].boundaries[1].identifier", fragment: #""w" names another boundary"#),
    Row(
      json: "{ \"items\": [],\n \"behaviors\": ["
        + Array(repeating: "{\"type\": \"collision\"}", count: 64).joined(separator: ",") + "] }",
      line: 2, path: "behaviors[63]", fragment: "at most 63 collision behaviors"),
    // Not JSON at all.
    Row(json: "{ \"items\": [ }", line: 1, path: "items[0]", fragment: "not valid JSON at column 14: expected a value"),
    Row(
      json: "{ \"items\": [] } trailing", line: 1, path: "", fragment: "unexpected text after the end of the JSON value"
    ),
    Row(json: "{ \"items\": [], \"title\": \"a\u{1}b\" }", line: 1, path: "title", fragment: "a control character"),
    Row(json: "", line: 1, path: "", fragment: "expected a value, found the end of the file")
  ]

  @Test(arguments: rows) func eachBadFileNamesFileLineFieldAndExpectation(_ row: Row) {
    do {
      _ = try SceneDescription.parse(Data(row.json.utf8), file: "bad.json")
      Issue.record("loaded, but should fail at \(row.path)")
    } catch {
      #expect(error.file == "bad.json")
      #expect(error.line == row.line)
      #expect(error.path == row.path)
      #expect(error.message.contains(row.fragment), "\(error.message)")
      #expect(error.description.hasPrefix("bad.json:\(row.line.map(String.init) ?? "")"))
    }
  }

  @Test func infiniteResistanceIsWrittenAsTheStringInfinity() throws {
    let d = try SceneDescription.parse(
      Data(Self.scene(behavior: #""type": "itemBehavior", "item": "b", "resistance": "infinity""#).utf8),
      file: "ok.json")
    #expect(d.behaviors[0].numbers["resistance"] == .infinity)
  }

  @Test func invalidUTF8AndFoldersAndHugeFilesAreNamedErrors() throws {
    #expect(throws: SceneFileError.self) {
      try SceneDescription.parse([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], file: "x.json")
    }
    #expect(SceneCatalog.validateSceneFile("/tmp")?.description == "/tmp: is a folder; name a file")
    #expect(SceneCatalog.validateSceneFile("/dev/zero")?.message.hasPrefix("the file is larger than 16 MiB") == true)
  }
}

/// The range table covers every number and point the schema accepts, and agrees with the Dynamics API's
/// own documented ranges (never wider), so a file that loads can never reach one of its preconditions.
@Suite struct SceneFileLimitsTests {
  @Test func everySchemaNumberAndPointHasARangeInsideTheAPIs() {
    for (kind, keys) in SceneDescription.Behavior.schema {
      for (key, valueKind) in keys {
        switch valueKind {
        case .number: #expect(SceneFileLimits.range(of: key, in: kind.rawValue) != nil, "\(kind).\(key)")
        case .point: #expect(SceneFileLimits.behaviorPoints[key] != nil, "\(kind).\(key)")
        default: break
        }
      }
    }
    let elasticity = SceneFileLimits.range(of: "elasticity", in: "itemBehavior")!
    #expect(elasticity.contains(1) && elasticity.contains(1.2) && !elasticity.contains(-0.1))
    #expect(SceneFileLimits.range(of: "resistance", in: "itemBehavior")!.contains(.infinity))
    #expect(!SceneFileLimits.range(of: "friction", in: "itemBehavior")!.contains(.infinity))
    #expect(!SceneFileLimits.range(of: "density", in: "itemBehavior")!.contains(0))
    #expect(
      !SceneFileLimits.range(of: "damping", in: "snap")!.contains(1.5)
        && SceneFileLimits.range(of: "damping", in: "attachment")!.contains(1.5))
    for kind in SceneFileLimits.behaviorNumbers.values {
      for range in kind.values {
        #expect(
          !range.contains(.nan) && !range.contains(-.infinity) && range.minimum.isFinite && range.maximum.isFinite)
      }
    }
  }
}
