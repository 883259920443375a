// hooke-load: the engine under load, for hours rather than the seconds a test has (scripts/load builds
// it in release mode and runs it). Each scene runs SECONDS of simulated time in frames of 1/60 s; it
// fails (exit 1) when a body's state stops being finite or resident memory keeps growing after the
// warm-up, and the animator churn fails when animators, behaviors or items outlive their last reference.
//
//   hooke-load [SECONDS] [ANIMATORS] [SCENE]   # defaults: 600 s simulated, 100,000 animators, every scene
// ANIMATORS 0 leaves the churn out; SCENE (springy-1e6, pyramid-5050, pin-grid-10000) runs that one alone.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let seconds = arguments.first.flatMap(Double.init) ?? 600
let animators = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let only = arguments.dropFirst(2).first
var failures: [String] = []
for scene in LoadScene.all where only == nil || scene.name == only {
  let result = scene.run(simulatedSeconds: seconds)
  print(result.line)
  failures += result.failures
}
if animators > 0 {
  let churn = AnimatorChurn.run(count: animators)
  print(churn.line)
  failures += churn.failures
}
if !failures.isEmpty {
  for failure in failures { print("hooke-load: FAILED: \(failure)") }
  exit(1)
}
print("hooke-load: every scene finite and flat; no animator left behind")
