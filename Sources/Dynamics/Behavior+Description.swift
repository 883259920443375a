#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// What the sandbox needs to write a running animator down as a scene file (the playground's "build on
/// this scene"): the parts of a behavior its public API does not show. Package access only: no promise
/// to code outside Hooke.
extension AttachmentBehavior {
  /// The kind as a scene file names it: "plain", "pin", "fixed", "sliding" or "limit".
  package var kindName: String {
    switch style {
    case .plain: "plain"
    case .pin: "pin"
    case .fixed: "fixed"
    case .sliding: "sliding"
    case .limit: "limit"
    }
  }

  /// The attachment points in each item's own frame (the plain and limit kinds).
  package var offsetsFromCenters: (Vector, Vector) {
    (Vector(dx: offset1.x, dy: offset1.y), Vector(dx: offset2.x, dy: offset2.y))
  }

  /// Where the joined point of a pin, weld or slide is now: carried by the first item.
  package var currentAnchor: Point {
    guard attachedBehaviorType == .items, let one = items.first else { return anchorPoint }
    let a = one.transform.rotationAngle
    let p = localAnchor1.rotated(cos: cos(a), sin: sin(a))
    return Point(x: one.center.x + p.x, y: one.center.y + p.y)
  }

  /// The axis a sliding attachment slides along, in the world now.
  package var currentAxis: Vector {
    guard attachedBehaviorType == .items, let one = items.first else { return Vector(dx: localAxis.x, dy: localAxis.y) }
    let a = one.transform.rotationAngle
    let v = localAxis.rotated(cos: cos(a), sin: sin(a))
    return Vector(dx: v.x, dy: v.y)
  }
}

extension DynamicItemBehavior {
  /// The numbers this behavior sets, by their scene-file names; properties it never set are absent.
  package var setNumbers: [String: Double] {
    let o = overrides
    let pairs: [(String, Double?)] = [
      ("elasticity", o.elasticity), ("friction", o.friction), ("density", o.density), ("resistance", o.resistance),
      ("angularResistance", o.angularResistance), ("charge", o.charge)
    ]
    return Dictionary(uniqueKeysWithValues: pairs.compactMap { k, v in v.map { (k, $0) } })
  }

  /// The flags this behavior sets.
  package var setFlags: [String: Bool] {
    let pairs: [(String, Bool?)] = [("isAnchored", overrides.isAnchored), ("allowsRotation", overrides.allowsRotation)]
    return Dictionary(uniqueKeysWithValues: pairs.compactMap { k, v in v.map { (k, $0) } })
  }
}

extension DynamicAnimator {
  /// An item's angular velocity in radians/s (zero for items not in the animator).
  package func angularVelocity(of item: any DynamicItem) -> Double {
    guard let i = body(of: item) else { return 0 }
    return world.angularVelocity(of: i)
  }
}

extension Region {
  /// The region as a tree, built bottom-up from its postfix program: each shape and set operation
  /// handed to the matching closure (for writing a region down as a scene file).
  package func fold<T>(
    everything: T, circle: (Double) -> T, rectangle: (Double, Double) -> T, not: (T) -> T,
    or: (T, T) -> T, and: (T, T) -> T, andNot: (T, T) -> T
  ) -> T {
    var stack: [T] = []
    for op in ops {
      switch op {
      case .everything: stack.append(everything)
      case .circle(let r): stack.append(circle(r))
      case .rectangle(let hw, let hh): stack.append(rectangle(2 * hw, 2 * hh))
      case .not: stack.append(not(stack.removeLast()))
      case .or, .and, .andNot:
        let b = stack.removeLast(), a = stack.removeLast()
        stack.append(op == .or ? or(a, b) : op == .and ? and(a, b) : andNot(a, b))
      }
    }
    return stack.last ?? everything
  }
}
