/// One scene of the peer suite: Box2D's sample or benchmark scene (or one of our own)
/// built through Hooke's public API, the figures it is judged by, and how long it runs. Its twin in
/// `PeerSuite/box2d/scenes.c` builds the same scene against Box2D and measures the same figures.
public struct PeerScene: Sendable {
  /// The name the suite, the C program and the figures file share.
  public let name: String
  /// What the scene is, in one line.
  public let summary: String
  /// Simulated seconds, in 1/60 s frames.
  public let seconds: Double
  /// The figures the scene is judged by (lower is better for each).
  public let judgedBy: [PeerFigure]
  /// Small enough for the debug-build test run (`scripts/test`); the rest run in `scripts/peer-suite`.
  public let isFast: Bool
  let build: @Sendable (PeerWorld) -> Void

  public init(
    name: String, summary: String, seconds: Double, judgedBy: [PeerFigure], isFast: Bool,
    build: @escaping @Sendable (PeerWorld) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.seconds = seconds
    self.judgedBy = judgedBy
    self.isFast = isFast
    self.build = build
  }

  /// Builds the scene in a new world and runs it to the end; with `traceEvery` above 0, prints a
  /// `PeerRun.traceLine` after every `traceEvery`th frame.
  public func run(traceEvery: Int = 0) -> PeerFigureValues {
    PeerRun.measure(makeWorld(), seconds: seconds, traceEvery: traceEvery) { time, values in
      print(PeerRun.traceLine(scene: name, time: time, values))
    }
  }

  /// The scene built and ready to step (for timing it: `hooke-bench peers --time`).
  public func makeWorld() -> PeerWorld {
    let world = PeerWorld()
    build(world)
    world.finish()
    return world
  }
}

extension PeerScene {
  /// Every scene, in the order of docs/peer-suite.md.
  public static let all: [PeerScene] = stacking + robustness + continuous + benchmarks

  /// The scene called `name`, if there is one.
  public static func named(_ name: String) -> PeerScene? { all.first { $0.name == name } }
}
