import CPrefetch

extension PhysicsWorld {
  /// How far, in points, a touching pair's relative pose may drift before its manifold is computed
  /// again rather than derived from the bodies' motion (`ManifoldFrame`). Measured: 1, 2.5 and 5 pt
  /// (Box2D's ten slops) held every peer figure alike and derived nearly every contact of a resting
  /// pyramid, 1 pt within a sixth of 5 pt's saving; the 1,000-box pile took the longest to come to rest
  /// at 5 pt (9 % more steps than without recycling) and the shortest at 1 pt, so two slops.
  static let contactRecycleDistance = 2 * linearSlop
  /// The same for a pair not yet touching, held to the speculative distance: a derived manifold keeps
  /// its points, so a corner coming within reach must not go unseen for long.
  static let contactRecycleDistanceApart = Swift.min(contactRecycleDistance, speculativeDistance)
}

/// Contact recycling (the idea of Box2D v3.2's): a pair whose bodies have hardly moved relative to each
/// other since its manifold was computed gets that manifold carried along by their motion, which costs
/// a few rotations where the narrow phase costs its separating axes and clipping.
extension ContactStore {
  /// A body's pose, or the world's for a boundary's side (-1).
  @inline(__always) static func pose(_ i: Int, _ bodies: BodyStore) -> Pose {
    guard i >= 0 else { return .fixed }
    return bodies.sims.withUnsafeBufferPointer { pose(of: $0.baseAddress.unsafelyUnwrapped + i) }
  }

  /// Body `b`'s pose, read through a pointer: copying a `Body` out of its array costs more than the rest
  /// of a recycled manifold.
  @inline(__always) static func pose(of b: UnsafePointer<Body>) -> Pose {
    Pose(position: b.pointee.position, cos: b.pointee.cosAngle, sin: b.pointee.sinAngle)
  }
}

/// The previous pass's contacts as the narrow phase's slices read them (`ContactStore.previous`, its
/// per-body index and the continuous pass's fast bodies), shared by every thread of the pass. Nothing
/// writes them during the pass: which were matched is kept apart (`ContactStore.previousMatched`).
struct PastContacts {
  let list: [Contact]
  /// Their manifolds' frames (`ContactStore.frames`).
  let frames: [ManifoldFrame]
  let head: [Int32]
  let next: [Int32]
  let fastBodies: [FastBody]

  /// The manifold of the pair of bodies `a` and `b` (-1: a boundary segment) derived from `list[p]`,
  /// their contact of the last pass, with the slot of the frame it was derived from; nil when it must
  /// be computed: no frame to derive from, a body the continuous pass just moved, or a relative pose
  /// that drifted beyond the tolerance (the tighter one if the contact was not touching). Reads the
  /// shared state only, so pairs may be derived in any order, or at once.
  func recycledManifold(previous p: Int32, a: Int, b: Int, _ colliding: [CollidingBody]) -> (Manifold, Int32)? {
    guard p >= 0 else { return nil }
    return withBuffers(list, colliding) { list, bodies -> (Manifold, Int32)? in
      let old = list.baseAddress.unsafelyUnwrapped + Int(p)
      let slot = old.pointee.frameSlot
      guard slot >= 0, !movedByContinuousPass(a, b) else { return nil }
      let bodyA = bodies.baseAddress.unsafelyUnwrapped + a
      let bodyB = b >= 0 ? bodies.baseAddress.unsafelyUnwrapped + b : nil
      let extent = Swift.max(bodyA.pointee.extent, bodyB?.pointee.extent ?? 0)
      let tolerance =
        old.pointee.isTouching ? PhysicsWorld.contactRecycleDistance : PhysicsWorld.contactRecycleDistanceApart
      let m = frames.withUnsafeBufferPointer { frames in
        (frames.baseAddress.unsafelyUnwrapped + Int(slot)).pointee.recycled(
          a: bodyA.pointee.pose, b: bodyB?.pointee.pose ?? .fixed, normalOnB: b < 0, extent: extent,
          tolerance: tolerance,
          count: Int(old.pointee.pointCount), id0: old.pointee.point0.id, id1: old.pointee.point1.id)
      }
      return m.map { ($0, slot) }
    }
  }

  /// Whether the last step's continuous pass swept body `a` or `b`: its contacts may have been made for
  /// a pose it jumped from.
  @inline(__always) func movedByContinuousPass(_ a: Int, _ b: Int) -> Bool {
    if fastBodies.isEmpty { return false }
    return fastBodies.contains { Int($0.body) == a || Int($0.body) == b }
  }

  /// Asks the cache for contact `p` of the last pass (ignored past the end).
  @inline(__always) func prefetch(_ p: Int32) {
    guard Int(p) < list.count else { return }
    list.withUnsafeBufferPointer { list in
      let c = UnsafeRawPointer(list.baseAddress.unsafelyUnwrapped + Int(p))
      hooke_prefetch(c)
      hooke_prefetch(c + 64)
      hooke_prefetch(c + 128)
      hooke_prefetch(c + 192)
    }
  }

  /// The contact of the last pass with `key`, among body A's (-1 when there is none). `guess` first
  /// (the one after the last found: while the pairs stand, a pass finds its contacts in the last one's
  /// order), read in sequence where the walk of A's list read the last pass's contacts at random. Keys
  /// are unique within a pass, so the guess finds the contact the walk would.
  @inline(__always) func findPrevious(key: UInt64, bodyA: Int, guess: Int32) -> Int32 {
    if guess >= 0 && Int(guess) < list.count {
      let hit = list.withUnsafeBufferPointer { list in
        let c = list.baseAddress.unsafelyUnwrapped + Int(guess)
        return c.pointee.key == key && Int(c.pointee.bodyA) == bodyA
      }
      if hit { return guess }
    }
    var old = head[bodyA]
    while old >= 0 && list[Int(old)].key != key { old = next[Int(old)] }
    return old
  }
}
