import Geometry2D
import SandboxCore

/// The inspector: the selection's properties as the tuning panel's parameters (`Tab` shows them in the
/// dock, with `inspection` under them), so they are edited with its sliders, arrow steps and typed values, and refused outside their
/// range by the same checks. Each edit is a build action (`perform`): undoable, and a run of edits of
/// one property is one undo step.
extension PlaygroundScene {
  package var parameters: [TunableParameter] {
    switch selection {
    case .item(let id)?: itemParameters(id)
    case .join(let i)? where document.scene.behaviors.indices.contains(i): joinParameters(i)
    default: []
    }
  }

  /// A number of behavior `index`, edited through `perform`.
  private func number(
    _ label: String, _ key: String, of index: Int, range: ClosedRange<Double>, step: Double, unit: String = "",
    default value: Double
  ) -> TunableParameter {
    TunableParameter(
      label, unit: unit, range: range, step: step,
      get: { [unowned self] in
        document.scene.behaviors.indices.contains(index) ? document.scene.behaviors[index].numbers[key] ?? value : value
      },
      set: { [unowned self] v in
        perform("\(label) \(v)", coalescing: "\(index).\(key)") { (d: inout BuildDocument) throws(BuildRefusal) in
          try d.setNumber(key, ofBehavior: index, to: v)
        }
      })
  }

  /// UIKit's material for an item no item behavior sets (`DynamicItemBehavior`).
  static let materialDefaults: [String: Double] = [
    "density": 1, "elasticity": 0.2, "friction": 0.2, "resistance": 0.1, "angularResistance": 0.1, "charge": 0
  ]

  /// What item `id` has for `key`: the last item behavior holding it that sets the key wins, as in the
  /// engine; else UIKit's default.
  func effective<T>(_ key: String, of id: String, in table: KeyPath<SceneDescription.Behavior, [String: T]>) -> T? {
    document.scene.behaviors.last {
      $0.type == .itemBehavior && $0.items.contains(id) && $0[keyPath: table][key] != nil
    }?[
      keyPath: table][key]
  }

  /// An item's material number: shown as the item has it, written to its own item behavior.
  private func material(
    _ label: String, _ key: String, of id: String, range: ClosedRange<Double>, step: Double, unit: String = ""
  ) -> TunableParameter {
    TunableParameter(
      label, unit: unit, range: range, step: step,
      get: { [unowned self] in effective(key, of: id, in: \.numbers) ?? Self.materialDefaults[key] ?? 0 },
      set: { [unowned self] v in
        guard let m = document.materialIndex(id) else { return }
        perform("\(label) \(v)", coalescing: "\(id).\(key)") { (d: inout BuildDocument) throws(BuildRefusal) in
          try d.setNumber(key, ofBehavior: m, to: v)
        }
      })
  }

  private func flag(_ label: String, _ key: String, of id: String, default value: Bool) -> TunableParameter {
    TunableParameter(
      choice: label, options: ["no", "yes"],
      get: { [unowned self] in (effective(key, of: id, in: \.flags) ?? value) ? 1 : 0 },
      set: { [unowned self] v in
        perform("\(label): \(v == 1 ? "yes" : "no")") { (d: inout BuildDocument) throws(BuildRefusal) in
          try d.setFlag(key, of: id, to: v == 1)
        }
      })
  }

  private func itemParameters(_ id: String) -> [TunableParameter] {
    guard document.materialIndex(id) != nil else { return [] }
    return [
      material("density", "density", of: id, range: 0.05...50, step: 0.05),
      material("elasticity", "elasticity", of: id, range: 0...1, step: 0.05),
      material("friction", "friction", of: id, range: 0...2, step: 0.05),
      material("resistance", "resistance", of: id, range: 0...20, step: 0.1, unit: "/s"),
      material("angular resistance", "angularResistance", of: id, range: 0...20, step: 0.1, unit: "/s"),
      material("charge", "charge", of: id, range: -10...10, step: 0.5),
      rotation(id),
      flag("anchored", "isAnchored", of: id, default: false),
      flag("rotates", "allowsRotation", of: id, default: true)
    ]
  }

  private func rotation(_ id: String) -> TunableParameter {
    TunableParameter(
      "rotation", unit: "rad", range: -Double.pi...Double.pi, step: 0.05,
      get: { [unowned self] in body(id)?.transform.rotationAngle ?? 0 },
      set: { [unowned self] v in
        guard let body = body(id) else { return }
        let center = body.center
        perform("rotation \(v)", coalescing: "\(id).rotation") { (d: inout BuildDocument) throws(BuildRefusal) in
          try d.place(id, at: center, rotation: v)
        }
      })
  }

