import Foundation

extension SceneDescription {
  /// Field kinds a file may name.
  public static let fieldKinds = ["linearGravity", "radialGravity", "velocity", "noise", "turbulence", "spring",
                                  "electric", "magnetic", "drag", "vortex"]

  /// Reads, decodes and checks a scene file. Either everything in it is valid or it throws an error that
  /// names the file, the path to the bad field and what was expected.
  public static func load(path: String) throws -> SceneDescription {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SceneFileError(file: path, path: "", message: "could not read the file; check the path")
    }
    return try parse(data, file: path)
  }

  public static func parse(_ data: Data, file: String) throws -> SceneDescription {
    let d: SceneDescription
    do {
      d = try JSONDecoder().decode(SceneDescription.self, from: data)
    } catch {
      throw SceneFileError.from(error, file: file)
    }
    try d.check(file: file)
    return d
  }

  /// The checks that need the whole file: item references, required properties, names and ranges.
  func check(file: String) throws {
    func fail(_ path: String, _ message: String) -> SceneFileError { SceneFileError(file: file, path: path, message: message) }
    var ids = Set<String>()
    for (i, item) in items.enumerated() {
      guard ids.insert(item.id).inserted else { throw fail("items[\(i)].id", "\"\(item.id)\" is used by another item; ids must be unique") }
    }
    for (b, behavior) in behaviors.enumerated() {
      let at = "behaviors[\(b)]"
      for (k, id) in behavior.items.enumerated() where !ids.contains(id) {
        throw fail("\(at).items[\(k)]", "no item has the id \"\(id)\"; the ids are: \(items.map(\.id).joined(separator: ", "))")
      }
      func number(_ key: String, _ range: ClosedRange<Double>, _ meaning: String) throws {
        if let v = behavior.numbers[key], !range.contains(v) {
          throw fail("\(at).\(key)", "expected \(meaning) (\(range.lowerBound) to \(range.upperBound)), got \(v)")
        }
      }
      func choice(_ key: String, _ options: [String]) throws {
        if let v = behavior.strings[key], !options.contains(v) {
          throw fail("\(at).\(key)", "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(v)\"")
        }
      }
      switch behavior.type {
      case .gravity, .push, .collision, .itemBehavior:
        if behavior.items.isEmpty, behavior.type != .collision { throw fail("\(at).items", "a \(behavior.type.rawValue) behavior needs at least one item") }
      case .attachment:
        guard behavior.items.count == 1 else { throw fail("\(at).item", "an attachment takes exactly one \"item\"") }
        let other = behavior.strings["attachedTo"]
        guard (behavior.points["anchor"] == nil) != (other == nil) else {
          throw fail(at, "an attachment needs either \"anchor\": [x, y] or \"attachedTo\": an item id, not both")
        }
        if let other, !ids.contains(other) { throw fail("\(at).attachedTo", "no item has the id \"\(other)\"") }
      case .snap:
        guard behavior.items.count == 1 else { throw fail("\(at).item", "a snap takes exactly one \"item\"") }
        guard behavior.points["snapPoint"] != nil else { throw fail("\(at).snapPoint", "missing; a snap needs [x, y]") }
      case .field:
        guard let kind = behavior.strings["kind"] else { throw fail("\(at).kind", "missing; one of \(Self.fieldKinds.joined(separator: ", "))") }
        try choice("kind", Self.fieldKinds)
        if ["linearGravity", "velocity"].contains(kind), behavior.points["direction"] == nil {
          throw fail("\(at).direction", "missing; a \(kind) field needs [dx, dy]")
        }
      }
      try number("magnitude", -1000...1000, "a magnitude")
      try number("damping", 0...1000, "a damping ratio ≥ 0")
      try number("frequency", 0...1000, "a frequency in Hz ≥ 0")
      try number("length", 0...1_000_000, "a length in points ≥ 0")
      try number("elasticity", 0...1, "an elasticity from 0 to 1 (1 = perfectly elastic)")
      try number("friction", 0...100, "a friction ≥ 0")
      try number("density", 1e-6...1e6, "a positive density")
      try number("resistance", 0...1e6, "a resistance ≥ 0")
      try number("angularResistance", 0...1e6, "an angular resistance ≥ 0")
      try number("minimumRadius", 0...1e6, "a minimum radius ≥ 0")
      try number("smoothness", 0...1, "a smoothness from 0 to 1")
      try number("animationSpeed", 0...1000, "an animation speed in Hz ≥ 0")
      try choice("mode", ["continuous", "instantaneous"])
      try choice("collisionMode", ["items", "boundaries", "everything"])
    }
  }
}
