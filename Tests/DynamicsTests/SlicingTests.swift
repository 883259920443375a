import Geometry2D
import TestSupport
import Testing

@testable import Dynamics

/// Time cut into frames any way gives the same motion, bit for bit: the engine steps in fixed steps,
/// and nothing the animator does between frames (writing items back, settling the closed-form springs'
/// pending steps, checking for rest) may change what a step computes or what an item is shown at.
/// Random scenes of every behavior kind — springs, contacts, joints, fields — run for 2 s three ways.
@Suite struct SlicingTests {
  @Test(arguments: 0..<4)
  func anySlicingGivesTheSameBits(chunk: Int) {
    for seed in UInt64(chunk * 75 + 1)...UInt64(chunk * 75 + 75) {
      let conservative = seed % 2 == 0
      let whole = RandomScene(seed: seed, conservative: conservative)
      whole.animator.advance(by: 2)
      let frames = RandomScene(seed: seed, conservative: conservative)
      for _ in 0..<120 { frames.animator.advance(by: 1.0 / 60) }
      let steps = RandomScene(seed: seed, conservative: conservative)
      for _ in 0..<480 { steps.animator.advance(by: DynamicAnimator.stepDuration) }
      for (name, other) in [("60 Hz frames", frames), ("single steps", steps)] {
        for k in whole.items.indices {
          let a = whole.items[k], b = other.items[k]
          #expect(
            a.center == b.center && a.transform == b.transform,
            "seed \(seed), item \(k), one advance of 2 s vs \(name): \(a.center) \(a.transform) vs \(b.center) \(b.transform)\n\(whole.description)"
          )
        }
      }
    }
  }
}
