// hooke-bench: release-mode benchmarks. `swift run -c release hooke-bench [filter]` (or `make bench`).
let harness = BenchmarkHarness(filter: CommandLine.arguments.dropFirst().first)
print("# hooke-bench: mean, min and 95th percentile in microseconds")
runDynamicsBenchmarks(harness)
