/// Sleeping by island, as Box2D does: bodies linked by contacts (touching or speculative) form an
/// island; once every body of an island has rested (`timeToSleep` under the rest thresholds), the island
/// falls asleep at the collision pass: its bodies stop being integrated and solved, and its contacts are
/// kept as they were (no narrow phase, no events). An awake body that gets a contact with a sleeping one,
/// or any write to a sleeping body (position, velocity), wakes that body's whole island. Islands holding
/// a joint do not sleep on their own (the animator still pauses when everything rests).
///
/// Deterministic: islands are found by union-find over the contacts in index order, with the smaller
/// body index as the root, and everything is walked in index order.
/// Per body: union-find parent, and per island root the smallest rest time and whether a joint keeps
/// it awake. Scratch, sized with the bodies and reused every collision pass.
struct IslandScratch {
  var parent: [Int32] = []
  var minSleep: [Double] = []
  var noSleep: [Bool] = []

  mutating func reserve(_ n: Int) {
    guard parent.count < n else { return }
    parent = [Int32](repeating: 0, count: n)
    minSleep = [Double](repeating: 0, count: n)
    noSleep = [Bool](repeating: false, count: n)
  }

  /// The lists lent as one pass (`IslandPass`).
  mutating func withPass(_ body: (IslandPass) -> Void) {
    withMutableBuffers(&parent, &minSleep, &noSleep) { parent, minSleep, noSleep in
      body(IslandPass(parent: parent, minSleep: minSleep, noSleep: noSleep))
    }
  }
}

/// One search for resting islands over the scratch's lists: every body its own island, then the
/// contacts and joints join them (`SleepStore.joinIslands`), each root notes its island's shortest
/// rest, and the bodies of islands that rested long enough fall asleep.
struct IslandPass {
  let parent: UnsafeMutableBufferPointer<Int32>
  let minSleep: UnsafeMutableBufferPointer<Double>
  let noSleep: UnsafeMutableBufferPointer<Bool>

  func reset(bodyCount n: Int) {
    for i in 0..<n {
      parent[i] = Int32(i)
      minSleep[i] = .infinity
      noSleep[i] = false
    }
  }

  /// Each awake body's rest time into its root's minimum; a jointed body keeps its island awake.
  func noteRest(of solverBodies: [Int32], _ b: UnsafeMutableBufferPointer<Body>) {
    for i in solverBodies {
      let i = Int(i)
      if b[i].asleep { continue }
      let r = UnionFind.find(parent, i)
      if noSleep[i] { noSleep[r] = true }
      minSleep[r] = Swift.min(minSleep[r], b[i].sleepTime)
    }
  }

  /// Puts to sleep the awake bodies whose island rested `timeToSleep` (still, under the name of its
  /// root); returns how many bodies sleep now.
  func sleepRested(
    _ solverBodies: [Int32], _ b: UnsafeMutableBufferPointer<Body>,
    _ s: UnsafeMutableBufferPointer<BodyState>
  ) -> Int {
    var sleepers = 0
    for i in solverBodies {
      let i = Int(i)
      if b[i].asleep {
        sleepers += 1
        continue
      }
      let r = UnionFind.find(parent, i)
      if noSleep[r] || minSleep[r] < PhysicsWorld.timeToSleep { continue }
      b[i].asleep = true
      b[i].island = Int32(r)
      s[i].v = .zero
      s[i].w = 0
      sleepers += 1
    }
    return sleepers
  }
}

/// The island search at the end of each collision pass, and waking.
extension SleepStore {
  /// End of the collision pass: wake islands an awake body now touches, put resting islands to sleep,
  /// and move the contacts with no awake body behind the awake ones.
  mutating func finishCollisionPass(_ bodies: inout BodyStore, _ contacts: inout ContactStore, joints: [JointRow]) {
    if anyAsleep {
      for i in 0..<contacts.list.count {
        let a = Int(contacts.list[i].bodyA), b = Int(contacts.list[i].bodyB)
        guard b >= 0 else { continue }
        if bodies.sims[a].asleep && bodies.isAwakeDynamic(b) {
          bodies.wakeIsland(bodies.sims[a].island)
        } else if bodies.sims[b].asleep && bodies.isAwakeDynamic(a) {
          bodies.wakeIsland(bodies.sims[b].island)
        }
      }
    }
    sleepRestingIslands(&bodies, contacts.list, joints)
    guard anyAsleep else {
      contacts.awakeCount = contacts.list.count
      return
    }
    contacts.partition(bodies)
  }

