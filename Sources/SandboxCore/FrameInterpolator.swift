import Geometry2D

/// Draws the scene between its last two drawn states, so motion is even at any refresh rate.
///
/// The simulation moves in whole 1/240 s steps; a display at 144 Hz takes one step a frame, then two,
/// so a state drawn as stepped jumps 4 pt and 8 pt by turns at 1,000 pt/s. The interpolator keeps the
/// scene's commands from the last few frames that drew different simulated times, and draws this
/// frame's commands where the two kept states either side of `FrameClock.drawTime` (a step behind the
/// clock) put them, blended: what a frame shows then moves by exactly that frame's share of time. What
/// is drawn is this frame's list (a new overlay, a colour, a label show at once); only places blend.
/// It works on what the scene drew, not on its state, so the simulation is read at the same moments
/// as without it and keeps its bits; only the window uses it (a capture draws the stepped states).
package struct FrameInterpolator: Sendable {
  /// The scene as drawn at the last few distinct simulated times, oldest first.
  private var kept: [(time: Double, commands: [DrawCommand])] = []
  /// Enough to reach a step behind at any refresh from 30 Hz, and a frame more when slowed.
  private static let capacity = 6

  package init() {}

  /// Forgets what was kept: after a reset, a new scene or a seek, the earlier frames are no neighbours.
  package mutating func reset() { kept.removeAll(keepingCapacity: true) }

  /// Takes the scene's commands as drawn at simulated `time`, and returns them placed where they were
  /// at `drawTime`: between the two kept states either side of it, or as drawn when it is outside them.
  package mutating func blend(
    _ commands: ArraySlice<DrawCommand>, at time: Double, drawTime: Double
  ) -> [DrawCommand] {
    let current = Array(commands)
    if let last = kept.last, last.time == time {
      kept[kept.count - 1].commands = current
    } else {
      // Time went back (a seek): nothing kept is a neighbour any more.
      if let last = kept.last, last.time > time { kept.removeAll(keepingCapacity: true) }
      if kept.count == Self.capacity { kept.removeFirst() }
      kept.append((time, current))
    }
    guard let after = kept.firstIndex(where: { $0.time > drawTime }), after > 0 else { return current }
    let a = kept[after - 1], b = kept[after]
    let f = (drawTime - a.time) / (b.time - a.time)
    let inA = FrameInterpolator.counterparts(of: current, in: a.commands)
    let inB = b.time == time ? current.indices.map { $0 } : FrameInterpolator.counterparts(of: current, in: b.commands)
    return current.indices.map { i in
      guard let ia = inA[i], let ib = inB[i] else { return current[i] }
      return current[i].placed(like: DrawCommand.blend(a.commands[ia], b.commands[ib], f))
    }
  }

  /// For each command of `later`, the index of the same thing in `earlier`, or nil for one just come.
  /// Drawn lists do not keep their order: a scrolling list's cells come, go and change places. So
  /// each list is cut into runs that end at a text (a cell and its label), and a run is paired with
  /// the first run of `earlier` not yet taken that ends at the same text; their commands pair in order,
  /// as far as the shorter goes. A list with no text is one run: what is added at its end (an overlay)
  /// pairs with nothing, and the rest pairs command by command.
  static func counterparts(of later: [DrawCommand], in earlier: [DrawCommand]) -> [Int?] {
    func runs(_ list: [DrawCommand]) -> [(text: String, start: Int, length: Int)] {
      var out: [(String, Int, Int)] = []
      var start = 0
      for (i, c) in list.enumerated() {
        if case .text(let s, _, _, _, _) = c {
          out.append((s, start, i + 1 - start))
          start = i + 1
        }
      }
      if start < list.count { out.append(("", start, list.count - start)) }
      return out
    }
    var available: [String: [(start: Int, length: Int)]] = [:]
    for run in runs(earlier).reversed() { available[run.text, default: []].append((run.start, run.length)) }
    var pairs = [Int?](repeating: nil, count: later.count)
    for run in runs(later) {
      guard let from = available[run.text]?.popLast() else { continue }
      for k in 0..<min(run.length, from.length) { pairs[run.start + k] = from.start + k }
    }
    return pairs
  }
}

