#if canImport(Glibc)
  import Glibc
#endif
import ArgumentParser
import SandboxCore

/// The process environment as a dictionary (read once; Hooke's libraries take it as a parameter
/// rather than reading globals, so tests can pass their own).
func processEnvironment() -> [String: String] {
  var result: [String: String] = [:]
  var p = environ
  while let entry = p.pointee {
    let s = String(cString: entry)
    if let eq = s.firstIndex(of: "=") { result[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
    p += 1
  }
  return result
}

/// The environment with the variables Hooke reads checked: `HOOKE_FONT`, when set and not empty, must
/// name a readable TrueType or OpenType font file (an empty one counts as unset). A wrong value is an
/// error naming the variable, not a silent fallback to the bitmap font.
func checkedEnvironment() throws -> [String: String] {
  var environment = processEnvironment()
  if let font = environment["HOOKE_FONT"] {
    if font.isEmpty {
      environment["HOOKE_FONT"] = nil
    } else if let problem = fontFileProblem(font) {
      throw ValidationError(
        "HOOKE_FONT=\(font): \(problem); set it to a .ttf or .otf file, or unset it to use the installed fonts")
    }
  }
  return environment
}

/// Why `path` is not a font file, or nil when it starts like one (TrueType, OpenType or a collection).
func fontFileProblem(_ path: String) -> String? {
  let bytes: [UInt8]
  do {
    bytes = try BoundedFile.read(path, limit: 4, truncating: true)
  } catch {
    return error.message
  }
  let magics: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
  guard magics.contains(where: { bytes.starts(with: $0) }) else { return "not a TrueType or OpenType font" }
  return nil
}
