import Geometry2D

extension SessionRecording {
  /// Parses a recording. Every value is checked against `SessionRecordingLimits`; an error names the
  /// file, the line and what was expected there.
  package static func parse(_ text: String, file: String) throws(SessionFileError) -> SessionRecording {
    // Split on any line break: "\r\n" is one Character in Swift, so a file saved with Windows line
    // endings still reads.
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    if lines.last == "" { lines.removeLast() }
    func fail(_ n: Int, _ what: String) -> SessionFileError { SessionFileError(file: file, line: n + 1, message: what) }
    guard lines.first == header else {
      throw fail(0, "expected the first line to be '\(header)'; this is not a Hooke session recording")
    }
    func field(_ n: Int, _ name: String, _ count: Int, _ what: String) throws(SessionFileError) -> [String] {
      let parts = n < lines.count ? lines[n].split(separator: " ").map(String.init) : []
      guard parts.first == name, parts.count == count + 1 else { throw fail(n, "expected '\(name) \(what)'") }
      return Array(parts.dropFirst())
    }
    let scene = try field(1, "scene", 1, "NAME")[0]
    let sizeParts = try field(2, "size", 2, "WIDTH HEIGHT")
    guard let size = Self.size(sizeParts[0], sizeParts[1]) else {
      throw fail(2, "expected 'size WIDTH HEIGHT' with whole numbers of points from 16 to 8192")
    }
    guard let seed = UInt64(try field(3, "seed", 1, "N")[0]) else {
      throw fail(3, "expected 'seed N' with N a whole number from 0 to 2^64 - 1")
    }
    let limits = SessionRecordingLimits.step
    guard let step = Double(try field(4, "step", 1, "SECONDS")[0]), limits.contains(step) else {
      throw fail(4, "expected 'step SECONDS' with SECONDS from \(limits.lowerBound) to \(limits.upperBound)")
    }
    var rec = SessionRecording(sceneName: scene, size: size, seed: seed, stepDuration: step)
    let maximumSteps = Int((SessionRecordingLimits.frameSeconds / step).rounded(.up))
    for n in 5..<max(5, lines.count) {
      let parts = lines[n].split(separator: " ").map(String.init)
      guard rec.finalDigest == nil else { throw fail(n, "nothing may follow the 'digest' line") }
      switch parts.first {
      case "frame":
        guard parts.count == 2, let steps = Int(parts[1]), (0...maximumSteps).contains(steps) else {
          throw fail(
            n, "expected 'frame STEPS' with STEPS a whole number from 0 to \(maximumSteps) (one second of steps)")
        }
        rec.frames.append(Frame(steps: steps))
      case "event":
        guard !rec.frames.isEmpty else { throw fail(n, "an event before the first 'frame' line") }
        do {
          rec.frames[rec.frames.count - 1].events.append(try InputEvent.parse(recordTokens: Array(parts.dropFirst())))
        } catch {
          throw fail(
            n, "could not read the event '\(parts.dropFirst().joined(separator: " ").prefix(80))': \(error.message)")
        }
      case "digest":
        guard parts.count == 2, let d = UInt64(parts[1], radix: 16) else { throw fail(n, "expected 'digest HEX'") }
        rec.finalDigest = d
      default:
        throw fail(n, "expected a 'frame', 'event' or 'digest' line")
      }
    }
    return rec
  }

  /// A window size from two tokens, when both are whole numbers in `SessionRecordingLimits.side`.
  static func size(_ w: String, _ h: String) -> Size? {
    guard let w = Double(w), let h = Double(h), SessionRecordingLimits.side.contains(w),
      SessionRecordingLimits.side.contains(h),
      w == w.rounded(), h == h.rounded()
    else { return nil }
    return Size(width: w, height: h)
  }
}

/// A problem in a session file, with where it is.
package struct SessionFileError: Error, CustomStringConvertible, Equatable, Sendable {
  package var file: String
  package var line: Int
  package var message: String
  package init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }
  package var description: String { "\(file):\(line): \(message)" }
}
