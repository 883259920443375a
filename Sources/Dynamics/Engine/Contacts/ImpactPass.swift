/// One step's impact passes (see `ImpactSolver`) over the world's bodies and their states, contacts and
/// the contact rows' screens (`ImpactScreen`).
/// Pass 0 looks at every row; later passes only at the rows of bodies the previous pass changed (in
/// index order, as a full scan would meet them).
struct ImpactPass {
  var bodies = UnsafeMutableBufferPointer<Body>(start: nil, count: 0)
  var states = UnsafeMutableBufferPointer<BodyState>(start: nil, count: 0)
  var contacts = UnsafeMutableBufferPointer<Contact>(start: nil, count: 0)
  /// One per awake contact, index for index.
  var screens = UnsafeMutableBufferPointer<ImpactScreen>(start: nil, count: 0)
  var scratch = ImpactSolver.Scratch()
  let h: Double
  /// The bodies this pass changed, and the next pass's rows (regions of the scratch).
  var changed = IndexList(), candidates = IndexList()
  /// The words of `Scratch.rowBits` that `collectCandidates` set bits in.
  var candidateWords = IndexList()
  var starts: [FastBody] = []
  var events: [ContactEvent] = []
  /// The rows whose accumulated impulses the impacts replaced (the solver forgets them after the pass).
  var cleared: [Int32] = []
  /// This pass's closing rows, to be resolved soonest first (scratch, moved in from `ImpactSolver`).
  var closing: [ClosingRow] = []
  /// The per-body contact lists stand from an earlier step since the last collision pass; else they are
  /// built when the first impact is found.
  var listsCurrent: Bool
  /// The pass stamps were reset for this step (when the first impact was found).
  var stampsReset = false

  /// The rows' longest lever on a side that can turn (`ContactSolver.longestLever`).
  let longestLever: Double
  /// Pass 0 tries the fast bodies' lists first (`screenHotRows`); cleared when it screened every row.
  var triesHotRows = true

  init(h: Double, listsCurrent: Bool, longestLever: Double = 0) {
    self.h = h
    self.listsCurrent = listsCurrent
    self.longestLever = longestLever
  }

  mutating func attach(
    bodies: UnsafeMutableBufferPointer<Body>, states: UnsafeMutableBufferPointer<BodyState>,
    contacts: UnsafeMutableBufferPointer<Contact>, screens: UnsafeMutableBufferPointer<ImpactScreen>,
    scratch: ImpactSolver.Scratch
  ) {
    self.bodies = bodies
    self.states = states
    self.contacts = contacts
    self.screens = screens
    self.scratch = scratch
    changed = IndexList(scratch.changed)
    candidates = IndexList(scratch.candidates)
    candidateWords = IndexList(scratch.candidateWords)
  }

  /// Pass `pass`: resolves every impact it finds, the soonest first; returns whether it found any.
  ///
  /// Soonest first, not in row order: a ball falling fast onto a floor of tiles closes on the tile under
  /// it and on the next tile's corner in the same step, and the corner's impact, on its slant, threw the
  /// ball sideways when its row came first. Each later impact is looked at again before it is resolved:
  /// the sooner ones may have stopped it.
  mutating func run(_ pass: Int) -> Bool {
    closing.removeAll(keepingCapacity: true)
    if pass == 0 {
      if !triesHotRows || !screenHotRows() {
        triesHotRows = false
        screenEveryRow()
      }
    } else {
      // Every candidate has a body the previous pass changed (the candidates are its changed bodies'
      // rows, and nothing has been marked in this pass yet): `closes`'s stamp test would pass them all.
      let first = screens.baseAddress.unsafelyUnwrapped, st = states.baseAddress.unsafelyUnwrapped
      for r in 0..<candidates.count {
        let ci = Int(candidates[r])
        if first[ci].excludes(st, threshold: PhysicsWorld.restitutionThreshold) { continue }
        noteIfClosing(ci, first[ci], st)
      }
    }
    if closing.count > 1 { closing.sort { ($0.time, $0.row) < ($1.time, $1.row) } }
    var applied = false
    for k in closing.indices {
      let ci = Int(closing[k].row)
      if k > 0 && !closes(ci, pass: pass) { continue }
      if !stampsReset { resetStamps() }
      if !listsCurrent { indexContacts() }
      if resolvePair(of: ci, pass: pass) { applied = true }
    }
    return applied
  }

