import Geometry2D

/// One value of a scene file on its way into a `SceneDescription`: the JSON, where it is (the path
/// people write, `behaviors[2].damping`, and its line) and the file, so every check can say all three.
struct SceneField {
  let node: JSONNode
  let path: String
  let file: String

  func fail(_ message: String) -> SceneFileError {
    SceneFileError(file: file, line: node.line, path: path, message: message)
  }

  private func expected(_ what: String) -> SceneFileError { fail("expected \(what), got \(node.summary)") }

  /// The members of an object, refusing keys not in `allowed` (a typo is an error, not ignored).
  func object(allowing allowed: [String], for what: String) throws(SceneFileError) -> [String: SceneField] {
    guard case .object(let members) = node.value else { throw expected("an object") }
    var fields: [String: SceneField] = [:]
    for m in members {
      let child = SceneField(node: m.node, path: path.isEmpty ? m.key : "\(path).\(m.key)", file: file)
      guard allowed.contains(m.key) else {
        throw child.fail("\"\(m.key)\" is not a property of \(what); it takes: \(allowed.joined(separator: ", "))")
      }
      fields[m.key] = child
    }
    return fields
  }

  /// The members of an object in file order, unchecked (behaviors check against their own schema).
  func members() throws(SceneFileError) -> [(key: String, field: SceneField)] {
    guard case .object(let members) = node.value else { throw expected("an object") }
    return members.map {
      ($0.key, SceneField(node: $0.node, path: path.isEmpty ? $0.key : "\(path).\($0.key)", file: file))
    }
  }

  func array(_ what: String, count: ClosedRange<Int>) throws(SceneFileError) -> [SceneField] {
    guard case .array(let elements) = node.value else { throw expected("an array of \(what)") }
    guard count.contains(elements.count) else {
      throw fail(
        "expected \(count.lowerBound == count.upperBound ? "exactly \(count.lowerBound)" : "from \(count.lowerBound) to \(count.upperBound)") \(what), got \(elements.count)"
      )
    }
    return elements.enumerated().map { SceneField(node: $1, path: "\(path)[\($0)]", file: file) }
  }

  func string() throws(SceneFileError) -> String {
    guard case .string(let s) = node.value else { throw expected("a string") }
    guard !s.isEmpty, s.utf8.count <= SceneFileLimits.maximumStringLength else {
      throw fail("expected a string of 1 to \(SceneFileLimits.maximumStringLength) bytes, got \(s.utf8.count)")
    }
    return s
  }

  func bool() throws(SceneFileError) -> Bool {
    guard case .bool(let b) = node.value else { throw expected("true or false") }
    return b
  }

  func number(_ range: ValueRange) throws(SceneFileError) -> Double {
    let v: Double
    switch node.value {
    case .number(let n, _): v = n
    case .string("infinity") where range.allowsInfinity: v = .infinity
    case .string(let s):
      let special = ["nan", "inf", "-inf", "infinity", "-infinity", "+infinity"].contains(s.lowercased())
      let hint =
        special
        ? " (JSON has no NaN or infinity\(range.allowsInfinity ? " except \"infinity\" here" : ""))"
        : Double(s) != nil ? " (write numbers without quotes)" : ""
      throw expected(range.expectation + hint)
    default: throw expected(range.expectation)
    }
    guard range.contains(v) else { throw expected(range.expectation) }
    return v
  }

  /// `[x, y]`, each in `range`.
  func point(_ range: ValueRange) throws(SceneFileError) -> Point {
    let xy = try array("numbers [x, y]", count: 2...2)
    return Point(x: try xy[0].number(range), y: try xy[1].number(range))
  }

  /// `[width, height]`, each in `range`.
  func size(_ range: ValueRange) throws(SceneFileError) -> Size {
    let wh = try array("numbers [width, height]", count: 2...2)
    return Size(width: try wh[0].number(range), height: try wh[1].number(range))
  }
}

extension Dictionary where Key == String, Value == SceneField {
  /// The field `key`, or an error at `parent` saying it is missing.
  func required(_ key: String, in parent: SceneField) throws(SceneFileError) -> SceneField {
    guard let f = self[key] else {
      throw SceneFileError(
        file: parent.file, line: parent.node.line, path: parent.path.isEmpty ? key : "\(parent.path).\(key)",
        message: "missing; this field is required")
    }
    return f
  }
}
