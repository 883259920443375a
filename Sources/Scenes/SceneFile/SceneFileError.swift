import Foundation

/// Why a scene file did not load: the file, the line, the path to the bad field (`behaviors[2].damping`)
/// and what was expected there. Nothing of a file that fails is applied.
package struct SceneFileError: Error, CustomStringConvertible, Equatable, Sendable {
  package var file: String
  /// The line the bad value starts on (1-based), when the problem is at one place in the file.
  package var line: Int?
  package var path: String
  package var message: String

  package init(file: String, line: Int? = nil, path: String, message: String) {
    self.file = file
    self.line = line
    self.path = path
    self.message = message
  }

  /// `file:line: path: message`, as compilers write it, so editors can jump there.
  package var description: String {
    let at = line.map { "\(file):\($0)" } ?? file
    return path.isEmpty ? "\(at): \(message)" : "\(at): \(path): \(message)"
  }
}
