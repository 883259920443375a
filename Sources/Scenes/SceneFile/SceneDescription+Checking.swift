/// The checks that need the whole file: item references, required properties and choices, and what the
/// Dynamics API would refuse with a precondition (an item attached to itself, too many collision behaviors).
extension SceneDescription {
  func check() throws(SceneCheckFailure) {
    var ids = Set<String>()
    for (i, item) in items.enumerated() {
      guard ids.insert(item.id).inserted else {
        throw SceneCheckFailure(
          path: "items[\(i)].id", message: "\"\(item.id)\" is used by another item; ids must be unique")
      }
    }
    let collisions = behaviors.indices.filter { behaviors[$0].type == .collision }
    if collisions.count > Self.maximumCollisionBehaviors {
      throw SceneCheckFailure(
        path: "behaviors[\(collisions[Self.maximumCollisionBehaviors])]",
        message: "at most \(Self.maximumCollisionBehaviors) collision behaviors; put items that collide alike in one")
    }
    for (b, behavior) in behaviors.enumerated() {
      try behavior.check(at: "behaviors[\(b)]", ids: ids, allIDs: items.map(\.id))
    }
  }
}

extension SceneDescription.Behavior {
  func check(at at: String, ids: Set<String>, allIDs: [String]) throws(SceneCheckFailure) {
    func fail(_ path: String, _ message: String) -> SceneCheckFailure {
      SceneCheckFailure(path: path, message: message)
    }
    func choice(_ key: String, _ options: [String]) throws(SceneCheckFailure) {
      if let v = strings[key], !options.contains(v) {
        throw fail(
          "\(at).\(key)",
          "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(v.prefix(40))\"")
      }
    }
    for (k, id) in items.enumerated() where !ids.contains(id) {
      let known = allIDs.count > 20 ? allIDs.prefix(20).joined(separator: ", ") + ", …" : allIDs.joined(separator: ", ")
      throw fail("\(at).items[\(k)]", "no item has the id \"\(id.prefix(40))\"; the ids are: \(known)")
    }
    switch type {
    case .gravity, .push, .itemBehavior:
      if items.isEmpty { throw fail("\(at).items", "a \(type.rawValue) behavior needs at least one item") }
    case .collision:
      var seen = Set<String>()
      for (i, boundary) in boundaries.enumerated() where !seen.insert(boundary.identifier).inserted {
        throw fail(
          "\(at).boundaries[\(i)].identifier",
          "\"\(boundary.identifier.prefix(40))\" names another boundary of this behavior; identifiers must be unique")
      }
    case .attachment:
      try checkAttachment(at: at, ids: ids)
    case .snap:
      guard items.count == 1 else { throw fail("\(at).item", "a snap takes exactly one \"item\"") }
      guard points["snapPoint"] != nil else { throw fail("\(at).snapPoint", "missing; a snap needs [x, y]") }
    case .field:
      guard let kind = strings["kind"] else {
        throw fail("\(at).kind", "missing; one of \(SceneDescription.fieldKinds.joined(separator: ", "))")
      }
      try choice("kind", SceneDescription.fieldKinds)
      if ["linearGravity", "velocity"].contains(kind), points["direction"] == nil {
        throw fail("\(at).direction", "missing; a \(kind) field needs [dx, dy]")
      }
    }
    try choice("mode", ["continuous", "instantaneous"])
    try choice("collisionMode", ["items", "boundaries", "everything"])
  }
}

extension JSONNode {
  /// The line of the value at `path` (`behaviors[2].items[0]`), or of the deepest value on the way there.
  func line(at path: String) -> Int {
    var node = self
    var rest = Substring(path)
    while !rest.isEmpty {
      if rest.hasPrefix(".") { rest = rest.dropFirst() }
      if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]),
          case .array(let a) = node.value, a.indices.contains(i)
        else { break }
        node = a[i]
        rest = rest[rest.index(after: close)...]
      } else {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let key = rest[..<end]
        guard case .object(let members) = node.value, let m = members.first(where: { $0.key == key }) else { break }
        node = m.node
        rest = rest[end...]
      }
    }
    return node.line
  }
}
