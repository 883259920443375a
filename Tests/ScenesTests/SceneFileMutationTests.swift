import Foundation
import Geometry2D
import SandboxCore
import Testing
@testable import Scenes

/// Seeded random mutations of valid scene files — types swapped, fields dropped or duplicated, numbers
/// replaced by extremes, -0, NaN or infinity written as strings, values wrapped in arrays. Each mutant
/// either loads with finite values (then it is built, dragged, run and drawn) or throws a
/// `SceneFileError` naming the file, the line and what was expected. A trap would end the test run.
@Suite struct SceneFileMutationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every behavior kind and most properties, so mutations reach every check.
  static let everything = """
    { "title": "all", "background": "#101820", "referenceBounds": true,
      "items": [ { "id": "a", "center": [100, 100], "size": [40, 30], "rotation": 0.3, "color": "#FF8A3D" },
                 { "id": "b", "center": [200, 100], "size": [20, 20], "shape": "ellipse" },
                 { "id": "c", "center": [300, 100], "size": [30, 30], "shape": "path", "path": [[-15, -15], [15, -15], [0, 15]] } ],
      "behaviors": [
        { "type": "gravity", "items": ["a", "b", "c"], "magnitude": 1, "angle": 1.2 },
        { "type": "gravity", "item": "a", "gravityDirection": [0.1, 1] },
        { "type": "collision", "items": ["a", "b", "c"], "collisionMode": "everything", "translatesReferenceBoundsIntoBoundary": true,
          "boundaries": [ { "identifier": "floor", "from": [0, 300], "to": [400, 300] },
                          { "identifier": "cup", "points": [[10, 10], [20, 40], [30, 10]], "closed": true } ] },
        { "type": "push", "item": "b", "mode": "instantaneous", "magnitude": 0.5, "angle": 2, "active": true },
        { "type": "push", "item": "c", "pushDirection": [1, 0] },
        { "type": "attachment", "item": "a", "anchor": [100, 20], "offsetFromCenter": [5, 5], "length": 80, "damping": 0.5, "frequency": 2 },
        { "type": "attachment", "item": "b", "attachedTo": "c", "attachedOffsetFromCenter": [1, 1], "length": 50 },
        { "type": "snap", "item": "c", "snapPoint": [200, 200], "damping": 0.3 },
        { "type": "itemBehavior", "items": ["a", "b"], "elasticity": 0.7, "friction": 0.2, "density": 2, "resistance": 0.5,
          "angularResistance": 0.1, "charge": 1, "isAnchored": false, "allowsRotation": true, "linearVelocity": [300, -200],
          "angularVelocity": 4 },
        { "type": "field", "kind": "noise", "items": ["a", "b"], "strength": 2, "smoothness": 0.5, "animationSpeed": 3,
          "region": { "difference": [ { "radius": 300 }, { "size": [20, 20] } ] } },
        { "type": "field", "kind": "linearGravity", "item": "c", "direction": [0, 1], "position": [200, 200], "falloff": 1,
          "minimumRadius": 10, "region": { "inverse": { "intersection": [ "infinite", { "radius": 50 } ] } } },
        { "type": "field", "kind": "drag", "items": ["a", "b", "c"], "strength": 5 } ] }
    """

  static var seeds: [(name: String, json: String)] {
    let files = ["gravity-ball", "snap", "newtons-cradle", "fields"].map { name in
      (
        name: "\(name).json",
        json: (try? String(contentsOf: root.appendingPathComponent("Resources/\(name).json"), encoding: .utf8)) ?? ""
      )
    }
    return files + [(name: "everything.json", json: everything)]
  }

  @Test func mutantsLoadFiniteOrFailWithANamedError() throws {
    let seeds = Self.seeds
    // The seed files themselves are valid.
    for s in seeds { _ = try SceneDescription.parse(Data(s.json.utf8), file: s.name) }
    var random = SeededRandom(seed: 0x5CE9E)
    var loaded = 0, refused = 0
    for step in 0..<2_000 {
      let seed = seeds[Int(random.next() % UInt64(seeds.count))]
      var tree = try JSONReader.read(Array(seed.json.utf8))
      for _ in 0..<(random.next() % 4 == 0 ? 2 : 1) { tree = JSONMutator.mutate(tree, &random) }
      let text = JSONMutator.render(tree)
      let context = "step \(step) of seed=0x5CE9E, from \(seed.name):\n\(text)"
      do {
        let d = try SceneDescription.parse(Data(text.utf8), file: seed.name)
        #expect(Self.allFinite(d), "\(context)")
        Self.exercise(d)
        loaded += 1
      } catch {
        #expect(error.file == seed.name && error.line != nil && !error.message.isEmpty, "\(error) — \(context)")
        #expect(error.description.hasPrefix("\(seed.name):\(error.line ?? 0): "), "\(error) — \(context)")
        refused += 1
      }
    }
    // Both outcomes are common: the mutations neither always break a file nor never do.
    #expect(loaded > 100 && refused > 1000, "loaded \(loaded), refused \(refused)")
  }

  static func allFinite(_ d: SceneDescription) -> Bool {
    let items = d.items.allSatisfy {
      $0.center.isFinite && $0.size.width.isFinite && $0.size.height.isFinite && $0.rotation.isFinite
    }
    let behaviors = d.behaviors.allSatisfy { b in
      b.numbers.allSatisfy { $0.value.isFinite || ($0.value == .infinity && $0.key.hasSuffix("esistance")) }
        && b.points.values.allSatisfy(\.isFinite) && b.boundaries.allSatisfy { $0.points.allSatisfy(\.isFinite) }
    }
    return items && behaviors
  }

  /// Builds the scene, drags its first item, runs a few frames and draws: what the app does with a file.
  static func exercise(_ d: SceneDescription) {
    let scene = FileScene(description: d, name: "mutant")
    scene.resize(to: Size(width: 400, height: 300))
    for _ in 0..<2 { scene.advance(by: 1.0 / 60) }
    if let body = scene.bodies.first {
      scene.handle(.pointerDown(button: .left, position: body.center, clickCount: 1))
      scene.handle(
        .pointerMoved(position: body.center + Vector(dx: 20, dy: 5), delta: Vector(dx: 20, dy: 5), buttons: .left))
    }
    for _ in 0..<2 { scene.advance(by: 1.0 / 60) }
    var list = DrawList()
    scene.draw(into: &list)
  }
}

extension SeededRandom {
  mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}
