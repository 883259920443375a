import Foundation
import Geometry2D

/// A scene written as JSON: items, behaviors, fields and boundaries, with the Dynamics API's own names.
/// Decoding checks every value (ranges, references between items, shapes) so that a file either loads
/// whole or not at all; errors name the file, the path to the bad field and what was expected.
///
/// ```json
/// { "title": "A ball", "items": [ { "id": "ball", "center": [400, 100], "size": [50, 50], "shape": "ellipse" } ],
///   "behaviors": [ { "type": "gravity", "items": ["ball"] },
///                  { "type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true } ] }
/// ```
public struct SceneDescription: Decodable, Equatable, Sendable {
  public var title: String?
  /// Gives the animator the window as reference bounds (default true).
  public var referenceBounds: Bool
  public var background: String?
  public var items: [Item]
  public var behaviors: [Behavior]

  public struct Item: Decodable, Equatable, Sendable {
    public var id: String
    public var center: Point
    public var size: Size
    /// "rectangle" (default), "ellipse", or "path" with `path` points centred on (0, 0).
    public var shape: String
    public var path: [Point]?
    public var rotation: Double
    public var color: String?

    enum CodingKeys: String, CodingKey { case id, center, size, shape, path, rotation, color }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      id = try c.decode(String.self, forKey: .id)
      center = try c.decode(JSONPoint.self, forKey: .center).point
      let s = try c.decode(JSONPoint.self, forKey: .size)
      guard s.x > 0, s.y > 0 else {
        throw DecodingError.dataCorruptedError(forKey: .size, in: c, debugDescription: "expected a positive [width, height], got [\(s.x), \(s.y)]")
      }
      size = Size(width: s.x, height: s.y)
      shape = try c.decodeIfPresent(String.self, forKey: .shape) ?? "rectangle"
      guard ["rectangle", "ellipse", "path"].contains(shape) else {
        throw DecodingError.dataCorruptedError(forKey: .shape, in: c, debugDescription: "expected \"rectangle\", \"ellipse\" or \"path\", got \"\(shape)\"")
      }
      path = try c.decodeIfPresent([JSONPoint].self, forKey: .path)?.map(\.point)
      if shape == "path" {
        guard let path, path.count >= 3, Path(polygon: path).isConvex else {
          throw DecodingError.dataCorruptedError(forKey: .path, in: c, debugDescription: "a \"path\" item needs a convex polygon of at least 3 [x, y] points centred on [0, 0]")
        }
      }
      rotation = try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0
      color = try c.decodeIfPresent(String.self, forKey: .color)
      if let color, SceneColor.parse(color) == nil {
        throw DecodingError.dataCorruptedError(forKey: .color, in: c, debugDescription: "expected a colour like \"#FF8A3D\", got \"\(color)\"")
      }
    }
  }

  /// One behavior; `type` picks which, the other keys are that behavior's properties.
  public struct Behavior: Decodable, Equatable, Sendable {
    public var type: Kind
    public var items: [String]
    public var numbers: [String: Double]
    public var flags: [String: Bool]
    public var strings: [String: String]
    public var points: [String: Point]
    public var boundaries: [Boundary]
    public var region: Region?

    public enum Kind: String, Decodable, Sendable, CaseIterable {
      case gravity, collision, push, attachment, snap, itemBehavior, field
    }

    /// The keys each kind accepts beyond `type` and `items`, with what each holds.
    static let schema: [Kind: [String: ValueKind]] = [
      .gravity: ["magnitude": .number, "angle": .number, "gravityDirection": .point],
      .collision: ["collisionMode": .string, "translatesReferenceBoundsIntoBoundary": .flag, "boundaries": .boundaries],
      .push: ["mode": .string, "magnitude": .number, "angle": .number, "pushDirection": .point, "active": .flag],
      .attachment: ["anchor": .point, "attachedTo": .string, "offsetFromCenter": .point, "attachedOffsetFromCenter": .point,
                    "length": .number, "damping": .number, "frequency": .number],
      .snap: ["snapPoint": .point, "damping": .number],
      .itemBehavior: ["elasticity": .number, "friction": .number, "density": .number, "resistance": .number,
                      "angularResistance": .number, "charge": .number, "isAnchored": .flag, "allowsRotation": .flag,
                      "linearVelocity": .point, "angularVelocity": .number],
      .field: ["kind": .string, "position": .point, "direction": .point, "strength": .number, "falloff": .number,
               "minimumRadius": .number, "smoothness": .number, "animationSpeed": .number, "region": .region],
    ]

    enum ValueKind { case number, flag, string, point, boundaries, region }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      type = try c.decode(Kind.self, forKey: AnyKey("type"))
      items = try c.decodeIfPresent([String].self, forKey: AnyKey("items")) ?? []
      if let one = try c.decodeIfPresent(String.self, forKey: AnyKey("item")) { items.append(one) }
      numbers = [:]; flags = [:]; strings = [:]; points = [:]; boundaries = []
      let allowed = Self.schema[type]!
      for key in c.allKeys where !["type", "items", "item"].contains(key.stringValue) {
        guard let kind = allowed[key.stringValue] else {
          let known = (["items"] + allowed.keys.sorted()).joined(separator: ", ")
          throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "\"\(key.stringValue)\" is not a property of a \(type.rawValue) behavior; it takes: \(known)")
        }
        switch kind {
        case .number:
          let v = try c.decode(Double.self, forKey: key)
          guard v.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected a finite number") }
          numbers[key.stringValue] = v
        case .flag: flags[key.stringValue] = try c.decode(Bool.self, forKey: key)
        case .string: strings[key.stringValue] = try c.decode(String.self, forKey: key)
        case .point: points[key.stringValue] = try c.decode(JSONPoint.self, forKey: key).point
        case .boundaries: boundaries = try c.decode([Boundary].self, forKey: key)
        case .region: region = try c.decode(Region.self, forKey: key)
        }
      }
    }
  }

  /// A collision boundary: a segment (`from`, `to`) or a path (`points`, optionally `closed`).
  public struct Boundary: Decodable, Equatable, Sendable {
    public var identifier: String
    public var points: [Point]
    public var closed: Bool

    enum CodingKeys: String, CodingKey { case identifier, from, to, points, closed }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      identifier = try c.decode(String.self, forKey: .identifier)
      closed = try c.decodeIfPresent(Bool.self, forKey: .closed) ?? false
      if let from = try c.decodeIfPresent(JSONPoint.self, forKey: .from) {
        points = [from.point, try c.decode(JSONPoint.self, forKey: .to).point]
      } else if let pts = try c.decodeIfPresent([JSONPoint].self, forKey: .points), pts.count >= 2 {
        points = pts.map(\.point)
      } else {
        throw DecodingError.dataCorruptedError(forKey: .points, in: c, debugDescription: "a boundary needs \"from\" and \"to\", or \"points\" with at least two [x, y] pairs")
      }
    }
  }

  /// A field's region, composed to any depth: `{"radius": r}`, `{"size": [w, h]}`, `"infinite"`,
  /// `{"inverse": R}`, `{"union": [R, R]}`, `{"difference": [R, R]}`, `{"intersection": [R, R]}`.
  public indirect enum Region: Decodable, Equatable, Sendable {
    case infinite
    case radius(Double)
    case size(Size)
    case inverse(Region)
    case union(Region, Region)
    case difference(Region, Region)
    case intersection(Region, Region)

    public init(from decoder: any Decoder) throws {
      if let s = try? decoder.singleValueContainer().decode(String.self) {
        guard s == "infinite" else {
          throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected \"infinite\" or a region object, got \"\(s)\""))
        }
        self = .infinite
        return
      }
      let c = try decoder.container(keyedBy: AnyKey.self)
      guard c.allKeys.count == 1, let key = c.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a region object has exactly one of: radius, size, inverse, union, difference, intersection"))
      }
      func pair() throws -> (Region, Region) {
        let rs = try c.decode([Region].self, forKey: key)
        guard rs.count == 2 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected two regions") }
        return (rs[0], rs[1])
      }
      switch key.stringValue {
      case "radius":
        let r = try c.decode(Double.self, forKey: key)
        guard r > 0, r.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected a positive radius") }
        self = .radius(r)
      case "size":
        let s = try c.decode(JSONPoint.self, forKey: key)
        guard s.x > 0, s.y > 0 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected a positive [width, height]") }
        self = .size(Size(width: s.x, height: s.y))
      case "inverse": self = .inverse(try c.decode(Region.self, forKey: key))
      case "union": let (a, b) = try pair(); self = .union(a, b)
      case "difference": let (a, b) = try pair(); self = .difference(a, b)
      case "intersection": let (a, b) = try pair(); self = .intersection(a, b)
      default:
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown region \"\(key.stringValue)\"; expected radius, size, inverse, union, difference or intersection")
      }
    }
  }

  enum CodingKeys: String, CodingKey { case title, referenceBounds, background, items, behaviors }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    title = try c.decodeIfPresent(String.self, forKey: .title)
    referenceBounds = try c.decodeIfPresent(Bool.self, forKey: .referenceBounds) ?? true
    background = try c.decodeIfPresent(String.self, forKey: .background)
    items = try c.decode([Item].self, forKey: .items)
    behaviors = try c.decodeIfPresent([Behavior].self, forKey: .behaviors) ?? []
  }
}

/// `[x, y]` in a file.
struct JSONPoint: Decodable {
  var x: Double
  var y: Double
  var point: Point { Point(x: x, y: y) }

  init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    guard c.count == 2 else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected two numbers [x, y]"))
    }
    x = try c.decode(Double.self)
    y = try c.decode(Double.self)
    guard x.isFinite, y.isFinite else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected finite numbers"))
    }
  }
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ s: String) { stringValue = s }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

/// Colours in scene files: "#RRGGBB".
enum SceneColor {
  static func parse(_ s: String) -> UInt32? {
    guard s.hasPrefix("#"), s.count == 7, let v = UInt32(s.dropFirst(), radix: 16) else { return nil }
    return v
  }
}
