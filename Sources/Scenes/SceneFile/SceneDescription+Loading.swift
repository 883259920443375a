import Foundation
import SandboxCore

extension SceneDescription {
  /// Field kinds a file may name.
  package static let fieldKinds = [
    "linearGravity", "radialGravity", "velocity", "noise", "turbulence", "spring",
    "electric", "magnetic", "drag", "vortex"
  ]

  /// The animator's limit on collision behaviors (one collision-group bit each).
  static let maximumCollisionBehaviors = 63

  /// Reads, parses and checks a scene file. Either everything in it is valid or it throws a
  /// `SceneFileError` that names the file, the line, the path to the bad field and what was expected.
  package static func load(path: String) throws(SceneFileError) -> SceneDescription {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path, limit: SceneFileLimits.maximumFileSize)
    } catch {
      throw SceneFileError(file: path, path: "", message: error.message)
    }
    return try parse(bytes, file: path)
  }

  package static func parse(_ data: Data, file: String) throws(SceneFileError) -> SceneDescription {
    try parse([UInt8](data), file: file)
  }

  package static func parse(_ bytes: [UInt8], file: String) throws(SceneFileError) -> SceneDescription {
    let root: JSONNode
    do {
      root = try JSONReader.read(bytes)
    } catch {
      throw SceneFileError(
        file: file, line: error.line, path: error.path,
        message: "not valid JSON at column \(error.column): \(error.message)")
    }
    let field = SceneField(node: root, path: "", file: file)
    let d = try SceneDescription(field)
    do {
      try d.check()
    } catch {
      throw SceneFileError(file: file, line: root.line(at: error.path), path: error.path, message: error.message)
    }
    return d
  }
}

/// A problem `check` finds between parts of the file: the path and what is wrong.
struct SceneCheckFailure: Error {
  var path: String
  var message: String
}
