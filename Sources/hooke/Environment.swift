#if canImport(Glibc)
import Glibc
#endif

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
