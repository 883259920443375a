import ArgumentParser
import Scenes

/// `hooke scenes`: the scene names, one a line, for scripts.
struct ListScenes: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "scenes", abstract: "Print the scene names, one a line.")

  func run() throws {
    for entry in SceneCatalog.entries { print(entry.name) }
  }
}
