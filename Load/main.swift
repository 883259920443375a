// hooke-load: the engine under load, for hours rather than the seconds a test has (scripts/load builds
// it in release mode and runs it). Each scene runs SECONDS of simulated time in frames of 1/60 s; it
// fails (exit 1) when a body's state stops being finite or resident memory keeps growing after the
// warm-up, and the animator churn fails when animators, behaviors or items outlive their last reference.
//
//   hooke-load [SECONDS] [ANIMATORS]      # defaults: 600 s of simulated time, 100,000 animators
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.first.flatMap(Double.init) ?? 600
let animators = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
var failures: [String] = []
for scene in LoadScene.all {
  let result = scene.run(simulatedSeconds: seconds)
  print(result.line)
  failures += result.failures
}
let churn = AnimatorChurn.run(count: animators)
print(churn.line)
failures += churn.failures
if !failures.isEmpty {
  for failure in failures { print("hooke-load: FAILED: \(failure)") }
  exit(1)
}
print("hooke-load: every scene finite and flat; no animator left behind")
