import Geometry2D

/// Where an item is and how it moves, as read from the running animator.
package struct ItemPose: Equatable, Sendable {
  package var center: Point
  package var rotation: Double
  package var velocity: Vector
  package var angularVelocity: Double
  package init(center: Point, rotation: Double, velocity: Vector = .zero, angularVelocity: Double = 0) {
    self.center = center
    self.rotation = rotation
    self.velocity = velocity
    self.angularVelocity = angularVelocity
  }
}

extension BuildDocument {
  /// Writes the items' present poses and velocities into the description (one pose per item, in item
  /// order), so that what is built next, saved or kept for undo starts where things are now and moving
  /// as they move. A pin, weld or slide between two items has its anchor in the world at the moment it
  /// was made; it is carried along with its first item, so the joint rebuilt from the description holds
  /// the same points of both items together.
  package mutating func record(_ poses: [ItemPose]) throws(BuildRefusal) {
    guard poses.count == scene.items.count else {
      throw BuildRefusal("\(poses.count) poses for \(scene.items.count) items; nothing recorded")
    }
    try apply { (s: inout SceneDescription) throws(BuildRefusal) in
      let before = s.items
      for (i, pose) in poses.enumerated() {
        s.items[i].center = pose.center
        s.items[i].rotation = pose.rotation
      }
      // The recorded velocity is the whole of it: velocities other item behaviors add (a file's shared
      // one) would add again when the animator is rebuilt.
      for b in s.behaviors.indices where s.behaviors[b].type == .itemBehavior {
        s.behaviors[b].points["linearVelocity"] = nil
        s.behaviors[b].numbers["angularVelocity"] = nil
      }
      var seen = Set<String>()
      for b in s.behaviors.indices {
        Self.carryAnchor(of: &s.behaviors[b], from: before, to: s.items)
        guard s.behaviors[b].type == .itemBehavior, s.behaviors[b].items.count == 1,
          let id = s.behaviors[b].items.first,
          seen.insert(id).inserted, let i = s.items.firstIndex(where: { $0.id == id })
        else { continue }
        let v = poses[i].velocity, w = poses[i].angularVelocity
        s.behaviors[b].points["linearVelocity"] = v == .zero ? nil : Point(x: v.dx, y: v.dy)
        s.behaviors[b].numbers["angularVelocity"] = w == 0 ? nil : w
      }
    }
  }

  private static func carryAnchor(
    of a: inout SceneDescription.Behavior, from before: [SceneDescription.Item], to after: [SceneDescription.Item]
  ) {
    guard a.type == .attachment, a.strings["attachedTo"] != nil, let anchor = a.points["anchor"],
      let i = after.firstIndex(where: { $0.id == a.items.first })
    else { return }
    let turn = after[i].rotation - before[i].rotation
    let moved = after[i].center + (anchor - before[i].center).rotated(by: turn)
    a.points["anchor"] = moved
    if let axis = a.points["axis"] {
      let v = Vector(dx: axis.x, dy: axis.y).rotated(by: turn)
      a.points["axis"] = Point(x: v.dx, y: v.dy)
    }
  }
}
