#if canImport(Glibc)
  import Glibc
#endif

/// A small benchmark harness: warm up, then time `iterations` runs of a closure with the monotonic clock
/// and print one machine-readable line per benchmark:
///   `bench <group> <name> mean_us=<…> min_us=<…> p95_us=<…> median_us=<…> runs=<n>`
/// (`scripts/bench-peers` compares the medians with the peer engines' harness, which prints the same line.)
/// A harness of our own rather than package-benchmark: it has no dependencies (package-benchmark needs
/// jemalloc and a malloc interposer), builds in seconds, and what we measure is one number per frame or
/// per step, which this reports directly.
struct BenchmarkHarness {
  var filter: String?
  /// The animator's `workerCount` where a benchmark honours it (the box piles).
  var workers = 1
  /// The box piles with `allowsSleeping` off (every body awake, the animator never pausing).
  var awake = false

  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  /// Times `body` `iterations` times after `warmup` untimed runs. `setup` runs once, untimed.
  @discardableResult
  func measure(group: String, name: String, warmup: Int = 5, iterations: Int, _ body: () -> Void) -> Double {
    if let filter, !"\(group)/\(name)".contains(filter) { return 0 }
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
      let t0 = BenchmarkHarness.now()
      body()
      samples.append((BenchmarkHarness.now() - t0) * 1e6)
    }
    return BenchmarkHarness.report(group: group, name: name, samples: samples)
  }

  /// Prints the line for `samples` (microseconds) and returns their mean.
  @discardableResult
  static func report(group: String, name: String, samples: [Double]) -> Double {
    let s = samples.sorted()
    let n = s.count
    let mean = s.reduce(0, +) / Double(n)
    let p95 = s[Swift.min(n - 1, Int(Double(n) * 0.95))]
    let median = n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2])
    func format(_ v: Double) -> String { "\((v * 100).rounded() / 100)" }
    print(
      "bench \(group) \(name) mean_us=\(format(mean)) min_us=\(format(s[0])) p95_us=\(format(p95)) "
        + "median_us=\(format(median)) runs=\(n)")
    fflush(nil)
    return mean
  }
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never) func blackHole<T>(_ value: T) { _ = value }
