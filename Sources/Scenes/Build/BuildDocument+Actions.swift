#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

/// The shapes the playground spawns.
package enum SpawnShape: String, CaseIterable, Sendable {
  case box, ball, ellipse, polygon

  /// The item the shape makes when dragged over `rect` (a click makes a 60-point one).
  func item(id: String, in rect: Rect) -> SceneDescription.Item {
    var size = Size(width: max(8, rect.width), height: max(8, rect.height))
    if self == .ball { size = Size(width: max(size.width, size.height), height: max(size.width, size.height)) }
    var path: [Point]?
    if self == .polygon {
      // A regular pentagon inscribed in the dragged ellipse, a vertex up: convex, centred on (0, 0).
      path = (0..<5).map { k in
        let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
        return Point(x: size.width / 2 * cos(a), y: size.height / 2 * sin(a))
      }
    }
    let shape = self == .box ? "rectangle" : self == .polygon ? "path" : "ellipse"
    return SceneDescription.Item(
      id: id, center: rect.center, size: size, shape: shape, path: path, rotation: 0, color: nil)
  }
}

/// Where an attachment or a tool's drag ends: on an item (at a point in its own frame) or at a point.
package enum BuildTarget: Equatable, Sendable {
  case item(String, offset: Vector)
  case point(Point)
}

/// The attachments the attach tool makes.
package enum AttachKind: String, CaseIterable, Sendable {
  case spring, rigid, pin, sliding, limit
}

extension BuildDocument {
  /// Adds an item of `shape` filling `rect`, with the default material, under gravity and colliding.
  @discardableResult
  package mutating func spawn(_ shape: SpawnShape, in rect: Rect) throws(BuildRefusal) -> String {
    let id = newID(shape.rawValue)
    let item = shape.item(id: id, in: rect)
    try Self.checkClear(item, in: scene)
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in
      s.items.append(item)
      if let g = s.behaviors.firstIndex(where: { $0.type == .gravity }) {
        s.behaviors[g].items.append(id)
      } else {
        s.behaviors.insert(Self.behavior(.gravity, items: [id]), at: 0)
      }
      let c = Self.collision(in: &s)
      s.behaviors[c].items.append(id)
      var material = Self.behavior(.itemBehavior, items: [id])
      material.numbers = Self.defaultMaterial
      let firstJoin = s.behaviors.firstIndex { [.attachment, .snap, .push].contains($0.type) } ?? s.behaviors.count
      s.behaviors.insert(material, at: firstJoin)
    }
    return id
  }

  /// Adds a boundary through `points` (closed back to the first when `closed`).
  @discardableResult
  package mutating func addBoundary(_ points: [Point], closed: Bool) throws(BuildRefusal) -> String {
    guard points.count >= 2, zip(points, points.dropFirst()).allSatisfy({ $0.distance(to: $1) >= 4 }) else {
      throw BuildRefusal("a boundary needs points at least 4 pt apart; drag further")
    }
    let id = newID(closed ? "loop" : "wall")
    let boundary = SceneDescription.Boundary(identifier: id, points: points, closed: closed)
    try Self.checkClear(boundary, in: scene)
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in
      s.behaviors[Self.collision(in: &s)].boundaries.append(boundary)
    }
    return id
  }

  /// Removes an item with everything that joins it (attachments, snaps); it leaves the behaviors it
  /// shared with other items, and those that held only it (its material, a push) go.
  package mutating func deleteItem(_ id: String) throws(BuildRefusal) {
    guard itemIndex(id) != nil else { throw BuildRefusal("no item \"\(id)\"; nothing deleted") }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in
      s.items.removeAll { $0.id == id }
      s.behaviors.removeAll { b in
        ([.attachment, .snap].contains(b.type) && b.items.contains(id)) || b.strings["attachedTo"] == id
      }
      for i in s.behaviors.indices { s.behaviors[i].items.removeAll { $0 == id } }
      s.behaviors.removeAll { [.gravity, .push, .itemBehavior].contains($0.type) && $0.items.isEmpty }
    }
  }

  package mutating func deleteBoundary(_ id: String) throws(BuildRefusal) {
    guard boundaries.contains(where: { $0.identifier == id }) else {
      throw BuildRefusal("no boundary \"\(id)\"; nothing deleted")
    }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in
      s.behaviors[Self.collision(in: &s)].boundaries.removeAll { $0.identifier == id }
    }
  }

  /// Removes an attachment, snap or push (by its index among the behaviors).
  package mutating func deleteJoin(at index: Int) throws(BuildRefusal) {
    guard scene.behaviors.indices.contains(index), [.attachment, .snap, .push].contains(scene.behaviors[index].type)
    else { throw BuildRefusal("behavior \(index) is not an attachment, a snap or a push; nothing deleted") }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors.remove(at: index) }
  }

  /// Anchors an item (it no longer moves by itself; a drag moves it) or frees it.
  package mutating func setAnchored(_ id: String, _ anchored: Bool) throws(BuildRefusal) {
    try setFlag("isAnchored", of: id, to: anchored)
  }

  package mutating func setFlag(_ key: String, of id: String, to value: Bool) throws(BuildRefusal) {
    guard let m = materialIndex(id) else { throw BuildRefusal("no item \"\(id)\"; nothing changed") }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors[m].flags[key] = value }
  }

  /// Sets a number of behavior `index` (an item's material, an attachment's length), range-checked as a
  /// scene file is.
  package mutating func setNumber(_ key: String, ofBehavior index: Int, to value: Double) throws(BuildRefusal) {
    guard scene.behaviors.indices.contains(index) else { throw BuildRefusal("no behavior \(index); nothing changed") }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors[index].numbers[key] = value }
  }

  /// Sets a point of behavior `index` (an attachment's anchor, a snap point).
  package mutating func setPoint(_ key: String, ofBehavior index: Int, to value: Point) throws(BuildRefusal) {
    guard scene.behaviors.indices.contains(index) else { throw BuildRefusal("no behavior \(index); nothing changed") }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors[index].points[key] = value }
  }

  /// Places an item (a drag of an anchored item ends here, or the inspector's rotation).
  package mutating func place(_ id: String, at center: Point, rotation: Double) throws(BuildRefusal) {
    guard let i = itemIndex(id) else { throw BuildRefusal("no item \"\(id)\"; nothing moved") }
    var moved = scene.items[i]
    moved.center = center
    moved.rotation = rotation
    try Self.checkClear(moved, in: scene)
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.items[i] = moved }
  }

  /// A snap of `id` to `point`.
  package mutating func addSnap(_ id: String, to point: Point) throws(BuildRefusal) {
    guard itemIndex(id) != nil else { throw BuildRefusal("no item \"\(id)\" to snap") }
    var snap = Self.behavior(.snap, items: [id])
    snap.points["snapPoint"] = point
    snap.numbers["damping"] = 0.5
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors.append(snap) }
  }

  /// A continuous push on `id` along `direction` (its length / 100 the magnitude).
  package mutating func addPush(_ id: String, along direction: Vector) throws(BuildRefusal) {
    guard itemIndex(id) != nil else { throw BuildRefusal("no item \"\(id)\" to push") }
    guard direction.length >= 4 else { throw BuildRefusal("a push needs a direction: drag away from the item") }
    var push = Self.behavior(.push, items: [id])
    push.points["pushDirection"] = Point(x: direction.dx / 100, y: direction.dy / 100)
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in s.behaviors.append(push) }
  }
}
