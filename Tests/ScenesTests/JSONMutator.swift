import SandboxCore
@testable import Scenes

/// Changes one value of a JSON tree the way a careless edit or a hostile file would, and writes the
/// tree back as JSON text.
enum JSONMutator {
  static let replacements: [JSONNode.Value] = [
    .number(1e300, "1e300"), .number(-1e300, "-1e300"), .number(0, "-0"), .number(0, "0"), .number(5e-324, "5e-324"),
    .number(1e6, "1e6"), .number(1_000_001, "1000001"), .number(-1, "-1"), .number(1e15, "1e15"), .number(0.5, "0.5"),
    .number(1.7976931348623157e308, "1.7976931348623157e308"), .number(100_000, "100000"), .number(2, "2"),
    .number(0.25, "0.25"), .number(10, "10"), .number(300, "300"), .number(1, "1"), .number(1e-300, "1e-300"),
    .bool(false),
    .string("NaN"), .string("infinity"), .string("-infinity"), .string(""), .string("b"), .string("a"),
    .string("#FFFFFF"),
    .string(String(repeating: "x", count: 2_000)), .null, .bool(true), .array([]), .object([]),
    .array([
      JSONNode(value: .number(1, "1"), line: 1), JSONNode(value: .number(2, "2"), line: 1),
      JSONNode(value: .number(3, "3"), line: 1)
    ])
  ]

  /// A copy of `node` with one randomly chosen value (at any depth) changed.
  static func mutate(_ node: JSONNode, _ random: inout SeededRandom) -> JSONNode {
    var copy = node
    switch node.value {
    case .object(var members) where !members.isEmpty && random.next() % 3 != 0:
      let i = Int(random.next() % UInt64(members.count))
      switch random.next() % 8 {
      case 0: members.remove(at: i)  // drop a field
      case 1: members.append(members[i])  // write a key twice
      default: members[i].node = mutate(members[i].node, &random)
      }
      copy.value = .object(members)
    case .array(var elements) where !elements.isEmpty && random.next() % 3 != 0:
      let i = Int(random.next() % UInt64(elements.count))
      switch random.next() % 8 {
      case 0: elements.remove(at: i)
      case 1: elements.append(elements[i])  // duplicate an item or behavior
      default: elements[i] = mutate(elements[i], &random)
      }
      copy.value = .array(elements)
    case .number(let v, _) where random.next() % 4 == 0:
      copy.value = .string("\(v)")  // a number in quotes
    default:
      copy.value = random.next() % 6 == 0 ? .array([node]) : random.pick(replacements)  // wrap it, or replace it
    }
    return copy
  }

  static func render(_ node: JSONNode) -> String {
    switch node.value {
    case .null: "null"
    case .bool(let b): "\(b)"
    case .number(_, let text): text
    case .string(let s):
      "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .array(let a): "[" + a.map(render).joined(separator: ", ") + "]"
    case .object(let m): "{\n" + m.map { "\"\($0.key)\": " + render($0.node) }.joined(separator: ",\n") + "}"
    }
  }
}
