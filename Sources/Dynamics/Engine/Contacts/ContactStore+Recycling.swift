import CPrefetch

extension PhysicsWorld {
  /// How far, in points, a touching pair's relative pose may drift before its manifold is computed
  /// again rather than derived from the bodies' motion (`ManifoldFrame`): ten slops, Box2D main's
  /// default. Two slops were chosen once, when the 1,000-box pile came to rest 9 % later at ten; since
  /// then the pile rests well within its 12 s of settling either way, and the tighter tolerance had the
  /// falling pile compute 577 manifolds a frame where ten slops compute 274 (Box2D main: 170), its median
  /// frame 505 µs against 434 µs (measured side by side). Resting pyramids derive nearly every contact
  /// either way.
  static let contactRecycleDistance = 10 * linearSlop
  /// The same for a pair not yet touching, held to the speculative distance: a derived manifold keeps
  /// its points, so a corner coming within reach must not go unseen for long.
  static let contactRecycleDistanceApart = Swift.min(contactRecycleDistance, speculativeDistance)
}

/// Contact recycling (the idea of Box2D v3.2's): a pair whose bodies have hardly moved relative to each
/// other since its manifold was computed gets that manifold again, held still (`ManifoldFrame`), its
/// separations following their motion, which costs a few rotations where the narrow phase costs its
/// separating axes and clipping.
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
/// writes them during the pass: which were matched is kept apart (`matched`, `ContactStore.previousMatched`),
/// each entry written by the one slice whose contact has its key.
struct PastContacts {
  let list: [Contact]
  /// Their manifolds' frames (`ContactStore.frames`).
  let frames: [ManifoldFrame]
  let head: [Int32]
  let next: [Int32]
  let fastBodies: [FastBody]
  /// Per contact of `list`, whether this pass found its successor.
  let matched: UnsafeMutablePointer<Bool>

  /// Contact `p` of the last pass, in place: a copy of the whole contact costs more than most uses.
  @inline(__always) func contact(_ p: Int32) -> UnsafePointer<Contact> {
    list.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped + Int(p) }
  }

  /// The frame in slot `slot`, in place.
  @inline(__always) func frame(_ slot: Int32) -> UnsafePointer<ManifoldFrame> {
    frames.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped + Int(slot) }
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
    withBuffers(list, head) { list, head in
      next.withUnsafeBufferPointer { next in
        PastContacts.find(key: key, bodyA: bodyA, guess: Int(guess), in: list, head: head, next: next)
      }
    }
  }

  /// The contact of `list` with `key` (body A's; -1: none): `guess` first, else a walk of body A's
  /// list (`head`, `next`: `ContactStore.indexPreviousContacts`). Shared by the narrow phase and the
  /// layout's carrying (`ContactSolver.carryLayout`).
  @inline(__always) static func find(
    key: UInt64, bodyA: Int, guess: Int, in list: UnsafeBufferPointer<Contact>, head: UnsafeBufferPointer<Int32>,
    next: UnsafeBufferPointer<Int32>
  ) -> Int32 {
    let cs = list.baseAddress.unsafelyUnwrapped
    if guess >= 0 && guess < list.count && (cs + guess).pointee.key == key && Int((cs + guess).pointee.bodyA) == bodyA {
      return Int32(truncatingIfNeeded: guess)
    }
    var old = head[bodyA]
    while old >= 0 && (cs + Int(old)).pointee.key != key { old = next[Int(old)] }
    return old
  }
}

