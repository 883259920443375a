import Foundation

/// Why a scene file did not load: the file, the line, the path to the bad field (`behaviors[2].damping`)
/// and what was expected there. Nothing of a file that fails is applied.
public struct SceneFileError: Error, CustomStringConvertible, Equatable, Sendable {
  public var file: String
  /// The line the bad value starts on (1-based), when the problem is at one place in the file.
  public var line: Int?
  public var path: String
  public var message: String

  public init(file: String, line: Int? = nil, path: String, message: String) {
    self.file = file
    self.line = line
    self.path = path
    self.message = message
  }

  /// `file:line: path: message`, as compilers write it, so editors can jump there.
  public var description: String {
    let at = line.map { "\(file):\($0)" } ?? file
    return path.isEmpty ? "\(at): \(message)" : "\(at): \(path): \(message)"
  }
}
