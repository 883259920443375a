import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// The random scenes' attachments, fields and extra item behaviors.
extension RandomScene {
  /// How far `item` may move from its centre and still lie inside the box (its bounding circle).
  func margin(of item: DynamicBody) -> Double {
    let r = 0.5 * (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot()
    let c = item.center, b = Self.box
    return max(0, min(c.x - b.minX, b.maxX - c.x, c.y - b.minY, b.maxY - c.y) - r)
  }

  func randomOffset(upTo length: Double) -> Vector {
    let a = random.uniform(0, 2 * Double.pi), l = random.uniform(0, length)
    return Vector(dx: l * cos(a), dy: l * sin(a))
  }

  /// Every attachment kind. An anchor sits within a quarter of the item's margin and the attachment
  /// point within another quarter, so the item's reach about the anchor stays inside the box.
  func attachment() -> DynamicBehavior {
    let item = random.pick(items)
    let other = items.count > 1 ? items.first { $0 !== item } : nil
    let m = margin(of: item)
    let anchor = item.center + randomOffset(upTo: m / 4)
    let kinds =
      conservative
      ? ["rod", "items", "limit", "fixed", "pin"]
      : ["anchor", "items", "slidingAnchor", "slidingItems", "limit", "fixed", "pin"]
    var kind = random.pick(kinds)
    if other == nil && kind != "anchor" && kind != "slidingAnchor" && kind != "rod" {
      kind = conservative ? "rod" : "anchor"
    }
    if kind == "rod" && m < 4 { return gravity() }
    let a: AttachmentBehavior
    let axis = randomOffset(upTo: 1) + Vector(dx: 1e-3, dy: 0)
    switch kind {
    case "rod":
      // A rod of up to m/2 points from the centre (the centre stays within m of where it was): half the
      // time 1…10 pt long, turning by radians per step at these speeds, else 50 pt or more.
      let short = m < 100 || random.chance(0.5)
      let angle = random.uniform(0, 2 * Double.pi)
      let length = short ? random.logUniform(1, min(10, m / 2)) : random.uniform(50, m / 2)
      a = AttachmentBehavior(
        item: item, attachedToAnchor: item.center + Vector(dx: length * cos(angle), dy: length * sin(angle)))
    case "anchor":
      let o = randomOffset(upTo: min(m / 4, 0.5 * min(item.size.width, item.size.height)))
      a = AttachmentBehavior(
        item: item, offsetFromCenter: Offset(horizontal: o.dx, vertical: o.dy), attachedToAnchor: anchor)
    case "items": a = AttachmentBehavior(item: item, attachedTo: other!)
    case "slidingAnchor": a = .slidingAttachment(with: item, attachmentAnchor: item.center, axisOfTranslation: axis)
    case "slidingItems":
      a = .slidingAttachment(with: item, attachedTo: other!, attachmentAnchor: item.center, axisOfTranslation: axis)
    case "limit":
      a = .limitAttachment(
        with: item, offsetFromCenter: Offset(horizontal: 0, vertical: 0), attachedTo: other!,
        offsetFromCenter: Offset(horizontal: 0, vertical: 0))
    case "fixed": a = .fixedAttachment(with: item, attachedTo: other!, attachmentAnchor: midpoint(item, other!))
    default: a = .pinAttachment(with: item, attachedTo: other!, attachmentAnchor: midpoint(item, other!))
    }
    if !conservative {
      a.frequency = random.edgeOr([0, 1e6, 1e300]) { $0.chance(0.5) ? 0 : $0.uniform(0.1, 10) }
      a.damping = random.edgeOr([0, 1e6, 1e300]) { $0.uniform(0, 2) }
      a.frictionTorque = random.edgeOr([0, 1e12]) { $0.uniform(0, 100) }
      let lo = random.edgeOr([0, -Double.infinity]) { -$0.uniform(0, 200) }
      let hi = random.edgeOr([0, Double.infinity]) { $0.uniform(0, 200) }
      a.attachmentRange = FloatRange(minimum: lo, maximum: hi)
    }
    log.append("attachment \(kind) f \(fmt(a.frequency)) ζ \(fmt(a.damping)) L \(fmt(a.length))")
    return a
  }

  func midpoint(_ a: DynamicBody, _ b: DynamicBody) -> Point {
    Point(x: 0.5 * (a.center.x + b.center.x), y: 0.5 * (a.center.y + b.center.y))
  }

  /// A second item behavior on some items: anchoring, rotation and materials at their edges.
  func extraMaterial() -> DynamicBehavior {
    let b = DynamicItemBehavior(items: someItems())
    b.isAnchored = random.chance(0.3)
    b.elasticity = random.edgeOr([0, 1]) { $0.unit() }
    b.density = random.edgeOr([1e-9, 1e9]) { $0.logUniform(0.1, 10) }
    b.resistance = random.edgeOr([0, .infinity]) { $0.uniform(0, 1) }
    log.append("item behavior anchored \(b.isAnchored) ρ \(fmt(b.density))")
    return b
  }

  /// A field of `kind` on some items. Conservative scenes get only fields that do no work (magnetism),
  /// take energy (still drag, turbulence) or have a potential (uniform linear gravity).
  func field(_ kind: FieldBehavior.Kind) -> DynamicBehavior {
    let f = makeField(kind)
    let chosen = someItems()
    for item in chosen { f.addItem(item) }
    if conservative {
      switch kind {
      case .linearGravity:
        f.strength = random.uniform(0, 2)
        let a = f.direction * (f.strength * 100)
        for item in chosen { accelerations[ObjectIdentifier(item), default: .zero] += a }
      case .drag: f.strength = random.edgeOr([0, 1e6, 1e300]) { $0.uniform(0, 5) }
      default: f.strength = random.edgeOr([0, 1e6, -1e300]) { $0.uniform(-5, 5) }
      }
    } else {
      randomizeField(f)
    }
    log.append(
      "field \(kind) s \(fmt(f.strength)) falloff \(fmt(f.falloff)) rmin \(fmt(f.minimumRadius)) at \(f.position)")
    return f
  }

  func makeField(_ kind: FieldBehavior.Kind) -> FieldBehavior {
    let direction = Vector(dx: random.uniform(-5, 5), dy: random.uniform(-5, 5))
    switch kind {
    case .linearGravity: return .linearGravityField(direction: direction)
    case .radialGravity: return .radialGravityField(position: randomPoint())
    case .velocity: return .velocityField(direction: direction)
    case .noise: return .noiseField(smoothness: random.unit(), animationSpeed: random.uniform(0, 3))
    case .turbulence: return .turbulenceField(smoothness: random.unit(), animationSpeed: random.uniform(0, 3))
    case .spring: return .springField()
    case .electric: return .electricField()
    case .magnetic: return .magneticField()
    case .drag: return .dragField()
    case .vortex: return .vortexField()
    case .custom:
      let a = random.edgeOr([0, 1e300]) { $0.uniform(-500, 500) }, c = randomPoint()
      return .field { p, v, m, _, t in
        Vector(dx: a * sin((p.y - c.y) / 50 + t), dy: a * cos((p.x - c.x) / 50)) * m - v * (0.1 * m)
      }
    }
  }

  func randomPoint() -> Point { Point(x: random.uniform(0, 1000), y: random.uniform(0, 1000)) }

  /// Every parameter across its accepted range, edges and huge finite values included.
  func randomizeField(_ f: FieldBehavior) {
    f.position = randomPoint()
    f.strength = random.edgeOr([0, 1e12, -1e12, 1e300, -.greatestFiniteMagnitude]) { $0.uniform(-5, 5) }
    if random.chance(0.5) { f.falloff = random.edgeOr([0, -2, 8, 300]) { $0.uniform(-1, 3) } }
    f.minimumRadius = random.edgeOr([0, 1e6]) { $0.uniform(0, 100) }
    if f.kind == .drag || f.kind == .velocity || f.kind == .linearGravity {
      f.direction = Vector(dx: random.edgeOr([0, 1e300]) { $0.uniform(-5, 5) }, dy: random.uniform(-5, 5))
    }
    f.smoothness = random.edgeOr([-1, 0, 1, 2]) { $0.unit() }
    f.animationSpeed = random.edgeOr([0, 1e6]) { $0.uniform(0, 5) }
    switch random.int(4) {
    case 0: f.region = Region(radius: random.uniform(0, 600))
    case 1: f.region = Region(size: Size(width: random.uniform(0, 1000), height: random.uniform(0, 1000)))
    case 2:
      f.region = Region(radius: random.uniform(0, 400)).union(Region(size: Size(width: 300, height: 900))).inverse()
    default: break
    }
  }
}