  /// Pass 0's rows when few bodies move fast enough to take part in an impact: only theirs, found
  /// through the incidence lists (`collectCandidates`), in index order, each screened and tested as
  /// every row would be. A body's reach, |v.x| + |v.y| + |ω|·(the longest lever), bounds what it adds to
  /// any of its rows' approach speeds, so a row closes only if its sides' reaches add up to the
  /// threshold, and one of them reaches half of it (a margin covers the rounding; a NaN counts as
  /// fast). The same rows close, in the same order (`closing` is sorted). Returns false, having done
  /// nothing, when more bodies are fast than lists pay for: then every row is screened.
  mutating func screenHotRows() -> Bool {
    let st = states.baseAddress.unsafelyUnwrapped, lever = longestLever
    let cut = 0.4995 * PhysicsWorld.restitutionThreshold, limit = bodies.count / ImpactPass.hotShare
    changed.removeAll()
    for i in 0..<bodies.count {
      let s = st + i
      let reach = abs(s.pointee.v.x) + abs(s.pointee.v.y) + abs(s.pointee.w) * lever
      if reach < cut { continue }
      if changed.count == limit {
        changed.removeAll()
        return false
      }
      changed.append(Int32(i))
    }
    if !listsCurrent { indexContacts() }
    collectCandidates()
    let first = screens.baseAddress.unsafelyUnwrapped
    for r in 0..<candidates.count {
      let ci = Int(candidates[r])
      if first[ci].excludes(st, threshold: PhysicsWorld.restitutionThreshold) { continue }
      noteIfClosing(ci, first[ci], st)
    }
    return true
  }

  /// Pass 0 goes through the fast bodies' lists while at most one body in this many is fast.
  static let hotShare = 8

  /// Pass 0's rows, every one: a loop of its own, the screen's few loads and compares (most rows stop
  /// there) kept apart from the later passes' stamps and candidate lists.
  mutating func screenEveryRow() {
    let first = screens.baseAddress.unsafelyUnwrapped, st = states.baseAddress.unsafelyUnwrapped
    for ci in 0..<screens.count {
      if first[ci].excludes(st, threshold: PhysicsWorld.restitutionThreshold) { continue }
      noteIfClosing(ci, first[ci], st)
    }
  }

  /// Adds row `ci`, past its screen, to `closing` if it closes, with when its first point would touch
  /// (`closingTime`). Not inlined: few rows get here, and the screens' loops keep their registers.
  @inline(never) mutating func noteIfClosing(_ ci: Int, _ screen: ImpactScreen, _ st: UnsafeMutablePointer<BodyState>) {
    let c = contacts.baseAddress.unsafelyUnwrapped + ci
    guard let time = ImpactPass.closingTime(c, screen, st, h: h) else { return }
    closing.append(ClosingRow(time: time, row: Int32(ci)))
  }

  /// Whether row `ci` has a point that approaches faster than the threshold and reaches touching
  /// within the step. Most rows stop at their screen; the rest are tested from their contacts.
  @inline(__always) func closes(_ ci: Int, pass: Int) -> Bool {
    let c = contacts.baseAddress.unsafelyUnwrapped + ci
    if pass > 0 {
      let stamp = scratch.stamp, previous = Int32(pass - 1)
      let bodyA = c.pointee.bodyA, bodyB = c.pointee.bodyB
      if stamp[Int(bodyA)] != previous && (bodyB < 0 || stamp[Int(bodyB)] != previous) { return false }
    }
    // A screen names its sides' state entries (the world's, last, for a boundary): no branch.
    let screen = screens.baseAddress.unsafelyUnwrapped + ci
    let st = states.baseAddress.unsafelyUnwrapped
    if screen.pointee.excludes(st, threshold: PhysicsWorld.restitutionThreshold) { return false }
    return ImpactPass.closesExactly(c, screen.pointee, st, h: h)
  }

  /// `closes` past the screen: the row's own test, from its contact `c` (`closingTime`'s, the time left
  /// unused: this asks again of a row already found closing, after other pairs' impacts).
  @inline(never) static func closesExactly(
    _ c: UnsafeMutablePointer<Contact>, _ screen: ImpactScreen, _ st: UnsafeMutablePointer<BodyState>, h: Double
  ) -> Bool {
    closingTime(c, screen, st, h: h) != nil
  }

