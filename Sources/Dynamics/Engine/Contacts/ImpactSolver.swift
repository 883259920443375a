/// Impacts: when two bodies close faster than the restitution threshold within this step, they get an
/// impact impulse that makes their normal velocity −e times what it was (a collision). All the touching
/// points of one pair of bodies are solved together (a box landing flat bounces without spinning), but
/// pairs are handled one after another, and passes repeat until nothing approaches: in a touching chain
/// the impact is handed on pair by pair, as between real stiff bodies, where a simultaneous iterative
/// solve would smear it over the whole chain (the classic Newton's-cradle failure).
///
/// The impulse comes before the bodies have met (they may be up to one step apart), so the pair is also
/// moved by (1 + e)·gap along the normal: the positions they would have had had they met mid-step and
/// separated for the rest of it. That keeps rebound heights exact to the step.
///
/// This type owns the pass's scratch, kept between steps so a step allocates nothing; `ImpactPass` is
/// one run over it.
struct ImpactSolver {
  /// Impact passes per step at most (a chain of n touching bodies needs up to n − 1).
  static let maxPasses = 32

  /// The pass's per-body and per-contact lists (`Scratch` names them), in one buffer laid out for
  /// `listedBodies` bodies and `listedContacts` contacts.
  var lists: [Int32] = []
  /// One bit per contact row, all clear between passes (`ImpactPass.collectCandidates`).
  var rowBits: [UInt64] = []
  var listedBodies = 0, listedContacts = 0
  var points: [ImpactPoint] = []
  var cleared: [Int32] = []
  /// The rows closing in a pass (`ImpactPass.run`), kept between steps so a step allocates nothing.
  var closing: [ClosingRow] = []
  /// The bodies the pass moved this step, with where they were before (a sweep starts there).
  var starts: [FastBody] = []
  /// The contact solver's generation the pair and incidence lists were built for: the contacts keep
  /// their bodies until the next collision pass, so the lists serve every step until then.
  var listedGeneration: UInt64?
  /// The contact solver's generation in which too many bodies were fast for pass 0 to go through their
  /// lists: until the next collision pass, pass 0 screens every row without counting them again (a
  /// falling pile's bodies stay fast; the count cost a tenth of the screen).
  var everyRowGeneration: UInt64?

  /// Runs the passes over the awake contacts' rows; impulses change the bodies' velocities, impact shifts
  /// their positions, and contacts that hit get their began events.
  /// `fastest`: the solver bodies' largest speed and spin this step (`integrateVelocities` notes them).
  mutating func resolve(
    bodies: inout BodySims, states: inout BodyStates, contacts: inout [Contact],
    solver: inout ContactSolver, events: inout [ContactEvent], h: Double, fastest: FastestMotion
  ) {
    starts.removeAll(keepingCapacity: true)
    // Without a row that bounces no point closes at the threshold (every row's is infinite), and only
    // then are the rows' screens current.
    guard solver.hasBouncingRows else { return }
    // No row can approach at the threshold (two bodies at the fastest speed and spin, at the longest
    // lever): a pile at rest skips the passes without looking at a row. NaN speeds fail the test and
    // run the passes.
    let bound = 2 * fastest.speed + 2 * fastest.spin * solver.longestLever
    if bound < 0.999 * PhysicsWorld.restitutionThreshold { return }
    reserve(bodies: bodies.count, contacts: contacts.count)
    // The growing lists move into the pass (not copied, so appending does not reallocate) and back.
    var pass = ImpactPass(
      h: h, listsCurrent: listedGeneration == solver.generation, longestLever: solver.longestLever)
    swap(&pass.starts, &starts)
    swap(&pass.events, &events)
    swap(&pass.cleared, &cleared)
    swap(&pass.closing, &closing)
    pass.triesHotRows = everyRowGeneration != solver.generation
    pass.cleared.removeAll(keepingCapacity: true)
    withMutableBuffers(&bodies, &states, &contacts, &solver.impactScreens) { b, s, cs, screens in
      withScratch { scratch in
        pass.attach(bodies: b, states: s, contacts: cs, screens: screens, scratch: scratch)
        for n in 0..<ImpactSolver.maxPasses {
          if !pass.run(n) { break }
          pass.collectCandidates()
        }
      }
    }
    swap(&pass.starts, &starts)
    swap(&pass.events, &events)
    swap(&pass.cleared, &cleared)
    swap(&pass.closing, &closing)
    if pass.listsCurrent { listedGeneration = solver.generation }
    if !pass.triesHotRows { everyRowGeneration = solver.generation }
    if !cleared.isEmpty { solver.clearImpulses(ofRows: cleared) }
  }

