import Testing
import TestSupport
@testable import Dynamics

/// The impact pass's next candidates (`ImpactPass.collectCandidates`): every row of a body the pass
/// changed, in index order, each once — what sorting the rows and dropping repeats gives — and the row
/// bits left clear for the next pass.
@Suite("Impact pass candidates")
struct ImpactCandidateTests {
  @Test("the rows of the changed bodies, ascending, each once", arguments: 0..<60)
  func candidates(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let bodyCount = 1 + random.int(120), rowCount = 1 + random.int(700)
    // Each row has a body A and, most of the time, a different body B (else a boundary: -1).
    let sides: [(Int, Int)] = (0..<rowCount).map { _ in
      let a = random.int(bodyCount)
      let b = random.chance(0.8) ? random.int(bodyCount) : -1
      return (a, b == a ? -1 : b)
    }
    var solver = ImpactSolver()
    solver.reserve(bodies: bodyCount, contacts: rowCount)
    solver.withScratch { scratch in
      var pass = ImpactPass(h: 1.0 / 240, listsCurrent: true)
      pass.scratch = scratch
      pass.changed = IndexList(scratch.changed)
      pass.candidates = IndexList(scratch.candidates)
      pass.candidateWords = IndexList(scratch.candidateWords)
      // The incidence lists as `indexContacts` links them: each body's rows in ascending order.
      for i in 0..<bodyCount { scratch.incidenceHead[i] = -1 }
      for k in stride(from: rowCount - 1, through: 0, by: -1) {
        let (a, b) = sides[k]
        scratch.incidenceNext[2 * k] = scratch.incidenceHead[a]
        scratch.incidenceHead[a] = Int32(2 * k)
        if b >= 0 {
          scratch.incidenceNext[2 * k + 1] = scratch.incidenceHead[b]
          scratch.incidenceHead[b] = Int32(2 * k + 1)
        }
      }
      // A few passes over random sets of changed bodies, in random order.
      for round in 0..<4 {
        var changed = Array(0..<bodyCount).filter { _ in random.chance(0.2) }
        for i in changed.indices.reversed() { changed.swapAt(i, random.int(i + 1)) }
        for body in changed { pass.changed.append(Int32(body)) }
        pass.collectCandidates()
        let touched = Set(changed)
        let expected = (0..<rowCount).filter {
          touched.contains(sides[$0].0) || (sides[$0].1 >= 0 && touched.contains(sides[$0].1))
        }
        #expect(
          pass.candidates.elements.map(Int.init) == expected,
          "seed \(seed), round \(round): \(pass.candidates.count) candidates, \(expected.count) expected")
        #expect(pass.changed.count == 0)
        #expect(scratch.rowBits.allSatisfy { $0 == 0 }, "seed \(seed), round \(round): row bits left set")
      }
    }
  }
}
