/// A behavior's properties, checked against its kind's schema and the ranges in `SceneFileLimits`.
extension SceneDescription.Behavior {
  init(_ field: SceneField) throws(SceneFileError) {
    let members = try field.members()
    guard let typeField = members.first(where: { $0.key == "type" })?.field else {
      throw field.fail("missing \"type\"; one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    let name = try typeField.string()
    guard let kind = Kind(rawValue: name) else {
      throw typeField.fail(
        "expected one of \(Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \"\(name.prefix(40))\""
      )
    }
    type = kind
    items = []
    numbers = [:]
    flags = [:]
    strings = [:]
    points = [:]
    boundaries = []
    let allowed = Self.schema[kind] ?? [:]
    for (key, value) in members where key != "type" {
      switch key {
      case "items":
        items += try value.array("item ids", count: 0...SceneFileLimits.maximumItemsPerBehavior)
          .map { (id: SceneField) throws(SceneFileError) in try id.string() }
      case "item":
        items.append(try value.string())
      default:
        guard let valueKind = allowed[key] else {
          let known = (["items", "item"] + allowed.keys.sorted()).joined(separator: ", ")
          throw value.fail("\"\(key.prefix(40))\" is not a property of a \(kind.rawValue) behavior; it takes: \(known)")
        }
        try read(key, value, as: valueKind)
      }
    }
  }

  private mutating func read(_ key: String, _ value: SceneField, as kind: ValueKind) throws(SceneFileError) {
    switch kind {
    case .number:
      guard let range = SceneFileLimits.range(of: key, in: type.rawValue) else {
        throw value.fail("no range is known for \"\(key)\"")
      }
      numbers[key] = try value.number(range)
    case .point:
      guard let range = SceneFileLimits.behaviorPoints[key] else {
        throw value.fail("no range is known for \"\(key)\"")
      }
      points[key] = try value.point(range)
    case .flag: flags[key] = try value.bool()
    case .string: strings[key] = try value.string()
    case .boundaries:
      boundaries = try value.array("boundaries", count: 0...SceneFileLimits.maximumBoundaries).map(
        SceneDescription.Boundary.init)
    case .region: region = try SceneDescription.Region(value)
    }
  }
}
