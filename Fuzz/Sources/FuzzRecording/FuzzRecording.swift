import Scenes

/// One input: when it is UTF-8, `FuzzEntryPoints.recording` parses it as a session recording and, when
/// it reads, replays its first frames headless and draws the last one. Nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
  FuzzEntryPoints.recording(text)
  return 0
}
