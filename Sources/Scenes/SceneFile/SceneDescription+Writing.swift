/// A description written back as a scene file, in the format `SceneDescription.load` reads: what the
/// playground's `Ctrl+S` saves. Numbers are written in Swift's shortest form that reads back to the
/// same double, so a saved scene loads bit for bit as it was; keys come in a fixed order, so the same
/// scene always gives the same text.
extension SceneDescription {
  package var jsonText: String {
    var out = "{\n"
    if let title { out += "  \"title\": \(Self.quoted(title)),\n" }
    out += "  \"referenceBounds\": \(referenceBounds),\n"
    if let background { out += "  \"background\": \(Self.quoted(background)),\n" }
    out += "  \"items\": [\n"
    out += items.map { "    " + $0.json }.joined(separator: ",\n")
    out += items.isEmpty ? "  ],\n" : "\n  ],\n"
    out += "  \"behaviors\": [\n"
    out += behaviors.map { "    " + $0.json }.joined(separator: ",\n")
    out += behaviors.isEmpty ? "  ]\n}\n" : "\n  ]\n}\n"
    return out
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _ where u.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count)
          + String(u.value, radix: 16)
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }

  /// A number as JSON: the shortest text that reads back to the same double; "infinity" for +∞ (the
  /// one non-finite value a file may hold, for a resistance).
  static func number(_ v: Double) -> String {
    if v == .infinity { return "\"infinity\"" }
    if v == v.rounded(), abs(v) < 1e15, v.sign == .plus || v != 0 { return String(Int64(v)) }
    return "\(v)"
  }

  static func pair(_ x: Double, _ y: Double) -> String { "[\(number(x)), \(number(y))]" }
}

extension SceneDescription.Item {
  var json: String {
    var parts = [
      "\"id\": \(SceneDescription.quoted(id))", "\"center\": \(SceneDescription.pair(center.x, center.y))",
      "\"size\": \(SceneDescription.pair(size.width, size.height))", "\"shape\": \"\(shape)\""
    ]
    if let path {
      parts.append("\"path\": [\(path.map { SceneDescription.pair($0.x, $0.y) }.joined(separator: ", "))]")
    }
    if rotation != 0 { parts.append("\"rotation\": \(SceneDescription.number(rotation))") }
    if let color { parts.append("\"color\": \(SceneDescription.quoted(color))") }
    return "{ " + parts.joined(separator: ", ") + " }"
  }
}

extension SceneDescription.Behavior {
  var json: String {
    var parts = ["\"type\": \"\(type.rawValue)\""]
    parts.append("\"items\": [\(items.map(SceneDescription.quoted).joined(separator: ", "))]")
    for key in numbers.keys.sorted() { parts.append("\"\(key)\": \(SceneDescription.number(numbers[key]!))") }
    for key in flags.keys.sorted() { parts.append("\"\(key)\": \(flags[key]!)") }
    for key in strings.keys.sorted() { parts.append("\"\(key)\": \(SceneDescription.quoted(strings[key]!))") }
    for key in points.keys.sorted() {
      parts.append("\"\(key)\": \(SceneDescription.pair(points[key]!.x, points[key]!.y))")
    }
    if !boundaries.isEmpty {
      parts.append("\"boundaries\": [\n      " + boundaries.map(\.json).joined(separator: ",\n      ") + "\n    ]")
    }
    if let region { parts.append("\"region\": \(region.json)") }
    return "{ " + parts.joined(separator: ", ") + " }"
  }
}

extension SceneDescription.Boundary {
  var json: String {
    let pts = points.map { SceneDescription.pair($0.x, $0.y) }.joined(separator: ", ")
    return "{ \"identifier\": \(SceneDescription.quoted(identifier)), \"points\": [\(pts)], \"closed\": \(closed) }"
  }
}

extension SceneDescription.Region {
  var json: String {
    switch self {
    case .infinite: "\"infinite\""
    case .radius(let r): "{ \"radius\": \(SceneDescription.number(r)) }"
    case .size(let s): "{ \"size\": \(SceneDescription.pair(s.width, s.height)) }"
    case .inverse(let r): "{ \"inverse\": \(r.json) }"
    case .union(let a, let b): "{ \"union\": [\(a.json), \(b.json)] }"
    case .difference(let a, let b): "{ \"difference\": [\(a.json), \(b.json)] }"
    case .intersection(let a, let b): "{ \"intersection\": [\(a.json), \(b.json)] }"
    }
  }
}
