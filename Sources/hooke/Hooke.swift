import ArgumentParser
import SandboxCore
import Scenes

@main
struct Hooke: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hooke",
    abstract: "UIKit Dynamics and collection-view layouts on springs, in a window you can drag and scroll.",
    discussion: helpText,
    version: hookeVersion,
    subcommands: [Run.self, Capture.self, ListScenes.self],
    defaultSubcommand: Run.self)

  static var helpText: String {
    let nameWidth = (SceneCatalog.names.map(\.count).max() ?? 0) + 2
    let scenes = SceneCatalog.entries.map { e in
      "  " + e.name + String(repeating: " ", count: nameWidth - e.name.count) + e.summary
    }
    let keys = SandboxKeys.global.map { k in "  " + k.key + String(repeating: " ", count: 8 - k.key.count) + k.action }
    return
      (["SCENES (default: \(SceneCatalog.defaultName)):"] + scenes + ["", "KEYS:"] + keys
      + ["", "Mouse: drag with the left button; the wheel and trackpad scroll.", "", "SOURCES:"] + sources)
      .joined(separator: "\n")
  }

  /// The articles the scenes come from, as the README's Sources section names them.
  static let sources = [
    "  springy-list, newtonian: objc.io issue 5, \"UICollectionView + UIKit Dynamics\"",
    "    (Ash Furrow)",
    "  springy-carousel, newtons-cradle: \"iOS7 Day-by-Day\" (Sam Davies),",
    "    days 5 and 0",
    "  gravity-ball, slide-menu, drag-and-throw, snap, fields: pro648's UIKit",
    "    Dynamics tutorial (in Chinese), parts 2 to 6; its demo project is",
    "    UIKitDynamics in github.com/pro648/BasicDemos-iOS",
    "  flow-grid: Apple's \"Collection View Programming Guide for iOS\""
  ]
}
