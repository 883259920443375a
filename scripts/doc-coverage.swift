// Lists every public symbol declared in the given modules' sources that has no documentation: neither
// a `///` comment nor a DocC extension file (`# ``Module/Type/member`` ` in the module's .docc folder).
// Usage: swift scripts/doc-coverage.swift SYMBOL-GRAPH-DIR MODULE…   Exit status 1 when any is missing.
import Foundation

func json(_ url: URL) -> [String: Any]? {
  (try? Data(contentsOf: url)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
}

/// The symbols documented by extension files: their paths with the module and disambiguation removed.
func extensionTitles(module: String, root: URL) -> Set<String> {
  let folder = root.appendingPathComponent("Sources/\(module)/\(module).docc")
  guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
  var titles: Set<String> = []
  for case let file as URL in files where file.pathExtension == "md" {
    guard let text = try? String(contentsOf: file, encoding: .utf8),
      let first = text.split(separator: "\n").first, first.hasPrefix("# ``")
    else { continue }
    let link = first.dropFirst(4).prefix { $0 != "`" }
    let parts = link.split(separator: "/").map { $0.split(separator: "-").first.map(String.init) ?? "" }
    titles.insert(
      (parts.first == Substring(module).description ? Array(parts.dropFirst()) : parts).joined(separator: "."))
  }
  return titles
}

let arguments = CommandLine.arguments.dropFirst()
guard let graphs = arguments.first, arguments.count > 1 else {
  FileHandle.standardError.write("usage: doc-coverage.swift SYMBOL-GRAPH-DIR MODULE…\n".data(using: .utf8)!)
  exit(2)
}
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var missing: [String] = []
var checked = 0
for module in arguments.dropFirst() {
  let documented = extensionTitles(module: module, root: root)
  let folder = URL(fileURLWithPath: graphs).appendingPathComponent(module)
  let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
  guard !files.isEmpty else {
    print("doc-coverage: no symbol graph for \(module) in \(folder.path)")
    exit(2)
  }
  for file in files.sorted(by: { $0.path < $1.path }) where file.lastPathComponent.hasSuffix(".symbols.json") {
    for case let symbol as [String: Any] in (json(file)?["symbols"] as? [Any]) ?? [] {
      guard ["public", "open"].contains(symbol["accessLevel"] as? String ?? ""),
        let location = symbol["location"] as? [String: Any],
        let uri = location["uri"] as? String, uri.contains("/Sources/\(module)/")
      else { continue }
      checked += 1
      let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
      if symbol["docComment"] != nil || documented.contains(path) { continue }
      let line = ((location["position"] as? [String: Any])?["line"] as? Int ?? 0) + 1
      let source = uri.replacingOccurrences(of: "file://\(root.path)/", with: "")
      missing.append("\(source):\(line): \(path) has no documentation comment")
    }
  }
}
for line in Set(missing).sorted() { print(line) }
print("doc-coverage: \(checked) public symbols, \(Set(missing).count) undocumented")
exit(missing.isEmpty ? 0 : 1)
