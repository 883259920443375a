/// Where a file stops being JSON (RFC 8259), or a member key written twice in one object.
struct JSONSyntaxError: Error, Sendable {
  var line: Int
  var column: Int
  /// The path of the value being read (`items[2].size`), empty at the top.
  var path: String
  var message: String
}

/// A strict JSON reader for scene files. It exists (instead of Foundation's decoder) to say where a
/// problem is — line and column, and the path of the value — and to refuse what the decoder lets
/// through silently: a key written twice in one object, numbers beyond a double's range, nesting deeper
/// than any scene needs (which would otherwise only end by overflowing the stack).
struct JSONReader {
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var path: [String] = []

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The one value `bytes` holds (a UTF-8 byte-order mark first is allowed).
  static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var reader = JSONReader(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      reader.index = 3
      reader.lineStart = 3
    }
    let node = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.fail("unexpected text after the end of the JSON value") }
    return node
  }

  private func fail(_ message: String) -> JSONSyntaxError {
    var p = ""
    // A path through deep nesting keeps its ends: where it starts and where it went wrong.
    let shown = path.count > 12 ? Array(path.prefix(5)) + ["…"] + Array(path.suffix(5)) : path
    for c in shown { p += c.hasPrefix("[") || p.isEmpty ? c : "." + c }
    return JSONSyntaxError(line: line, column: index - lineStart + 1, path: p, message: message)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private var describeNext: String {
    guard index < bytes.count else { return "the end of the file" }
    let b = bytes[index]
    return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    skipSpace()
    guard depth < Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
    let startLine = line
    guard index < bytes.count else { throw fail("expected a value, found the end of the file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONNode(value: .object(try object(depth: depth)), line: startLine)
    case UInt8(ascii: "["): return JSONNode(value: .array(try array(depth: depth)), line: startLine)
    case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), line: startLine)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONNode(value: .bool(true), line: startLine)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONNode(value: .bool(false), line: startLine)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONNode(value: .null, line: startLine)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: try number(), line: startLine)
    default:
      let hint =
        [UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "i")].contains(bytes[index])
        ? " (JSON has no NaN or Infinity)" : ""
      throw fail("expected a value (object, array, string, number, true, false or null), found \(describeNext)\(hint)")
    }
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    let w = Array(word.utf8)
    guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else {
      throw fail("expected a value, found \(describeNext) (JSON has no NaN or Infinity; strings need quotes)")
    }
    index += w.count
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what), found \(describeNext)") }
    index += 1
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
    index += 1
    var members: [JSONNode.Member] = []
    var keys: [String: Int] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a key in quotes, found \(describeNext)")
      }
      let keyLine = line, keyStart = index
      let key = try string()
      if let first = keys[key] {
        index = keyStart  // the error points at the second key
        path.append(key)
        throw fail("the key \"\(key)\" is written twice in one object (first on line \(first)); keep one")
      }
      keys[key] = keyLine
      try expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
      path.append(key)
      members.append(JSONNode.Member(key: key, node: try value(depth: depth + 1)))
      path.removeLast()
      skipSpace()
      guard index < bytes.count else { throw fail("expected ',' or '}', found the end of the file") }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      }
      try expect(UInt8(ascii: ","), "',' or '}'")
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
    index += 1
    var elements: [JSONNode] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      path.append("[\(elements.count)]")
      elements.append(try value(depth: depth + 1))
      path.removeLast()
      skipSpace()
      guard index < bytes.count else { throw fail("expected ',' or ']', found the end of the file") }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return elements
      }
      try expect(UInt8(ascii: ","), "',' or ']'")
    }
  }
}

extension JSONReader {
  private func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }

  /// A number as RFC 8259 writes it; one beyond a double's range is an error rather than ±∞.
  private mutating func number() throws(JSONSyntaxError) -> JSONNode.Value {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(index) else { throw fail("expected a digit after '-'") }
    if bytes[index] == UInt8(ascii: "0") { index += 1 } else { while isDigit(index) { index += 1 } }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index) else { throw fail("expected a digit after the decimal point") }
      while isDigit(index) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard isDigit(index) else { throw fail("expected a digit in the exponent") }
      while isDigit(index) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let v = Double(text), v.isFinite else {
      index = start
      throw fail(
        "the number \(text.count > 30 ? text.prefix(30) + "…" : text) is beyond the range of a double (±1.8e308)")
    }
    return .number(v, text)
  }

  /// A quoted string: escapes decoded, control characters and invalid UTF-8 refused.
  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var out: [UInt8] = []
    while true {
      guard index < bytes.count else { throw fail("a string is not closed: expected '\"' before the end of the file") }
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        index += 1
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
        return s
      case UInt8(ascii: "\\"):
        index += 1
        try escape(into: &out)
      case 0..<0x20:
        throw fail("a control character (0x\(String(b, radix: 16))) inside a string; write it as an escape such as \\n")
      default:
        out.append(b)
        index += 1
      }
    }
  }

  private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
    guard index < bytes.count else { throw fail("a string ends inside an escape") }
    let c = bytes[index]
    index += 1
    let simple: [UInt8: UInt8] = [
      0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09
    ]
    if let s = simple[c] {
      out.append(s)
      return
    }
    guard c == UInt8(ascii: "u") else { throw fail("unknown escape '\\\(Character(Unicode.Scalar(c)))' in a string") }
    var scalar = try hex4()
    if (0xD800..<0xDC00).contains(scalar) {
      guard bytes.count - index >= 6, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") else {
        throw fail("a \\u escape is half of a surrogate pair without its other half")
      }
      index += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { throw fail("a \\u surrogate pair has an invalid second half") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let u = Unicode.Scalar(scalar) else { throw fail("a \\u escape names no character (a lone surrogate)") }
    out.append(contentsOf: Array(String(Character(u)).utf8))
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4,
      let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
      bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else {
      throw fail("expected four hex digits after \\u")
    }
    index += 4
    return v
  }
}
