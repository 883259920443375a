import ArgumentParser
import Foundation
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
      (16...8192).contains(w), (16...8192).contains(h)
    else { return nil }
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
    throw ValidationError(
      "unknown scene '\(name)'; the scenes are: \(SceneCatalog.names.joined(separator: ", ")), or a scene file ending in .json"
    )
  }
}

/// Checks that `path` can take a PNG: it ends in .png, is not a folder, and its folder exists — so a
/// long simulation never ends in "could not write".
func validateOutput(_ path: String, flag: String) throws {
  guard path.lowercased().hasSuffix(".png") else {
    throw ValidationError("\(flag) must name a .png file, got '\(path)'")
  }
  var isFolder: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
    throw ValidationError("\(flag) \(path) is a folder; name a .png file")
  }
  let folder = (path as NSString).deletingLastPathComponent
  let dir = folder.isEmpty ? "." : folder
  guard FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder), isFolder.boolValue else {
    throw ValidationError("\(flag) \(path): the folder \(dir) does not exist")
  }
  guard FileManager.default.isWritableFile(atPath: dir) else {
    throw ValidationError("\(flag) \(path): the folder \(dir) is not writable")
  }
}
