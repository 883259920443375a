import Dynamics
import Geometry2D

extension SceneDescription {
  /// A field behavior from its file description (the kind was checked on reading). Properties the file
  /// leaves out keep the field kind's UIKit defaults.
  func buildField(_ behavior: Behavior, items: [DynamicBody]) -> DynamicBehavior {
    let n = behavior.numbers, p = behavior.points
    let direction = p["direction"].map { Vector(dx: $0.x, dy: $0.y) } ?? Vector(dx: 0, dy: 1)
    let position = p["position"] ?? .zero
    let smoothness = n["smoothness"] ?? 0
    let speed = n["animationSpeed"] ?? 1
    let field: FieldBehavior
    switch behavior.strings["kind"] {
    case "linearGravity": field = .linearGravityField(direction: direction)
    case "radialGravity": field = .radialGravityField(position: position)
    case "velocity": field = .velocityField(direction: direction)
    case "noise": field = .noiseField(smoothness: smoothness, animationSpeed: speed)
    case "turbulence": field = .turbulenceField(smoothness: smoothness, animationSpeed: speed)
    case "spring": field = .springField()
    case "electric": field = .electricField()
    case "magnetic": field = .magneticField()
    case "drag": field = .dragField()
    default: field = .vortexField()
    }
    field.position = position
    if let d = p["direction"] { field.direction = Vector(dx: d.x, dy: d.y) }
    if let v = n["strength"] { field.strength = v }
    if let v = n["falloff"] { field.falloff = v }
    if let v = n["minimumRadius"] { field.minimumRadius = v }
    if let region = behavior.region { field.region = region.make() }
    for item in items { field.addItem(item) }
    return field
  }
}

extension SceneDescription.Region {
  /// The Dynamics region this file region describes.
  func make() -> Region {
    switch self {
    case .infinite: .infinite
    case .radius(let r): Region(radius: r)
    case .size(let s): Region(size: s)
    case .inverse(let r): r.make().inverse()
    case .union(let a, let b): a.make().union(b.make())
    case .difference(let a, let b): a.make().difference(b.make())
    case .intersection(let a, let b): a.make().intersection(b.make())
    }
  }
}
