import Geometry2D

/// Why a build action or an edit was refused; nothing was changed.
package struct BuildRefusal: Error, Equatable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

/// What a person builds in the playground, as the scene file it saves to: a `SceneDescription` laid out
/// one way (one collision behavior holding every item and every drawn boundary, one gravity for every
/// item, one item behavior per item with its material, then attachments, snaps and pushes in the order
/// they were made). The description is the one truth: the window's animator is built from it after
/// every change, undo keeps earlier descriptions, `Ctrl+S` writes it.
///
/// Every change is made on a copy, which must then read back from its own JSON text (every range,
/// reference and shape check a scene file gets); only then does it replace the description. So a
/// refused change leaves nothing half-applied, and whatever the document holds can be saved and loaded.
package struct BuildDocument: Equatable, Sendable {
  package private(set) var scene: SceneDescription

  /// The material a new item gets (UIKit's defaults, with some bounce and grip so stacks stand).
  static let defaultMaterial: [String: Double] = ["density": 1, "elasticity": 0.3, "friction": 0.5]

  package init() {
    scene = SceneDescription(title: "playground", referenceBounds: false, background: nil, items: [], behaviors: [])
    scene.behaviors.append(Self.behavior(.collision))
  }

  /// A document to build on from any scene file's description. Each item without an item behavior of
  /// its own gets an empty one, which changes nothing ("properties you never set leave the item's value
  /// alone", `DynamicItemBehavior`) but gives the inspector and the recorded velocities a place;
  /// boundaries go to the file's first collision behavior, items spawned join its first gravity and
  /// collision behaviors (made when the file has none).
  package init(opening file: SceneDescription) throws(BuildRefusal) {
    var s = file
    for item in file.items where !file.behaviors.contains(where: { $0.type == .itemBehavior && $0.items == [item.id] })
    {
      s.behaviors.append(Self.behavior(.itemBehavior, items: [item.id]))
    }
    scene = s
    scene = try Self.checked(s)
  }

  static func behavior(_ type: SceneDescription.Behavior.Kind, items: [String] = []) -> SceneDescription.Behavior {
    SceneDescription.Behavior(
      type: type, items: items, numbers: [:], flags: [:], strings: [:], points: [:], boundaries: [], region: nil)
  }

  /// `candidate` when it reads back from its own text as itself; else the reader's complaint.
  static func checked(_ candidate: SceneDescription) throws(BuildRefusal) -> SceneDescription {
    do {
      let read = try SceneDescription.parse(Array(candidate.jsonText.utf8), file: "the playground")
      guard read == candidate else { throw BuildRefusal("the scene would not save as it is; nothing changed") }
      return read
    } catch let error as SceneFileError {
      let at = error.path.isEmpty ? "" : "\(error.path): "
      throw BuildRefusal("\(at)\(error.message); nothing changed")
    } catch let refusal as BuildRefusal {
      throw refusal
    } catch {
      throw BuildRefusal("\(error); nothing changed")
    }
  }

  /// Applies `change` to a copy and keeps the copy only when it is a valid scene.
  package mutating func apply(_ change: (inout SceneDescription) throws(BuildRefusal) -> Void) throws(BuildRefusal) {
    var copy = scene
    try change(&copy)
    scene = try Self.checked(copy)
  }

  // MARK: Finding things

  package func itemIndex(_ id: String) -> Int? { scene.items.firstIndex { $0.id == id } }

  /// The collision behavior that holds drawn boundaries and spawned items: the first.
  var collisionIndex: Int? { scene.behaviors.firstIndex { $0.type == .collision } }

  /// The first collision behavior of `s`, made first when there is none.
  static func collision(in s: inout SceneDescription) -> Int {
    if let c = s.behaviors.firstIndex(where: { $0.type == .collision }) { return c }
    s.behaviors.insert(behavior(.collision, items: s.items.map(\.id)), at: 0)
    return 0
  }

  /// The item behavior that holds `id`'s material.
  package func materialIndex(_ id: String) -> Int? {
    scene.behaviors.firstIndex { $0.type == .itemBehavior && $0.items == [id] }
  }

  package var boundaries: [SceneDescription.Boundary] { collisionIndex.map { scene.behaviors[$0].boundaries } ?? [] }

  /// A fresh id: `prefix` and a number one more than any id in the scene ends with.
  func newID(_ prefix: String) -> String {
    let ids = scene.items.map(\.id) + boundaries.map(\.identifier)
    let used = ids.compactMap { id in id.split(separator: "-").last.flatMap { Int($0) } }
    return "\(prefix)-\((used.max() ?? 0) + 1)"
  }
}
