/// What one slice of the narrow phase makes of the manifolds it finds: the contacts, warm started from
/// the previous pass's, in the order found, and the began and ended events. Filled on a pool thread from
/// what every thread only reads (the bodies, the previous pass's contacts), marking the previous
/// contacts its own succeed (`PastContacts.matched`); the caller joins the slices in order
/// (`ContactStore.join`). A slice writes its contacts into its window of the list's storage
/// (`SliceWindows`) and keeps those that do not fit in its own list; once all are done the windows are
/// moved into place and the overflows follow (`PlacedSliceContacts`).
///
/// Making the contact here rather than on the caller's thread keeps the work parallel and each manifold
/// in cache while it becomes a contact (made on the caller's thread from a found manifold, each was
/// written and read once more, a tenth of a resting pyramid's step).
struct FoundContacts {
  /// The slice's contacts: those its window (`SliceWindows`) had no room for, or all of them.
  var contacts: [Contact] = []
  /// Where the slice writes its first contacts in a parallel pass that plans windows (else `.none`).
  var window = ContactWindow.none
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
  /// The contacts made since the last were appended to `contacts` (`ContactStaging`), while the slice
  /// runs.
  var staging = ContactStaging()
  /// The body and segment of each of the slice's contacts with a boundary segment, in order: the wall
  /// hold's list, noted as they are made (`ContactStore.adoptWallContacts`).
  var walls: [WallContact] = []
  /// How the slice's contacts follow their predecessors (`ContactStore.succession`).
  var run = SuccessionRun()
  /// Pairs and boundary contacts whose polygons the slice read in world space (tested apart or
  /// computed), for the next pass's refresh (`ShapeStore.placesGeometry`).
  var geometryUses = 0
  /// Body A of each of the slice's contacts, in order: kept until the next pass, which indexes these
  /// contacts by body from here (`ContactStore.indexPreviousContacts`).
  var bodiesA: [Int32] = []

  /// Empties the slice for a new pass (the capacity kept).
  mutating func start() {
    contacts.removeAll(keepingCapacity: true)
    events.removeAll(keepingCapacity: true)
    newFrames.removeAll(keepingCapacity: true)
    newFrameContacts.removeAll(keepingCapacity: true)
    walls.removeAll(keepingCapacity: true)
    bodiesA.removeAll(keepingCapacity: true)
    recycled = 0
    geometryUses = 0
    nextPrevious = -1
    window = .none
    run = SuccessionRun()
  }

  /// How many contacts the slice made so far.
  var count: Int { window.filled + contacts.count + staging.count }

  /// How many contacts the slice made, once its staging is flushed.
  var made: Int { window.filled + contacts.count }

  /// The previous pass's contact with `key` (body A's; -1: none), looked for first after the last one
  /// found.
  ///
  /// The cache is asked for the contact `ContactStore.prefetchDistance` after the next guess once the
  /// guess moves, not at every pair: it moves only when a predecessor is found (a falling pile: one pair
  /// in three), and asked again each pair the lines were already on their way.
  @inline(__always) mutating func predecessor(key: UInt64, bodyA: Int, _ past: PastContacts) -> Int32 {
    let old = past.findPrevious(key: key, bodyA: bodyA, guess: nextPrevious)
    if old >= 0 {
      nextPrevious = old &+ 1
      past.prefetch(nextPrevious &+ Int32(ContactStore.prefetchDistance))
    }
    return old
  }

  /// Gives the contact added last the frame of its manifold, just computed (staged with it).
  @inline(__always) mutating func keepFrame(_ frame: ManifoldFrame) {
    staging.addFrame(frame, contact: Int32(truncatingIfNeeded: count &- 1))
  }

  /// Makes computed manifold `m` a contact, warm started from `past.list[old]` (-1: none), with its
  /// began or ended event if its touching changed. It gets no frame here (`keepFrame`). Out of line:
  /// computing the manifold costs far more than the call, and the loop of the pairs carried along stays
  /// short enough for the compiler to inline what they need.
  @inline(never) mutating func add(
    _ m: Manifold, key: UInt64, previous old: Int32, bodyA: Int, bodyB: Int, boundary: Int32,
    _ bodies: UnsafePointer<CollidingBody>, _ past: PastContacts
  ) {
    var c = Contact(
      m, frameSlot: -1, key: key, bodyA: bodyA, bodyB: bodyB, boundary: boundary, bodies + bodyA,
      boundary < 0 ? bodies + bodyB : nil)
    let wasTouching = old >= 0 && past.warmStart(&c, from: old)
    finish(c, wasTouching: wasTouching, previous: old, past) { m }
  }

