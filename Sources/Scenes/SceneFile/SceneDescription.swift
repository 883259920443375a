import Geometry2D

/// A scene written as JSON: items, behaviors, fields and boundaries, with the Dynamics API's own names.
/// Reading checks every value (types, ranges from `SceneFileLimits`, references between items, shapes)
/// so that a file either loads whole or not at all; errors name the file, the line, the path to the bad
/// field and what was expected.
///
/// ```json
/// { "title": "A ball", "items": [ { "id": "ball", "center": [400, 100], "size": [50, 50], "shape": "ellipse" } ],
///   "behaviors": [ { "type": "gravity", "items": ["ball"] },
///                  { "type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true } ] }
/// ```
package struct SceneDescription: Equatable, Sendable {
  package var title: String?
  /// Gives the animator the window as reference bounds (default true).
  package var referenceBounds: Bool
  package var background: String?
  package var items: [Item]
  package var behaviors: [Behavior]

  package struct Item: Equatable, Sendable {
    package var id: String
    package var center: Point
    package var size: Size
    /// "rectangle" (default), "ellipse", or "path" with `path` points centred on (0, 0).
    package var shape: String
    package var path: [Point]?
    package var rotation: Double
    package var color: String?
  }

  /// One behavior; `type` picks which, the other keys are that behavior's properties.
  package struct Behavior: Equatable, Sendable {
    package var type: Kind
    package var items: [String]
    package var numbers: [String: Double]
    package var flags: [String: Bool]
    package var strings: [String: String]
    package var points: [String: Point]
    package var boundaries: [Boundary]
    package var region: Region?

    package enum Kind: String, Sendable, CaseIterable {
      case gravity, collision, push, attachment, snap, itemBehavior, field
    }

    /// The keys each kind accepts beyond `type` and `items`, with what each holds.
    static let schema: [Kind: [String: ValueKind]] = [
      .gravity: ["magnitude": .number, "angle": .number, "gravityDirection": .point],
      .collision: ["collisionMode": .string, "translatesReferenceBoundsIntoBoundary": .flag, "boundaries": .boundaries],
      .push: ["mode": .string, "magnitude": .number, "angle": .number, "pushDirection": .point, "active": .flag],
      .attachment: [
        "kind": .string, "anchor": .point, "attachedTo": .string, "offsetFromCenter": .point,
        "attachedOffsetFromCenter": .point, "axis": .point, "length": .number, "damping": .number,
        "frequency": .number
      ],
      .snap: ["snapPoint": .point, "damping": .number],
      .itemBehavior: [
        "elasticity": .number, "friction": .number, "density": .number, "resistance": .number,
        "angularResistance": .number, "charge": .number, "isAnchored": .flag, "allowsRotation": .flag,
        "linearVelocity": .point, "angularVelocity": .number
      ],
      .field: [
        "kind": .string, "position": .point, "direction": .point, "strength": .number, "falloff": .number,
        "minimumRadius": .number, "smoothness": .number, "animationSpeed": .number, "region": .region
      ]
    ]

    enum ValueKind { case number, flag, string, point, boundaries, region }
  }

  /// A collision boundary: a segment (`from`, `to`) or a path (`points`, optionally `closed`).
  package struct Boundary: Equatable, Sendable {
    package var identifier: String
    package var points: [Point]
    package var closed: Bool
  }

  /// A field's region, composed to any depth: `{"radius": r}`, `{"size": [w, h]}`, `"infinite"`,
  /// `{"inverse": R}`, `{"union": [R, R]}`, `{"difference": [R, R]}`, `{"intersection": [R, R]}`.
  package indirect enum Region: Equatable, Sendable {
    case infinite
    case radius(Double)
    case size(Size)
    case inverse(Region)
    case union(Region, Region)
    case difference(Region, Region)
    case intersection(Region, Region)
  }
}

/// Colours in scene files: "#RRGGBB".
enum SceneColor {
  static func parse(_ s: String) -> UInt32? {
    guard s.hasPrefix("#"), s.utf8.count == 7,
      s.utf8.dropFirst().allSatisfy({
        UInt8(ascii: "0") <= $0 && $0 <= UInt8(ascii: "9")
          || UInt8(ascii: "a") <= $0 | 0x20 && $0 | 0x20 <= UInt8(ascii: "f")
      }),
      let v = UInt32(s.dropFirst(), radix: 16)
    else { return nil }
    return v
  }
}
