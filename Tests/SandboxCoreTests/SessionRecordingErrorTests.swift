import Foundation
import Geometry2D
import Testing
@testable import SandboxCore

/// Bad recordings, each with the line its error must name and what it must say; and seeded random
/// mutations of a real recording, each of which reads with values inside the limits or fails with a
/// `SessionFileError` naming the file and line.
@Suite struct SessionRecordingErrorTests {
  static let header = "hooke-session 1\nscene drag-and-throw\nsize 800 600\nseed 7\nstep 0.004166666666666667\n"
  static let valid =
    header + """
      frame 4
      event pd left 400.0 300.0 1
      event pm 430.0 310.0 30.0 10.0 1
      frame 4
      event w 0.0 1.0 0 1 0 530.0 290.0
      event kd c:i 0 0
      event ku c:i 0
      event r 640.0 480.0
      frame 3
      event pu left 530.0 290.0
      event q
      digest 1f
      """

  struct Row: CustomTestStringConvertible, Sendable {
    var text: String
    var line: Int
    var fragment: String
    var testDescription: String { "line \(line): \(fragment)" }
  }

  static func event(_ e: String) -> String { header + "frame 1\nevent \(e)\n" }

  static let rows: [Row] = [
    Row(
      text: header.replacingOccurrences(of: "size 800 600", with: "size 1e300 600"), line: 3,
      fragment: "whole numbers of points from 16 to 8192"),
    Row(
      text: header.replacingOccurrences(of: "size 800 600", with: "size nan 600"), line: 3, fragment: "from 16 to 8192"),
    Row(
      text: header.replacingOccurrences(of: "size 800 600", with: "size 800.5 600"), line: 3, fragment: "whole numbers"),
    Row(
      text: header.replacingOccurrences(of: "size 800 600", with: "size 800"), line: 3,
      fragment: "expected 'size WIDTH HEIGHT'"),
    Row(
      text: header.replacingOccurrences(of: "scene drag-and-throw", with: "scene a b"), line: 2,
      fragment: "expected 'scene NAME'"),
    Row(
      text: header.replacingOccurrences(of: "seed 7", with: "seed -1"), line: 4,
      fragment: "a whole number from 0 to 2^64 - 1"),
    Row(
      text: header.replacingOccurrences(of: "step 0.004166666666666667", with: "step 1e-300"), line: 5,
      fragment: "SECONDS from 0.0001 to 0.1"),
    Row(
      text: header.replacingOccurrences(of: "step 0.004166666666666667", with: "step inf"), line: 5,
      fragment: "SECONDS from"),
    Row(text: header + "frame 241\n", line: 6, fragment: "from 0 to 240 (one second of steps)"),
    Row(text: header + "frame 99999999999999999999\n", line: 6, fragment: "expected 'frame STEPS'"),
    Row(text: header + "event q\n", line: 6, fragment: "an event before the first 'frame' line"),
    Row(text: event("pd left nan 3 1"), line: 7, fragment: "expected a coordinate from -1000000 to 1000000, got 'nan'"),
    Row(text: event("pd left 3 1e300 1"), line: 7, fragment: "got '1e300'"),
    Row(text: event("pd left 3 3 9999"), line: 7, fragment: "a click count from 0 to 255"),
    Row(text: event("pm 1 2 inf 0 1"), line: 7, fragment: "a coordinate from"),
    Row(text: event("pm 1 2 3 4 256"), line: 7, fragment: "buttons as a number from 0 to 255"),
    Row(text: event("w 1e9 0 0 1 0 5 5"), line: 7, fragment: "a wheel delta from -10000 to 10000"),
    Row(text: event("w 0 1 0 9223372036854775807 0 5 5"), line: 7, fragment: "a whole notch count"),
    Row(text: event("w 0 1 0 1 2 5 5"), line: 7, fragment: "precise as 0 or 1"),
    Row(text: event("pz 0 5 5"), line: 7, fragment: "expected a pinch scale from 0.01 to 100, got '0'"),
    Row(text: event("pz nan 5 5"), line: 7, fragment: "a pinch scale"),
    Row(text: event("pz 1.5 5"), line: 7, fragment: "missing a coordinate"),
    Row(text: event("r -5 600"), line: 7, fragment: "a window width from 0 to 16384"),
    Row(text: event("kd nosuchkey 0 0"), line: 7, fragment: "a key name"),
    Row(text: event("pd left 1 2"), line: 7, fragment: "missing a click count"),
    Row(text: event("pu left 1 2 3"), line: 7, fragment: "1 tokens too many"),
    Row(text: event("zz"), line: 7, fragment: "unknown event kind 'zz'"),
    Row(text: header + "frame 1\ndigest 12\nframe 1\n", line: 8, fragment: "nothing may follow the 'digest' line"),
    Row(text: header + "digest xyz\n", line: 6, fragment: "expected 'digest HEX'"),
    Row(text: header + "scene snap\n", line: 6, fragment: "expected a 'frame', 'event' or 'digest' line"),
    Row(text: "hooke-session 2\n", line: 1, fragment: "not a Hooke session recording"),
    Row(text: "", line: 1, fragment: "not a Hooke session recording"),
    Row(text: "hooke-session 1\n", line: 2, fragment: "expected 'scene NAME'")
  ]

