// hooke-bench: release-mode benchmarks. `scripts/bench [group]` builds and runs it.
let harness = BenchmarkHarness(filter: CommandLine.arguments.dropFirst().first)
print("# hooke-bench: mean, min and 95th percentile in microseconds")
runRendererBenchmarks(harness)
runCollectionLayoutBenchmarks(harness)
runDynamicsBenchmarks(harness)
runFieldViewBenchmarks(harness)
runLayoutForceViewBenchmarks(harness)
runSpringyBenchmarks(harness)
