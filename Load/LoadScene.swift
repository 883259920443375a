import Foundation

/// One scene of the load run: built once, then stepped frame by frame; after a warm-up (the first
/// tenth of the frames) its resident memory is the baseline the end is held to.
struct LoadScene {
  var name: String
  /// Builds the scene and returns a closure that advances it one frame of 1/60 s and says whether every
  /// body's state is still finite.
  var make: () -> () -> Bool

  static var all: [LoadScene] {
    [
      LoadScene(name: "springy-1e6", make: SpringyMillion.make),
      LoadScene(name: "pyramid-5050", make: Pyramid.make),
      LoadScene(name: "pin-grid-10000", make: PinGrid.make)
    ]
  }

  struct Result {
    var line: String
    var failures: [String]
  }

  func run(simulatedSeconds: Double) -> Result {
    let started = Date()
    let step = make()
    let frames = max(10, Int(simulatedSeconds * 60))
    let warmUp = frames / 10
    var start = 0
    var finite = true
    var failedAt: Int?
    for frame in 0..<frames {
      if frame == warmUp { start = ResidentMemory.kilobytes() }
      if !step(), finite {
        finite = false
        failedAt = frame
      }
    }
    let end = ResidentMemory.kilobytes()
    let wall = Date().timeIntervalSince(started)
    var failures: [String] = []
    if let failedAt { failures.append("\(name): a body's state stopped being finite at frame \(failedAt)") }
    if end > start + ResidentMemory.allowedGrowth(from: start) {
      failures.append("\(name): resident memory grew from \(start / 1024) MiB to \(end / 1024) MiB")
    }
    let line =
      "load \(name): \(frames) frames (\(String(format: "%.0f", simulatedSeconds)) s simulated) in "
      + "\(String(format: "%.1f", wall)) s; state finite: \(finite); memory after warm-up \(start / 1024) MiB, "
      + "at the end \(end / 1024) MiB"
    return Result(line: line, failures: failures)
  }
}
