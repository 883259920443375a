import Foundation
import Geometry2D
import Testing
@testable import SandboxCore

@Suite struct SessionRecordingTests {
  func sample() -> SessionRecording {
    var r = SessionRecording(
      sceneName: "calibration", size: Size(width: 800, height: 600), seed: 42,
      stepDuration: 1.0 / 240)
    r.frames = [
      .init(steps: 4, events: [.pointerDown(button: .left, position: Point(x: 200.25, y: 0.1 + 0.2), clickCount: 1)]),
      .init(steps: 0),
      .init(
        steps: 5,
        events: [
          .pointerMoved(position: Point(x: 1, y: 2), delta: Vector(dx: 1.0 / 3, dy: -4), buttons: .left),
          .wheel(
            WheelEvent(
              preciseDelta: Vector(dx: 0, dy: 0.3), notches: (0, 0), isPrecise: true, position: Point(x: 5, y: 6))),
          .pinch(scale: 1.0 + 1.0 / 3, center: Point(x: 7.5, y: -0.1)),
          .keyDown(.character("."), modifiers: [.shift, .control], isRepeat: true),
          .keyUp(.function(3), modifiers: []),
          .keyDown(.space, modifiers: [], isRepeat: false),
          .resized(Size(width: 640, height: 480)),
          .pointerUp(button: .right, position: Point(x: -3, y: 4)),
          .quit
        ])
    ]
    r.finalDigest = 0xDEAD_BEEF
    return r
  }

  @Test func roundTripsBitForBit() throws {
    let r = sample()
    let back = try SessionRecording.parse(r.serialized(), file: "s.txt")
    #expect(back == r)
    // 0.1 + 0.2 is not 0.3: the full double survives.
    guard case .pointerDown(_, let p, _) = back.frames[0].events[0] else {
      Issue.record("first event")
      return
    }
    #expect(p.y == 0.1 + 0.2)
  }

  @Test func errorsNameTheFileLineAndWhatWasExpected() {
    #expect(
      throws: SessionFileError(
        file: "x.txt", line: 1,
        message: "expected the first line to be 'hooke-session 1'; this is not a Hooke session recording")
    ) {
      try SessionRecording.parse("hello\n", file: "x.txt")
    }
    var text = sample().serialized()
    text = text.replacingFirst("frame 0", with: "frame -2")
    #expect(
      throws: SessionFileError(
        file: "s.txt", line: 8,
        message: "expected 'frame STEPS' with STEPS a whole number from 0 to 240 (one second of steps)")
    ) {
      try SessionRecording.parse(text, file: "s.txt")
    }
    let badEvent =
      SessionRecording(sceneName: "a", size: Size(width: 100, height: 100), seed: 1, stepDuration: 0.01)
      .headerText + "frame 1\nevent pd sideways 1 2 1\n"
    #expect(
      throws: SessionFileError(
        file: "s.txt", line: 7,
        message:
          "could not read the event 'pd sideways 1 2 1': expected a button (left, middle, right, back, forward), got 'sideways'"
      )
    ) {
      try SessionRecording.parse(badEvent, file: "s.txt")
    }
  }
}

extension String {
  func replacingFirst(_ a: String, with b: String) -> String {
    guard let r = range(of: a) else { return self }
    return replacingCharacters(in: r, with: b)
  }
}