  /// Finds the islands of awake bodies and puts to sleep those whose every body has rested long enough.
  mutating func sleepRestingIslands(_ bodies: inout BodyStore, _ contacts: [Contact], _ joints: [JointRow]) {
    guard isEnabled, !bodies.solverBodies.isEmpty else {
      anyAsleep = false
      return
    }
    // An island sleeps when its every body has rested `timeToSleep`; while no awake body has, none can,
    // and the islands need not be found (a pile kept awake skips them every pass).
    let census = bodies.restingCensus()
    if !census.canSleep {
      anyAsleep = census.asleep > 0
      return
    }
    let n = bodies.count
    islands.reserve(n)
    var sleepers = 0
    let solverBodies = bodies.solverBodies
    bodies.withView { v in
      islands.withPass { pass in
        pass.reset(bodyCount: n)
        SleepStore.joinIslands(pass.parent, pass.noSleep, v.sims, v.states, contacts, joints)
        pass.noteRest(of: solverBodies, v.sims)
        sleepers = pass.sleepRested(solverBodies, v.sims, v.states)
      }
    }
    anyAsleep = sleepers > 0
  }

  /// Unions the awake dynamic bodies that touch (by contact) or are jointed, and marks jointed bodies
  /// as keeping their island awake.
  static func joinIslands(
    _ parent: UnsafeMutableBufferPointer<Int32>, _ noSleep: UnsafeMutableBufferPointer<Bool>,
    _ b: UnsafeMutableBufferPointer<Body>, _ s: UnsafeMutableBufferPointer<BodyState>,
    _ contacts: [Contact], _ joints: [JointRow]
  ) {
    @inline(__always) func union(_ x: Int, _ y: Int) {
      let rx = UnionFind.find(parent, x), ry = UnionFind.find(parent, y)
      if rx < ry { parent[ry] = Int32(rx) } else if ry < rx { parent[rx] = Int32(ry) }
    }
    @inline(__always) func awakeDynamic(_ i: Int) -> Bool { s[i].invMass > 0 && !b[i].asleep }
    for c in contacts {
      let a = Int(c.bodyA), bb = Int(c.bodyB)
      if bb >= 0 && awakeDynamic(a) && awakeDynamic(bb) { union(a, bb) }
    }
    for j in joints {
      let a = Int(j.bodyA), bb = Int(j.bodyB)
      if a >= 0 && bb >= 0 { union(a, bb) }
      if a >= 0 { noSleep[a] = true }
      if bb >= 0 { noSleep[bb] = true }
    }
  }
}

extension BodyStore {
  @inline(__always) func isAwakeDynamic(_ i: Int) -> Bool {
    states[i].invMass > 0 && !sims[i].asleep
  }

  /// Wakes every body of island `id`.
  mutating func wakeIsland(_ id: Int32) {
    let solverBodies = self.solverBodies
    sims.withUnsafeMutableBufferPointer { b in
      for i in solverBodies {
        let i = Int(i)
        if b[i].asleep && b[i].island == id {
          b[i].asleep = false
          b[i].island = -1
          b[i].sleepTime = 0
        }
      }
    }
  }

  /// Wakes every sleeping body.
  mutating func wakeAll() {
    for i in solverBodies where sims[Int(i)].asleep {
      sims[Int(i)].asleep = false
      sims[Int(i)].island = -1
      sims[Int(i)].sleepTime = 0
    }
  }

  /// How many solver bodies sleep, and whether some awake one has rested long enough to sleep.
  func restingCensus() -> (asleep: Int, canSleep: Bool) {
    var asleep = 0, canSleep = false
    sims.withUnsafeBufferPointer { b in
      for i in solverBodies {
        if b[Int(i)].asleep { asleep += 1 } else if b[Int(i)].sleepTime >= PhysicsWorld.timeToSleep { canSleep = true }
      }
    }
    return (asleep, canSleep)
  }
}

extension ContactStore {
  /// Copies the previous pass's contacts whose bodies are all asleep or fixed (the narrow phase skipped
  /// them: nothing there moved).
  mutating func keepSleeping(_ bodies: BodyStore) {
    succession = .unknown
    slicesNotingBodies = 0
    for i in 0..<previous.count {
      let a = Int(previous[i].bodyA), b = Int(previous[i].bodyB)
      if bodies.isAwakeDynamic(a) || (b >= 0 && bodies.isAwakeDynamic(b)) { continue }
      if !bodies.sims[a].asleep && !(b >= 0 && bodies.sims[b].asleep) { continue }
      previousMatched[i] = true
      var c = previous[i]
      c.impacted = false
      c.takeMasses(from: bodies.states)
      list.append(c)
    }
  }

  /// Stable partition: the contacts with an awake body first, in their order, then the sleeping ones.
  mutating func partition(_ bodies: BodyStore) {
    succession = .unknown
    slicesNotingBodies = 0
    var sleeping: [Contact] = []
    var awake = 0
    for i in 0..<list.count {
      let a = Int(list[i].bodyA), b = Int(list[i].bodyB)
      if bodies.isAwakeDynamic(a) || (b >= 0 && bodies.isAwakeDynamic(b)) {
        if awake != i { list[awake] = list[i] }
        awake += 1
      } else {
        sleeping.append(list[i])
      }
    }
    list.removeLast(list.count - awake)
    list.append(contentsOf: sleeping)
    awakeCount = awake
  }
}
