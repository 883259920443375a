/// A behavior's hold on the joint it created: the joint's stable id and the id's generation when it
/// was made (see `SlotTable`). The world places each joint in one of two stores — the solver's rows, or
/// the closed-form anchor springs — and may move it from one to the other when the bodies around it
/// change; the id stays, so the handle does too. Once the joint is destroyed its handle reads as stale
/// and its setters do nothing, even after the id is handed out again.
struct JointHandle: Equatable {
  enum Store: UInt8 { case row, anchorSpring }
  var index: Int32
  var generation: UInt32
}

/// Where a live joint is: its store and its index there (-1 while it waits for `finishChanges()`).
struct JointPlace {
  var store: JointHandle.Store
  var index: Int32
}

extension JointStore {
  /// Retargets a world anchor at once (a snap's point).
  mutating func setAnchor(of handle: JointHandle, to a: Vec2, _ bodies: inout BodyStore) {
    guard isCurrent(handle) else { return }
    specs[Int(handle.index)].localA = a
    anchorMoves.removeAll { $0.joint == handle.index }  // a jump replaces any travel noted
    guard let p = place(of: handle) else { return }
    switch p.store {
    case .row: rows[Int(p.index)].localA = a
    case .anchorSpring:
      settleSprings(&bodies)  // the steps already taken were toward the old anchor
      springs[Int(p.index)].anchor = a
    }
  }
}
