/// What one slice of the narrow phase makes of the manifolds it finds: the contacts, warm started from
/// the previous pass's, in the order found, with the previous contact each succeeds and the began and
/// ended events. Filled on a pool thread from what every thread only reads (the bodies, the previous
/// pass's contacts); the caller joins the slices in order (`ContactStore.join`): a copy, and none for the
/// first slice, whose list is the store's.
///
/// Making the contact here rather than on the caller's thread keeps the work parallel and each manifold
/// in cache while it becomes a contact (made on the caller's thread from a found manifold, each was
/// written and read once more, a tenth of a resting pyramid's step).
struct FoundContacts {
  var contacts: [Contact] = []
  /// Per contact, the previous pass's contact with its key (-1: none).
  var predecessors: [Int32] = []
  var events: [ContactEvent] = []
  /// How many of `contacts` were derived from their predecessor rather than computed.
  var recycled = 0
  /// The frames of the manifolds computed in this slice, and the index in `contacts` of each one's
  /// contact: they join `ContactStore.frames` once the pass is over (the pass's threads read it).
  var newFrames: [ManifoldFrame] = []
  var newFrameContacts: [Int32] = []
  /// The previous pass's contact after the last one found (-1: none yet), where the next pair's most
  /// likely is (`PastContacts.findPrevious`).
  var nextPrevious: Int32 = -1
  /// Where the slice's contacts begin in the pass's list, once joined.
  var base = 0

  /// Empties the slice for a new pass (the capacity kept).
  mutating func start() {
    contacts.removeAll(keepingCapacity: true)
    predecessors.removeAll(keepingCapacity: true)
    events.removeAll(keepingCapacity: true)
    newFrames.removeAll(keepingCapacity: true)
    newFrameContacts.removeAll(keepingCapacity: true)
    recycled = 0
    nextPrevious = -1
  }

  /// The previous pass's contact with `key` (body A's; -1: none), looked for first after the last one
  /// found.
  @inline(__always) mutating func predecessor(key: UInt64, bodyA: Int, _ past: PastContacts) -> Int32 {
    let old = past.findPrevious(key: key, bodyA: bodyA, guess: nextPrevious)
    if old >= 0 { nextPrevious = old + 1 }
    return old
  }

  /// Gives the contact added last the frame of its manifold, just computed.
  mutating func keepFrame(_ frame: ManifoldFrame) {
    newFrames.append(frame)
    newFrameContacts.append(Int32(contacts.count - 1))
  }

  /// Makes manifold `m` a contact, warm started from `past.list[old]` (-1: none), with its began or
  /// ended event if its touching changed. A `recycled` manifold keeps its frame (`frameSlot`, that of
  /// the contact it was derived from); a computed one gets none here (`keepFrame`).
  mutating func add(
    _ m: Manifold, frameSlot: Int32, key: UInt64, previous old: Int32, bodyA: Int, bodyB: Int,
    boundary: Int32, recycled: Bool, _ bodies: [CollidingBody], _ past: PastContacts
  ) {
    if recycled { self.recycled += 1 }
    let posA = bodies[bodyA].pose.position
    let posB = bodyB >= 0 ? bodies[bodyB].pose.position : .zero
    var c = Contact(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary)
    c.normal = m.normal
    c.frameSlot = frameSlot
    c.pointCount = Int32(m.count)
    c.point0.anchorA = m.point0 - posA
    c.point0.anchorB = m.point0 - posB
    c.point0.baseSeparation = m.separation0
    c.point0.id = m.id0
    if m.count > 1 {
      c.point1.anchorA = m.point1 - posA
      c.point1.anchorB = m.point1 - posB
      c.point1.baseSeparation = m.separation1
      c.point1.id = m.id1
    }
    var isStatic = true
    let frictionA = bodies[bodyA].friction, elasticityA = bodies[bodyA].elasticity
    if bodyB >= 0 {
      c.friction = (frictionA * bodies[bodyB].friction).squareRoot()
      c.restitution = Swift.max(elasticityA, bodies[bodyB].elasticity)
      isStatic = bodies[bodyA].isImmovable || bodies[bodyB].isImmovable
    } else {
      c.friction = frictionA
      c.restitution = elasticityA
    }
    c.softness = boundary >= 0 ? .wall : isStatic ? .immovable : .moving
    (c.invMassA, c.invInertiaA) = (bodies[bodyA].invMass, bodies[bodyA].invInertia)
    if bodyB >= 0 { (c.invMassB, c.invInertiaB) = (bodies[bodyB].invMass, bodies[bodyB].invInertia) }
    let minSeparation = m.count > 1 ? Swift.min(m.separation0, m.separation1) : m.separation0
    c.isTouching = minSeparation < PhysicsWorld.linearSlop

    let wasTouching = old >= 0 && past.warmStart(&c, from: old)
    if c.isTouching != wasTouching {
      let point = m.count > 1 ? (m.point0 + m.point1) * 0.5 : m.point0
      events.append(
        ContactEvent(began: c.isTouching, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary, point: point))
    }
    contacts.append(c)
    predecessors.append(old)
  }
}

extension PastContacts {
  /// Warm starts `c` from `list[old]` (`c`'s key's), point by feature id; returns whether that one
  /// was touching.
  func warmStart(_ c: inout Contact, from old: Int32) -> Bool {
    // Through a pointer: a copy of the whole previous contact costs more than the matching.
    list.withUnsafeBufferPointer { list in
      let prev = list.baseAddress.unsafelyUnwrapped + Int(old)
      // Field by field: copying the points would read their anchors too, on a cache line more.
      for k in 0..<Int(prev.pointee.pointCount) {
        let id = k == 0 ? prev.pointee.point0.id : prev.pointee.point1.id
        let normalImpulse = k == 0 ? prev.pointee.point0.normalImpulse : prev.pointee.point1.normalImpulse
        let tangentImpulse = k == 0 ? prev.pointee.point0.tangentImpulse : prev.pointee.point1.tangentImpulse
        if id == c.point0.id {
          c.point0.normalImpulse = normalImpulse
          c.point0.tangentImpulse = tangentImpulse
        } else if c.pointCount > 1 && id == c.point1.id {
          c.point1.normalImpulse = normalImpulse
          c.point1.tangentImpulse = tangentImpulse
        }
      }
      return prev.pointee.isTouching
    }
  }
}

extension ContactStore {
  /// Adds slice `k`'s contacts after the slices before it, marking their predecessors matched. The
  /// contacts gather in the first slice's list (the store's, lent to it for the pass), which its own
  /// thread has finished with once this is called for it.
  mutating func join(_ found: UnsafeMutablePointer<FoundContacts>, slice k: Int) {
    found[k].base = k > 0 ? found[0].contacts.count : 0
    if k > 0 { found[0].contacts.append(contentsOf: found[k].contacts) }
    // Through a pointer: each subscript of the stored array checked it was uniquely referenced.
    previousMatched.withUnsafeMutableBufferPointer { matched in
      for old in found[k].predecessors where old >= 0 { matched[Int(old)] = true }
    }
    events.append(contentsOf: found[k].events)
    recycledCount += found[k].recycled
  }
}
