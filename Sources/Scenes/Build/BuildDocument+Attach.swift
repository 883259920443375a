import Geometry2D

/// Joining things with the attach tool: a drag from a point on one item to a point on another, or to
/// a point in space. Each kind becomes the scene file's attachment that behaves so:
///
/// - spring: a plain attachment of 2 Hz, damping 0.3, as long as the drag;
/// - rigid: a plain attachment of frequency 0 (a rod), as long as the drag;
/// - pin: two items pinned at the drag's end (`pinAttachment`); to a point, a rod of length 0 from the
///   point under the drag's end, so the item turns about that point;
/// - sliding: item 2 slides along the drag's direction (`slidingAttachment`); to a point, the item alone;
/// - limit: a rope as long as the drag (`limitAttachment`), which joins two items only.
extension BuildDocument {
  /// The spring a new spring attachment gets.
  static let springFrequency = 2.0
  static let springDamping = 0.3

  /// The world point at `offset` in item `id`'s own frame, where the description places it now.
  func worldPoint(_ id: String, _ offset: Vector) -> Point {
    let item = scene.items[itemIndex(id)!]
    return item.center + offset.rotated(by: item.rotation)
  }

  func worldPoint(_ target: BuildTarget) -> Point {
    switch target {
    case .item(let id, let offset): worldPoint(id, offset)
    case .point(let p): p
    }
  }

  /// Joins `id` (at `offset` in its frame) to `target` with an attachment of `kind`.
  package mutating func attach(
    _ id: String, at offset: Vector, to target: BuildTarget, kind: AttachKind
  ) throws(BuildRefusal) {
    guard itemIndex(id) != nil else { throw BuildRefusal("no item \"\(id)\" to attach") }
    if case .item(let other, _) = target {
      guard other != id else { throw BuildRefusal("an item cannot be attached to itself; end the drag elsewhere") }
      guard itemIndex(other) != nil else { throw BuildRefusal("no item \"\(other)\" to attach to") }
    }
    let start = worldPoint(id, offset), end = worldPoint(target)
    var a = Self.behavior(.attachment, items: [id])
    switch (kind, target) {
    case (.spring, _), (.rigid, _):
      a.points["offsetFromCenter"] = Point(x: offset.dx, y: offset.dy)
      join(&a, to: target)
      a.numbers["length"] = start.distance(to: end)
      a.numbers["frequency"] = kind == .spring ? Self.springFrequency : 0
      a.numbers["damping"] = kind == .spring ? Self.springDamping : 0
    case (.pin, .item(let other, _)):
      a.strings["kind"] = "pin"
      a.strings["attachedTo"] = other
      a.points["anchor"] = end
    case (.pin, .point(let p)):
      let local = (p - scene.items[itemIndex(id)!].center).rotated(by: -scene.items[itemIndex(id)!].rotation)
      a.points["offsetFromCenter"] = Point(x: local.dx, y: local.dy)
      a.points["anchor"] = p
      a.numbers["length"] = 0
    case (.sliding, _):
      guard start.distance(to: end) >= 4 else {
        throw BuildRefusal("a sliding attachment slides along the drag: drag at least 4 pt")
      }
      a.strings["kind"] = "sliding"
      if case .item(let other, _) = target { a.strings["attachedTo"] = other }
      a.points["anchor"] = end
      let axis = (end - start).normalized
      a.points["axis"] = Point(x: axis.dx, y: axis.dy)
    case (.limit, .item(let other, let otherOffset)):
      a.strings["kind"] = "limit"
      a.strings["attachedTo"] = other
      a.points["offsetFromCenter"] = Point(x: offset.dx, y: offset.dy)
      a.points["attachedOffsetFromCenter"] = Point(x: otherOffset.dx, y: otherOffset.dy)
      a.numbers["length"] = start.distance(to: end)
    case (.limit, .point):
      throw BuildRefusal("a limit (a rope) joins two items; end the drag on another item")
    }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors.append(a) }
  }

  private func join(_ a: inout SceneDescription.Behavior, to target: BuildTarget) {
    switch target {
    case .item(let other, let offset):
      a.strings["attachedTo"] = other
      a.points["attachedOffsetFromCenter"] = Point(x: offset.dx, y: offset.dy)
    case .point(let p):
      a.points["anchor"] = p
    }
  }
}
