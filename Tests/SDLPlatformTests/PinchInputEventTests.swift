import CSDL2
import Geometry2D
import SandboxCore
import Testing

@testable import SDLPlatform

/// SDL's multi-finger gesture, synthesized, through the event pump: a spread is a pinch that zooms
/// in, the same pinch back zooms out by exactly as much, and a turn or one finger is no pinch.
@Suite struct PinchInputEventTests {
  func gesture(dDist: Float, fingers: UInt16 = 2) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_MULTIGESTURE.rawValue
    e.mgesture.touchId = 4242  // no such device: the centre is the pointer's place
    e.mgesture.dDist = dDist
    e.mgesture.dTheta = 0.1
    e.mgesture.x = 0.5
    e.mgesture.y = 0.25
    e.mgesture.numFingers = fingers
    return e
  }

  func scale(_ e: SDL_Event) -> Double? {
    if case .pinch(let s, let center)? = EventPump.translate(e), center.isFinite { return s }
    return nil
  }

  @Test func aSpreadZoomsInAndTheSamePinchBackUndoesIt() throws {
    let spread = try #require(scale(gesture(dDist: 0.02)))
    let back = try #require(scale(gesture(dDist: -0.02)))
    #expect(spread > 1.2 && spread < 1.25, "a fiftieth of the pad: e^0.2 = \(spread)")
    #expect(abs(spread * back - 1) < 1e-12)
  }

  @Test func aTurnOrOneFingerIsNoPinch() {
    #expect(EventPump.translate(gesture(dDist: 0)) == nil)
    #expect(EventPump.translate(gesture(dDist: 0.05, fingers: 1)) == nil)
    #expect(EventPump.translate(gesture(dDist: .nan)) == nil)
  }

  @Test func aHugeSpreadStaysWithinWhatARecordingHolds() throws {
    let s = try #require(scale(gesture(dDist: 1)))
    #expect(s == SessionRecordingLimits.pinchScale.upperBound)
    let e = InputEvent.pinch(scale: s, center: Point(x: 3, y: 4))
    #expect(InputEvent(recordTokens: e.recordTokens) == e, "it reads back from a recording")
  }
}
