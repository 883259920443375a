import CSDL2

/// Process-wide SDL matters: the clock, pacing, and shutting down.
package enum Platform {
  /// Seconds on a monotonic clock.
  package static func now() -> Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }

  package static func sleep(milliseconds: Int) {
    if milliseconds > 0 { SDL_Delay(UInt32(milliseconds)) }
  }

  /// Makes standard output line-buffered so a script tailing the event log sees each line at once.
  package static func lineBufferStandardOutput() { hooke_line_buffer_stdout() }

  /// Writes a line to standard error.
  package static func printError(_ line: String) { hooke_write_stderr(line + "\n") }

  package static func shutdown() {
    if TTF_WasInit() != 0 { TTF_Quit() }
    SDL_Quit()
  }
}
