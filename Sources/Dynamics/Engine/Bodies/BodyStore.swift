/// The bodies: per slot the pose, forces, material and sleep state (`Body`, Box2D's `b2BodySim`), the
/// solver's part (`BodyState`: velocity, motion since the collision pass, inverse masses) at the same
/// index with one more entry, last, for the fixed world, and the cold data (`BodyRecord`). Slots are
/// stable (`SlotTable`): a body keeps its index while it lives, and every other store names it by it.
///
/// Also the two lists the step walks instead of every slot: the bodies the iterative solver moves, and
/// the others that receive forces (their forces are cleared after each step too).
struct BodyStore {
  var sims: [Body] = []
  var states: [BodyState] = [.fixed]
  var records: [BodyRecord] = []
  var slots = SlotTable()
  /// Bodies changed since the last `finishChanges()`, in the order first touched.
  var touched: [Int32] = []
  /// Dynamic bodies the iterative solver moves (everything but anchored and closed-form-spring bodies),
  /// in slot order (the energy sums over them add in that order).
  var solverBodies: [Int32] = []
  /// Bodies that receive forces but are not solver bodies (anchored, closed-form springs).
  var otherForcedBodies: [Int32] = []
  /// What the incremental calls did since the world was made.
  var changeCounts = WorldChangeCounts()

  /// Slots ever handed out (live or inert).
  var count: Int { sims.count }

  /// Whether slot `i` holds a live body.
  func isLive(_ i: Int32) -> Bool { slots.contains(i) }
}