  @Test(arguments: rows) func eachBadRecordingNamesFileLineAndExpectation(_ row: Row) {
    do {
      _ = try SessionRecording.parse(row.text, file: "bad.txt")
      Issue.record("read, but should fail on line \(row.line)")
    } catch {
      #expect(error.file == "bad.txt" && error.line == row.line, "\(error)")
      #expect(error.message.contains(row.fragment), "\(error.message)")
    }
  }

  @Test func windowsLineEndingsRead() throws {
    let r = try SessionRecording.parse(Self.valid.replacingOccurrences(of: "\n", with: "\r\n"), file: "crlf.txt")
    #expect(r.frames.count == 3 && r.finalDigest == 0x1F && r.size == Size(width: 800, height: 600))
  }

  /// Swaps, drops, duplicates and replaces tokens and lines of a valid recording with extremes.
  @Test func mutantsReadWithinTheLimitsOrFailWithANamedError() throws {
    _ = try SessionRecording.parse(Self.valid, file: "valid.txt")
    let extremes = [
      "nan", "-nan", "inf", "-inf", "1e300", "-1e300", "-0", "0", "5e-324", "1e6", "1000001", "-1", "255", "256",
      "9223372036854775807", "18446744073709551616", "0x10", "", "left", "c:x", "q", "frame", "event", "8192", "16",
      "15"
    ]
    var random = SeededRandom(seed: 0x2EC0)
    var read = 0, refused = 0
    for step in 0..<3_000 {
      var lines = Self.valid.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      for _ in 0..<(random.next() % 4 == 0 ? 2 : 1) {
        let l = Int(random.next() % UInt64(lines.count))
        switch random.next() % 6 {
        case 0: lines.remove(at: l)
        case 1: lines.insert(lines[l], at: Int(random.next() % UInt64(lines.count)))
        case 2 where lines[l].count > 1: lines[l].remove(at: Int(random.next() % UInt64(lines[l].count)))
        default:
          if lines[l].isEmpty { continue }
          lines[l][Int(random.next() % UInt64(lines[l].count))] = random.pick(extremes)
        }
      }
      let text = lines.map { $0.joined(separator: " ") }.joined(separator: "\n")
      do {
        let r = try SessionRecording.parse(text, file: "m.txt")
        #expect(Self.withinLimits(r), "step \(step) of seed=0x2EC0:\n\(text)")
        read += 1
      } catch {
        #expect(
          error.file == "m.txt" && error.line >= 1 && error.line <= lines.count + 1 && !error.message.isEmpty,
          "step \(step) of seed=0x2EC0: \(error)")
        refused += 1
      }
    }
    #expect(read > 300 && refused > 300, "read \(read), refused \(refused)")
  }

  static func withinLimits(_ r: SessionRecording) -> Bool {
    let box = SessionRecordingLimits.coordinate
    func ok(_ p: Point) -> Bool { box.contains(p.x) && box.contains(p.y) }
    let header =
      SessionRecordingLimits.side.contains(r.size.width) && SessionRecordingLimits.side.contains(r.size.height)
      && SessionRecordingLimits.step.contains(r.stepDuration)
    return header
      && r.frames.allSatisfy { f in
        Double(f.steps) * r.stepDuration <= SessionRecordingLimits.frameSeconds + r.stepDuration
          && f.events.allSatisfy { e in
            switch e {
            case .pointerDown(_, let p, let n): ok(p) && (0...255).contains(n)
            case .pointerUp(_, let p): ok(p)
            case .pointerMoved(let p, let d, _): ok(p) && ok(Point(x: d.dx, y: d.dy))
            case .wheel(let w):
              ok(w.position) && abs(w.preciseDelta.dx) <= 10_000 && abs(w.preciseDelta.dy) <= 10_000
                && abs(w.notches.x) <= 10_000 && abs(w.notches.y) <= 10_000
            case .pinch(let scale, let c): ok(c) && (0.01...100).contains(scale)
            case .resized(let s): (0...16_384).contains(s.width) && (0...16_384).contains(s.height)
            case .keyDown, .keyUp, .quit: true
            }
          }
      }
  }
}

extension SeededRandom {
  mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}
