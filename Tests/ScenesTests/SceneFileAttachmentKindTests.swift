import Testing

@testable import Scenes

/// The attachment kinds of scene files: each kind takes what its factory takes, and a file that gives
/// the wrong properties is refused with the reason.
@Suite struct SceneFileAttachmentKindTests {
  static func file(_ attachment: String) -> String {
    """
    { "items": [ { "id": "a", "center": [100, 100], "size": [40, 40] },
                 { "id": "b", "center": [200, 100], "size": [40, 40] } ],
      "behaviors": [ \(attachment) ] }
    """
  }

  func load(_ attachment: String) throws(SceneFileError) -> SceneDescription {
    try SceneDescription.parse(Array(Self.file(attachment).utf8), file: "kinds.json")
  }

  @Test(arguments: [
    #"{ "type": "attachment", "item": "a", "kind": "pin", "attachedTo": "b", "anchor": [150, 100] }"#,
    #"{ "type": "attachment", "item": "a", "kind": "fixed", "attachedTo": "b", "anchor": [150, 100] }"#,
    #"{ "type": "attachment", "item": "a", "kind": "sliding", "attachedTo": "b", "anchor": [150, 100], "axis": [1, 0] }"#,
    #"{ "type": "attachment", "item": "a", "kind": "sliding", "anchor": [150, 100], "axis": [0, 1] }"#,
    #"{ "type": "attachment", "item": "a", "kind": "limit", "attachedTo": "b", "length": 150 }"#,
    #"{ "type": "attachment", "item": "a", "kind": "plain", "anchor": [100, 0], "frequency": 2 }"#
  ])
  func everyKindLoadsBuildsAndWritesBackAsItself(attachment: String) throws {
    let d = try load(attachment)
    let built = d.build(size: .init(width: 400, height: 300))
    #expect(built.behaviors.count == 1)
    #expect(try SceneDescription.parse(Array(d.jsonText.utf8), file: "again.json") == d)
  }

  @Test(arguments: [
    (
      #"{ "type": "attachment", "item": "a", "kind": "pin", "attachedTo": "b" }"#, "needs \"attachedTo\" and \"anchor\""
    ),
    (#"{ "type": "attachment", "item": "a", "kind": "hinge", "anchor": [1, 1] }"#, "expected one of \"plain\""),
    (
      #"{ "type": "attachment", "item": "a", "kind": "sliding", "anchor": [1, 1], "axis": [0, 0] }"#,
      "the axis is zero"
    ),
    (#"{ "type": "attachment", "item": "a", "kind": "limit", "anchor": [1, 1] }"#, "joins two items"),
    (
      #"{ "type": "attachment", "item": "a", "kind": "pin", "attachedTo": "b", "anchor": [1, 1], "length": 3 }"#,
      "does not take this"
    ),
    (#"{ "type": "attachment", "item": "a", "anchor": [1, 1], "axis": [1, 0] }"#, "only a sliding attachment")
  ])
  func wrongPropertiesAreRefusedWithTheReason(attachment: String, reason: String) {
    do throws(SceneFileError) {
      _ = try load(attachment)
      Issue.record("loaded: \(attachment)")
    } catch {
      #expect(error.message.contains(reason), "\(error.message)")
      #expect(error.path.hasPrefix("behaviors[0]"))
    }
  }
}