  /// Whether row `c` closes (a point approaches faster than the threshold, infinite for a contact that
  /// does not bounce, and reaches touching within the step) and, if so, when its first point would
  /// touch at its present approach speed (0 for one touching already), from one look at its points; nil
  /// when none closes. Static: a method called from the passes copied the whole pass first.
  @inline(__always) static func closingTime(
    _ c: UnsafeMutablePointer<Contact>, _ screen: ImpactScreen, _ st: UnsafeMutablePointer<BodyState>, h: Double
  ) -> Double? {
    let threshold = ContactSolver.impactSpeed(of: c)
    let A = st + Int(screen.stateA), B = st + Int(screen.stateB)
    let n = c.pointee.normal
    // A point's normal speed and, once asked for, its separation.
    struct Look {
      let p: SolverPoint
      let vn: Double
      var separation = Double.nan
    }
    @inline(__always) func look(_ anchorA: Vec2, _ anchorB: Vec2, _ base: Double) -> Look {
      let p = SolverPoint(anchorA: anchorA, anchorB: anchorB, baseSeparation: base, normal: n)
      return Look(p: p, vn: n.dot(B.pointee.v - A.pointee.v) + B.pointee.w * p.rnB - A.pointee.w * p.rnA)
    }
    @inline(__always) func closes(_ l: inout Look) -> Bool {
      guard l.vn < -threshold else { return false }
      l.separation = ContactSolver.separation(l.p, A.pointee, B.pointee, n)
      return l.separation + l.vn * h <= PhysicsWorld.linearSlop
    }
    @inline(__always) func time(_ l: Look) -> Double {
      guard l.vn < 0 else { return .infinity }
      let separation = l.vn < -threshold ? l.separation : ContactSolver.separation(l.p, A.pointee, B.pointee, n)
      return Swift.max(separation, 0) / -l.vn
    }
    // Field by field: a point passed whole was copied with memcpy.
    var first = look(c.pointee.point0.anchorA, c.pointee.point0.anchorB, c.pointee.point0.baseSeparation)
    let firstCloses = closes(&first)
    guard c.pointee.pointCount > 1 else { return firstCloses ? time(first) : nil }
    var second = look(c.pointee.point1.anchorA, c.pointee.point1.anchorB, c.pointee.point1.baseSeparation)
    guard closes(&second) || firstCloses else { return nil }
    return Swift.min(time(first), time(second))
  }

  /// No body changed by a pass of this step yet.
  mutating func resetStamps() {
    stampsReset = true
    for i in 0..<bodies.count { scratch.stamp[i] = -1 }
  }

  /// Links every contact into its body A's pair list and both bodies' incidence lists, in index order.
  mutating func indexContacts() {
    listsCurrent = true
    let head = scratch.pairHead, next = scratch.pairNext
    let incHead = scratch.incidenceHead, incNext = scratch.incidenceNext
    for i in 0..<bodies.count {
      head[i] = -1
      incHead[i] = -1
    }
    var k = screens.count - 1
    while k >= 0 {
      let a = Int(contacts[k].bodyA)
      next[k] = head[a]
      head[a] = Int32(k)
      incNext[2 * k] = incHead[a]
      incHead[a] = Int32(2 * k)
      let bb = Int(contacts[k].bodyB)
      if bb >= 0 {
        incNext[2 * k + 1] = incHead[bb]
        incHead[bb] = Int32(2 * k + 1)
      }
      k -= 1
    }
  }

  /// Solves the impact of row `ci`'s pair of bodies; returns false when none of their points closes.
  mutating func resolvePair(of ci: Int, pass: Int) -> Bool {
    let c = ImpactPair(contacts.baseAddress.unsafelyUnwrapped + ci)
    var A = BodyState.load(states, body: c.bodyA), B = BodyState.load(states, body: c.bodyB)
    let gathered = gather(c, A, B)
    if gathered.count == 0 { return false }
    ImpactPass.solvePoints(scratch.points, gathered.count, normal: c.normal, &A, &B)
    BodyState.store(states, body: c.bodyA, A)
    BodyState.store(states, body: c.bodyB, B)
    mark(c.bodyA, pass: pass)
    if c.bodyB >= 0 { mark(c.bodyB, pass: pass) }
    // The position correction once per contact and step: the first impact's gap is the one it closed.
    if !contacts[ci].impacted && gathered.gap > 0 && gathered.gap.isFinite {
      shift(c, A, B, gap: gathered.gap, held: gathered.held)
    }
    contacts[ci].impacted = true
    return true
  }