  /// Notes contact `c`'s event if its touching changed since its predecessor `old`'s (`wasTouching`),
  /// marks that one matched and stages `c`. `manifold` gives `c`'s manifold, asked for an event only.
  ///
  /// The event is appended after `c` is staged: appended before, the contact's fields, held in
  /// registers, were saved around the append's call on every contact's path (the call clobbers them).
  @inline(__always) mutating func finish(
    _ c: Contact, wasTouching: Bool, previous old: Int32, _ past: PastContacts, manifold: () -> Manifold
  ) {
    if old >= 0 { past.matched[Int(old)] = true }
    staging.add(c, previous: old)
    if c.isTouching != wasTouching {
      noteTouchingChanged(began: c.isTouching, c.bodyA, c.bodyB, boundary: c.boundary, manifold())
    }
  }

  /// Notes the event of a contact (between `bodyA` and `bodyB`, or `boundary`) of manifold `m` that
  /// began or stopped touching. Out of line: few contacts do, and every contact's path stays short.
  @inline(never) mutating func noteTouchingChanged(
    began: Bool, _ bodyA: Int32, _ bodyB: Int32, boundary: Int32, _ m: Manifold
  ) {
    let point = m.count > 1 ? (m.point0 + m.point1) * 0.5 : m.point0
    events.append(ContactEvent(began: began, bodyA: bodyA, bodyB: bodyB, boundary: boundary, point: point))
  }
}

extension Contact {
  /// The contact of manifold `m` between bodies `bodyA` and `bodyB` (-1, `b` nil: boundary segment
  /// `boundary`), with its material and masses from their records and no impulses yet.
  @inline(__always) init(
    _ m: Manifold, frameSlot: Int32, key: UInt64, bodyA: Int, bodyB: Int, boundary: Int32,
    _ a: UnsafePointer<CollidingBody>, _ b: UnsafePointer<CollidingBody>?
  ) {
    self.init(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), boundary: boundary)
    let posA = a.pointee.pose.position
    let posB = b?.pointee.pose.position ?? .zero
    normal = m.normal
    self.frameSlot = frameSlot
    pointCount = Int32(m.count)
    point0.anchorA = m.point0 - posA
    point0.anchorB = m.point0 - posB
    point0.baseSeparation = m.separation0
    point0.id = m.id0
    if m.count > 1 {
      point1.anchorA = m.point1 - posA
      point1.anchorB = m.point1 - posB
      point1.baseSeparation = m.separation1
      point1.id = m.id1
    }
    takeMaterials(a, b, boundary: boundary)
    let minSeparation = m.count > 1 ? Swift.min(m.separation0, m.separation1) : m.separation0
    isTouching = minSeparation < PhysicsWorld.linearSlop
  }

  /// Takes the material (friction, restitution, softness) and the inverse masses of bodies `a` and `b`
  /// (nil: boundary segment `boundary`) from their records.
  @inline(__always) mutating func takeMaterials(
    _ a: UnsafePointer<CollidingBody>, _ b: UnsafePointer<CollidingBody>?, boundary: Int32
  ) {
    var isStatic = true
    let frictionA = a.pointee.friction, elasticityA = a.pointee.elasticity
    if let b {
      friction = (frictionA * b.pointee.friction).squareRoot()
      restitution = Swift.max(elasticityA, b.pointee.elasticity)
      isStatic = a.pointee.isImmovable || b.pointee.isImmovable
    } else {
      friction = frictionA
      restitution = elasticityA
    }
    softness = boundary >= 0 ? .wall : isStatic ? .immovable : .moving
    (invMassA, invInertiaA) = (a.pointee.invMass, a.pointee.invInertia)
    if let b { (invMassB, invInertiaB) = (b.pointee.invMass, b.pointee.invInertia) }
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
        let impulses = k == 0 ? prev.pointee.impulses0 : prev.pointee.impulses1
        if id == c.point0.id {
          c.impulses0 = impulses
        } else if c.pointCount > 1 && id == c.point1.id {
          c.impulses1 = impulses
        }
      }
      return prev.pointee.isTouching
    }
  }
}

extension ContactStore {
  /// Places slice `k`'s contacts after the slices before it (`FoundContacts.base`), adds its events, and
  /// takes in what it noted (the succession, the polygons read). The contacts move there once every
  /// slice is done.
  mutating func join(_ found: UnsafeMutablePointer<FoundContacts>, slice k: Int) {
    found[k].base = k > 0 ? found[k - 1].base + found[k - 1].made : 0
    let slice = found[k].run.succession(base: found[k].base, made: found[k].made)
    succession = k > 0 ? succession.joined(slice) : slice
    geometryUses = (k > 0 ? geometryUses : 0) + found[k].geometryUses
    events.append(contentsOf: found[k].events)
    recycledCount += found[k].recycled
  }
}