extension DrawCommand {
  /// `b`'s command moved `f` of the way from `a` (0: at `a`, 1: `b`); `b` itself where the two are not
  /// the same shape (another kind, point count or text), since a blend of those would be neither.
  static func blend(_ a: DrawCommand, _ b: DrawCommand, _ f: Double) -> DrawCommand {
    switch (a, b) {
    case (.rect(let c0, let s0, let r0, _, _, _), .rect(let c1, let s1, let r1, let fill, let stroke, let w)):
      return .rect(
        center: mix(c0, c1, f), size: mix(s0, s1, f), rotation: mixAngle(r0, r1, f), fill: fill, stroke: stroke,
        lineWidth: w)
    case (.ellipse(let c0, let s0, let r0, _, _, _), .ellipse(let c1, let s1, let r1, let fill, let stroke, let w)):
      return .ellipse(
        center: mix(c0, c1, f), radii: mix(s0, s1, f), rotation: mixAngle(r0, r1, f), fill: fill, stroke: stroke,
        lineWidth: w)
    case (.polygon(let p0, _), .polygon(let p1, let fill)) where p0.count == p1.count:
      return .polygon(zip(p0, p1).map { mix($0, $1, f) }, fill: fill)
    case (.polyline(let p0, _, _, _), .polyline(let p1, let closed, let color, let w)) where p0.count == p1.count:
      return .polyline(zip(p0, p1).map { mix($0, $1, f) }, closed: closed, color: color, width: w)
    case (.arrow(let a0, let b0, _, _, _), .arrow(let a1, let b1, let color, let w, let head)):
      return .arrow(from: mix(a0, a1, f), to: mix(b0, b1, f), color: color, width: w, headLength: head)
    case (.dashedLine(let a0, let b0, _, _, _, _), .dashedLine(let a1, let b1, let color, let w, let dash, let gap)):
      return .dashedLine(from: mix(a0, a1, f), to: mix(b0, b1, f), color: color, width: w, dash: dash, gap: gap)
    case (.text(let s0, let p0, _, _, _), .text(let s1, let p1, let size, let color, let alignment)) where s0 == s1:
      return .text(s1, at: mix(p0, p1, f), size: size, color: color, alignment: alignment)
    default:
      return b
    }
  }
}

extension DrawCommand {
  /// This command where `other` is (its centre, size, turn or points), in its own colours and text;
  /// itself when the two are not the same shape.
  func placed(like other: DrawCommand) -> DrawCommand {
    switch (self, other) {
    case (.rect(_, _, _, let fill, let stroke, let w), .rect(let c, let size, let r, _, _, _)):
      return .rect(center: c, size: size, rotation: r, fill: fill, stroke: stroke, lineWidth: w)
    case (.ellipse(_, _, _, let fill, let stroke, let w), .ellipse(let c, let radii, let r, _, _, _)):
      return .ellipse(center: c, radii: radii, rotation: r, fill: fill, stroke: stroke, lineWidth: w)
    case (.polygon(let p, let fill), .polygon(let q, _)) where p.count == q.count:
      return .polygon(q, fill: fill)
    case (.polyline(let p, let closed, let color, let w), .polyline(let q, _, _, _)) where p.count == q.count:
      return .polyline(q, closed: closed, color: color, width: w)
    case (.arrow(_, _, let color, let w, let head), .arrow(let a, let b, _, _, _)):
      return .arrow(from: a, to: b, color: color, width: w, headLength: head)
    case (.dashedLine(_, _, let color, let w, let dash, let gap), .dashedLine(let a, let b, _, _, _, _)):
      return .dashedLine(from: a, to: b, color: color, width: w, dash: dash, gap: gap)
    case (.text(let s, _, let size, let color, let alignment), .text(_, let p, _, _, _)):
      return .text(s, at: p, size: size, color: color, alignment: alignment)
    default:
      return self
    }
  }
}

private func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
private func mix(_ a: Point, _ b: Point, _ f: Double) -> Point { Point(x: mix(a.x, b.x, f), y: mix(a.y, b.y, f)) }
private func mix(_ a: Size, _ b: Size, _ f: Double) -> Size {
  Size(width: mix(a.width, b.width, f), height: mix(a.height, b.height, f))
}

/// Turns the short way round: an angle read back through atan2 jumps from π to −π mid-turn.
private func mixAngle(_ a: Double, _ b: Double, _ f: Double) -> Double {
  var d = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
  if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
  return a + d * f
}
