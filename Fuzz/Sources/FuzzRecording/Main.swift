import CFuzzDriver

/// The program's entry (SwiftPM links `main` to this name): hands the arguments and the input
/// function to libFuzzer.
@_cdecl("FuzzRecording_main")
func fuzzRecordingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
    guard let data else { return 0 }
    return fuzzRecording(data, size)
  }
}