  /// Gathers the closing points of every manifold of `c`'s pair facing the same way into the scratch
  /// points, clears those manifolds' accumulated impulses and reports the ones that begin touching.
  /// Returns the number of points, the smallest gap among them, and the smallest separation among the
  /// pair's points that do not close (`held`).
  mutating func gather(_ c: ImpactPair, _ A: BodyState, _ B: BodyState) -> (count: Int, gap: Double, held: Double) {
    let n = c.normal, pts = scratch.points
    var count = 0, gap = Double.infinity, held = Double.infinity
    var j = scratch.pairHead[Int(c.bodyA)]
    while j >= 0 {
      // Through a pointer, field by field: most of body A's contacts are with other bodies, and a
      // contact is 224 bytes.
      let cj = contacts.baseAddress.unsafelyUnwrapped + Int(j)
      if cj.pointee.bodyB == c.bodyB && cj.pointee.normal.dot(n) > 0.999 {
        let restitution = cj.pointee.restitution
        for k in 0..<Int(cj.pointee.pointCount) where count < pts.count {
          let p = k == 0 ? cj.pointee.point0 : cj.pointee.point1
          let s = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
          let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
          if s + vn * h > PhysicsWorld.linearSlop {
            held = Swift.min(held, s)
            continue
          }
          let rnA = p.anchorA.cross(n), rnB = p.anchorB.cross(n)
          let kn = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
          guard kn > 0 else { continue }
          pts[count] = ImpactPoint(
            anchorA: p.anchorA, anchorB: p.anchorB, target: ImpactPass.bounce(restitution, vn), mass: 1 / kn, impulse: 0
          )
          count += 1
          gap = Swift.min(gap, s)
        }
        cleared.append(j)
        if !cj.pointee.isTouching { began(Int(j), A, B) }
      }
      j = scratch.pairNext[Int(j)]
    }
    return (count, gap, held)
  }

  /// Contact `j` hit, even if it is already apart again at the next collision pass: touching, with a
  /// began event where they meet (A's surface point, which has moved with A since the collision pass,
  /// carried across the gap that is left).
  mutating func began(_ j: Int, _ A: BodyState, _ B: BodyState) {
    let cj = contacts[j], n = contacts[j].normal
    contacts[j].isTouching = true
    let p = cj.point0
    let sNow = p.baseSeparation + n.dot(B.displacement(of: p.anchorB) - A.displacement(of: p.anchorA))
    let point = bodies[Int(cj.bodyA)].position + p.anchorA + n * (sNow - 0.5 * p.baseSeparation)
    events.append(ContactEvent(began: true, bodyA: cj.bodyA, bodyB: cj.bodyB, boundary: cj.boundary, point: point))
  }

  /// Solves the pair's gathered points together: each separates at −e times its approach speed. Two
  /// points (most impacts) in closed form (`TwoPointImpact`), more by iteration. Static: a method called
  /// from `resolvePair` copied the whole pass first.
  static func solvePoints(
    _ pts: UnsafeMutableBufferPointer<ImpactPoint>, _ count: Int, normal n: Vec2, _ A: inout BodyState,
    _ B: inout BodyState
  ) {
    if count == 2, let (first, second) = TwoPointImpact.impulses(pts[0], pts[1], normal: n, A, B) {
      pts[0].impulse = first
      pts[1].impulse = second
      let P = n * (first + second)
      A.v -= P * A.invMass
      A.w -= A.invInertia * (first * pts[0].anchorA.cross(n) + second * pts[1].anchorA.cross(n))
      B.v += P * B.invMass
      B.w += B.invInertia * (first * pts[0].anchorB.cross(n) + second * pts[1].anchorB.cross(n))
      return
    }
    for _ in 0..<(count == 1 ? 1 : 12) {
      // An iteration that changes no impulse leaves the velocities as they were: the rest would repeat it.
      var changed = false
      for k in 0..<count {
        let p = pts[k]
        let vn = n.dot(B.velocity(at: p.anchorB) - A.velocity(at: p.anchorA))
        let newImpulse = Swift.max(p.impulse + (p.target - vn) * p.mass, 0)
        let d = newImpulse - p.impulse
        if d != 0 { changed = true }
        pts[k].impulse = newImpulse
        let P = n * d
        A.v -= P * A.invMass
        A.w -= A.invInertia * p.anchorA.cross(P)
        B.v += P * B.invMass
        B.w += B.invInertia * p.anchorB.cross(P)
      }
      if !changed { break }
    }
  }

  /// Notes that this pass changed body `i`.
  mutating func mark(_ i: Int32, pass: Int) {
    if scratch.stamp[Int(i)] != Int32(pass) { changed.append(i) }
    scratch.stamp[Int(i)] = Int32(pass)
  }

