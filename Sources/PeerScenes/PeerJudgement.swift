/// How a Hooke figure is judged against a reference (Box2D's, or today's recorded one for a known gap):
/// every figure is lower-is-better, and passes when it is at most the reference plus a margin. The
/// margins are for noise only: a relative 10 % on measured lengths, speeds and times, and a small
/// absolute floor for figures whose reference is near zero (a resting stack's speed is 0 in Box2D, which
/// puts a resting island to sleep, and a few pt/s in a solver that has not quite let go). Counts of
/// bodies get no margin.
public enum PeerJudgement {
  public static let relativeMargin = 0.10

  /// The absolute floor of each figure's margin, in its own unit.
  public static func absoluteMargin(_ figure: PeerFigure) -> Double {
    switch figure {
    case .drift, .slide, .sink: 2
    case .speed: 5
    case .rest: 0.25
    case .overlap, .gap: 1
    case .sideways: 10
    case .slid, .escaped, .standing: 0
    }
  }

  /// The most `figure` may be against `reference`.
  public static func allowed(_ figure: PeerFigure, reference: Double) -> Double {
    switch figure {
    case .slid, .escaped, .standing: reference
    default: reference * (1 + relativeMargin) + absoluteMargin(figure)
    }
  }

  /// One judged figure of one scene.
  public struct Line: Sendable {
    public let scene: String
    public let figure: PeerFigure
    public let box2d: Double?
    public let hooke: Double
    /// Box2D's figure, or today's recorded one when the scene is a known gap.
    public let reference: Double?
    public let isKnownGap: Bool

    public var limit: Double? { reference.map { PeerJudgement.allowed(figure, reference: $0) } }
    public var passes: Bool { limit.map { hooke <= $0 } ?? false }

    /// "scene  figure  Box2D  Hooke  verdict", for the suite's table and the tests' output.
    public var row: String {
      func show(_ v: Double?) -> String { v.map { PeerJudgement.format($0, figure) } ?? "—" }
      let verdict: String
      if reference == nil {
        verdict = "NO REFERENCE"
      } else if isKnownGap {
        verdict = passes ? "known gap (today \(show(reference)))" : "WORSE than today \(show(reference))"
      } else {
        verdict = passes ? "holds" : "FAILS (limit \(show(limit)))"
      }
      return
        "\(scene.padded(22)) \(figure.rawValue.padded(9)) \(show(box2d).padded(14)) \(show(hooke).padded(14)) \(verdict)"
    }
  }

  /// The judged lines of `scene` for Hooke's figures `values`.
  public static func lines(for scene: PeerScene, values: PeerFigureValues, box2d: PeerFigureValues?) -> [Line] {
    let today = PeerKnownGaps.today[scene.name]
    return scene.judgedBy.map { figure in
      let reference = today != nil ? today?[figure] : box2d?[figure]
      return Line(
        scene: scene.name, figure: figure, box2d: box2d?[figure], hooke: values[figure] ?? .nan, reference: reference,
        isKnownGap: today != nil)
    }
  }

  public static var header: String {
    "\("scene".padded(22)) \("figure".padded(9)) \("Box2D".padded(14)) \("Hooke".padded(14)) verdict"
  }

  public static func format(_ value: Double, _ figure: PeerFigure) -> String {
    switch figure {
    case .slid, .escaped, .standing: "\(Int(value.rounded())) \(figure.unit)"
    case .rest: "\(fixed(value, 2)) \(figure.unit)"
    default: "\(fixed(value, 1)) \(figure.unit)"
    }
  }

  public static func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (abs(v) * p).rounded()
    let whole = Int(r / p), fraction = Int(r) - whole * Int(p)
    var f = String(fraction)
    while f.count < digits { f = "0" + f }
    return (v < 0 && r > 0 ? "-" : "") + "\(whole)" + (digits > 0 ? ".\(f)" : "")
  }
}

extension String {
  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
