import Dynamics
import Geometry2D

/// Attachments in scene files. `"kind"` picks one of UIKit's attachment kinds; each kind takes the
/// properties its initializer or factory takes, and a file that gives the wrong ones is refused with
/// the reason:
///
/// | kind | joins | needs | may have |
/// |---|---|---|---|
/// | `"plain"` (default) | item–anchor or item–item | `anchor` or `attachedTo` | offsets, `length`, `frequency`, `damping` |
/// | `"pin"`, `"fixed"` | item–item | `attachedTo`, `anchor` (the pivot or weld point) | |
/// | `"sliding"` | item–item or item alone | `anchor`, `axis` | `attachedTo` |
/// | `"limit"` | item–item | `attachedTo` | offsets, `length` |
///
/// A plain attachment with `frequency` 0 is a rigid rod; above 0 it is a spring.
extension SceneDescription {
  package static let attachmentKinds = ["plain", "pin", "fixed", "sliding", "limit"]
}

extension SceneDescription.Behavior {
  /// The attachment's kind as written, "plain" when the file leaves it out.
  package var attachmentKind: String { strings["kind"] ?? "plain" }

  func checkAttachment(at: String, ids: Set<String>) throws(SceneCheckFailure) {
    func fail(_ path: String, _ message: String) -> SceneCheckFailure {
      SceneCheckFailure(path: path.isEmpty ? at : "\(at).\(path)", message: message)
    }
    guard items.count == 1 else { throw fail("item", "an attachment takes exactly one \"item\"") }
    let kind = attachmentKind
    guard SceneDescription.attachmentKinds.contains(kind) else {
      let options = SceneDescription.attachmentKinds.map { "\"\($0)\"" }.joined(separator: ", ")
      throw fail("kind", "expected one of \(options), got \"\(kind.prefix(40))\"")
    }
    let other = strings["attachedTo"], anchor = points["anchor"]
    if let other {
      guard ids.contains(other) else { throw fail("attachedTo", "no item has the id \"\(other.prefix(40))\"") }
      guard other != items[0] else {
        throw fail("attachedTo", "an item cannot be attached to itself; use \"anchor\" for a fixed point")
      }
    }
    func refuse(_ keys: [String], _ why: String) throws(SceneCheckFailure) {
      for key in keys where points[key] != nil || numbers[key] != nil {
        throw fail(key, "a \(kind) attachment does not take this; \(why)")
      }
    }
    switch kind {
    case "pin", "fixed":
      guard other != nil, anchor != nil else {
        throw fail("", "a \(kind) attachment joins two items at a point: it needs \"attachedTo\" and \"anchor\"")
      }
      try refuse(
        ["offsetFromCenter", "attachedOffsetFromCenter", "axis", "length", "frequency", "damping"],
        "it holds the items at \"anchor\"")
    case "sliding":
      guard anchor != nil, let axis = points["axis"] else {
        throw fail("", "a sliding attachment needs \"anchor\" and \"axis\": [dx, dy], the direction it slides along")
      }
      guard axis.x != 0 || axis.y != 0 else { throw fail("axis", "the axis is zero; give the direction of the slide") }
      try refuse(
        ["offsetFromCenter", "attachedOffsetFromCenter", "length", "frequency", "damping"],
        "it slides through \"anchor\" along \"axis\"")
    case "limit":
      guard other != nil else { throw fail("", "a limit attachment (a rope) joins two items: it needs \"attachedTo\"") }
      try refuse(["anchor", "axis", "frequency", "damping"], "a rope only has offsets and a \"length\"")
    default:
      guard (anchor == nil) != (other == nil) else {
        throw fail("", "an attachment needs either \"anchor\": [x, y] or \"attachedTo\": an item id, not both")
      }
      if other == nil, points["attachedOffsetFromCenter"] != nil {
        throw fail("attachedOffsetFromCenter", "only an attachment to another item (\"attachedTo\") takes this")
      }
      try refuse(["axis"], "only a sliding attachment has an axis")
    }
  }

  /// The attachment this description makes between `item` and `other` (checked on reading).
  func buildAttachment(item: DynamicBody, other: DynamicBody?) -> AttachmentBehavior {
    let n = numbers, p = points
    let offset = p["offsetFromCenter"].map { Offset(horizontal: $0.x, vertical: $0.y) } ?? .zero
    let otherOffset = p["attachedOffsetFromCenter"].map { Offset(horizontal: $0.x, vertical: $0.y) } ?? .zero
    let anchor = p["anchor"] ?? .zero
    let a: AttachmentBehavior
    switch attachmentKind {
    case "pin": a = .pinAttachment(with: item, attachedTo: other!, attachmentAnchor: anchor)
    case "fixed": a = .fixedAttachment(with: item, attachedTo: other!, attachmentAnchor: anchor)
    case "sliding":
      let axis = p["axis"].map { Vector(dx: $0.x, dy: $0.y) }!.normalized
      a =
        other.map { .slidingAttachment(with: item, attachedTo: $0, attachmentAnchor: anchor, axisOfTranslation: axis) }
        ?? .slidingAttachment(with: item, attachmentAnchor: anchor, axisOfTranslation: axis)
    case "limit":
      a = .limitAttachment(with: item, offsetFromCenter: offset, attachedTo: other!, offsetFromCenter: otherOffset)
    default:
      a =
        other.map {
          AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: $0, offsetFromCenter: otherOffset)
        }
        ?? AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
    }
    if let v = n["length"] { a.length = v }
    if let v = n["damping"] { a.damping = v }
    if let v = n["frequency"] { a.frequency = v }
    return a
  }
}
