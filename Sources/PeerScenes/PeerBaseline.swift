import Foundation

/// Box2D's figures for every scene, as `PeerSuite/box2d/scenes.c` writes them:
/// `{"box2d": "<version>", "scenes": {"<scene>": {"<figure>": <value>, …}, …}}`.
public struct PeerBaseline: Sendable {
  public let box2dVersion: String
  public let scenes: [String: PeerFigureValues]

  /// Reads the file at `path`; a missing or malformed file throws an error that names the file and
  /// what is wrong.
  public static func load(path: String) throws -> PeerBaseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PeerBaselineError("\(path): cannot be read")
    }
    return try parse(data, source: path)
  }

  /// Parses the figures file's bytes (`source` names it in errors).
  public static func parse(_ data: Data, source: String) throws -> PeerBaseline {
    let any: Any
    do {
      any = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw PeerBaselineError("\(source): not JSON (\(error))")
    }
    guard let top = any as? [String: Any] else { throw PeerBaselineError("\(source): not a JSON object") }
    guard let version = top["box2d"] as? String else {
      throw PeerBaselineError("\(source): no \"box2d\" version string")
    }
    guard let sceneObjects = top["scenes"] as? [String: Any] else {
      throw PeerBaselineError("\(source): no \"scenes\" object")
    }
    var scenes: [String: PeerFigureValues] = [:]
    for (name, value) in sceneObjects {
      guard let figures = value as? [String: Any] else {
        throw PeerBaselineError("\(source): scene \(name) is not an object")
      }
      var values: PeerFigureValues = [:]
      for (key, v) in figures {
        guard let figure = PeerFigure(rawValue: key) else {
          throw PeerBaselineError("\(source): scene \(name): unknown figure \"\(key)\"")
        }
        guard let n = (v as? NSNumber)?.doubleValue, n.isFinite else {
          throw PeerBaselineError("\(source): scene \(name): \(key) is not a finite number")
        }
        values[figure] = n
      }
      scenes[name] = values
    }
    return PeerBaseline(box2dVersion: version, scenes: scenes)
  }
}

/// What is wrong with a figures file.
public struct PeerBaselineError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
