import Foundation

/// Why a scene file did not load: the file, the path to the bad field (`behaviors[2].damping`) and what
/// was expected there. Nothing of a file that fails is applied.
public struct SceneFileError: Error, CustomStringConvertible, Equatable {
  public var file: String
  public var path: String
  public var message: String

  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }

  /// The path of coding keys as people write it: `behaviors[2].damping`.
  static func path(_ keys: [any CodingKey]) -> String {
    var s = ""
    for k in keys {
      if let i = k.intValue { s += "[\(i)]" } else { s += s.isEmpty ? k.stringValue : ".\(k.stringValue)" }
    }
    return s
  }

  /// Translates Foundation's decoding errors into file, path and expectation.
  static func from(_ error: any Error, file: String) -> SceneFileError {
    switch error {
    case let e as SceneFileError:
      return e
    case DecodingError.typeMismatch(let type, let ctx):
      return SceneFileError(file: file, path: path(ctx.codingPath), message: "expected \(describe(type))")
    case DecodingError.valueNotFound(let type, let ctx):
      return SceneFileError(file: file, path: path(ctx.codingPath), message: "expected \(describe(type)), found null")
    case DecodingError.keyNotFound(let key, let ctx):
      return SceneFileError(file: file, path: path(ctx.codingPath + [key]), message: "missing; this field is required")
    case DecodingError.dataCorrupted(let ctx):
      let detail = (ctx.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return SceneFileError(file: file, path: path(ctx.codingPath),
                            message: ctx.codingPath.isEmpty ? "not valid JSON (\(detail ?? ctx.debugDescription))" : ctx.debugDescription)
    default:
      return SceneFileError(file: file, path: "", message: "\(error)")
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type, is [String].Type: "an array"
    default: "\(type)".contains("Array") ? "an array" : "an object"
    }
  }
}