  private func joinParameters(_ i: Int) -> [TunableParameter] {
    let b = document.scene.behaviors[i]
    switch (b.type, b.attachmentKind) {
    case (.snap, _): return [number("damping", "damping", of: i, range: 0...1, step: 0.05, default: 0.5)]
    case (.attachment, "plain"):
      let spring = [
        number("length", "length", of: i, range: 0...5000, step: 5, unit: "pt", default: 0),
        number("frequency", "frequency", of: i, range: 0...20, step: 0.1, unit: "Hz", default: 0),
        number("damping", "damping", of: i, range: 0...2, step: 0.05, default: 0)
      ]
      return b.points["anchor"] == nil ? spring : spring + [anchor(i, \.x, "anchor x"), anchor(i, \.y, "anchor y")]
    case (.attachment, "limit"):
      return [number("length", "length", of: i, range: 0...5000, step: 5, unit: "pt", default: 0)]
    default: return []
    }
  }

  /// One coordinate of an item–point attachment's anchor.
  private func anchor(_ index: Int, _ axis: WritableKeyPath<Point, Double>, _ label: String) -> TunableParameter {
    TunableParameter(
      label, unit: "pt", range: -10_000...10_000, step: 5, precision: 0,
      get: { [unowned self] in
        document.scene.behaviors.indices.contains(index)
          ? document.scene.behaviors[index].points["anchor"]?[keyPath: axis] ?? 0 : 0
      },
      set: { [unowned self] v in
        guard document.scene.behaviors.indices.contains(index), var p = document.scene.behaviors[index].points["anchor"]
        else { return }
        p[keyPath: axis] = v
        perform("\(label) \(v)", coalescing: "\(index).\(label)") { (d: inout BuildDocument) throws(BuildRefusal) in
          try d.setPoint("anchor", ofBehavior: index, to: p)
        }
      })
  }

  /// What the dock shows under the selection's properties: what it is, then every behavior it
  /// belongs to (the first line is also the scene's note of what is selected).
  package var inspection: [String] {
    switch selection {
    case .item(let id)?:
      guard let i = document.itemIndex(id) else { return [] }
      let item = document.scene.items[i]
      let within = document.scene.behaviors.filter { $0.items.contains(id) || $0.strings["attachedTo"] == id }
      let heading = within.isEmpty ? "in no behavior" : "in \(within.count) behavior\(within.count == 1 ? "" : "s"):"
      return ["\(id): \(item.shape), \(Int(item.size.width)) × \(Int(item.size.height)) pt", heading]
        + within.map { "  " + describe($0) }
    case .join(let i)? where document.scene.behaviors.indices.contains(i):
      let b = document.scene.behaviors[i]
      return [describe(b), joins(b)]
    case .boundary(let id)?:
      guard let boundary = document.boundaries.first(where: { $0.identifier == id }) else { return [] }
      let corners = boundary.points.map { "(\(Int($0.x.rounded())), \(Int($0.y.rounded())))" }
      return [
        "boundary \(id): \(boundary.closed ? "closed" : "open"), \(boundary.points.count) points",
        "  " + corners.joined(separator: " "), "in the collision behavior; Delete removes it"
      ]
    default:
      return ["nothing selected: with the select tool (V), click an item, a boundary or an attachment"]
    }
  }

  /// What an attachment, a snap or a push holds: two items, an item and a point, or the items it moves.
  private func joins(_ b: SceneDescription.Behavior) -> String {
    if let other = b.strings["attachedTo"] { return "joins \(b.items.joined(separator: ", ")) and \(other)" }
    if b.type == .attachment, let p = b.points["anchor"] {
      return "joins \(b.items.joined(separator: ", ")) to the point (\(Int(p.x.rounded())), \(Int(p.y.rounded())))"
    }
    return "acts on \(b.items.joined(separator: ", "))"
  }

  private func describe(_ b: SceneDescription.Behavior) -> String {
    let numbers = b.numbers.keys.sorted().filter { $0 != "angularVelocity" }.map {
      "\($0) \(SceneDescription.number((b.numbers[$0]! * 100).rounded() / 100))"
    }
    let flags = b.flags.keys.sorted().map { "\($0) \(b.flags[$0]!)" }
    var what = b.type == .attachment ? "attachment (\(b.attachmentKind))" : b.type.rawValue
    if let other = b.strings["attachedTo"] { what += " \(b.items[0]) → \(other)" }
    let details = numbers + flags
    return details.isEmpty ? what : "\(what): \(details.joined(separator: ", "))"
  }
}
