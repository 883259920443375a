import Geometry2D

/// Turning checked JSON into the description, one part at a time; each part refuses what it cannot
/// take with an error at the value's own path and line.
extension SceneDescription {
  init(_ root: SceneField) throws(SceneFileError) {
    let f = try root.object(allowing: ["title", "referenceBounds", "background", "items", "behaviors"], for: "a scene")
    title = try f["title"]?.string()
    referenceBounds = try f["referenceBounds"]?.bool() ?? true
    background = try f["background"].map(Self.colour)
    items = try f.required("items", in: root).array("items", count: 0...SceneFileLimits.maximumItems).map(Item.init)
    behaviors =
      try f["behaviors"]?.array("behaviors", count: 0...SceneFileLimits.maximumBehaviors).map(Behavior.init) ?? []
  }

  static func colour(_ field: SceneField) throws(SceneFileError) -> String {
    let s = try field.string()
    guard SceneColor.parse(s) != nil else {
      throw field.fail("expected a colour like \"#FF8A3D\", got \"\(s.prefix(40))\"")
    }
    return s
  }
}

extension SceneDescription.Item {
  init(_ field: SceneField) throws(SceneFileError) {
    let f = try field.object(allowing: ["id", "center", "size", "shape", "path", "rotation", "color"], for: "an item")
    id = try f.required("id", in: field).string()
    center = try f.required("center", in: field).point(SceneFileLimits.coordinate)
    size = try f.required("size", in: field).size(SceneFileLimits.extent)
    shape = try f["shape"]?.string() ?? "rectangle"
    guard ["rectangle", "ellipse", "path"].contains(shape) else {
      throw f["shape"]!.fail("expected \"rectangle\", \"ellipse\" or \"path\", got \"\(shape.prefix(40))\"")
    }
    let pathField = f["path"]
    path = try pathField?.array("[x, y] points", count: 3...SceneFileLimits.maximumPathPoints)
      .map { (p: SceneField) throws(SceneFileError) in try p.point(SceneFileLimits.pathCoordinate) }
    if shape == "path" {
      guard let pathField, let path else {
        throw field.fail("a \"path\" item needs \"path\": a convex polygon of [x, y] points centred on [0, 0]")
      }
      guard Path(polygon: path).isConvex, Self.area(path) > 1e-6 else {
        throw pathField.fail("expected a convex polygon with an area (not all points on one line), centred on [0, 0]")
      }
    } else if let pathField {
      throw pathField.fail("\"path\" is only for items with \"shape\": \"path\"")
    }
    rotation = try f["rotation"]?.number(SceneFileLimits.rotation) ?? 0
    color = try f["color"].map(SceneDescription.colour)
  }

  /// The polygon's area (shoelace formula): a path item must enclose some.
  static func area(_ points: [Point]) -> Double {
    var twice = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      twice += a.x * b.y - b.x * a.y
    }
    return abs(twice) / 2
  }
}

extension SceneDescription.Boundary {
  init(_ field: SceneField) throws(SceneFileError) {
    let f = try field.object(allowing: ["identifier", "from", "to", "points", "closed"], for: "a boundary")
    identifier = try f.required("identifier", in: field).string()
    closed = try f["closed"]?.bool() ?? false
    if let from = f["from"] {
      guard f["points"] == nil else {
        throw field.fail("a boundary takes \"from\" and \"to\", or \"points\", not both")
      }
      points = [
        try from.point(SceneFileLimits.coordinate), try f.required("to", in: field).point(SceneFileLimits.coordinate)
      ]
    } else if let pts = f["points"] {
      points = try pts.array("[x, y] points", count: 2...SceneFileLimits.maximumBoundaryPoints)
        .map { (p: SceneField) throws(SceneFileError) in try p.point(SceneFileLimits.coordinate) }
    } else {
      throw field.fail("a boundary needs \"from\" and \"to\", or \"points\" with at least two [x, y] pairs")
    }
  }
}

extension SceneDescription.Region {
  init(_ field: SceneField) throws(SceneFileError) {
    if case .string(let s) = field.node.value {
      guard s == "infinite" else {
        throw field.fail("expected \"infinite\" or a region object, got \"\(s.prefix(40))\"")
      }
      self = .infinite
      return
    }
    let members = try field.members()
    guard members.count == 1, let (key, value) = members.first else {
      throw field.fail("a region object has exactly one of: radius, size, inverse, union, difference, intersection")
    }
    func pair() throws(SceneFileError) -> (Self, Self) {
      let rs = try value.array("regions", count: 2...2)
      return (try Self(rs[0]), try Self(rs[1]))
    }
    switch key {
    case "radius": self = .radius(try value.number(SceneFileLimits.regionRadius))
    case "size": self = .size(try value.size(SceneFileLimits.regionExtent))
    case "inverse": self = .inverse(try Self(value))
    case "union":
      let (a, b) = try pair()
      self = .union(a, b)
    case "difference":
      let (a, b) = try pair()
      self = .difference(a, b)
    case "intersection":
      let (a, b) = try pair()
      self = .intersection(a, b)
    default:
      throw value.fail(
        "unknown region \"\(key.prefix(40))\"; expected radius, size, inverse, union, difference or intersection")
    }
  }
}