  /// Moves the pair by (1 + e)·gap along the normal, split by inverse mass — no further than the pair's
  /// points that are not closing: a body that hits with a swinging corner while pivoting on another is
  /// not pushed through at the pivot. An elasticity above 1 shifts as 1 does (the overshoot mirrored):
  /// its extra energy is in the bounce's speed, and a shift scaled by it would throw the pair anywhere.
  mutating func shift(_ c: ImpactPair, _ A: BodyState, _ B: BodyState, gap: Double, held: Double) {
    let n = c.normal
    let e = Swift.min(c.restitution, 1)
    let shift = Swift.min(gap * (1 + e), Swift.max(held, 0)) / (A.invMass + B.invMass)
    if c.bodyA >= 0 && A.invMass > 0 { move(c.bodyA, by: n * (shift * A.invMass)) }
    if c.bodyB >= 0 && B.invMass > 0 { move(c.bodyB, by: n * (-shift * B.invMass)) }
  }

  mutating func move(_ i: Int32, by d: Vec2) {
    PhysicsWorld.noteImpactStart(&starts, i, bodies[Int(i)].position)
    bodies[Int(i)].position += d
    states[Int(i)].deltaPosition += d
  }

  /// The next pass's rows: every contact of a body this pass changed, in index order, no repeats. Each
  /// row sets its bit in `rowBits`; only the words that got a bit are sorted (a few, where sorting the
  /// rows themselves cost a sort of several times as many), then read out bit by bit and cleared.
  mutating func collectCandidates() {
    candidates.removeAll()
    candidateWords.removeAll()
    let bits = scratch.rowBits
    for body in changed.elements {
      var e = scratch.incidenceHead[Int(body)]
      while e >= 0 {
        let row = Int(e >> 1), w = row >> 6
        if bits[w] == 0 { candidateWords.append(Int32(w)) }
        bits[w] |= 1 << UInt64(row & 63)
        e = scratch.incidenceNext[Int(e)]
      }
    }
    changed.removeAll()
    candidateWords.sort()
    for w in candidateWords.elements {
      var word = bits[Int(w)]
      bits[Int(w)] = 0
      while word != 0 {
        candidates.append(Int32(Int(w) << 6 | word.trailingZeroBitCount))
        word &= word - 1
      }
    }
  }

  /// The separating speed a contact closing at `vn` (< 0) asks for: `restitution` times the approach.
  /// Above 1 a bounce adds energy (UIKit takes any elasticity ≥ 0), but never asks for more than the
  /// speed cap or the approach itself, whichever is faster: a bounce house stays closed and finite.
  @inline(__always) static func bounce(_ restitution: Double, _ vn: Double) -> Double {
    let target = Swift.max(-restitution * vn, 0)
    guard restitution > 1 else { return target }
    return Swift.min(target, Swift.max(-vn, PhysicsWorld.maximumLinearSpeed))
  }
}

/// A row that closes within the step, and when its first point would touch.
struct ClosingRow {
  var time: Double
  var row: Int32
}

/// What the impact pass reads of the contact whose pair it resolves, read field by field (a contact is
/// 224 bytes, and copying it whole cost more than the fields).
struct ImpactPair {
  let bodyA: Int32, bodyB: Int32
  let normal: Vec2
  let restitution: Double

  @inline(__always) init(_ c: UnsafeMutablePointer<Contact>) {
    bodyA = c.pointee.bodyA
    bodyB = c.pointee.bodyB
    normal = c.pointee.normal
    restitution = c.pointee.restitution
  }
}

/// A list of indices in a region of the impact scratch sized for the most it can hold (a pass notes each
/// body, row or word once), so an append is a store: no capacity or uniqueness check per element.
struct IndexList {
  private var base: UnsafeMutablePointer<Int32>?
  private(set) var count = 0

  init(_ region: UnsafeMutableBufferPointer<Int32> = UnsafeMutableBufferPointer(start: nil, count: 0)) {
    base = region.baseAddress
  }

  @inline(__always) subscript(i: Int) -> Int32 { base.unsafelyUnwrapped[i] }

  @inline(__always) mutating func append(_ x: Int32) {
    base.unsafelyUnwrapped[count] = x
    count += 1
  }

  mutating func removeAll() { count = 0 }

  /// Sorts the elements in place.
  func sort() {
    var elements = self.elements
    elements.sort()
  }

  /// The elements, in place.
  var elements: UnsafeMutableBufferPointer<Int32> { UnsafeMutableBufferPointer(start: base, count: count) }
}
