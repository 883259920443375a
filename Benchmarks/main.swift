// hooke-bench: release-mode benchmarks. `scripts/bench [group]` builds and runs it.
// `hooke-bench peers …` runs the peer suite instead (scripts/peer-suite, docs/peer-suite.md).
#if canImport(Glibc)
  import Glibc
#endif
if CommandLine.arguments.dropFirst().first == "peers" {
  exit(runPeerSuiteCommand(Array(CommandLine.arguments.dropFirst(2))))
}
let harness = BenchmarkHarness(filter: CommandLine.arguments.dropFirst().first)
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