  /// Sizes the scratch for this many bodies and contacts (it only grows, the contacts' part to twice
  /// what is asked).
  mutating func reserve(bodies n: Int, contacts m: Int) {
    if points.count < 64 { points = [ImpactPoint](repeating: ImpactPoint(), count: 64) }
    guard listedBodies < n || listedContacts < m else { return }
    // Laid out again: the lists are rebuilt (the same contacts with more bodies: a change cleared the rows).
    listedGeneration = nil
    listedBodies = Swift.max(listedBodies, n)
    listedContacts = Swift.max(listedContacts, 2 * m)
    let words = (listedContacts + 63) / 64
    lists = [Int32](repeating: -1, count: 4 * listedBodies + 4 * listedContacts + words)
    rowBits = [UInt64](repeating: 0, count: words)
  }

  /// The per-body and per-contact scratch as pointers, for one pass: regions of `lists`, and `points`.
  struct Scratch {
    var pairHead = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var pairNext = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var incidenceHead = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var incidenceNext = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var stamp = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var changed = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var candidates = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var candidateWords = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    var rowBits = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)
    var points = UnsafeMutableBufferPointer<ImpactPoint>(start: nil, count: 0)
  }

  mutating func withScratch(_ body: (Scratch) -> Void) {
    let n = listedBodies, m = listedContacts
    withMutableBuffers(&lists, &rowBits, &points) { lists, rowBits, points in
      let base = lists.baseAddress.unsafelyUnwrapped
      func region(_ start: Int, _ count: Int) -> UnsafeMutableBufferPointer<Int32> {
        UnsafeMutableBufferPointer(start: base + start, count: count)
      }
      // Per body the pair heads, incidence heads, stamps and changed list; per contact the pair links,
      // two incidence links (one per side) and the candidate list; per word of `rowBits` the word list.
      body(
        Scratch(
          pairHead: region(0, n), pairNext: region(n, m), incidenceHead: region(n + m, n),
          incidenceNext: region(2 * n + m, 2 * m), stamp: region(2 * n + 3 * m, n),
          changed: region(3 * n + 3 * m, n), candidates: region(4 * n + 3 * m, m),
          candidateWords: region(4 * n + 4 * m, rowBits.count), rowBits: rowBits, points: points))
    }
  }
}

/// One point of an impact being solved (scratch, reused every step).
struct ImpactPoint {
  var anchorA = Vec2.zero
  var anchorB = Vec2.zero
  /// The normal velocity the point should leave with (−e × its approach speed).
  var target = 0.0
  var mass = 0.0
  var impulse = 0.0
}

/// The largest speed and spin among the bodies noted (NaN when any is NaN). Only solver bodies move and
/// have contact rows: the others are anchored (no velocity), shapeless closed-form springs (no rows), or
/// the world's and empty entries.
struct FastestMotion {
  private var speed2 = 0.0, sum = 0.0
  private(set) var spin = 0.0

  /// Notes a body of state `s` whose squared speed is `v2` (`s.v.lengthSquared`, which the caller has).
  @inline(__always) mutating func note(_ s: BodyState, speedSquared v2: Double) {
    let w = abs(s.w)
    // Written as `maxsd` compares (a NaN keeps what was there, as `Swift.max` does; both are never -0),
    // so the velocity loop pays one instruction each, not four.
    speed2 = v2 > speed2 ? v2 : speed2
    spin = w > spin ? w : spin
    sum += v2 + w
  }

  /// Adds another slice's bodies.
  @inline(__always) mutating func combine(_ other: FastestMotion) {
    speed2 = Swift.max(speed2, other.speed2)
    spin = Swift.max(spin, other.spin)
    sum += other.sum
  }

  /// The largest speed (the square root of the largest square is the largest length, bit for bit: the
  /// root is monotonic and correctly rounded); NaN when a NaN was noted, so the bound fails and the
  /// impact passes run.
  var speed: Double { sum.isNaN ? .nan : speed2.squareRoot() }
}
