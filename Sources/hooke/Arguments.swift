import ArgumentParser
import Geometry2D
import Scenes

/// A size on the command line, `WIDTHxHEIGHT` in points.
struct SizeArgument: ExpressibleByArgument, CustomStringConvertible {
  var width: Int
  var height: Int

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          (16...8192).contains(w), (16...8192).contains(h) else { return nil }
    self.init(width: w, height: h)
  }

  var size: Size { Size(width: Double(width), height: Double(height)) }
  var description: String { "\(width)x\(height)" }
  static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}

extension SizeArgument {
  static let sizeHelp = "WIDTHxHEIGHT in points, each from 16 to 8192, e.g. 1280x800"
}

/// Checks a scene name and says which names exist when it is wrong.
func validateScene(_ name: String) throws {
  if name.hasSuffix(".json") {
    if let problem = SceneCatalog.validateSceneFile(name) { throw ValidationError("\(problem)") }
    return
  }
  guard SceneCatalog.entry(named: name) != nil else {
    throw ValidationError("unknown scene '\(name)'; the scenes are: \(SceneCatalog.names.joined(separator: ", ")), or a scene file ending in .json")
  }
}
