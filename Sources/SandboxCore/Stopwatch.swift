#if canImport(Glibc)
  import Glibc
#endif

/// Measures how long a scene's stages take, for the HUD. It reads the monotonic clock only to report
/// costs; nothing it returns ever feeds back into a simulation, so replays stay exact.
package enum Stopwatch {
  package static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  /// Runs `body` and returns how many seconds it took.
  @discardableResult
  package static func time(_ body: () -> Void) -> Double {
    let t0 = now()
    body()
    return now() - t0
  }
}
