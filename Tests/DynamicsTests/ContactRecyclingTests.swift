import Geometry2D
import TestSupport
import Testing
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// Contact recycling: a pair that has hardly moved relative to itself since its manifold was computed
/// gets that manifold held still, its separations following the bodies' motion (`ManifoldFrame`), which
/// must agree with what the narrow phase would compute; a pair that moved further, or turned further
/// in the world, is computed again.
@Suite struct ContactRecyclingTests {
  typealias Box = ManifoldTests.Box

  /// A box's pose and its vertices there: centre `p`, turned by `angle`.
  static func placed(_ p: Vec2, angle: Double, hx: Double, hy: Double) -> (Pose, Box) {
    (Pose(position: p, cos: cos(angle), sin: sin(angle)), Box(x: p.x, y: p.y, hx: hx, hy: hy, angle: angle))
  }

  /// Box B's pose from A's (centre `a`, angle `angleA`) and B's pose relative to it.
  static func relative(_ a: Vec2, _ angleA: Double, offset: Vec2, turn: Double) -> (Vec2, Double) {
    (a + offset.rotated(cos: cos(angleA), sin: sin(angleA)), angleA + turn)
  }

  /// Seeded: a box resting on another (overlap up to the slop, faces within a hair of parallel); the
  /// pair is then carried anywhere, turned together by up to 0.15 rad (within the turn a derived
  /// manifold allows), and moved relative to itself by up to 0.3 pt along each axis and 0.002 rad
  /// (within the tolerance). The manifold derived from the first one keeps its normal, and it matches
  /// the narrow phase's at the new
  /// poses: same points by id, within the pair's drift, separations within a hundredth of a point plus
  /// what the held normal makes of the drift (the drift times the common turn), the normal within the
  /// common turn and B's tilt on A.
  @Test(arguments: 0..<64)
  func aDerivedManifoldIsTheComputedOneHeldStill(seed: UInt64) throws {
    var r = SplitMix(seed: seed)
    let ha = (r.uniform(10, 60), r.uniform(10, 60)), hb = (r.uniform(10, 60), r.uniform(10, 60))
    let angle0 = r.uniform(-3, 3), a0 = Vec2(r.uniform(-500, 500), r.uniform(-500, 500))
    // B on A's top face (y grows downward), its middle over that face.
    let offset0 = Vec2(
      r.uniform(-0.8, 0.8) * min(ha.0, hb.0), -(ha.1 + hb.1) + r.uniform(0, PhysicsWorld.linearSlop))
    let turn0 = r.uniform(-0.003, 0.003)
    let (b0, angleB0) = Self.relative(a0, angle0, offset: offset0, turn: turn0)
    let (poseA0, boxA0) = Self.placed(a0, angle: angle0, hx: ha.0, hy: ha.1)
    let (poseB0, boxB0) = Self.placed(b0, angle: angleB0, hx: hb.0, hy: hb.1)
    let m0 = ManifoldTests.manifold(boxA0, boxB0)
    try #require(m0.count == 2, "seed \(seed)")
    let frame = ManifoldFrame(m0, a: poseA0, b: poseB0)

    let common = r.uniform(-0.15, 0.15)
    let angle1 = angle0 + common, a1 = a0 + Vec2(r.uniform(-50, 50), r.uniform(-50, 50))
    let shift = Vec2(r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3)), turn = r.uniform(-0.002, 0.002)
    let (b1, angleB1) = Self.relative(a1, angle1, offset: offset0 + shift, turn: turn0 + turn)
    let (poseA1, boxA1) = Self.placed(a1, angle: angle1, hx: ha.0, hy: ha.1)
    let (poseB1, boxB1) = Self.placed(b1, angle: angleB1, hx: hb.0, hy: hb.1)
    let fresh = ManifoldTests.manifold(boxA1, boxB1)
    let extent = max(hypot(ha.0, ha.1), hypot(hb.0, hb.1))
    let drift = frame.drift(a: poseA1, b: poseB1, extent: extent).drift
    let derived = try #require(
      frame.recycled(
        a: poseA1, b: poseB1, extent: extent, tolerance: PhysicsWorld.contactRecycleDistance, count: m0.count,
        id0: m0.id0, id1: m0.id1),
      "seed \(seed): drift \(drift)")
    try #require(fresh.count == derived.count, "seed \(seed)")
    #expect(derived.normal == m0.normal, "seed \(seed): the normal is held")
    // The narrow phase's normal is A's face's or B's, which differ by B's whole tilt on A.
    let tilt = abs(turn0) + abs(turn)
    #expect(abs(fresh.normal.cross(derived.normal)) <= abs(common) + tilt + 1e-9, "seed \(seed)")
    #expect(fresh.normal.dot(derived.normal) > 0, "seed \(seed)")
    // Matched by id: the narrow phase may list them in the other order.
    for (k, q) in ManifoldTests.points(derived).enumerated() {
      let j = try #require(ManifoldTests.points(fresh).firstIndex { $0.id == q.id }, "seed \(seed): id \(q.id)")
      #expect((fresh.point(j) - q.point).length <= drift + 1e-9, "seed \(seed): \(fresh.point(j)) vs \(q.point)")
      let s = fresh.separation(j), t = derived.separation(k)
      #expect(abs(s - t) < 0.01 + drift * abs(common), "seed \(seed): separation \(t), computed \(s)")
    }
  }

  /// Seeded: the same pair moved relative to itself by just over the tolerance, along any direction or
  /// by a turn whose sweep over the extent is just over it, gets no derived manifold; nor does the pair
  /// turned together, its relative pose unchanged, just beyond the turn a held normal allows.
  @Test(arguments: 0..<32)
  func aPairBeyondTheToleranceIsComputedAgain(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let tolerance = PhysicsWorld.contactRecycleDistance, extent = r.uniform(30, 200)
    let angle = r.uniform(-3, 3), a = Vec2(r.uniform(-500, 500), r.uniform(-500, 500))
    let offset = Vec2(r.uniform(-20, 20), r.uniform(-60, -20))
    let (b, angleB) = Self.relative(a, angle, offset: offset, turn: 0)
    var m = Manifold()
    m.normal = Vec2(0, -1).rotated(cos: cos(angle), sin: sin(angle))
    m.add(a + Vec2(0, -20).rotated(cos: cos(angle), sin: sin(angle)), -0.2, 1)
    let poseA = Pose(position: a, cos: cos(angle), sin: sin(angle))
    let frame = ManifoldFrame(m, a: poseA, b: Pose(position: b, cos: cos(angleB), sin: sin(angleB)))
    func derived(shift: Vec2, turn: Double) -> Manifold? {
      let (b1, angleB1) = Self.relative(a, angle, offset: offset + shift, turn: turn)
      return frame.recycled(
        a: poseA, b: Pose(position: b1, cos: cos(angleB1), sin: sin(angleB1)), extent: extent,
        tolerance: tolerance, count: 1, id0: 1, id1: 0)
    }
    // The pair turned together, its relative pose unchanged: derived within the turn a held normal
    // allows, computed again beyond it, about either side's centre.
    func turnedTogether(by t: Double, aboutB: Bool) -> Manifold? {
      let (c, s) = (cos(t), sin(t))
      let pivot = aboutB ? b : a
      let a1 = pivot + (a - pivot).rotated(cos: c, sin: s), b1 = pivot + (b - pivot).rotated(cos: c, sin: s)
      let (ca, sa) = (cos(angle + t), sin(angle + t))
      let (cb, sb) = (cos(angleB + t), sin(angleB + t))
      return frame.recycled(
        a: Pose(position: a1, cos: ca, sin: sa), b: Pose(position: b1, cos: cb, sin: sb), extent: extent,
        tolerance: .infinity, count: 1, id0: 1, id1: 0)
    }
    let allowed = acos(ManifoldFrame.leastTurnCos), side = r.chance(0.5) ? 1.0 : -1.0
    #expect(turnedTogether(by: 0.99 * allowed * side, aboutB: r.chance(0.5)) != nil, "seed \(seed)")
    #expect(turnedTogether(by: 1.01 * allowed * side, aboutB: r.chance(0.5)) == nil, "seed \(seed)")
    let direction = r.uniform(0, 2 * .pi), d = Vec2(cos(direction), sin(direction))
    #expect(derived(shift: d * (0.99 * tolerance), turn: 0) != nil, "seed \(seed)")
    #expect(derived(shift: d * (1.01 * tolerance), turn: 0) == nil, "seed \(seed)")
    let turn = asin(tolerance / extent) * (r.chance(0.5) ? 1 : -1)
    #expect(derived(shift: .zero, turn: 0.99 * turn) != nil, "seed \(seed)")
    #expect(derived(shift: .zero, turn: 1.01 * turn) == nil, "seed \(seed)")
    #expect(derived(shift: .zero, turn: .pi) == nil, "seed \(seed): a half turn has no sine")
  }

  /// A collision pass run by hand, as a step runs it (the rows rebuilt, so the next pass's impulses
  /// come back from them).
  static func pass(_ animator: DynamicAnimator) { animator.world.passByHand() }

  /// Seeded: a settled stack of random boxes on the floor (kept awake), its bodies nudged by hand by up
  /// to 0.03 pt along each axis and 0.0003 rad before each of 12 collision passes. Most contacts are
  /// derived rather than computed, and every contact matches the narrow phase's manifold at the poses
  /// of its pass: exactly where it was computed (no drift), within the drift otherwise.
  /// Then a box moved sideways by twice the tolerance has every contact of its computed again.
  @Test(arguments: 0..<8)
  func aStackMatchesTheNarrowPhaseEveryPass(seed: UInt64) throws {
    var r = SplitMix(seed: seed)
    var items: [DynamicBody] = []
    var y = 560.0
    for _ in 0..<5 {
      let w = r.uniform(30, 90), h = r.uniform(20, 60)
      items.append(box(200 + r.uniform(-5, 5), y - h / 2, w, h))
      y -= h + 1
    }
    let collision = CollisionBehavior(items: items)
    collision.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600))
    animator.allowsSleeping = false
    animator.addBehavior(GravityBehavior(items: items))
    animator.addBehavior(collision)
    run(animator, seconds: 1)
    var recycled = 0
    for _ in 0..<12 {
      let before = Self.heldParts(animator.engineProbe)
      for i in 0..<animator.engineProbe.bodySlotCount where animator.engineProbe.body(i).isDynamic {
        let b = animator.engineProbe.body(i)
        let nudge = Vec2(r.uniform(-0.03, 0.03), r.uniform(-0.03, 0.03))
        animator.world.overwriteBody(i, position: b.position + nudge, angle: b.angle + r.uniform(-3e-4, 3e-4))
      }
      Self.pass(animator)
      recycled += animator.engineProbe.recycledContactCount
      try Self.expectContactsMatchTheNarrowPhase(animator.engineProbe, seed: seed)
      try Self.expectDerivedContactsHeld(animator.engineProbe, before: before, seed: seed)
    }
    #expect(recycled > 12 * 3, "seed \(seed): \(recycled) derived")
    let moved = try #require(animator.engineProbe.contacts.first { $0.bodyB >= 0 }?.bodyB)
    let b = animator.engineProbe.body(moved)
    let shift = Vec2(2 * PhysicsWorld.contactRecycleDistance, 0)
    animator.world.overwriteBody(Int(moved), position: b.position + shift, angle: b.angle)
    Self.pass(animator)
    let probe = animator.engineProbe
    for k in probe.contacts.indices where probe.contacts[k].bodyA == moved || probe.contacts[k].bodyB == moved {
      #expect(probe.recyclingDrift(ofContact: k)! < 1e-9, "seed \(seed): contact \(k) was derived")
    }
    try Self.expectContactsMatchTheNarrowPhase(probe, seed: seed)
  }

  /// Each contact's normal and anchors, by its pair.
  static func heldParts(_ probe: EngineProbe) -> [String: (Vec2, [EngineProbe.Anchors])] {
    var parts: [String: (Vec2, [EngineProbe.Anchors])] = [:]
    for (k, c) in probe.contacts.enumerated() {
      parts["\(c.bodyA) \(c.bodyB) \(c.boundary ?? -1)"] = (c.normal, probe.anchors(ofContact: k))
    }
    return parts
  }

  /// Every contact derived this pass (not computed: it drifted) has the normal and the anchors its
  /// predecessor had, exactly: the manifold is held still.
  static func expectDerivedContactsHeld(
    _ probe: EngineProbe, before: [String: (Vec2, [EngineProbe.Anchors])], seed: UInt64
  ) throws {
    for (k, c) in probe.contacts.enumerated() where try #require(probe.recyclingDrift(ofContact: k)) > 0 {
      let (normal, anchors) = try #require(before["\(c.bodyA) \(c.bodyB) \(c.boundary ?? -1)"], "seed \(seed)")
      #expect(c.normal == normal, "seed \(seed): contact \(k)'s normal turned")
      #expect(probe.anchors(ofContact: k) == anchors, "seed \(seed): contact \(k)'s anchors moved")
    }
  }

  /// Every contact against the narrow phase's manifold at the current poses: identical when computed at
  /// them (no drift), otherwise the same points by id within twice the drift and a hundredth of a
  /// point, separations within a fiftieth of a point, normals within 3° (the narrow phase's is whichever
  /// face of the pair separates more).
  static func expectContactsMatchTheNarrowPhase(_ probe: EngineProbe, seed: UInt64) throws {
    for (k, c) in probe.contacts.enumerated() {
      let (fresh, freshIDs) = probe.freshReading(ofContact: k)
      let drift = try #require(probe.recyclingDrift(ofContact: k))
      #expect(drift < PhysicsWorld.contactRecycleDistance, "seed \(seed)")
      try #require(fresh.points.count == c.points.count, "seed \(seed): contact \(k), drift \(drift)")
      if drift < 1e-9 {
        #expect(fresh.separations == c.separations && fresh.normal == c.normal, "seed \(seed): contact \(k)")
        for (p, q) in zip(fresh.points, c.points) { #expect((p - q).length < 1e-9, "seed \(seed)") }
        continue
      }
      #expect(abs(fresh.normal.cross(c.normal)) < 0.05, "seed \(seed): contact \(k)")
      let ids = probe.pointIDs(ofContact: k)
      for (i, q) in c.points.enumerated() {
        let j = try #require(freshIDs.firstIndex(of: ids[i]), "seed \(seed): contact \(k), id \(ids[i])")
        #expect((fresh.points[j] - q).length <= 2 * drift + 0.01, "seed \(seed): contact \(k)")
        #expect(abs(fresh.separations[j] - c.separations[i]) < 0.02, "seed \(seed): contact \(k)")
      }
    }
  }
}

extension PhysicsWorld {
  /// A collision pass and the rows built from it, as a step starts.
  mutating func passByHand() {
    let alone = WorkerPool(count: 1)
    collide(on: alone)
    contacts.prepareRows(&bodies, hasBoundaries: !shapes.boundaries.isEmpty, on: alone)
  }
}

extension Manifold {
  func point(_ k: Int) -> Vec2 { k == 0 ? point0 : point1 }
  func separation(_ k: Int) -> Double { k == 0 ? separation0 : separation1 }
}
