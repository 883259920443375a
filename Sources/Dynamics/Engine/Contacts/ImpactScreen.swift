/// What the impact pass's screen reads of one contact row, written by `prepare` beside the lanes when
/// some row bounces: the sides' state entries, the normal and the longest lever arm, 32 bytes. The
/// scalar rows (216 bytes, a third of making the rows on the bouncing pile) are then written for the
/// overflow rows alone; the few rows the screen lets through are tested exactly from their contacts.
///
/// The screen's bound never exceeds what the exact test computes, rounding included, so a row it
/// excludes would not have closed: with L ≥ |rnA|, |rnB| and d = n·(v_B − v_A) computed alike, the
/// exact normal speed (d + ω_B·rnB) − ω_A·rnA is no less than (d − |ω_B|·L) − |ω_A|·L, since rounding
/// keeps the order of its operands (|ω·rn| ≤ |ω|·L holds rounded too). So the same rows close, bit
/// for bit. A NaN bound excludes nothing.
struct ImpactScreen {
  /// Indices in `PhysicsWorld.bodyStates`: the body's, or the fixed world's entry (the last) for -1.
  var stateA: Int32
  var stateB: Int32
  var normal: Vec2
  /// The largest |anchor × normal| of the row's points on a side that can turn (`ContactSolver.lever`):
  /// the world's side never does, so its term is zero, or NaN in a row that then does not close.
  var lever: Double

  /// The screen of row `k`: one that never lets it through when it does not bounce (its threshold is
  /// infinite), the world's entry on both sides and no normal, so its bound is zero.
  @inline(__always) init(_ k: ContactConstraint, world: Int32) {
    self.init(k, lever: ContactSolver.lever(of: k), world: world)
  }

  /// The screen of row `k` whose longest lever (`ContactSolver.lever(of: k)`) its maker has already
  /// worked out (`prepare` takes the longest of all rows).
  @inline(__always) init(_ k: ContactConstraint, lever: Double, world: Int32) {
    self.init(
      bounces: k.impactSpeed.isFinite, stateA: k.stateA, stateB: k.stateB, normal: k.normal, lever: lever,
      world: world)
  }

  /// The screen of contact `c`'s row (`ContactSolver.row`), whose longest lever is `lever`: the same
  /// as the row's, made from the contact's fields.
  @inline(__always) init(_ c: UnsafePointer<Contact>, lever: Double, world: Int32) {
    let states = ContactSolver.stateEntries(of: c, world: world)
    self.init(
      bounces: ContactSolver.bounces(c), stateA: states.a, stateB: states.b, normal: c.pointee.normal,
      lever: lever, world: world)
  }

  /// The screen of a row that `bounces` or not, between state entries `stateA` and `stateB`.
  @inline(__always) private init(
    bounces: Bool, stateA: Int32, stateB: Int32, normal: Vec2, lever: Double, world: Int32
  ) {
    guard bounces else {
      (self.stateA, self.stateB, self.normal, self.lever) = (world, world, .zero, 0)
      return
    }
    (self.stateA, self.stateB, self.normal, self.lever) = (stateA, stateB, normal, lever)
  }

  /// No point of the row can approach faster than `threshold` at the states' velocities now.
  @inline(__always) func excludes(_ st: UnsafePointer<BodyState>, threshold: Double) -> Bool {
    let A = st + Int(stateA), B = st + Int(stateB)
    let d = normal.dot(B.pointee.v - A.pointee.v)
    return d - abs(B.pointee.w) * lever - abs(A.pointee.w) * lever >= -threshold
  }
}
