/// The figures a peer scene is judged by. Every one is "lower is better", and each is defined the same
/// way in `PeerSuite/box2d/scenes.c` (docs/peer-suite.md gives the definitions with their reasons).
/// All are read after whole 1/60 s frames; "at the end" is after the scene's last frame.
public enum PeerFigure: String, CaseIterable, Codable, Sendable, Comparable {
  /// pt: the farthest any moving body's centre ends from where it started.
  case drift
  /// pt: the widest sideways (x) move of a moving body's centre, start to end.
  case slide
  /// Bodies whose centre ends more than 50 pt sideways from its start.
  case slid
  /// pt/s: the fastest moving body at the end.
  case speed
  /// s: the end of the last frame in which some moving body was faster than 5 pt/s (Box2D's sleep
  /// threshold, 0.05 m/s); 0 when none ever was.
  case rest
  /// pt: the deepest overlap of two circles at the end (sum of radii less the distance of the centres).
  case overlap
  /// pt: the widest any pin opened during the run (distance between its two bodies' joint points).
  case gap
  /// pt: how far the deepest body with an ideal height ends below it.
  case sink
  /// pt/s: the fastest sideways speed of the ball during the run.
  case sideways
  /// Moving bodies whose centre ends outside the scene's container.
  case escaped
  /// Moving bodies still upright at the end (turned less than 10° from their starting angle).
  case standing

  public static func < (a: PeerFigure, b: PeerFigure) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// The unit printed after the figure.
  public var unit: String {
    switch self {
    case .drift, .slide, .overlap, .gap, .sink: "pt"
    case .speed, .sideways: "pt/s"
    case .rest: "s"
    case .slid, .escaped, .standing: "bodies"
    }
  }
}

/// One scene's figures, by name.
public typealias PeerFigureValues = [PeerFigure: Double]
