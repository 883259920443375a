/// How a collision pass's contacts follow the last pass's: the narrow phase finds each contact's
/// predecessor (the last pass's contact with its key) anyway, so it can say whether the list is the
/// last one's in the same order, and the layout's carrying (`ContactSolver.carryLayout`) need not walk
/// both lists, 224 bytes a contact read from memory, to learn it.
enum ContactSuccession {
  /// Not told (a pass that kept sleeping contacts or moved them behind the awake ones, or no pass):
  /// the carrying finds out for itself.
  case unknown
  /// Each contact's predecessor is the last pass's contact at its own index.
  case sameOrder
  /// Every contact has a predecessor, not all at their own index.
  case reordered
  /// Some contact has none: it is new, and no layout can be carried by predecessor.
  case someNew
}

/// What one slice of the narrow phase saw of its contacts' predecessors, noted contact by contact as
/// its staged contacts are flushed (`ContactStaging.flush`) and judged once the slice's place in the
/// list is known (`ContactStore.join`).
struct SuccessionRun {
  /// The predecessor of the slice's first contact (`Int32.min`: no contact yet).
  var first = Int32.min
  /// The predecessor the next contact has if the run goes on.
  var next: Int32 = 0
  /// Every contact so far had a predecessor.
  var allFound = true
  /// Every contact so far had the predecessor after the one before's.
  var consecutive = true

  @inline(__always) mutating func note(_ old: Int32) {
    if old < 0 { allFound = false }
    if first == Int32.min {
      first = old
    } else if old != next {
      consecutive = false
    }
    next = old &+ 1
  }

  /// What the run says of the slice's `made` contacts placed at `base` in the list.
  func succession(base: Int, made: Int) -> ContactSuccession {
    if !allFound { return .someNew }
    return made == 0 || (consecutive && Int(first) == base) ? .sameOrder : .reordered
  }
}

extension ContactSuccession {
  /// The list's succession from two parts' (one new contact makes some new; one part reordered, the
  /// whole).
  func joined(_ other: ContactSuccession) -> ContactSuccession {
    switch (self, other) {
    case (.unknown, _), (_, .unknown): return .unknown
    case (.someNew, _), (_, .someNew): return .someNew
    case (.reordered, _), (_, .reordered): return .reordered
    default: return .sameOrder
    }
  }
}