extension FoundContacts {
  /// Makes the contact of bodies `bodyA` and `bodyB` (-1: boundary segment `boundary`) from their
  /// contact of the last pass, `past.list[old]`, its manifold derived from the frame it was computed in
  /// (`ManifoldFrame.derive`); returns false when the manifold must be computed: no predecessor or
  /// frame to derive from, a body the continuous pass just moved, or a relative pose that drifted
  /// beyond the tolerance (the tighter one if the contact was not touching) or a body that turned too
  /// far. The contact is its predecessor carried on (`Contact(carrying:)`): the same contact as `add`
  /// makes of the derived manifold (`ManifoldFrame.recycled`), whose points are computed only for an
  /// event.
  @inline(__always) mutating func recycle(
    previous old: Int32, key: UInt64, bodyA: Int, bodyB: Int, boundary: Int32,
    _ bodies: UnsafePointer<CollidingBody>, _ past: PastContacts
  ) -> Bool {
    guard old >= 0 else { return false }
    let prev = past.contact(old)
    let slot = prev.pointee.frameSlot
    guard slot >= 0 else { return false }
    // By `boundary`, not `bodyB`: the callers pass it as a constant, and the tests of `b` fold away.
    let a = bodies + bodyA, b = boundary < 0 ? bodies + bodyB : nil
    let extent = Swift.max(a.pointee.extent, b?.pointee.extent ?? 0)
    let wasTouching = prev.pointee.isTouching
    let tolerance = wasTouching ? PhysicsWorld.contactRecycleDistance : PhysicsWorld.contactRecycleDistanceApart
    let frame = past.frame(slot)
    let count = Int(prev.pointee.pointCount)
    let poseB = b?.pointee.pose ?? .fixed
    guard
      let d = frame.pointee.derive(a: a.pointee.pose, b: poseB, extent: extent, tolerance: tolerance, count: count),
      // Last: a walk of the fast bodies, for the pairs that would be carried along only.
      !past.movedByContinuousPass(bodyA, bodyB)
    else { return false }
    recycled &+= 1
    let c = Contact(
      carrying: prev, normal: frame.pointee.normal, separations: (d.separation0, d.separation1), frameSlot: slot,
      key: key, bodyA: bodyA, bodyB: bodyB, boundary: boundary, a, b)
    finish(c, wasTouching: wasTouching, previous: old, past) {
      // The derived manifold's points, for the event alone.
      let m = frame.pointee.recycled(
        a: a.pointee.pose, b: poseB, extent: extent, tolerance: tolerance, count: count,
        id0: prev.pointee.point0.id, id1: prev.pointee.point1.id)
      return m.unsafelyUnwrapped
    }
    return true
  }
}

extension Contact {
  /// Contact `prev` of the last pass (with `key`) carried on to this one, its manifold derived
  /// (`ManifoldFrame`): the held normal (`normal`, its frame's), `prev`'s points (ids and anchors: what
  /// was computed, held since) with their separations now, `prev`'s impulses, and the material and
  /// masses of bodies `a` and `b` (nil: boundary segment `boundary`) as they are now. The same contact
  /// as `init(_:frameSlot:…)` makes of the derived manifold, given `prev`'s anchors and impulses.
  @inline(__always) init(
    carrying prev: UnsafePointer<Contact>, normal: Vec2, separations: (Double, Double), frameSlot: Int32,
    key: UInt64, bodyA: Int, bodyB: Int, boundary: Int32, _ a: UnsafePointer<CollidingBody>,
    _ b: UnsafePointer<CollidingBody>?
  ) {
    self.init(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary)
    self.normal = normal
    self.frameSlot = frameSlot
    pointCount = prev.pointee.pointCount
    point0 = prev.pointee.point0
    point0.baseSeparation = separations.0
    var minSeparation = separations.0
    if pointCount > 1 {
      point1 = prev.pointee.point1
      point1.baseSeparation = separations.1
      minSeparation = Swift.min(separations.0, separations.1)
    }
    isTouching = minSeparation < PhysicsWorld.linearSlop
    takeMaterials(a, b, boundary: boundary)
    carryImpulses(from: prev)
  }

  /// Takes the impulses of `prev`, whose points have the same ids: what `PastContacts.warmStart` does
  /// then, without matching (two points with one id both match the first, the second's last).
  @inline(__always) mutating func carryImpulses(from prev: UnsafePointer<Contact>) {
    // Each point's impulses from the point of its place, but for two points of one id (rare). Written
    // so, not as the first point's then the second's: the compiler chose between the three with masks.
    if pointCount > 1 && point1.id == point0.id {
      impulses0 = prev.pointee.impulses1
      return
    }
    impulses0 = prev.pointee.impulses0
    guard pointCount > 1 else { return }
    impulses1 = prev.pointee.impulses1
  }
}
