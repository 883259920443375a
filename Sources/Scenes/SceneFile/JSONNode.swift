/// A JSON value as read from a file, with the line it starts on so an error can point at it. Objects
/// keep their members in file order (determinism, and the order errors are found in).
struct JSONNode: Sendable {
  enum Value: Sendable {
    case null
    case bool(Bool)
    /// The number and its text as written (errors quote what the file says, not a rounded double).
    case number(Double, String)
    case string(String)
    case array([JSONNode])
    case object([Member])
  }

  struct Member: Sendable {
    var key: String
    var node: JSONNode
  }

  var value: Value
  var line: Int

  /// What the value is, for "expected …, got …" messages.
  var summary: String {
    switch value {
    case .null: "null"
    case .bool(let b): "\(b)"
    case .number(_, let text): text
    case .string(let s): "the string \"\(s.count > 40 ? s.prefix(40) + "…" : s)\""
    case .array(let a): "an array of \(a.count)"
    case .object: "an object"
    }
  }
}
