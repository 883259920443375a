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
/// contacts and joints join them (`PhysicsWorld.joinIslands`), each root notes its island's shortest
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
      let r = PhysicsWorld.find(parent, i)
      if noSleep[i] { noSleep[r] = true }
      minSleep[r] = Swift.min(minSleep[r], b[i].sleepTime)
    }
  }

  /// Puts to sleep the awake bodies whose island rested `timeToSleep` (still, under the name of its
  /// root); returns how many bodies sleep now.
  func sleepRested(_ solverBodies: [Int32], _ b: UnsafeMutableBufferPointer<Body>,
                   _ s: UnsafeMutableBufferPointer<BodyState>) -> Int {
    var sleepers = 0
    for i in solverBodies {
      let i = Int(i)
      if b[i].asleep { sleepers += 1; continue }
      let r = PhysicsWorld.find(parent, i)
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

extension PhysicsWorld {
  @inline(__always) func isAwakeDynamic(_ i: Int) -> Bool {
    bodies.states[i].invMass > 0 && !bodies.sims[i].asleep
  }

  /// Copies the previous pass's contacts whose bodies are all asleep or fixed (the narrow phase skipped
  /// them: nothing there moved).
  mutating func keepSleepingContacts() {
    for i in 0..<contacts.previous.count {
      let a = Int(contacts.previous[i].bodyA), b = Int(contacts.previous[i].bodyB)
      if isAwakeDynamic(a) || (b >= 0 && isAwakeDynamic(b)) { continue }
      if !bodies.sims[a].asleep && !(b >= 0 && bodies.sims[b].asleep) { continue }
      contacts.previous[i].matched = true
      var c = contacts.previous[i]
      c.matched = false
      c.impacted = false
      contacts.list.append(c)
    }
  }

  /// Wakes every body of island `id` (and asks for a collision pass when `collide` is true, so their
  /// contacts are solved again).
  mutating func wakeIsland(_ id: Int32, collide: Bool = true) {
    bodies.sims.withUnsafeMutableBufferPointer { b in
      for i in bodies.solverBodies {
        let i = Int(i)
        if b[i].asleep && b[i].island == id {
          b[i].asleep = false
          b[i].island = -1
          b[i].sleepTime = 0
        }
      }
    }
    if collide { needsCollision = true }
  }

  /// Wakes every sleeping island (a behavior changed).
  mutating func wakeAll() {
    guard sleep.anyAsleep else { return }
    for i in bodies.solverBodies where bodies.sims[Int(i)].asleep {
      bodies.sims[Int(i)].asleep = false
      bodies.sims[Int(i)].island = -1
      bodies.sims[Int(i)].sleepTime = 0
    }
    sleep.anyAsleep = false
    needsCollision = true
  }

  @inline(__always) static func find(_ parent: UnsafeMutableBufferPointer<Int32>, _ i: Int) -> Int {
    var r = i
    while Int(parent[r]) != r { r = Int(parent[r]) }
    var k = i
    while Int(parent[k]) != r {
      let next = Int(parent[k])
      parent[k] = Int32(r)
      k = next
    }
    return r
  }

  /// Unions the awake dynamic bodies that touch (by contact) or are jointed, and marks jointed bodies
  /// as keeping their island awake.
  static func joinIslands(_ parent: UnsafeMutableBufferPointer<Int32>, _ noSleep: UnsafeMutableBufferPointer<Bool>,
                          _ b: UnsafeMutableBufferPointer<Body>, _ s: UnsafeMutableBufferPointer<BodyState>,
                          _ contacts: [Contact], _ joints: [JointRow]) {
    @inline(__always) func union(_ x: Int, _ y: Int) {
      let rx = PhysicsWorld.find(parent, x), ry = PhysicsWorld.find(parent, y)
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

  /// End of the collision pass: wake islands an awake body now touches, put resting islands to sleep,
  /// and move the contacts with no awake body behind the awake ones.
  mutating func wakeTouchedIslandsAndPartition() {
    if sleep.anyAsleep {
      for i in 0..<contacts.list.count {
        let a = Int(contacts.list[i].bodyA), b = Int(contacts.list[i].bodyB)
        guard b >= 0 else { continue }
        if bodies.sims[a].asleep && isAwakeDynamic(b) { wakeIsland(bodies.sims[a].island, collide: false) }
        else if bodies.sims[b].asleep && isAwakeDynamic(a) { wakeIsland(bodies.sims[b].island, collide: false) }
      }
    }
    sleepRestingIslands()
    guard sleep.anyAsleep else {
      contacts.awakeCount = contacts.list.count
      return
    }
    // Stable partition: awake contacts first, in their order, then the sleeping ones.
    var sleeping: [Contact] = []
    var awake = 0
    for i in 0..<contacts.list.count {
      let a = Int(contacts.list[i].bodyA), b = Int(contacts.list[i].bodyB)
      if isAwakeDynamic(a) || (b >= 0 && isAwakeDynamic(b)) {
        if awake != i { contacts.list[awake] = contacts.list[i] }
        awake += 1
      } else {
        sleeping.append(contacts.list[i])
      }
    }
    contacts.list.removeLast(contacts.list.count - awake)
    contacts.list.append(contentsOf: sleeping)
    contacts.awakeCount = awake
  }

  /// Finds the islands of awake bodies and puts to sleep those whose every body has rested long enough.
  mutating func sleepRestingIslands() {
    guard !bodies.solverBodies.isEmpty else {
      sleep.anyAsleep = false
      return
    }
    // An island sleeps when its every body has rested `timeToSleep`; while no awake body has, none can,
    // and the islands need not be found (a pile kept awake skips them every pass).
    let census = restingCensus()
    if !census.canSleep {
      sleep.anyAsleep = census.asleep > 0
      return
    }
    let n = bodies.sims.count
    sleep.islands.reserve(n)
    var sleepers = 0
    bodies.sims.withUnsafeMutableBufferPointer { b in
    bodies.states.withUnsafeMutableBufferPointer { s in
      sleep.islands.withPass { pass in
        pass.reset(bodyCount: n)
        PhysicsWorld.joinIslands(pass.parent, pass.noSleep, b, s, contacts.list, joints.rows)
        pass.noteRest(of: bodies.solverBodies, b)
        sleepers = pass.sleepRested(bodies.solverBodies, b, s)
      }
    }
    }
    sleep.anyAsleep = sleepers > 0
  }

  /// How many solver bodies sleep, and whether some awake one has rested long enough to sleep.
  func restingCensus() -> (asleep: Int, canSleep: Bool) {
    var asleep = 0, canSleep = false
    bodies.sims.withUnsafeBufferPointer { b in
      for i in bodies.solverBodies {
        if b[Int(i)].asleep { asleep += 1 } else if b[Int(i)].sleepTime >= PhysicsWorld.timeToSleep { canSleep = true }
      }
    }
    return (asleep, canSleep)
  }
}
