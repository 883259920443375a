import Scenes

/// One input: `FuzzEntryPoints.sceneFile` parses it as a scene file and, when it loads, builds it, runs
/// it, drags it and draws it. Nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzEntryPoints.sceneFile(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
