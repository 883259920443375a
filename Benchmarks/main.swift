// hooke-bench: release-mode benchmarks. `scripts/bench [group]` builds and runs it.
// `hooke-bench peers …` runs the peer suite instead (scripts/peer-suite, docs/peer-suite.md).
#if canImport(Glibc)
  import Glibc
#endif
if CommandLine.arguments.dropFirst().first == "peers" {
  exit(runPeerSuiteCommand(Array(CommandLine.arguments.dropFirst(2))))
}
// `hooke-bench [filter] [--workers N] [--awake]`: N threads step the box piles, as scripts/bench-peers
// compares them with Box2D's worker threads; `--awake` keeps every pile body awake (sleeping off), as
// Box2D's `nosleep` figures do.
var arguments = Array(CommandLine.arguments.dropFirst())
var workers = 1
if let k = arguments.firstIndex(of: "--workers") {
  guard k + 1 < arguments.count, let n = Int(arguments[k + 1]), (1...64).contains(n) else {
    print("hooke-bench: --workers takes a whole number in 1...64")
    exit(2)
  }
  workers = n
  arguments.removeSubrange(k...k + 1)
}
let awake = arguments.contains("--awake")
arguments.removeAll { $0 == "--awake" }
let harness = BenchmarkHarness(filter: arguments.first, workers: workers, awake: awake)
print("# hooke-bench: mean, min and 95th percentile in microseconds")
runRendererBenchmarks(harness)
runCollectionLayoutBenchmarks(harness)
runDynamicsBenchmarks(harness)
runFieldViewBenchmarks(harness)
runLayoutForceViewBenchmarks(harness)
runSpringyBenchmarks(harness)
runOscillatorCheck(harness)
runPlaygroundBenchmarks(harness)
runTimelineBenchmarks(harness)
